import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from 'antd';
import { Notice } from './notice';

interface State {
  error: Error | null;
}

/** Keeps the layout alive when a page fails to load or render; shows the error text and a reload. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[page]', error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Notice
        status="error"
        title="页面加载失败"
        subTitle={error.message}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            刷新页面
          </Button>
        }
      />
    );
  }
}
