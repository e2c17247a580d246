import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { defineEnum } from '../../enums';
import { DateOnly, Id, MultiFilter, OptionalText, PageFields, Text, TextFilter, titled } from '../common';

/**
 * A schedule task (排产任务) is one operation of a production order (production_order_operation)
 * as the scheduler sees it: its machine, its place in the machine's queue, its planned times and
 * where it is in scheduling.
 *
 * Where a task is (spec §4):
 * - 待排工序 (standby): operation status 0/6, not issued, no task type;
 * - 预排产 (pre-schedule, task type 1 预排单): status 0/6, not issued, a machine may be chosen;
 * - 已排产未下发 (task type 2 已排产, not issued): in a machine queue with planned times;
 * - 已排产已下发 (issued): statuses 1, 2, 3, 7 (task type 4 生产中 once started).
 * Orders set 暂不排产 (schedule state 3) keep their operations out of the standby list.
 */

/** Where a task list of the 已排产 page looks: the spec's schedule tabs. */
export const SCHEDULED_TAB = defineEnum([
  { value: 'notIssued', label: '已排产未下发' },
  { value: 'issued', label: '已排产已下发' },
]);
export type ScheduledTab = 'notIssued' | 'issued';

/** How an unfinished task (past its planned end, not reported done) is handled. */
export const UNFINISHED_HANDLE = defineEnum([
  { value: 'carryOver', label: '顺延' },
  { value: 'close', label: '关闭' },
  { value: 'reschedule', label: '重新排产' },
]);
export type UnfinishedHandle = 'carryOver' | 'close' | 'reschedule';

/** Why a task's stored times became wrong (anew_time_flag). */
export const ANEW_TIME_REASON = defineEnum([
  { value: 'orderEdited', label: '订单已修改' },
  { value: 'calendarChanged', label: '机台日历已变更' },
  { value: 'reportedEarly', label: '前序任务提前完工' },
  { value: 'reportedLate', label: '前序任务延迟完工' },
  { value: 'queueChanged', label: '机台队列已调整' },
  { value: 'speedChanged', label: '机台速度已变更' },
]);

const Nullable = <T extends TSchema>(schema: T, title: string) => Type.Union([schema, Type.Null()], { title });
const Int = (title: string) => Type.Integer({ title });
const Str = (title: string) => Type.String({ title });
const Bool = (title: string) => Type.Boolean({ title });

/** One task as the schedule screens list it (every field titled for its column). */
export const ScheduleTask = Type.Object({
  /** The operation's id: every task action takes these ids. */
  id: Int('任务ID'),
  orderId: Int('订单ID'),
  orderNo: Str('订单号'),
  erpOrderNo: Str('ERP单号'),
  customerName: Str('客户名称'),
  productName: Str('产品名称'),
  boxStyle: Str('箱型'),
  boardCode: Str('纸板编码'),
  flute: Str('楞型'),
  printColors: Int('印色数'),
  dieNo: Str('刀模编号'),
  plateNo: Str('印版编号'),
  orderQuantity: Int('订单数量'),
  unit: Str('单位'),
  deliveryDate: Str('交货日期'),
  /** Spec §4 urgency 0–3. */
  urgency: Int('紧急程度'),
  /** Spec §4 order status 0–10. */
  orderStatus: Int('订单状态'),
  /** Spec §4 schedule state of the order: 0,1,2,3,9. */
  scheduleState: Int('排产状态'),
  revoked: Bool('订单已撤销'),
  seq: Int('工序序号'),
  processId: Nullable(Type.Integer(), '工序ID'),
  processName: Str('工序'),
  plannedQty: Int('计划数量'),
  goodQty: Int('良品数'),
  /** Spec §4 operation status 0,1,2,3,6,7. */
  status: Int('工序状态'),
  /** Spec §4 task type 1–4; null: not yet in scheduling (待排工序). */
  taskType: Nullable(Type.Integer(), '任务类型'),
  issued: Bool('已下发'),
  deviceId: Nullable(Type.Integer(), '机台ID'),
  deviceName: Str('机台'),
  /** Place in the machine's queue from 1; null when in no queue. */
  queuePos: Nullable(Type.Integer(), '队列序号'),
  plannedStart: Nullable(Type.String(), '计划开始'),
  plannedEnd: Nullable(Type.String(), '计划结束'),
  setupMinutes: Int('准备时间（分钟）'),
  runMinutes: Int('生产时间（分钟）'),
  /** Same key back to back on a machine needs only the short setup (same die, plate and colours). */
  setupKey: Str('换型标识'),
  /** Planned end after the end of the delivery date. */
  late: Bool('延期'),
  /** Stored times are wrong until the next calculation (or cancel_anew_time_flag). */
  anewTimeFlag: Bool('时间待重算'),
  anewTimeReason: Str('重算原因'),
  /** Pending ERP change warnings of the order (accept / keep: ErpApi.warningAccept / warningKeep). */
  changeWarnings: Int('变更提醒'),
  /** Why the last calculation left it out of the plan (超出机台日历, 排序死锁…); '' when planned. */
  unscheduledReason: Str('未排入原因'),
});
export type ScheduleTask = Static<typeof ScheduleTask>;

