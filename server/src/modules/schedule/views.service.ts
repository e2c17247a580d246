import { sql } from 'kysely';
import {
  ScheduleMessages as M,
  type DateRangeQuery,
  type DeliveryCapacity,
  type LoadDetail,
  type LoadDetailQuery,
  type MachineQueue,
  type ProductionDetail,
  type ScheduleExportRequest,
  type ScheduleMachine,
  type ScheduleOrder,
  type ScheduleOrderListQuery,
  type ScheduleTask,
  type ScheduleView,
  type ScheduleViewQuery,
} from '@core/contracts/schedule';
import { ISSUE_STATE, OPERATION_STATUS, TASK_TYPE, URGENCY } from '@core/enums';
import type { PageResult } from '@core/contracts/common';
import type { Db } from '../../db';
import { formatDate, formatDateTime, serverZone } from '../../lib/datetime';
import { notFound, validation } from '../../lib/errors';
import type { ExportColumn } from '../../lib/excel-export';
import { runList, splitValues } from '../../lib/list-query';
import { factoryList, inScope } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';
import { scheduleSections } from '../sys-cfg';
import { canRun, setupOf, taskRecordQuery, toTaskRecords } from './engine-input';
import { loadPlant, minuteOf, windowMinutes, type Plant, type PlantMachine, type Window } from './plant';
import { ORDER_FILTERS, schedulableStatuses, streamTasks, taskQuery, toTask } from './task-rows';

const DAY = 1440;
const MAX_VIEW_DAYS = 62;
const MAX_CAPACITY_DAYS = 93;

/** A time of a query: ISO, `yyyy-MM-dd HH:mm:ss` (local) or a date (its local midnight). */
function parseTime(text: string, label: string): Date {
  const local = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  const date = local
    ? new Date(Number(local[1]), Number(local[2]) - 1, Number(local[3]), Number(local[4] ?? 0), Number(local[5] ?? 0), Number(local[6] ?? 0))
    : new Date(text);
  if (Number.isNaN(date.getTime())) throw validation(`${label}格式不正确`);
  return date;
}

function range(startText: string, endText: string, maxDays: number): { from: number; to: number } {
  const from = minuteOf(parseTime(startText, '开始时间'));
  const to = minuteOf(parseTime(endText, '结束时间'));
  if (to <= from) throw validation('结束时间必须晚于开始时间');
  if (to - from > maxDays * DAY) throw validation(`时间范围不能超过${maxDays}天`);
  return { from, to };
}

/** Local dates from..to inclusive, with their [start, end) in epoch minutes. */
function days(startDate: string, endDate: string, maxDays: number): Array<{ date: string; from: number; to: number }> {
  const first = parseTime(startDate, '开始日期');
  const last = parseTime(endDate, '结束日期');
  if (last < first) throw validation('结束日期不能早于开始日期');
  const list: Array<{ date: string; from: number; to: number }> = [];
  for (let day = new Date(first.getFullYear(), first.getMonth(), first.getDate()); day <= last; day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1)) {
    if (list.length >= maxDays) throw validation(`时间范围不能超过${maxDays}天`);
    const next = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
    list.push({ date: formatDate(day), from: minuteOf(day), to: minuteOf(next) });
  }
  return list;
}

const ids = (value: unknown, label: string): number[] => (value === undefined || value === null ? [] : splitValues(value, label).map(Number).filter(Number.isSafeInteger));
const iso = (minute: number) => formatDateTime(new Date(minute * 60_000));

function machineView(plant: Plant, machine: PlantMachine, counts: { tasks: number; late: number }): ScheduleMachine {
  return {
    id: machine.id,
    name: machine.name,
    deviceNo: machine.deviceNo,
    workshopName: machine.workshopName,
    processNames: [...machine.speeds.keys()].map((id) => plant.processes.get(id)?.name ?? '').filter(Boolean),
    windows: machine.windows.map(([a, b]) => [iso(a), iso(b)] as [string, string]),
    taskCount: counts.tasks,
    lateCount: counts.late,
  };
}

