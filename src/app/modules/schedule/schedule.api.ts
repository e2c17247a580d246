import type { PageResult } from '@core/contracts/common';
import {
  SchedulePaths as P,
  type CalcJob,
  type CalcProgress,
  type DeliveryCapacity,
  type MachineOption,
  type ProductionDetail,
  type ScheduledTab,
  type ScheduleOrder,
  type ScheduleTask,
  type TaskActionResult,
  type UnfinishedCount,
  type UnfinishedHandle,
} from '@core/contracts/schedule';
import { http } from '@core/http';
import type { ListQuery } from '@app/components';
import { filtersOf } from '@app/shared';

/** The task lists of the scheduling screens, by where the tasks are. */
export type TaskListKind = 'standby' | 'pre' | ScheduledTab | 'unfinished' | 'anewTime' | 'revoked';

const TASK_LISTS: Record<TaskListKind, (query: ListQuery) => Promise<PageResult<ScheduleTask>>> = {
  standby: (query) => http.get(P.standbyList, query),
  pre: (query) => http.get(P.preList, query),
  notIssued: (query) => http.get(P.scheduledList, { ...query, tab: 'notIssued' }),
  issued: (query) => http.get(P.scheduledList, { ...query, tab: 'issued' }),
  unfinished: (query) => http.get(P.unfinishedList, query),
  anewTime: (query) => http.get(P.anewTimeWrongList, query),
  revoked: (query) => http.get(P.taskDeleteOrderList, query),
};

/** Task actions that take the selected task ids only. */
export type TaskIdsAction = 'preSchedule' | 'cancelPre' | 'issue' | 'cancel' | 'urgent' | 'batchDelete';

export const scheduleApi = {
  tasks: (kind: TaskListKind) => TASK_LISTS[kind],
  orders: (query: ListQuery) => http.get<PageResult<ScheduleOrder>>(P.scheduleOrderList, query),
  orderDetail: (id: number) => http.get<ProductionDetail>(P.productionDetail, { id }),
  machineOptions: (ids: readonly number[]) => http.get<MachineOption[]>(P.machineOptions, { ids: ids.join(',') }),

  act: (action: TaskIdsAction, ids: readonly number[]) => http.post<TaskActionResult>(P[action], { ids }),
  assignMachine: (ids: readonly number[], deviceId: number) => http.post<TaskActionResult>(P.assignMachine, { ids, deviceId }),
  manualSchedule: (ids: readonly number[], deviceId?: number) => http.post<TaskActionResult>(P.manualSchedule, { ids, ...(deviceId ? { deviceId } : {}) }),
  autoSchedule: (ids: readonly number[]) => http.post<CalcJob>(P.autoSchedule, { ids }),
  holdOrders: (ids: readonly number[]) => http.post<TaskActionResult>(P.holdOrders, { ids }),
  releaseOrders: (ids: readonly number[]) => http.post<TaskActionResult>(P.releaseOrders, { ids }),

  startCalculate: () => http.post<CalcJob>(P.startCalculate, {}),
  cancelCalculate: (id?: number) => http.post<null>(P.cancelCalculate, id ? { id } : {}),
  /** Polled while a job runs: no route scoping needed beyond the page's own. */
  calculateProgress: () => http.get<CalcProgress>(P.calculateProgress),
  cancelAnewTimeFlag: (ids?: readonly number[]) => http.post<TaskActionResult>(P.cancelAnewTimeFlag, ids ? { ids } : {}),

  unfinishedCount: () => http.get<UnfinishedCount>(P.unfinishedCount),
  handleUnfinished: (ids: readonly number[], handle: UnfinishedHandle) => http.post<TaskActionResult>(P.unfinishedHandle, { ids, handle }),

  deliveryCapacity: (startDate: string, endDate: string) => http.get<DeliveryCapacity>(P.deliveryCapacity, { startDate, endDate }),
  exportSchedule: (tab: ScheduledTab, query: ListQuery) => http.exportFile(P.scheduleExport, { ...filtersOf(query), tab }, '排产计划'),
};
