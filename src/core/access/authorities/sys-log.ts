import { defineAuthorities } from '../module';

/** Authority codes of the sys-log module (/sys-log), declared once. */
const sysLog = defineAuthorities({
  page: 'MENU_SYS_LOG',
  export: { code: 'ACTION_SYS_LOG_EXPORT', name: '系统日志-导出' },
});
export const SysLogAuthorities = sysLog.codes;
/** The button actions above with their permission-tree names. */
export const SYS_LOG_ACTIONS = sysLog.actions;
