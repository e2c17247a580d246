import { sql, type SqlBool } from 'kysely';
import type { ScheduleTask, ScheduleTaskListQuery } from '@core/contracts/schedule';
import type { Db } from '../../db';
import { formatDateTime, serverZone } from '../../lib/datetime';
import { runList, streamList, type FilterDef, type ListParams } from '../../lib/list-query';
import { factoryList, inScope, type RowOf } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';
import { setupKeyOf } from './engine-input';

/** Filters on the order (alias o) shared by the task lists and the order summary. */
export const ORDER_FILTERS: Record<string, FilterDef> = {
  orderNo: { column: 'o.order_no', kind: 'like', label: '订单号' },
  customerName: { column: 'o.customer_name', kind: 'like', label: '客户名称' },
  productName: { column: 'o.product_name', kind: 'like', label: '产品名称' },
  urgency: { column: 'o.urgency', kind: 'in', label: '紧急程度', integer: true },
  deliveryDate: { column: 'o.delivery_date', kind: 'dateRange', label: '交货日期', day: true },
};

/** The task lists' filters and sorts (every list of the schedule screens). */
export const TASK_LIST = factoryList('op', {
  filters: {
    ...ORDER_FILTERS,
    processId: { column: 'op.process_id', kind: 'in', label: '工序', integer: true },
    deviceId: { column: 'op.device_id', kind: 'in', label: '机台', integer: true },
    status: { column: 'op.status', kind: 'in', label: '工序状态', integer: true },
    plannedStart: { column: 'op.planned_start', kind: 'dateRange', label: '计划开始日期' },
    orderId: { column: 'op.order_id', kind: 'eq', label: '订单', integer: true },
  },
  sorts: {
    id: 'op.id',
    orderNo: 'o.order_no',
    deliveryDate: 'o.delivery_date',
    urgency: 'o.urgency',
    plannedStart: 'op.planned_start',
    plannedEnd: 'op.planned_end',
    queuePos: 'op.queue_pos',
    processName: 'op.process_name',
    deviceName: 'd.name',
  },
  defaultSort: { field: 'deliveryDate', direction: 'asc' },
});

/** Planned end after the end of the delivery date (its local midnight). */
export const late = () => sql<SqlBool>`(op.planned_end is not null and op.planned_end >= ((o.delivery_date + 1)::timestamp at time zone ${serverZone()}))`;

export function taskQuery(db: Db) {
  return db
    .selectFrom('production_order_operation as op')
    .innerJoin('production_order as o', 'o.id', 'op.order_id')
    .leftJoin('device as d', 'd.id', 'op.device_id')
    .select([
      'op.id',
      'op.order_id as orderId',
      'o.order_no as orderNo',
      'o.erp_order_no as erpOrderNo',
      'o.customer_name as customerName',
      'o.product_name as productName',
      'o.box_style as boxStyle',
      'o.board_code as boardCode',
      'o.flute',
      'o.print_colors as printColors',
      'o.die_no as dieNo',
      'o.plate_no as plateNo',
      'o.quantity as orderQuantity',
      'o.unit',
      sql<string>`to_char(o.delivery_date, 'YYYY-MM-DD')`.as('deliveryDate'),
      'o.urgency',
      'o.status as orderStatus',
      'o.schedule_state as scheduleState',
      'o.revoked',
      'op.seq',
      'op.process_id as processId',
      'op.process_name as processName',
      'op.planned_qty as plannedQty',
      'op.good_qty as goodQty',
      'op.status',
      'op.task_type as taskType',
      'op.issued',
      'op.device_id as deviceId',
      'd.name as deviceName',
      'op.queue_pos as queuePos',
      'op.planned_start as plannedStart',
      'op.planned_end as plannedEnd',
      'op.setup_minutes as setupMinutes',
      'op.run_minutes as runMinutes',
      late().as('late'),
      'op.anew_time_flag as anewTimeFlag',
      'op.anew_time_reason as anewTimeReason',
      'op.unscheduled_reason as unscheduledReason',
      // Pending ERP change warnings, kept on the order (migration 0028).
      'o.warning_count as changeWarnings',
    ]);
}
export type TaskRow = RowOf<typeof taskQuery>;

const time = (value: Date | string | null) => (value === null ? null : formatDateTime(new Date(value)));

