import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCurrentRoute } from './route-context';
import { nextTabQuery } from './shell-rules';

/**
 * A tab (or similar) selection that lives in the URL when the route keeps that query param
 * (route catalogue `keepQuery`, spec §2: tab, activeName, reportId). Changing it keeps only the
 * route's kept params and drops the rest (filters). On routes that keep nothing it is plain state.
 */
export function useTabQuery(name = 'tab', defaultValue?: string): [string | undefined, (value: string) => void] {
  const current = useCurrentRoute();
  const kept = useMemo(() => current?.route.keepQuery ?? [], [current]);
  const inUrl = kept.includes(name);
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState(defaultValue);

  const setValue = useCallback(
    (value: string) => {
      if (!inUrl) {
        setLocal(value);
        return;
      }
      setParams((previous) => nextTabQuery(previous, kept, name, value), { replace: true });
    },
    [inUrl, kept, name, setParams],
  );

  return [inUrl ? (params.get(name) ?? defaultValue) : local, setValue];
}
