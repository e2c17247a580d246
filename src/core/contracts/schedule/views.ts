import { Type, type Static } from '@sinclair/typebox';
import { Id, MultiFilter, PageFields, Text, TextFilter, titled } from '../common';
import { ScheduleTask } from './task';

/** A working window of a machine [start, end) (shifts minus breaks, holidays, maintenance). */
export const WorkWindow = Type.Tuple([Type.String(), Type.String()]);
export type WorkWindow = Static<typeof WorkWindow>;

/** A machine in the schedule views: its processes and windows over the range asked. */
export const ScheduleMachine = Type.Object({
  id: Type.Integer({ title: '机台ID' }),
  name: Type.String({ title: '机台' }),
  deviceNo: Type.String({ title: '设备编号' }),
  workshopName: Type.String({ title: '车间' }),
  processNames: Type.Array(Type.String(), { title: '可做工序' }),
  windows: Type.Array(WorkWindow, { title: '工作时间' }),
  taskCount: Type.Integer({ title: '任务数' }),
  lateCount: Type.Integer({ title: '延期任务' }),
});
export type ScheduleMachine = Static<typeof ScheduleMachine>;

/**
 * schedule_view/list (排产视图 Gantt): machines with their windows and the tasks that overlap the
 * range (start..end, ISO or yyyy-MM-dd HH:mm:ss; at most 62 days).
 */
export const ScheduleViewQuery = Type.Object({
  start: Text({ title: '开始时间', minLength: 10, maxLength: 30 }),
  end: Text({ title: '结束时间', minLength: 10, maxLength: 30 }),
  deviceId: MultiFilter('机台'),
  processId: MultiFilter('工序'),
  orderNo: TextFilter('订单号'),
});
export type ScheduleViewQuery = Static<typeof ScheduleViewQuery>;

export const ScheduleView = Type.Object({
  start: Type.String(),
  end: Type.String(),
  machines: Type.Array(ScheduleMachine),
  tasks: Type.Array(ScheduleTask),
});
export type ScheduleView = Static<typeof ScheduleView>;

/** schedule_view/detail/{id} (机台排程): one machine's whole queue (tasks not ended), in queue order. */
export const MachineQueue = Type.Object({
  machine: ScheduleMachine,
  tasks: Type.Array(ScheduleTask),
});
export type MachineQueue = Static<typeof MachineQueue>;

/** load_detail: produce load per machine per day (minutes of planned work against window minutes). */
export const LoadDetailQuery = Type.Object({
  startDate: Text({ title: '开始日期', minLength: 10, maxLength: 10 }),
  endDate: Text({ title: '结束日期', minLength: 10, maxLength: 10 }),
  deviceId: MultiFilter('机台'),
});
export type LoadDetailQuery = Static<typeof LoadDetailQuery>;

export const MachineDayLoad = Type.Object({
  deviceId: Type.Integer({ title: '机台ID' }),
  deviceName: Type.String({ title: '机台' }),
  date: Type.String({ title: '日期' }),
  loadMinutes: Type.Integer({ title: '排产时长（分钟）' }),
  availableMinutes: Type.Integer({ title: '可用时长（分钟）' }),
  /** load ÷ available, %; 0 when nothing is available. */
  loadPercent: Type.Number({ title: '负荷率（%）' }),
  taskCount: Type.Integer({ title: '任务数' }),
});
export type MachineDayLoad = Static<typeof MachineDayLoad>;

export const LoadDetail = Type.Object({
  machines: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  days: Type.Array(Type.String()),
  cells: Type.Array(MachineDayLoad),
});
export type LoadDetail = Static<typeof LoadDetail>;

/** 交期计划: capacity needed per process per day (orders due that day) against what the able machines have. */
export const ProcessDayCapacity = Type.Object({
  processId: Type.Integer({ title: '工序ID' }),
  processName: Type.String({ title: '工序' }),
  date: Type.String({ title: '日期' }),
  /** Work minutes (setup + run at the able machines' mean speed) of unfinished operations of orders due that day. */
  neededMinutes: Type.Integer({ title: '需求产能（分钟）' }),
  /** Window minutes of the machines able to run the process that day. */
  availableMinutes: Type.Integer({ title: '可用产能（分钟）' }),
  overloaded: Type.Boolean({ title: '超负荷' }),
  orderCount: Type.Integer({ title: '订单数' }),
});
export type ProcessDayCapacity = Static<typeof ProcessDayCapacity>;

export const DeliveryCapacity = Type.Object({
  processes: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  days: Type.Array(Type.String()),
  cells: Type.Array(ProcessDayCapacity),
});
export type DeliveryCapacity = Static<typeof DeliveryCapacity>;

/** The export of the schedule (schedule_export): the same filters as the 已排产 list, or one machine. */
export const ScheduleExportRequest = Type.Object({
  ...PageFields,
  tab: Type.Optional(Type.Union([Type.Literal('notIssued'), Type.Literal('issued'), Type.Literal('all')], { title: '页签' })),
  deviceId: MultiFilter('机台'),
  orderNo: TextFilter('订单号'),
  plannedStartStart: TextFilter('计划开始起'),
  plannedStartEnd: TextFilter('计划开始止'),
  orderId: Type.Optional(titled(Id, '订单')),
});
export type ScheduleExportRequest = Static<typeof ScheduleExportRequest>;
