import { definePages, TAB_QUERY } from '../page-declaration';

/** 订单同步日志 (console module erp-log) in the /sys-cfg group: ERP messages, retry, integration keys (tab). */
export const ERP_LOG_PAGES = definePages('erp-log', 'SYS', {
  ERP_LOG: { path: '/erp-log', title: '订单同步日志', keepQuery: TAB_QUERY },
});
