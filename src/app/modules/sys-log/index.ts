import { SYS_LOG_PAGES } from '@core/access/pages/sys-log';
import { defineModule } from '../define-module';

/** 系统日志 (/sys-log) of the sys-cfg group: every write, filterable and exportable. */
export const sysLogModule = defineModule(SYS_LOG_PAGES, {
  LOG: () => import('./pages/sys-log.page'),
});
