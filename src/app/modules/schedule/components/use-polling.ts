import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Loads `load` now, on `refresh()`, and every `everyMs` while `keepPolling(data)` holds (a running
 * job's progress). A failed load keeps the last data (the http layer has shown why).
 */
export function usePolling<T>(load: () => Promise<T>, keepPolling: (data: T | null) => boolean, everyMs: number): { data: T | null; refresh: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [version, setVersion] = useState(0);
  const loadRef = useRef(load);
  const keepRef = useRef(keepPolling);
  useEffect(() => {
    loadRef.current = load;
    keepRef.current = keepPolling;
  });
  const refresh = useCallback(() => setVersion((value) => value + 1), []);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      loadRef.current().then(
        (next) => {
          if (!live) return;
          setData(next);
          if (keepRef.current(next)) timer = setTimeout(tick, everyMs);
        },
        () => undefined,
      );
    };
    tick();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [version, everyMs]);

  return { data, refresh };
}
