import type { PageResult } from '@core/contracts/common';
import { ErpPaths, type BinOrder } from '@core/contracts/work-order/erp';
import { http } from '@core/http';
import type { ListQuery } from '@app/components';
import { removeBatch } from '@app/shared';

export const orderBinApi = {
  list: (query: ListQuery) => http.get<PageResult<BinOrder>>(ErpPaths.binList, query),
  restore: (ids: number[]) => http.post<{ restored: number }>(ErpPaths.binRestore, { ids }),
  purge: removeBatch(ErpPaths.binDelete),
};
