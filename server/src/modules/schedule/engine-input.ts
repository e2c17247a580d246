import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Instance, InstanceFixed, InstanceOperation, InstanceOrder, Plan } from '../../domain/schedule';
import { inScope } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';
import { dateOfMinute, minuteOf, type Plant, type PlantMachine } from './plant';

/**
 * The database → engine instance → database mapping of carton scheduling
 * (`/work/shared/formats/carton-schedule.md`).
 *
 * - An engine order is a production order with its operations not yet ended (status 3 stays out),
 *   in step order; an engine operation carries its own quantity (planned, waste included; for a
 *   started task what is left), its process, its setup (the process's prepare minutes, plus the
 *   config's colour-change minutes per colour on printing steps; 0 once started), its setup key
 *   (same die, plate and colours) with the config's savings as the same-key setup.
 * - A machine is a production device with speeds; its windows come from the plant's calendar.
 * - Calculate mode: each machine's queue (queue_pos order) is its sequence. The first started task
 *   of a machine is fixed at the first working minute from now (it runs on; its predecessors do not
 *   hold it back); every other queued task gets its earliest time.
 * - Optimize mode (自动排产): the existing queues are first calculated, then fixed at those times,
 *   and the selected operations are placed by the optimizer around them.
 * - Due: the end of the delivery date (local midnight after it); weight 2^urgency.
 */

export interface TaskRecord {
  id: number;
  orderId: number;
  seq: number;
  processId: number | null;
  plannedQty: number;
  goodQty: number;
  status: number;
  issued: boolean;
  taskType: number | null;
  deviceId: number | null;
  queuePos: number | null;
  plannedStart: Date | null;
  plannedEnd: Date | null;
  anewTimeFlag: boolean;
  setupMinutes: number;
  runMinutes: number;
  unscheduledReason: string;
  orderNo: string;
  deliveryDate: string;
  urgency: number;
  dieNo: string;
  plateNo: string;
  printColors: number;
}

/** Started on the floor (2 已开始, 6 联动开始). */
export const STARTED = [2, 6];

/** The operations of the factory with what the engine needs of them and their orders (callers add the filters). */
export function taskRecordQuery(db: Db, scope: Scope) {
  return db
    .selectFrom('production_order_operation as op')
    .innerJoin('production_order as o', 'o.id', 'op.order_id')
    .select([
      'op.id',
      'op.order_id as orderId',
      'op.seq',
      'op.process_id as processId',
      'op.planned_qty as plannedQty',
      'op.good_qty as goodQty',
      'op.status',
      'op.issued',
      'op.task_type as taskType',
      'op.device_id as deviceId',
      'op.queue_pos as queuePos',
      'op.planned_start as plannedStart',
      'op.planned_end as plannedEnd',
      'op.anew_time_flag as anewTimeFlag',
      'op.setup_minutes as setupMinutes',
      'op.run_minutes as runMinutes',
      'op.unscheduled_reason as unscheduledReason',
      'o.order_no as orderNo',
      sql<string>`to_char(o.delivery_date, 'YYYY-MM-DD')`.as('deliveryDate'),
      'o.urgency',
      'o.die_no as dieNo',
      'o.plate_no as plateNo',
      'o.print_colors as printColors',
    ])
    .where(inScope(scope, 'op'))
    .where('o.revoked', '=', false)
    .where('op.status', '<>', 3);
}

/** Rows of taskRecordQuery as records (times as Dates). */
export function toTaskRecords(rows: Array<Omit<TaskRecord, 'plannedStart' | 'plannedEnd'> & { plannedStart: Date | string | null; plannedEnd: Date | string | null }>): TaskRecord[] {
  return rows.map((row) => ({ ...row, plannedStart: row.plannedStart ? new Date(row.plannedStart) : null, plannedEnd: row.plannedEnd ? new Date(row.plannedEnd) : null }));
}

/**
 * Unfinished operations of the factory's orders that have a queued task (or one of `extraIds`), not
 * revoked: what a calculation needs (their earlier operations decide when a queued one may start).
 */
export async function loadTasks(db: Db, scope: Scope, extraIds: number[] = []): Promise<TaskRecord[]> {
  const rows = await taskRecordQuery(db, scope)
    .where((eb) =>
      eb.or([
        eb(
          'op.order_id',
          'in',
          eb
            .selectFrom('production_order_operation as q')
            .select('q.order_id')
            .where(inScope(scope, 'q'))
            .where('q.queue_pos', 'is not', null)
            .where('q.status', '<>', 3),
        ),
        eb('op.id', 'in', extraIds.length > 0 ? extraIds : [0]),
      ]),
    )
    .orderBy('op.order_id')
    .orderBy('op.seq')
    .execute();
  return toTaskRecords(rows);
}

