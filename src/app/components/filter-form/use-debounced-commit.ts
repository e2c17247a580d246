import { useCallback, useEffect, useRef } from 'react';

/**
 * Collects changes and commits the latest value once things are quiet: every `schedule` restarts the
 * wait with its own delay (text typing waits longer than picking). `flush` commits at once.
 */
export function useDebouncedCommit<T>(commit: (value: T) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<{ value: T } | null>(null);
  const latestCommit = useRef(commit);
  useEffect(() => {
    latestCommit.current = commit;
  });

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (next) latestCommit.current(next.value);
  }, []);

  const schedule = useCallback(
    (value: T, delayMs: number) => {
      pending.current = { value };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, delayMs);
    },
    [flush],
  );

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { schedule, flush, cancel };
}
