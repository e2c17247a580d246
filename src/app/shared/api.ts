import { http } from '@core/http';
import type { ListQuery } from '@app/components';

/** The ListQuery without paging: what an export sends. */
export const filtersOf = (query: ListQuery) => {
  const { page: _page, limit: _limit, ...filters } = query;
  return filters;
};

/** A batch delete endpoint taking `{ ids }`. */
export const removeBatch = (path: string) => (ids: number[]) => http.post<{ deleted: number }>(path, { ids });

/** Every row of a small list (pickers). */
export const ALL = { page: 1, limit: 1000 };