const iso = (minute: number) => dateOfMinute(minute).toISOString();
const machineKey = (id: number) => `D${id}`;
const orderKey = (id: number) => `O${id}`;
const processKey = (id: number | null) => `P${id ?? 0}`;

/** End of the delivery date: the local midnight after it. */
export function dueMinute(deliveryDate: string): number {
  const [year, month, day] = deliveryDate.split('-').map(Number) as [number, number, number];
  return minuteOf(new Date(year, month - 1, day + 1));
}

/** Same die, plate and colours run back to back with the short setup; null without die and plate. */
export function setupKeyOf(task: Pick<TaskRecord, 'dieNo' | 'plateNo' | 'printColors'>): string | null {
  return task.dieNo || task.plateNo ? `${task.dieNo}|${task.plateNo}|${task.printColors}` : null;
}

export function setupOf(plant: Plant, task: TaskRecord): { setup: number; sameKey: number } {
  if (STARTED.includes(task.status)) return { setup: 0, sameKey: 0 };
  const process = task.processId === null ? undefined : plant.processes.get(task.processId);
  const setup = (process?.prepareMinutes ?? 0) + (process?.printing ? task.printColors * plant.config.colorChangeMinutes : 0);
  const saving = (task.dieNo ? plant.config.sameDieSavingMinutes : 0) + (task.plateNo ? plant.config.samePlateSavingMinutes : 0);
  return { setup, sameKey: Math.max(0, setup - saving) };
}

/** Whether `machine` can run `task`'s process. */
export const canRun = (machine: PlantMachine | undefined, task: Pick<TaskRecord, 'processId'>): boolean =>
  machine !== undefined && task.processId !== null && machine.speeds.has(task.processId);

export interface BuiltInstance {
  instance: Instance;
  /** `${orderKey}#${op}` → task id. */
  taskOf: Map<string, number>;
  /** Queued tasks that cannot be in the instance, with why (their machine is gone or cannot run them). */
  refused: Map<number, string>;
}

/** The engine's quantity: planned (waste included); what is left once started (at least 1). */
const quantityOf = (task: TaskRecord) => (STARTED.includes(task.status) ? Math.max(1, task.plannedQty - task.goodQty) : Math.max(1, task.plannedQty));

function machinesOf(plant: Plant): Instance['machines'] {
  return [...plant.machines.values()].map((machine) => ({
    id: machineKey(machine.id),
    name: machine.name,
    speeds: Object.fromEntries([...machine.speeds].map(([process, speed]) => [processKey(process), speed])),
    calendar: machine.windows.map(([a, b]) => [iso(a), iso(b)] as [string, string]),
  }));
}

/** The engine orders of `tasks` (only those `include` keeps), with the key of each task. */
function ordersOf(plant: Plant, tasks: TaskRecord[], include: (task: TaskRecord) => boolean, machinesFor: (task: TaskRecord) => number[] | undefined) {
  const byOrder = new Map<number, TaskRecord[]>();
  for (const task of tasks) {
    if (!include(task)) continue;
    const list = byOrder.get(task.orderId) ?? [];
    list.push(task);
    byOrder.set(task.orderId, list);
  }
  const taskOf = new Map<string, number>();
  const keyOf = new Map<number, [string, number]>();
  const orders: InstanceOrder[] = [];
  for (const [orderId, list] of byOrder) {
    list.sort((a, b) => a.seq - b.seq);
    const first = list[0]!;
    const operations = list.map((task, index): InstanceOperation => {
      taskOf.set(`${orderKey(orderId)}#${index}`, task.id);
      keyOf.set(task.id, [orderKey(orderId), index]);
      const { setup, sameKey } = setupOf(plant, task);
      const key = setupKeyOf(task);
      const machines = machinesFor(task);
      return {
        process: processKey(task.processId),
        setupMinutes: setup,
        ...(key === null ? {} : { setupKey: key, sameKeySetupMinutes: sameKey }),
        quantity: quantityOf(task),
        ...(machines ? { machines: machines.map(machineKey) } : {}),
      };
    });
    orders.push({ id: orderKey(orderId), quantity: Math.max(1, first.plannedQty), due: iso(dueMinute(first.deliveryDate)), urgency: Math.min(3, Math.max(0, first.urgency)), operations });
  }
  return { orders, taskOf, keyOf };
}

