import { definePages, TAB_QUERY } from '../page-declaration';

/** 班次管理 (console module shifts) in the /sys-cfg group. */
export const SHIFTS_PAGES = definePages('shifts', 'SYS', {
  CLASS_CFG: { path: '/classCfg', title: '班次管理', keepQuery: TAB_QUERY },
});