export function toTask(row: TaskRow): ScheduleTask {
  return {
    id: row.id,
    orderId: row.orderId,
    orderNo: row.orderNo,
    erpOrderNo: row.erpOrderNo,
    customerName: row.customerName,
    productName: row.productName,
    boxStyle: row.boxStyle,
    boardCode: row.boardCode,
    flute: row.flute,
    printColors: row.printColors,
    dieNo: row.dieNo,
    plateNo: row.plateNo,
    orderQuantity: row.orderQuantity,
    unit: row.unit,
    deliveryDate: row.deliveryDate,
    urgency: row.urgency,
    orderStatus: row.orderStatus,
    scheduleState: row.scheduleState,
    revoked: row.revoked,
    seq: row.seq,
    processId: row.processId,
    processName: row.processName,
    plannedQty: row.plannedQty,
    goodQty: row.goodQty,
    status: row.status,
    taskType: row.taskType,
    issued: row.issued,
    deviceId: row.deviceId,
    deviceName: row.deviceName ?? '',
    queuePos: row.queuePos,
    plannedStart: time(row.plannedStart),
    plannedEnd: time(row.plannedEnd),
    setupMinutes: row.setupMinutes,
    runMinutes: row.runMinutes,
    setupKey: setupKeyOf(row) ?? '',
    late: Boolean(row.late),
    anewTimeFlag: row.anewTimeFlag,
    anewTimeReason: row.anewTimeReason,
    changeWarnings: Number(row.changeWarnings ?? 0),
    unscheduledReason: row.unscheduledReason,
  };
}

/** Which tasks a list shows (besides its filters). */
export type TaskListKind = 'standby' | 'pre' | 'notIssued' | 'issued' | 'anewTime' | 'unfinished' | 'revoked' | 'queued';

/** The factory's schedulable order statuses (排产配置) plus 3/4: an order scheduled or producing keeps its remaining steps schedulable. */
export const schedulableStatuses = (configured: number[]) => [...new Set([...configured, 3, 4])];

export function kindQuery(db: Db, kind: TaskListKind, options: { now: Date; statuses: number[] }) {
  const query = taskQuery(db);
  const live = query.where('o.revoked', '=', false);
  switch (kind) {
    case 'standby':
      return live
        .where('op.task_type', 'is', null)
        .where('op.issued', '=', false)
        .where('op.status', 'in', [0, 6])
        .where('o.schedule_state', '<>', 3)
        .where('o.status', 'in', options.statuses);
    case 'pre':
      return live.where('op.task_type', '=', 1).where('op.issued', '=', false).where('op.status', 'in', [0, 6]);
    case 'notIssued':
      return live.where('op.task_type', '=', 2).where('op.issued', '=', false).where('op.status', '<>', 3);
    case 'issued':
      return live.where('op.issued', '=', true).where('op.status', 'in', [1, 2, 3, 7]);
    case 'queued':
      return live.where('op.queue_pos', 'is not', null).where('op.status', '<>', 3);
    case 'anewTime':
      return live.where('op.anew_time_flag', '=', true);
    case 'unfinished':
      return live.where('op.queue_pos', 'is not', null).where('op.status', '<>', 3).where('op.planned_end', '<', options.now);
    case 'revoked':
      return query.where('o.revoked', '=', true).where((eb) => eb.or([eb('op.queue_pos', 'is not', null), eb('op.task_type', 'is not', null), eb('op.issued', '=', true)]));
  }
}

/** The list's request as the list engine reads it (`late` is applied by the caller). */
export function listParams(query: Partial<ScheduleTaskListQuery> & Record<string, unknown>): ListParams {
  const { late: _late, ...rest } = query;
  return rest;
}

export function listTasks(db: Db, scope: Scope, kind: TaskListKind, query: ScheduleTaskListQuery, options: { now: Date; statuses: number[] }) {
  let base = kindQuery(db, kind, options);
  if (query.late) base = base.where(late());
  return runList(db, base, TASK_LIST, scope, listParams(query), toTask);
}

export function streamTasks(db: Db, scope: Scope, kind: TaskListKind, query: ScheduleTaskListQuery & { orderId?: number }, options: { now: Date; statuses: number[] }) {
  let base = kindQuery(db, kind, options);
  if (query.late) base = base.where(late());
  return streamList(base, TASK_LIST, scope, listParams(query), toTask);
}

/** Tasks of the factory by id (those not of the factory are simply absent). */
export async function tasksByIds(db: Db, scope: Scope, ids: number[]): Promise<ScheduleTask[]> {
  if (ids.length === 0) return [];
  const rows = await taskQuery(db).where(inScope(scope, 'op')).where('op.id', 'in', ids).execute();
  return rows.map(toTask);
}