const ORDER_SUMMARY_LIST = factoryList('o', {
  filters: {
    ...ORDER_FILTERS,
    scheduleState: { column: 'o.schedule_state', kind: 'in', label: '排产状态', integer: true },
  },
  sorts: { id: 'o.id', orderNo: 'o.order_no', deliveryDate: 'o.delivery_date', urgency: 'o.urgency', createTime: 'o.created_at' },
  defaultSort: { field: 'deliveryDate', direction: 'asc' },
});

/** Planned end of an order's last scheduled step after its delivery date. */
const orderLate = () =>
  sql<boolean>`exists (select 1 from production_order_operation x where x.order_id = o.id and x.planned_end is not null and x.planned_end >= ((o.delivery_date + 1)::timestamp at time zone ${serverZone()}))`;

function orderQuery(db: Db) {
  const count = (condition: string) => sql<number>`(select count(*)::int from production_order_operation x where x.order_id = o.id and ${sql.raw(condition)})`;
  return db
    .selectFrom('production_order as o')
    .select([
      'o.id',
      'o.order_no as orderNo',
      'o.erp_order_no as erpOrderNo',
      'o.customer_name as customerName',
      'o.product_name as productName',
      'o.box_style as boxStyle',
      'o.quantity',
      'o.unit',
      sql<string>`to_char(o.delivery_date, 'YYYY-MM-DD')`.as('deliveryDate'),
      'o.urgency',
      'o.status',
      'o.schedule_state as scheduleState',
      'o.issue_state as issueState',
      'o.production_state as productionState',
      count('true').as('operationCount'),
      count('(x.issued or x.task_type in (2, 4))').as('scheduledCount'),
      count('x.task_type = 1').as('preCount'),
      count('x.issued').as('issuedCount'),
      count('x.status = 3').as('endedCount'),
      count('x.anew_time_flag').as('anewTimeTasks'),
      sql<Date | null>`(select min(x.planned_start) from production_order_operation x where x.order_id = o.id)`.as('plannedStart'),
      sql<Date | null>`(select max(x.planned_end) from production_order_operation x where x.order_id = o.id)`.as('plannedEnd'),
      orderLate().as('late'),
      'o.warning_count as changeWarnings',
      sql<string>`(select coalesce(string_agg(x.process_name, '→' order by x.seq), '') from production_order_operation x where x.order_id = o.id)`.as('processNames'),
    ]);
}
type OrderSummaryRow = Awaited<ReturnType<ReturnType<typeof orderQuery>['executeTakeFirstOrThrow']>>;

function toOrder(row: OrderSummaryRow): ScheduleOrder {
  const time = (value: Date | string | null) => (value === null ? null : formatDateTime(new Date(value)));
  return {
    ...row,
    operationCount: Number(row.operationCount),
    scheduledCount: Number(row.scheduledCount),
    preCount: Number(row.preCount),
    issuedCount: Number(row.issuedCount),
    endedCount: Number(row.endedCount),
    anewTimeTasks: Number(row.anewTimeTasks),
    changeWarnings: Number(row.changeWarnings),
    plannedStart: time(row.plannedStart),
    plannedEnd: time(row.plannedEnd),
    late: Boolean(row.late),
  };
}

const label = (options: { label: (value: number) => string }, value: number | null) => (value === null ? '' : options.label(value));

