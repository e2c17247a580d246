// Contract of 纸箱排产 (carton scheduling, /schedule): tasks (operations of production orders) in
// their schedule tabs, the actions on them, a machine's queue and its manual sort, the schedule
// views and load, the background time calculation, wrong-time flags, unfinished tasks, tasks of
// revoked orders, and the production-order summary calls of spec §7.
import { Type } from '@sinclair/typebox';
import { ScheduleAuthorities as A } from '../../access/authorities/schedule';
import { IdParams, NoData, PageResult } from '../common';
import { FILE, get, pathsOf, post } from '../endpoint';
import { CalcJob, CalcProgress, CancelCalcRequest, StartCalcRequest } from './job';
import { ProductionDetail, ProductionDetailQuery, ScheduleOrder, ScheduleOrderListQuery } from './summary';
import {
  AssignMachineRequest,
  AutoScheduleRequest,
  CancelAnewTimeFlagRequest,
  DateRangeQuery,
  MachineOption,
  MachineOptionsQuery,
  MachineSortRequest,
  ManualScheduleRequest,
  MoveTaskRequest,
  ScheduledTaskListQuery,
  ScheduleOrderIdsRequest,
  ScheduleTask,
  ScheduleTaskListQuery,
  SortResult,
  TaskActionResult,
  TaskIdsRequest,
  UnfinishedCount,
  UnfinishedHandleRequest,
} from './task';
import { DeliveryCapacity, LoadDetail, LoadDetailQuery, MachineQueue, ScheduleExportRequest, ScheduleView, ScheduleViewQuery } from './views';

export * from './job';
export * from './task-state';
export * from './summary';
export * from './task';
export * from './views';

/** The messages of scheduling (spec §8 where it has them). */
export const ScheduleMessages = {
  /** Spec §8: the confirmation before cancel_calculate_time, then 操作成功. */
  abortConfirm: '确定要中止当前排程时间计算吗？',
  aborted: '操作成功',
  jobRunning: '当前工厂正在进行排程计算，请等待完成或中止后再试',
  noRunningJob: '当前没有正在进行的排程计算',
  jobNotRunning: '该排程计算已结束，不能中止',
  abortedByUser: '排程计算已中止，排程未作任何修改',
  deviceCannotRun: (device: string, process: string) => `机台「${device}」不能生产工序「${process}」`,
  noDevice: (orderNo: string, process: string) => `订单${orderNo}的工序「${process}」未分配机台`,
  taskIllegal: (orderNo: string, process: string, reason: string) => `订单${orderNo}的工序「${process}」${reason}`,
  orderIllegal: (orderNo: string, reason: string) => `订单${orderNo}${reason}`,
  notFound: '任务不存在或不属于当前工厂',
  deviceNotFound: '机台不存在或不属于当前工厂',
} as const;

const V3 = '/dps-server/v3/report_task';
const SUMMARY = '/dps-server/production_order/summary';

/**
 * Every endpoint of 纸箱排产. Reads need the page's menu code; each action its ACTION_ code
 * (the same code gates the button). Task actions take operation ids; all tasks change or none
 * (4009 with the first refusal's reason). Change warnings (accept / keep) are ErpApi's
 * warningAccept / warningKeep.
 */
