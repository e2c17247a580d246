import { definePages, TAB_QUERY } from '../page-declaration';

/** Pages of 生产订单 (console module production-order) in the /work-order group. */
export const PRODUCTION_ORDER_PAGES = definePages('production-order', 'WORK_ORDER', {
  ISSUED: { path: '/production-order-issued', title: '已下发工单', hidden: true },
  PRODUCTION_ORDER: { path: '/production-order', title: '生产订单', keepQuery: TAB_QUERY },
  SEMI_PRODUCTION_ORDER: { path: '/semi-production-order', title: '回收订单' },
});