export const SCHEDULE_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<ScheduleTask>> = [
  { header: '机台', value: (row) => row.deviceName, width: 20 },
  { header: '队列序号', value: (row) => row.queuePos },
  { header: '订单号', value: (row) => row.orderNo, width: 18 },
  { header: '客户名称', value: (row) => row.customerName, width: 20 },
  { header: '产品名称', value: (row) => row.productName, width: 22 },
  { header: '工序', value: (row) => row.processName, width: 14 },
  { header: '计划数量', value: (row) => row.plannedQty },
  { header: '良品数', value: (row) => row.goodQty },
  { header: '计划开始', value: (row) => row.plannedStart ?? '', width: 20 },
  { header: '计划结束', value: (row) => row.plannedEnd ?? '', width: 20 },
  { header: '准备时间（分钟）', value: (row) => row.setupMinutes },
  { header: '生产时间（分钟）', value: (row) => row.runMinutes },
  { header: '交货日期', value: (row) => row.deliveryDate, width: 12 },
  { header: '紧急程度', value: (row) => label(URGENCY, row.urgency) },
  { header: '工序状态', value: (row) => label(OPERATION_STATUS, row.status) },
  { header: '任务类型', value: (row) => label(TASK_TYPE, row.taskType) },
  { header: '下发', value: (row) => (row.issued ? label(ISSUE_STATE, 2) : label(ISSUE_STATE, 0)) },
  { header: '延期', value: (row) => (row.late ? '是' : '否') },
  { header: '时间待重算', value: (row) => (row.anewTimeFlag ? row.anewTimeReason || '是' : '') },
  { header: '未排入原因', value: (row) => row.unscheduledReason, width: 16 },
];

/**
 * What the schedule screens read besides the task lists: the Gantt (machines with windows and
 * tasks over a range), one machine's queue, the load per machine per day, the capacity needed per
 * process per day against what the machines have (交期计划), the order summaries of spec §7 and
 * the export.
 */
