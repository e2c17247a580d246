import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { initialListState, nextListState, readListState, writeListState, type ListState, type ListStateConfig } from './list-state';

/**
 * A list's page, size, filters and sort: in the URL search params (surviving reload, keeping the
 * params the list does not own, such as the route's keepQuery ones), or in component state.
 */
export function useListState(config: ListStateConfig, inUrl: boolean): [ListState, (change: Partial<ListState>) => void] {
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState(() => initialListState(config));
  const search = params.toString();
  const fromUrl = useMemo(() => readListState(new URLSearchParams(search), config), [search, config]);

  const update = useCallback(
    (change: Partial<ListState>) => {
      if (!inUrl) {
        setLocal((previous) => nextListState(previous, change));
        return;
      }
      setParams((previous) => writeListState(previous, nextListState(readListState(previous, config), change), config), {
        replace: true,
      });
    },
    [inUrl, config, setParams],
  );

  return [inUrl ? fromUrl : local, update];
}
