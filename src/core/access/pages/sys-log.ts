import { definePages } from '../page-declaration';

/** 系统日志 (console module sys-log) in the /sys-cfg group. */
export const SYS_LOG_PAGES = definePages('sys-log', 'SYS', {
  LOG: { path: '/sys-log', title: '系统日志' },
});
