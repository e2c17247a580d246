import { SchedulePaths as P, type LoadDetail, type MachineQueue, type ScheduleView, type SortResult } from '@core/contracts/schedule';
import { http } from '@core/http';

/** The calls of the machine queue and the schedule views (the list pages have schedule.api.ts). */
export const ganttApi = {
  /** Machines with their windows and the tasks overlapping [start, end] (yyyy-MM-dd HH:mm:ss). */
  view: (start: string, end: string, filters: { deviceId?: string; orderNo?: string } = {}) => http.get<ScheduleView>(P.viewList, { start, end, ...filters }),
  /** One machine's whole queue of tasks not ended, in queue order. */
  queue: (deviceId: number) => http.get<MachineQueue>(P.viewDetail(deviceId)),
  load: (startDate: string, endDate: string) => http.get<LoadDetail>(P.loadDetail, { startDate, endDate }),
  /** v3 schedule/manual_sort: one task to a machine before `beforeId` (null: the end); times recalculated. */
  moveTask: (id: number, deviceId: number, beforeId: number | null) => http.post<SortResult>(P.manualSort, { id, deviceId, beforeId }),
  /** v2 machine_schedule/manual_sort: the machine's not-started queue in its new order. */
  sortQueue: (deviceId: number, ids: readonly number[]) => http.post<SortResult>(P.machineManualSort, { deviceId, ids }),
};
