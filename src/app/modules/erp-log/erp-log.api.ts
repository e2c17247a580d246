import type { PageResult } from '@core/contracts/common';
import { ErpPaths, type CreatedIntegrationKey, type ErpLogDetail, type ErpLogEntry, type ErpRetryResult, type IntegrationKey } from '@core/contracts/work-order/erp';
import { http } from '@core/http';
import type { ListQuery } from '@app/components';

export const erpLogApi = {
  list: (query: ListQuery) => http.get<PageResult<ErpLogEntry>>(ErpPaths.logList, query),
  detail: (id: number) => http.get<ErpLogDetail>(ErpPaths.logDetail(id)),
  retry: (ids: number[]) => http.post<ErpRetryResult>(ErpPaths.logRetry, { ids }),
};

export const integrationKeyApi = {
  /** Every key of the factory, as one page (there are a handful). */
  list: async (): Promise<PageResult<IntegrationKey>> => {
    const list = await http.get<IntegrationKey[]>(ErpPaths.keyList);
    return { list, total: list.length, page: 1, limit: Math.max(list.length, 10) };
  },
  create: (name: string) => http.post<CreatedIntegrationKey>(ErpPaths.keyCreate, { name }),
  revoke: (id: number) => http.post<null>(ErpPaths.keyRevoke, { id }),
};