/** The first working minute at or after `minute` on `machine`, or null past its last window. */
export function firstWorkingMinute(machine: PlantMachine, minute: number): number | null {
  for (const [a, b] of machine.windows) if (b > minute) return Math.max(a, minute);
  return null;
}

/** Queued tasks by machine in queue order (queue_pos, then id). */
export function queuesOf(tasks: TaskRecord[]): Map<number, TaskRecord[]> {
  const queues = new Map<number, TaskRecord[]>();
  for (const task of tasks) {
    if (task.deviceId === null || task.queuePos === null) continue;
    const list = queues.get(task.deviceId) ?? [];
    list.push(task);
    queues.set(task.deviceId, list);
  }
  for (const list of queues.values()) list.sort((a, b) => a.queuePos! - b.queuePos! || a.id - b.id);
  return queues;
}

/** Calculate mode over the machine queues of `tasks` from minute `now`. */
export function calculateInstance(plant: Plant, tasks: TaskRecord[], now: number): BuiltInstance {
  const refused = new Map<number, string>();
  const queues = queuesOf(tasks);
  for (const [deviceId, list] of queues) {
    const machine = plant.machines.get(deviceId);
    for (const task of list) {
      if (!machine) refused.set(task.id, '机台已停用或不是生产设备');
      else if (!canRun(machine, task)) refused.set(task.id, '机台不能生产该工序');
    }
  }
  const { orders, taskOf, keyOf } = ordersOf(plant, tasks, () => true, () => undefined);
  const sequence: Record<string, [string, number][]> = {};
  const fixed: InstanceFixed[] = [];
  for (const [deviceId, list] of queues) {
    const machine = plant.machines.get(deviceId);
    if (!machine) continue;
    const keep = list.filter((task) => !refused.has(task.id));
    const head = keep[0];
    if (head && STARTED.includes(head.status)) {
      const start = firstWorkingMinute(machine, now);
      if (start !== null) {
        const [order, op] = keyOf.get(head.id)!;
        fixed.push({ order, op, machine: machineKey(deviceId), start: iso(start) });
      }
    }
    sequence[machineKey(deviceId)] = keep.map((task) => keyOf.get(task.id)!);
  }
  return { instance: { start: iso(now), machines: machinesOf(plant), orders, fixed, sequence }, taskOf, refused };
}

/**
 * Optimize mode: `plan0` (the calculated existing queues) fixed as it is, the `free` operations
 * placed by the optimizer (on their chosen machine when they have one).
 */
export function optimizeInstance(plant: Plant, tasks: TaskRecord[], now: number, plan0: PlanTimes, free: Set<number>): BuiltInstance {
  const { orders, taskOf, keyOf } = ordersOf(
    plant,
    tasks,
    (task) => free.has(task.id) || plan0.has(task.id),
    (task) => (free.has(task.id) && task.deviceId !== null && canRun(plant.machines.get(task.deviceId), task) ? [task.deviceId] : undefined),
  );
  const fixed: InstanceFixed[] = [];
  for (const [id, time] of plan0) {
    const [order, op] = keyOf.get(id)!;
    fixed.push({ order, op, machine: machineKey(time.deviceId), start: iso(time.start) });
  }
  return { instance: { start: iso(now), machines: machinesOf(plant), orders, fixed }, taskOf, refused: new Map() };
}

export interface TaskTime {
  deviceId: number;
  start: number;
  end: number;
  setupMinutes: number;
  runMinutes: number;
}
/** task id → its planned time. */
export type PlanTimes = Map<number, TaskTime>;

export interface ReadPlan {
  times: PlanTimes;
  /** task id → why it is not in the plan. */
  unscheduled: Map<number, string>;
}

/** The engine's plan back in task ids and epoch minutes. */
export function readPlan(built: BuiltInstance, plan: Plan): ReadPlan {
  const times: PlanTimes = new Map();
  for (const task of plan.tasks) {
    const id = built.taskOf.get(`${task.order}#${task.op}`)!;
    times.set(id, { deviceId: Number(task.machine.slice(1)), start: minuteOf(new Date(task.start)), end: minuteOf(new Date(task.end)), setupMinutes: task.setupMinutes, runMinutes: task.runMinutes });
  }
  const unscheduled = new Map<number, string>(built.refused);
  for (const item of plan.unscheduled) {
    const id = built.taskOf.get(`${item.order}#${item.op}`)!;
    if (!unscheduled.has(id)) unscheduled.set(id, item.reason);
  }
  return { times, unscheduled };
}
