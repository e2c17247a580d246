import { PRODUCTION_ORDER_PAGES } from '@core/access/pages/production-order';
import { defineModule } from '../define-module';

/** 生产订单 (spec §2 /work-order): orders, issued orders and recycled orders; `<mes-production-order>` for hosts. */
export const productionOrderModule = defineModule(
  PRODUCTION_ORDER_PAGES,
  {
    ISSUED: () => import('./pages/issued-orders.page'),
    PRODUCTION_ORDER: () => import('./pages/production-order.page'),
    SEMI_PRODUCTION_ORDER: () => import('./pages/semi-orders.page'),
  },
  { name: 'mes-production-order', load: () => import('./pages/production-order-element.page') },
);
