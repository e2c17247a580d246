import { Component, type CSSProperties, type ReactNode } from 'react';

const style: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 160,
  height: '100%',
  color: 'rgba(0, 0, 0, 0.45)',
  fontSize: 14,
  fontFamily: 'system-ui, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
};

/** Shown by the loader while the console chunk (React app + antd) loads; no antd needed. */
export function ElementLoading() {
  return (
    <div style={style} role="status" aria-live="polite">
      正在加载…
    </div>
  );
}

/** The app chunk itself failed to load (network, new deployment): say so instead of staying blank. */
export class ElementErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div style={{ ...style, color: '#ff4d4f' }} role="alert">
        控制台加载失败，请刷新页面重试
      </div>
    );
  }
}
