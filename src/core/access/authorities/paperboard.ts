import { defineAuthorities, entityActions } from '../module';

/**
 * Authority codes of 纸板排产 (/paperboard: board orders, standby orders and 试排, schedules, the
 * line's config and the log), declared once. The spec's buttons keep their codes (下发工单,
 * 取消排产, 导出); the rest are this module's.
 */
const paperboard = defineAuthorities({
  group: 'MENU_PAPERBOARD',
  orders: 'MENU_PAPERBOARD_ORDERS',
  fecalOrders: 'MENU_PAPERBOARD_FECAL_ORDERS',
  standbyOrders: 'MENU_PAPERBOARD_STANDBY_ORDERS',
  scheduleDetail: 'MENU_PAPERBOARD_SCHEDULE_DETAIL',
  scheduleList: 'MENU_PAPERBOARD_SCHEDULE_LIST',
  completeOrders: 'MENU_PAPERBOARD_COMPLETE_ORDERS',
  scheduleConfig: 'MENU_PAPERBOARD_SCHEDULE_CONFIG',
  log: 'MENU_PAPERBOARD_LOG',

  ...entityActions('order', 'ACTION_PAPERBOARD_ORDER', '纸板订单', ['add', 'edit', 'delete', 'import', 'export']),
  remake: { code: 'ACTION_PAPERBOARD_REMAKE', name: '纸板排产-生成补单' },
  trial: { code: 'ACTION_PAPERBOARD_TRIAL', name: '纸板排产-试排' },
  save: { code: 'ACTION_PAPERBOARD_SAVE', name: '纸板排产-保存排程' },
  edit: { code: 'ACTION_PAPERBOARD_EDIT', name: '纸板排产-调整排程' },
  issue: { code: 'ACTION_PAPERBOARD_ISSUE', name: '纸板排产-下发工单' },
  cancel: { code: 'ACTION_PAPERBOARD_CANCEL', name: '纸板排产-取消排产' },
  copy: { code: 'ACTION_PAPERBOARD_COPY', name: '纸板排产-复制排程' },
  reoptimise: { code: 'ACTION_PAPERBOARD_REOPTIMISE', name: '纸板排产-锁定并重新优化' },
  export: { code: 'ACTION_PAPERBOARD_EXPORT', name: '纸板排产-导出' },
  config: { code: 'ACTION_PAPERBOARD_CONFIG', name: '纸板排产-排产配置' },
});
export const PaperboardAuthorities = paperboard.codes;
/** The button actions above with their permission-tree names. */
export const PAPERBOARD_ACTIONS = paperboard.actions;
