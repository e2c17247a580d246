import { ERP_LOG_PAGES } from '@core/access/pages/erp-log';
import { defineModule } from '../define-module';

/** 订单同步日志 (/erp-log) of the sys-cfg group: every ERP message, retry, and the factory's integration keys. */
export const erpLogModule = defineModule(ERP_LOG_PAGES, {
  ERP_LOG: () => import('./pages/erp-log.page'),
});
