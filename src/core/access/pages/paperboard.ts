import { PaperboardAuthorities as A } from '../authorities/paperboard';
import { definePages } from '../page-declaration';

/**
 * Pages of 纸板排产 (console module paperboard): placed in their group by route-catalog.ts, rendered
 * by src/app/modules/paperboard/index.ts. 排产明细 opens one schedule (`?id=`; without it the latest).
 */
export const PAPERBOARD_PAGES = definePages('paperboard', 'PAPERBOARD', {
  ORDERS: { path: '/paperboard/orders', title: '纸板订单' },
  FECAL_ORDERS: { path: '/paperboard/fecalOrders', title: '尾数订单' },
  STANDBY_ORDERS: { path: '/paperboard/standbyOrders', title: '待排订单' },
  SCHEDULE_DETAIL: { path: '/paperboard/scheduleDetail', title: '排产明细', keepQuery: ['id'], openedBy: [A.save, A.edit] },
  SCHEDULE_LIST: { path: '/paperboard/scheduleList', title: '排产单' },
  COMPLETE_ORDERS: { path: '/paperboard/completeOrders', title: '已完成订单' },
  SCHEDULE_CONFIG: { path: '/paperboard/scheduleConfig', title: '排产配置' },
  LOG: { path: '/paperboard/log', title: '排产日志' },
});
