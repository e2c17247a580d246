import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useBlocker, useNavigate, type BlockerFunction, type NavigateOptions, type To } from 'react-router-dom';
import { App } from 'antd';

export interface LeaveGuard {
  /** Navigates without asking, e.g. back to the list right after a save. */
  leaveTo: (to: To, options?: NavigateOptions) => void;
}

/**
 * Asks before unsaved changes are lost: leaving the page in the console (sidebar, tabs, back
 * buttons, browser back, host navigation) opens a 放弃未保存的修改？ confirmation, and reloading or
 * closing the tab asks the browser's own question. Query-only changes on the same page pass.
 * Needs the data router of the shell (FrameRouter).
 */
export function useLeaveGuard(dirty: boolean, content: string): LeaveGuard {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const armed = useRef(dirty);
  useLayoutEffect(() => {
    armed.current = dirty;
  }, [dirty]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => armed.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);
  // The dialog lives while the blocker is blocked; its buttons act on the blocker of that moment.
  const current = useRef(blocker);
  const question = useRef(content);
  useLayoutEffect(() => {
    current.current = blocker;
    question.current = content;
  });

  // Keyed on the blocked location too: a user who answers 继续编辑 and at once leaves again (the back
  // button straight after) may have both reach React in one render, 'blocked' to 'blocked'; the new
  // attempt still gets its own question.
  const blockedAt = blocker.state === 'blocked' ? blocker.location : null;
  useEffect(() => {
    if (!blockedAt) return;
    const dialog = modal.confirm({
      title: '放弃未保存的修改？',
      content: question.current,
      okText: '离开',
      cancelText: '继续编辑',
      onOk: () => current.current.proceed?.(),
      onCancel: () => current.current.reset?.(),
    });
    return () => dialog.destroy();
  }, [blockedAt, modal]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const leaveTo = useCallback<LeaveGuard['leaveTo']>(
    (to, options) => {
      armed.current = false;
      navigate(to, options);
    },
    [navigate],
  );
  return { leaveTo };
}
