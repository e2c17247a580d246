import { useCallback, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { StyleProvider, createCache } from '@ant-design/cssinjs';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { configureHttp } from '@core/http';
import shellCss from './shell.css?inline';

dayjs.locale('zh-cn');

/** Business errors stay 2 s (spec §8); warnings use antd's default 3 s. */
const ERROR_SECONDS = 2;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the user asked the system for less motion (followed live, as the setting changes). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia?.(REDUCED_MOTION);
      query?.addEventListener('change', changed);
      return () => query?.removeEventListener('change', changed);
    },
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
  );
}

function HttpBridge({ baseUrl }: { baseUrl?: string }) {
  const { message } = App.useApp();
  useLayoutEffect(() => {
    configureHttp({
      baseURL: baseUrl ?? '',
      notifier: {
        error: (text, seconds = ERROR_SECONDS) => void message.error(text, seconds),
        warning: (text, seconds) => void message.warning(text, seconds),
      },
    });
  }, [message, baseUrl]);
  return null;
}

interface ElementProvidersProps {
  /** Shadow root of the element: antd styles, popups, modals and messages all stay inside it. */
  container?: ShadowRoot;
  baseUrl?: string;
  children: ReactNode;
}

/**
 * Everything an element of ours renders inside: one cssinjs cache per element, styles in its
 * shadow root, zh-CN locale, popups inside the shadow root, and antd `App` for messages/modals
 * (static `message.x()` / `Modal.confirm()` would escape to the host page).
 */
export function ElementProviders({ container, baseUrl, children }: ElementProvidersProps) {
  const [cache] = useState(() => createCache());
  const rootRef = useRef<HTMLDivElement>(null);
  const getPopupContainer = useCallback(() => rootRef.current ?? document.body, []);
  // A user who asked the system for less motion gets none: dialogs, drawers, menus and messages
  // appear and go at once (antd's motion token), and a click sends no 2 s ripple across its button
  // (antd's wave, which the token leaves on).
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => ({ token: { motion: !reducedMotion } }), [reducedMotion]);
  const wave = useMemo(() => ({ disabled: reducedMotion }), [reducedMotion]);
  return (
    <StyleProvider container={container} cache={cache}>
      <style>{shellCss}</style>
      <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} getPopupContainer={getPopupContainer} theme={theme} wave={wave}>
        <div className="mes-root" ref={rootRef}>
          <App className="mes-app" message={{ maxCount: 3 }}>
            <HttpBridge baseUrl={baseUrl} />
            {children}
          </App>
        </div>
      </ConfigProvider>
    </StyleProvider>
  );
}