export const ScheduleApi = {
  // ---- lists of the schedule tabs ----
  standbyList: get(`${V3}/standby/list`, { query: ScheduleTaskListQuery, response: PageResult(ScheduleTask), authority: A.standby }),
  preList: get(`${V3}/pre/list`, { query: ScheduleTaskListQuery, response: PageResult(ScheduleTask), authority: A.pre }),
  scheduledList: get(`${V3}/scheduled/list`, { query: ScheduledTaskListQuery, response: PageResult(ScheduleTask), authority: A.scheduled }),
  machineOptions: get(`${V3}/schedule/machine_options`, { query: MachineOptionsQuery, response: Type.Array(MachineOption), authority: A.group }),

  // ---- actions on tasks ----
  assignMachine: post(`${V3}/schedule/assign_machine`, { body: AssignMachineRequest, response: TaskActionResult, authority: A.assignMachine }),
  preSchedule: post(`${V3}/schedule/pre_schedule`, { body: TaskIdsRequest, response: TaskActionResult, authority: A.preSchedule }),
  /** Back from 预排产 to 待排工序. */
  cancelPre: post(`${V3}/schedule/cancel_pre`, { body: TaskIdsRequest, response: TaskActionResult, authority: A.preSchedule }),
  manualSchedule: post(`${V3}/schedule/manual`, { body: ManualScheduleRequest, response: TaskActionResult, authority: A.manualSchedule }),
  /** 自动排产: starts a background job (same progress and abort as the time calculation). */
  autoSchedule: post(`${V3}/schedule/auto`, { body: AutoScheduleRequest, response: CalcJob, authority: A.autoSchedule }),
  issue: post(`${V3}/schedule/issue`, { body: TaskIdsRequest, response: TaskActionResult, authority: A.issue }),
  cancel: post(`${V3}/schedule/cancel`, { body: TaskIdsRequest, response: TaskActionResult, authority: A.cancel }),
  /** 插单: each task to the head of its machine's not-started queue; the machine's times recalculated. */
  urgent: post(`${V3}/schedule/urgent`, { body: TaskIdsRequest, response: TaskActionResult, authority: A.urgent }),

  // ---- machine queues and views ----
  /** Gantt drag: one task to a machine and place (times recalculated). */
  manualSort: post(`${V3}/schedule/manual_sort`, { body: MoveTaskRequest, response: SortResult, authority: A.sort }),
  /** 机台排程 drag: a machine's whole not-started queue in its new order. */
  machineManualSort: post('/dps-server/v2/machine_schedule/manual_sort', { body: MachineSortRequest, response: SortResult, authority: A.sort }),
  viewList: get(`${V3}/schedule_view/list`, { query: ScheduleViewQuery, response: ScheduleView, authority: A.group }),
  /** One machine's queue (id: the machine). */
  viewDetail: get(`${V3}/schedule_view/detail/:id`, { params: IdParams, response: MachineQueue, authority: A.group }),
  loadDetail: get(`${V3}/load_detail`, { query: LoadDetailQuery, response: LoadDetail, authority: A.views }),

  // ---- background calculation and wrong times ----
  startCalculate: post(`${V3}/start_calculate_time`, { body: StartCalcRequest, response: CalcJob, authority: A.calculate }),
  cancelCalculate: post(`${V3}/cancel_calculate_time`, { body: CancelCalcRequest, response: NoData, authority: A.calculate }),
  calculateProgress: get(`${V3}/calculate_time/progress`, { response: CalcProgress, authority: A.group }),
  anewTimeWrongList: get(`${V3}/anew_time_wrong_task/list`, { query: ScheduleTaskListQuery, response: PageResult(ScheduleTask), authority: A.group }),
  cancelAnewTimeFlag: post(`${V3}/cancel_anew_time_flag`, { body: CancelAnewTimeFlagRequest, response: TaskActionResult, authority: A.calculate }),

  // ---- unfinished tasks and tasks of revoked orders ----
  unfinishedCount: get(`${V3}/unfinished_task/count`, { response: UnfinishedCount, authority: A.group }),
  unfinishedList: get(`${V3}/unfinished_task/list`, { query: ScheduleTaskListQuery, response: PageResult(ScheduleTask), authority: A.group }),
  unfinishedHandle: post(`${V3}/unfinished_task/handle`, { body: UnfinishedHandleRequest, response: TaskActionResult, authority: A.unfinished }),
  taskDeleteOrderList: get(`${V3}/task_delete_order/list`, { query: ScheduleTaskListQuery, response: PageResult(ScheduleTask), authority: A.group }),
  /** Takes the tasks of revoked orders out of the schedule (the operations stay with their order). */
  batchDelete: post(`${V3}/batch_delete`, { body: TaskIdsRequest, response: TaskActionResult, authority: A.taskDelete }),

  // ---- production order summary (spec §7) ----
  scheduleOrderList: get(`${SUMMARY}/schedule_list`, { query: ScheduleOrderListQuery, response: PageResult(ScheduleOrder), authority: A.group }),
  productionDetail: get(`${SUMMARY}/find_production_detail`, { query: ProductionDetailQuery, response: ProductionDetail, authority: A.group }),
  scheduleExport: post(`${SUMMARY}/schedule_export`, { body: ScheduleExportRequest, response: FILE, authority: A.export }),
  /** 暂不排产 (schedule state 3) / 恢复排产 (back to 0 or 1) of whole orders. */
  holdOrders: post(`${SUMMARY}/hold`, { body: ScheduleOrderIdsRequest, response: TaskActionResult, authority: A.hold }),
  releaseOrders: post(`${SUMMARY}/release`, { body: ScheduleOrderIdsRequest, response: TaskActionResult, authority: A.hold }),
  deliveryCapacity: get(`${SUMMARY}/delivery_capacity`, { query: DateRangeQuery, response: DeliveryCapacity, authority: A.deliveryPlan }),
};
export const SchedulePaths = pathsOf(ScheduleApi);
