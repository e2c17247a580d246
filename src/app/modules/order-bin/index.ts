import { ORDER_BIN_PAGES } from '@core/access/pages/order-bin';
import { defineModule } from '../define-module';

/** 订单回收站 (/order-recycling-bin) of the work-order group: orders the ERP revoked, restored or deleted for good. */
export const orderBinModule = defineModule(ORDER_BIN_PAGES, {
  RECYCLING_BIN: () => import('./pages/order-bin.page'),
});
