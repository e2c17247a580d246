import type { PageResult } from '@core/contracts/common';
import { OrderProgressPaths as P, type HomeOrderFigures, type OrderProgressRow, type OrderProgressTotals } from '@core/contracts/work-order/progress';
import { http } from '@core/http';
import type { ListQuery } from '@app/components';
import { filtersOf } from '@app/shared';

export const orderProgressApi = {
  list: (query: ListQuery) => http.get<PageResult<OrderProgressRow>>(P.list, query),
  /** Per-process totals over every order the list's filters select (paging ignored). */
  totals: (query: ListQuery) => {
    const { sort: _sort, ...filters } = filtersOf(query);
    return http.get<OrderProgressTotals>(P.totals, filters);
  },
  homeFigures: () => http.get<HomeOrderFigures>(P.homeFigures),
};
