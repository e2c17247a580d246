import { defineAuthorities } from '../module';

/**
 * Authority codes of 纸箱排产 (/schedule: delivery plan, orders and operations to schedule,
 * pre-schedule, scheduled tasks, a machine's queue, the schedule views), declared once. The pages
 * also need the spec's numeric ids (§6): 8621 待排产 (orders, operations, pre-schedule), 8624 已排产
 * (scheduled tasks, machine queue), 8625 排产视图. The spec's buttons keep their codes (下发工单,
 * 取消排产, 加急 → 插单, 导出); the rest are this module's.
 */
const schedule = defineAuthorities({
  group: 'MENU_SCHEDULE',
  deliveryPlan: 'MENU_SCHEDULE_DELIVERY_PLAN',
  productionOrder: 'MENU_SCHEDULE_PRODUCTION_ORDER',
  standby: 'MENU_SCHEDULE_STANDBY',
  pre: 'MENU_SCHEDULE_PRE',
  scheduled: 'MENU_SCHEDULE_SCHEDULED',
  machine: 'MENU_SCHEDULE_MACHINE',
  views: 'MENU_SCHEDULE_VIEWS',
  /** Spec §6 numeric menu ids. */
  idToSchedule: '8621',
  idScheduled: '8624',
  idViews: '8625',

  assignMachine: { code: 'ACTION_SCHEDULE_ASSIGN_MACHINE', name: '纸箱排产-分配机台' },
  preSchedule: { code: 'ACTION_SCHEDULE_PRE_SCHEDULE', name: '纸箱排产-预排产' },
  autoSchedule: { code: 'ACTION_SCHEDULE_AUTO', name: '纸箱排产-自动排产' },
  manualSchedule: { code: 'ACTION_SCHEDULE_MANUAL', name: '纸箱排产-手动排产' },
  issue: { code: 'ACTION_SCHEDULE_ISSUE', name: '纸箱排产-下发工单' },
  cancel: { code: 'ACTION_SCHEDULE_CANCEL', name: '纸箱排产-取消排产' },
  urgent: { code: 'ACTION_SCHEDULE_URGENT', name: '纸箱排产-插单' },
  hold: { code: 'ACTION_SCHEDULE_HOLD', name: '纸箱排产-暂不排产' },
  sort: { code: 'ACTION_SCHEDULE_SORT', name: '纸箱排产-调整顺序' },
  calculate: { code: 'ACTION_SCHEDULE_CALCULATE', name: '纸箱排产-计算排程时间' },
  unfinished: { code: 'ACTION_SCHEDULE_UNFINISHED', name: '纸箱排产-未完工处理' },
  taskDelete: { code: 'ACTION_SCHEDULE_TASK_DELETE', name: '纸箱排产-删除撤销订单任务' },
  export: { code: 'ACTION_SCHEDULE_EXPORT', name: '纸箱排产-导出' },
  print: { code: 'ACTION_SCHEDULE_PRINT', name: '纸箱排产-打印机台计划' },
});
export const ScheduleAuthorities = schedule.codes;
/** The button actions above with their permission-tree names. */
export const SCHEDULE_ACTIONS = schedule.actions;