/** The filters of every task list (待排工序, 预排产, 已排产, unfinished, wrong time, revoked orders). */
export const ScheduleTaskFields = {
  ...PageFields,
  /** Tag input: comma-joined order numbers match any. */
  orderNo: TextFilter('订单号'),
  customerName: TextFilter('客户名称'),
  productName: TextFilter('产品名称'),
  processId: MultiFilter('工序'),
  deviceId: MultiFilter('机台'),
  status: MultiFilter('工序状态'),
  urgency: MultiFilter('紧急程度'),
  deliveryDateStart: TextFilter('交货日期开始'),
  deliveryDateEnd: TextFilter('交货日期结束'),
  plannedStartStart: TextFilter('计划开始起'),
  plannedStartEnd: TextFilter('计划开始止'),
  /** Only late tasks (planned end after the delivery date). */
  late: Type.Optional(Type.Boolean({ title: '仅延期' })),
};
export const ScheduleTaskListQuery = Type.Object(ScheduleTaskFields);
export type ScheduleTaskListQuery = Static<typeof ScheduleTaskListQuery>;

/** 已排产: the two tabs of the spec (default notIssued). */
export const ScheduledTaskListQuery = Type.Object({
  ...ScheduleTaskFields,
  tab: Type.Optional(Type.Union([Type.Literal('notIssued'), Type.Literal('issued')], { title: '页签' })),
});
export type ScheduledTaskListQuery = Static<typeof ScheduledTaskListQuery>;

/** The most tasks one action takes. */
export const SCHEDULE_MAX_SELECTED = 1000;

/** Selected tasks (operation ids): all of them change, or none (4009 with the reason). */
export const TaskIdsRequest = Type.Object({
  ids: Type.Array(titled(Id, '任务'), { title: '所选任务', minItems: 1, maxItems: SCHEDULE_MAX_SELECTED, uniqueItems: true }),
});
export type TaskIdsRequest = Static<typeof TaskIdsRequest>;

/** What an action did: how many tasks changed. */
export const TaskActionResult = Type.Object({ changed: Type.Integer() });
export type TaskActionResult = Static<typeof TaskActionResult>;

/** 分配机台: a machine able to run every selected operation's process. */
export const AssignMachineRequest = Type.Object({
  ...TaskIdsRequest.properties,
  deviceId: titled(Id, '机台'),
});
export type AssignMachineRequest = Static<typeof AssignMachineRequest>;

/**
 * 手动排产: the tasks join the end of their machine's queue (deviceId given: that machine for all;
 * else each task's chosen machine) in the order given, and the machine's times are calculated.
 */
export const ManualScheduleRequest = Type.Object({
  ...TaskIdsRequest.properties,
  deviceId: Type.Optional(titled(Id, '机台')),
});
export type ManualScheduleRequest = Static<typeof ManualScheduleRequest>;

/**
 * 自动排产: the optimizer chooses machines and order for the selected tasks; tasks already in queues
 * stay as they are (issued and started ones fixed). Runs as a background job (see CalcJob).
 */
export const AutoScheduleRequest = Type.Object({
  ...TaskIdsRequest.properties,
  /** Search time budget in seconds (default 5). */
  budgetSeconds: Type.Optional(Type.Integer({ title: '计算时长（秒）', minimum: 1, maximum: 60 })),
});
export type AutoScheduleRequest = Static<typeof AutoScheduleRequest>;

