import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Loads data whenever `key` changes or `reload()` is called (e.g. after a save); `loading` holds
 * until the answer for the current key arrives (a failed load gives `fallback`: the http layer has
 * shown the error already), the data shown meanwhile stays. Late answers to older keys are dropped.
 */
export function useLoaded<T>(load: () => Promise<T>, outerKey: string, fallback: T): { data: T; loading: boolean; reload: () => void } {
  const [version, setVersion] = useState(0);
  const key = `${version}:${outerKey}`;
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const [loaded, setLoaded] = useState<{ key: string | null; data: T }>({ key: null, data: fallback });
  useEffect(() => {
    let live = true;
    loadRef.current().then(
      (data) => live && setLoaded({ key, data }),
      () => live && setLoaded({ key, data: fallback }),
    );
    return () => {
      live = false;
    };
    // fallback is a constant of the caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { data: loaded.data, loading: loaded.key !== key, reload };
}
