import type { PageResult } from '@core/contracts/common';
import { SysLogPaths, type SysLogEntry } from '@core/contracts/sys-log';
import { http } from '@core/http';
import type { ListQuery } from '@app/components';
import { filtersOf } from '@app/shared';

export const sysLogApi = {
  list: (query: ListQuery) => http.get<PageResult<SysLogEntry>>(SysLogPaths.list, query),
  exportFile: (query: ListQuery) => http.exportFile(SysLogPaths.export, filtersOf(query), '系统日志'),
};