/** 暂不排产 / 恢复排产 of whole orders (schedule state 3 ↔ 0). */
export const ScheduleOrderIdsRequest = Type.Object({
  ids: Type.Array(titled(Id, '订单'), { title: '所选订单', minItems: 1, maxItems: 500, uniqueItems: true }),
  note: OptionalText('备注', 200),
});
export type ScheduleOrderIdsRequest = Static<typeof ScheduleOrderIdsRequest>;

/** Unfinished tasks: carry over (times recalculated from now), close (ended as is), or back to standby. */
export const UnfinishedHandleRequest = Type.Object({
  ...TaskIdsRequest.properties,
  handle: Type.Union([Type.Literal('carryOver'), Type.Literal('close'), Type.Literal('reschedule')], { title: '处理方式' }),
});
export type UnfinishedHandleRequest = Static<typeof UnfinishedHandleRequest>;

export const UnfinishedCount = Type.Object({ count: Type.Integer() });
export type UnfinishedCount = Static<typeof UnfinishedCount>;

/** cancel_anew_time_flag: the given tasks, or every flagged task of the factory when ids is absent. */
export const CancelAnewTimeFlagRequest = Type.Object({
  ids: Type.Optional(Type.Array(titled(Id, '任务'), { title: '所选任务', minItems: 1, maxItems: SCHEDULE_MAX_SELECTED, uniqueItems: true })),
});
export type CancelAnewTimeFlagRequest = Static<typeof CancelAnewTimeFlagRequest>;

/**
 * v2 machine_schedule/manual_sort (机台排程 drag): the machine's queue of tasks not yet started, in
 * the new order. Ids of tasks on another machine move them here (the machine must be able to run
 * them). Issued-and-started tasks keep their place at the head of the queue.
 */
export const MachineSortRequest = Type.Object({
  deviceId: titled(Id, '机台'),
  ids: Type.Array(titled(Id, '任务'), { title: '机台队列', minItems: 1, maxItems: 5000, uniqueItems: true }),
});
export type MachineSortRequest = Static<typeof MachineSortRequest>;

/**
 * v3 schedule/manual_sort (Gantt drag): one task to a machine, before `beforeId` (absent or null:
 * the end of that machine's queue).
 */
export const MoveTaskRequest = Type.Object({
  id: titled(Id, '任务'),
  deviceId: titled(Id, '机台'),
  beforeId: Type.Optional(Type.Union([titled(Id, '目标位置'), Type.Null()], { title: '目标位置' })),
});
export type MoveTaskRequest = Static<typeof MoveTaskRequest>;

/** The tasks whose machine, place or times a sort changed, with their new values. */
export const SortResult = Type.Object({
  changed: Type.Array(ScheduleTask),
  /** Machines whose queues were recalculated. */
  deviceIds: Type.Array(Type.Integer()),
  elapsedMs: Type.Integer(),
});
export type SortResult = Static<typeof SortResult>;

/** Machines able to run every selected operation (分配机台 / 手动排产 choices). */
export const MachineOptionsQuery = Type.Object({
  /** Comma-joined task ids. */
  ids: Text({ title: '所选任务', minLength: 1, maxLength: 20_000, pattern: '^[0-9]+(,[0-9]+)*$' }),
});
export type MachineOptionsQuery = Static<typeof MachineOptionsQuery>;
export const MachineOption = Type.Object({
  id: Int('机台ID'),
  name: Str('机台'),
  deviceNo: Str('设备编号'),
  workshopName: Str('车间'),
  /** Units per hour for the selected tasks' process (the slowest when they differ). */
  speed: Type.Number({ title: '理论速度' }),
  /** Tasks already in its queue and their work minutes. */
  queueLength: Int('队列任务数'),
  queueMinutes: Int('队列时长（分钟）'),
});
export type MachineOption = Static<typeof MachineOption>;

/** 交期计划 / 产能: a date range. */
export const DateRangeQuery = Type.Object({
  startDate: DateOnly('开始日期'),
  endDate: DateOnly('结束日期'),
});
export type DateRangeQuery = Static<typeof DateRangeQuery>;
