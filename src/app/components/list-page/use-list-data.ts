import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageResult } from '@core/contracts/common';
import type { ListQuery } from './list-state';

interface Loaded<Row> {
  key: string;
  data: PageResult<Row> | null;
}

/**
 * Fetches a page whenever the query changes (or reload is called; its promise settles once the page
 * is shown). Late answers to older queries are dropped; a failed fetch shows an empty table (the
 * http layer has shown the error already).
 */
export function useListData<Row>(fetch: (query: ListQuery) => Promise<PageResult<Row>>, query: ListQuery) {
  const fetchRef = useRef(fetch);
  useEffect(() => {
    fetchRef.current = fetch;
  });
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<Row>>({ key: '', data: null });
  const queryKey = JSON.stringify(query);
  const requestKey = `${version}:${queryKey}`;

  useEffect(() => {
    let live = true;
    fetchRef.current(JSON.parse(queryKey) as ListQuery).then(
      (data) => live && setLoaded({ key: requestKey, data }),
      () => live && setLoaded({ key: requestKey, data: null }),
    );
    return () => {
      live = false;
    };
  }, [queryKey, requestKey]);

  const loading = loaded.key !== requestKey;
  const reloads = useRef<(() => void)[]>([]);
  useEffect(() => {
    if (loading) return;
    for (const settle of reloads.current.splice(0)) settle();
  }, [loading]);

  const reload = useCallback(
    () =>
      new Promise<void>((settle) => {
        reloads.current.push(settle);
        setVersion((value) => value + 1);
      }),
    [],
  );
  return { data: loaded.data, loading, reload, queryKey };
}