export class ScheduleViewService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  private async statuses(scope: Scope): Promise<number[]> {
    return schedulableStatuses((await scheduleSections(this.db, scope)).schedulableOrderStatuses);
  }

  async viewList(scope: Scope, query: ScheduleViewQuery): Promise<ScheduleView> {
    const { from, to } = range(query.start, query.end, MAX_VIEW_DAYS);
    const deviceIds = ids(query.deviceId, '机台');
    const processIds = ids(query.processId, '工序');
    const plant = await loadPlant(this.db, scope, from, to, deviceIds.length > 0 ? deviceIds : undefined);
    const machines = [...plant.machines.values()].filter((machine) => processIds.length === 0 || processIds.some((id) => machine.speeds.has(id)));
    let tasksQuery = taskQuery(this.db)
      .where(inScope(scope, 'op'))
      .where('o.revoked', '=', false)
      .where('op.device_id', 'in', machines.length > 0 ? machines.map((machine) => machine.id) : [0])
      .where('op.planned_start', '<', new Date(to * 60_000))
      .where('op.planned_end', '>', new Date(from * 60_000))
      .where((eb) => eb.or([eb('op.queue_pos', 'is not', null), eb('op.status', '=', 3)]));
    if (processIds.length > 0) tasksQuery = tasksQuery.where('op.process_id', 'in', processIds);
    if (query.orderNo?.trim()) tasksQuery = tasksQuery.where('o.order_no', 'ilike', `%${query.orderNo.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const tasks = (await tasksQuery.orderBy('op.device_id').orderBy('op.planned_start').limit(20_000).execute()).map(toTask);
    const counts = new Map<number, { tasks: number; late: number }>();
    for (const task of tasks) {
      const count = counts.get(task.deviceId!) ?? { tasks: 0, late: 0 };
      count.tasks += 1;
      if (task.late) count.late += 1;
      counts.set(task.deviceId!, count);
    }
    return {
      start: iso(from),
      end: iso(to),
      machines: machines.map((machine) => machineView(plant, machine, counts.get(machine.id) ?? { tasks: 0, late: 0 })),
      tasks,
    };
  }

  /** One machine's queue (not ended), with its windows from now to the end of its last task (at least 3 days). */
  async viewDetail(scope: Scope, deviceId: number): Promise<MachineQueue> {
    const device = await this.db.selectFrom('device').select('id').where(inScope(scope)).where('id', '=', deviceId).executeTakeFirst();
    if (!device) throw notFound(M.deviceNotFound);
    const rows = await taskQuery(this.db)
      .where(inScope(scope, 'op'))
      .where('o.revoked', '=', false)
      .where('op.device_id', '=', deviceId)
      .where('op.queue_pos', 'is not', null)
      .where('op.status', '<>', 3)
      .orderBy('op.queue_pos')
      .orderBy('op.id')
      .execute();
    const tasks = rows.map(toTask);
    const now = minuteOf(this.now());
    const ends = rows.flatMap((row) => (row.plannedEnd ? [minuteOf(new Date(row.plannedEnd))] : []));
    const to = Math.min(now + 120 * DAY, Math.max(now + 3 * DAY, ...ends) + DAY);
    const plant = await loadPlant(this.db, scope, now - DAY, to, [deviceId]);
    const machine = plant.machines.get(deviceId);
    const fallback = await this.db.selectFrom('device as d').leftJoin('workshop as w', 'w.id', 'd.workshop_id').select(['d.id', 'd.name', 'd.device_no', 'w.name as workshopName']).where('d.id', '=', deviceId).executeTakeFirstOrThrow();
    const counts = { tasks: tasks.length, late: tasks.filter((task) => task.late).length };
    return {
      machine: machine
        ? machineView(plant, machine, counts)
        : { id: fallback.id, name: fallback.name, deviceNo: fallback.device_no, workshopName: fallback.workshopName ?? '', processNames: [], windows: [], taskCount: counts.tasks, lateCount: counts.late },
      tasks,
    };
  }

  /** Planned work per machine per day against the machine's working minutes that day. */
  async loadDetail(scope: Scope, query: LoadDetailQuery): Promise<LoadDetail> {
    const list = days(query.startDate, query.endDate, MAX_VIEW_DAYS);
    const from = list[0]!.from;
    const to = list[list.length - 1]!.to;
    const deviceIds = ids(query.deviceId, '机台');
    const plant = await loadPlant(this.db, scope, from, to, deviceIds.length > 0 ? deviceIds : undefined);
    const machines = [...plant.machines.values()];
    const tasks = await this.db
      .selectFrom('production_order_operation as op')
      .innerJoin('production_order as o', 'o.id', 'op.order_id')
      .select(['op.device_id as deviceId', 'op.planned_start as start', 'op.planned_end as end'])
      .where(inScope(scope, 'op'))
      .where('o.revoked', '=', false)
      .where('op.device_id', 'in', machines.length > 0 ? machines.map((machine) => machine.id) : [0])
      .where('op.planned_start', '<', new Date(to * 60_000))
      .where('op.planned_end', '>', new Date(from * 60_000))
      .where((eb) => eb.or([eb('op.queue_pos', 'is not', null), eb('op.status', '=', 3)]))
      .execute();
    const byDevice = new Map<number, Window[]>();
    for (const task of tasks) {
      if (task.deviceId === null || !task.start || !task.end) continue;
      byDevice.set(task.deviceId, [...(byDevice.get(task.deviceId) ?? []), [minuteOf(new Date(task.start)), minuteOf(new Date(task.end))]]);
    }
    const cells = machines.flatMap((machine) => {
      const spans = byDevice.get(machine.id) ?? [];
      return list.map((day) => {
        const available = windowMinutes(machine.windows, day.from, day.to);
        let load = 0;
        let count = 0;
        for (const [a, b] of spans) {
          if (b <= day.from || a >= day.to) continue;
          count += 1;
          load += windowMinutes(machine.windows, Math.max(a, day.from), Math.min(b, day.to));
        }
        return {
          deviceId: machine.id,
          deviceName: machine.name,
          date: day.date,
          loadMinutes: load,
          availableMinutes: available,
          loadPercent: available === 0 ? 0 : Math.round((load / available) * 1000) / 10,
          taskCount: count,
        };
      });
    });
    return { machines: machines.map((machine) => ({ id: machine.id, name: machine.name })), days: list.map((day) => day.date), cells };
  }

  /**
   * 交期计划: for each process and day, the work minutes of the unfinished steps of orders due that
   * day (setup plus run at the able machines' mean speed), against the working minutes of the
   * machines able to run the process that day.
   */
  async deliveryCapacity(scope: Scope, query: DateRangeQuery): Promise<DeliveryCapacity> {
    const list = days(query.startDate, query.endDate, MAX_CAPACITY_DAYS);
    const plant = await loadPlant(this.db, scope, list[0]!.from, list[list.length - 1]!.to);
    const statuses = await this.statuses(scope);
    const steps = toTaskRecords(
      await taskRecordQuery(this.db, scope)
        .where('o.status', 'in', statuses)
        .where('op.process_id', 'is not', null)
        .where('o.delivery_date', '>=', list[0]!.date)
        .where('o.delivery_date', '<=', list[list.length - 1]!.date)
        .execute(),
    );
    const machines = [...plant.machines.values()];
    const cell = new Map<string, { needed: number; orders: Set<number> }>();
    const used = new Set<number>();
    for (const step of steps) {
      const able = machines.filter((machine) => canRun(machine, step));
      if (able.length === 0) continue;
      const speed = able.reduce((sum, machine) => sum + machine.speeds.get(step.processId!)!, 0) / able.length;
      const remaining = Math.max(0, step.plannedQty - step.goodQty);
      const minutes = setupOf(plant, step).setup + Math.ceil((remaining * 60) / speed);
      const key = `${step.processId}|${step.deliveryDate}`;
      const entry = cell.get(key) ?? { needed: 0, orders: new Set<number>() };
      entry.needed += minutes;
      entry.orders.add(step.orderId);
      cell.set(key, entry);
      used.add(step.processId!);
    }
    const processes = [...plant.processes.values()].filter((process) => used.has(process.id) || machines.some((machine) => machine.speeds.has(process.id)));
    const cells = processes.flatMap((process) => {
      const able = machines.filter((machine) => machine.speeds.has(process.id));
      return list.map((day) => {
        const entry = cell.get(`${process.id}|${day.date}`);
        const available = able.reduce((sum, machine) => sum + windowMinutes(machine.windows, day.from, day.to), 0);
        const needed = entry?.needed ?? 0;
        return { processId: process.id, processName: process.name, date: day.date, neededMinutes: needed, availableMinutes: available, overloaded: needed > available, orderCount: entry?.orders.size ?? 0 };
      });
    });
    return { processes: processes.map((process) => ({ id: process.id, name: process.name })), days: list.map((day) => day.date), cells };
  }

  async scheduleOrderList(scope: Scope, query: ScheduleOrderListQuery): Promise<PageResult<ScheduleOrder>> {
    let base = orderQuery(this.db).where('o.revoked', '=', false).where('o.status', 'in', await this.statuses(scope));
    if (query.scheduleState === undefined || query.scheduleState === '') base = base.where('o.schedule_state', 'in', [0, 1]);
    if (query.late) base = base.where(orderLate());
    return runList(this.db, base, ORDER_SUMMARY_LIST, scope, { ...query, late: undefined }, toOrder);
  }

  async productionDetail(scope: Scope, id: number): Promise<ProductionDetail> {
    const order = await orderQuery(this.db).where(inScope(scope, 'o')).where('o.id', '=', id).executeTakeFirst();
    if (!order) throw notFound('订单不存在或不属于当前工厂');
    const tasks = await taskQuery(this.db).where(inScope(scope, 'op')).where('op.order_id', '=', id).orderBy('op.seq').execute();
    return { order: toOrder(order), tasks: tasks.map(toTask) };
  }

  /** The export's rows: the scheduled tasks of a tab (all: every queued task) with the list's filters, in machine queue order. */
  exportRows(scope: Scope, request: ScheduleExportRequest): AsyncIterable<ScheduleTask> {
    const { tab = 'all', ...filters } = request;
    const kind = tab === 'issued' ? 'issued' : tab === 'notIssued' ? 'notIssued' : 'queued';
    return streamTasks(this.db, scope, kind, { ...filters, sort: filters.sort ?? 'deviceName,asc' }, { now: this.now(), statuses: [] });
  }
}
