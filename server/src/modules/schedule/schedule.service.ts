import { sql } from 'kysely';
import {
  ScheduleMessages as M,
  taskActionRefusal,
  isStartedStatus,
  type AssignMachineRequest,
  type MachineOption,
  type MachineSortRequest,
  type ManualScheduleRequest,
  type MoveTaskRequest,
  type ScheduledTaskListQuery,
  type ScheduleTask,
  type ScheduleTaskListQuery,
  type SortResult,
  type TaskAction,
  type UnfinishedHandle,
} from '@core/contracts/schedule';
import { ORDER_STATUS, SCHEDULE_STATE } from '@core/enums';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { conflict, notFound } from '../../lib/errors';
import { summary } from '../../lib/rows';
import { inScope } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';
import { moveOrder } from '../production-order';
import { scheduleSections } from '../sys-cfg';
import { bumpRevision } from './apply';
import { recalculateMachines } from './calc';
import { canRun } from './engine-input';
import { loadPlant, minuteOf } from './plant';
import { listTasks, schedulableStatuses, taskQuery, tasksByIds, type TaskListKind, type TaskRow } from './task-rows';

/** What an action needs of each selected task (locked for the action's transaction): its row as listed. */
type TaskFacts = Omit<TaskRow, 'plannedEnd'> & { plannedEnd: Date | null };

const ACTION_NAMES: Record<TaskAction, string> = {
  assignMachine: '分配机台',
  preSchedule: '预排产',
  cancelPre: '取消预排产',
  manualSchedule: '手动排产',
  autoSchedule: '自动排产',
  issue: '下发工单',
  cancel: '取消排产',
  urgent: '插单',
  sort: '调整机台顺序',
  carryOver: '未完工任务顺延',
  close: '关闭未完工任务',
  reschedule: '未完工任务重新排产',
  batchDelete: '删除撤销订单任务',
};

/** A job counts as running until it ends, or goes silent this long (a server that stopped mid-job). */
export const STALE_JOB_MS = 5 * 60_000;

export async function runningJob(db: Db, scope: Scope, at: Date): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('schedule_calc_job')
    .select('id')
    .where(inScope(scope))
    .where('state', '=', 1)
    .where('updated_at', '>', new Date(at.getTime() - STALE_JOB_MS))
    .executeTakeFirst();
}

/**
 * The schedule tabs' lists and every action on tasks of 纸箱排产. Each action runs in one
 * transaction: the selected tasks are locked and checked against the state gates (taskActionRefusal;
 * the first refusal is a 4009 naming the order and step, and nothing changes), the queues change,
 * the machines touched are recalculated at once (times of the tasks after a change move with it),
 * the orders' schedule and issue states follow, and the operation log gets one line.
 */
export class ScheduleService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  // ---- lists --------------------------------------------------------------------------------------

  async list(scope: Scope, kind: TaskListKind, query: ScheduleTaskListQuery) {
    const config = await scheduleSections(this.db, scope);
    return listTasks(this.db, scope, kind, query, { now: this.now(), statuses: schedulableStatuses(config.schedulableOrderStatuses) });
  }

  scheduled(scope: Scope, query: ScheduledTaskListQuery) {
    const { tab, ...rest } = query;
    return this.list(scope, tab === 'issued' ? 'issued' : 'notIssued', rest);
  }

  async unfinishedCount(scope: Scope): Promise<{ count: number }> {
    const row = await this.db
      .selectFrom('production_order_operation as op')
      .innerJoin('production_order as o', 'o.id', 'op.order_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(inScope(scope, 'op'))
      .where('o.revoked', '=', false)
      .where('op.queue_pos', 'is not', null)
      .where('op.status', '<>', 3)
      .where('op.planned_end', '<', this.now())
      .executeTakeFirstOrThrow();
    return { count: Number(row.n) };
  }

  /** Machines able to run every selected task's process, with their queues' length. */
  async machineOptions(scope: Scope, idsText: string): Promise<MachineOption[]> {
    const ids = [...new Set(idsText.split(',').map(Number))].slice(0, 1000);
    const tasks = await this.db.selectFrom('production_order_operation').select(['id', 'process_id']).where(inScope(scope)).where('id', 'in', ids).execute();
    if (tasks.length !== ids.length) throw notFound(M.notFound);
    const now = minuteOf(this.now());
    const plant = await loadPlant(this.db, scope, now, now);
    const queues = await this.db
      .selectFrom('production_order_operation')
      .select(['device_id', sql<number>`count(*)::int`.as('n'), sql<number>`coalesce(sum(setup_minutes + run_minutes), 0)::int`.as('minutes')])
      .where(inScope(scope))
      .where('queue_pos', 'is not', null)
      .where('status', '<>', 3)
      .groupBy('device_id')
      .execute();
    const load = new Map(queues.map((row) => [row.device_id, row]));
    return [...plant.machines.values()]
      .filter((machine) => tasks.every((task) => canRun(machine, { processId: task.process_id })))
      .map((machine) => ({
        id: machine.id,
        name: machine.name,
        deviceNo: machine.deviceNo,
        workshopName: machine.workshopName,
        speed: Math.min(...tasks.map((task) => machine.speeds.get(task.process_id!)!)),
        queueLength: Number(load.get(machine.id)?.n ?? 0),
        queueMinutes: Number(load.get(machine.id)?.minutes ?? 0),
      }));
  }

  // ---- the gates ------------------------------------------------------------------------------------

  /** The selected tasks of the factory, locked; 4004 when one is not the factory's, 4009 on the first refusal. */
  private async lockTasks(trx: Db, scope: Scope, ids: number[], action: TaskAction): Promise<TaskFacts[]> {
    if (await runningJob(trx, scope, this.now())) throw conflict(M.jobRunning);
    await sql`select id from production_order_operation where enterprise_id = ${scope.enterpriseId} and org_id = ${scope.orgId} and id in (${sql.join(ids)}) order by id for update`.execute(trx);
    const rows = await taskQuery(trx).where(inScope(scope, 'op')).where('op.id', 'in', ids).execute();
    if (rows.length !== ids.length) throw notFound(M.notFound);
    const byId = new Map(rows.map((row) => [row.id, { ...row, plannedEnd: row.plannedEnd ? new Date(row.plannedEnd) : null }]));
    const facts = ids.map((id) => byId.get(id)!);
    const now = this.now().getTime();
    for (const task of facts) {
      const refusal = taskActionRefusal(
        { ...task, plannedEnd: task.plannedEnd?.toISOString() ?? null },
        action,
        task.plannedEnd !== null && task.plannedEnd.getTime() < now,
      );
      if (refusal) throw conflict(M.taskIllegal(task.orderNo, task.processName, refusal));
    }
    return facts;
  }

  /** Orders whose steps may be scheduled: the factory's 可排产订单状态 (plus 3/4). */
  private async requireSchedulable(trx: Db, scope: Scope, tasks: TaskFacts[]): Promise<void> {
    const statuses = schedulableStatuses((await scheduleSections(trx, scope)).schedulableOrderStatuses);
    const refused = tasks.find((task) => !statuses.includes(task.orderStatus));
    if (refused) throw conflict(M.orderIllegal(refused.orderNo, `状态为「${ORDER_STATUS.label(refused.orderStatus)}」，不能排产`));
  }

  private async requireMachine(trx: Db, scope: Scope, deviceId: number, tasks: Array<Pick<TaskFacts, 'processId' | 'processName'>>) {
    const now = minuteOf(this.now());
    const plant = await loadPlant(trx, scope, now, now, [deviceId]);
    const machine = plant.machines.get(deviceId);
    if (!machine) {
      const device = await trx.selectFrom('device').select(['name', 'device_use']).where(inScope(scope)).where('id', '=', deviceId).executeTakeFirst();
      if (!device) throw notFound(M.deviceNotFound);
      throw conflict(M.deviceCannotRun(device.name, tasks[0]?.processName ?? ''));
    }
    const refused = tasks.find((task) => !canRun(machine, task));
    if (refused) throw conflict(M.deviceCannotRun(machine.name, refused.processName));
    return machine;
  }

  private async log(trx: Db, scope: Scope, context: OperationContext, action: TaskAction, tasks: TaskFacts[], extra = ''): Promise<void> {
    const labels = tasks.map((task) => `${task.orderNo}/${task.processName}`);
    await recordOperation(trx, context, { ...scope, content: `${ACTION_NAMES[action]}：${summary(labels)}${extra}` });
  }

  // ---- queues -------------------------------------------------------------------------------------

  /** The queued tasks of a machine (not ended) in queue order. */
  private async queueOf(trx: Db, scope: Scope, deviceId: number) {
    return trx
      .selectFrom('production_order_operation as op')
      .innerJoin('production_order as o', 'o.id', 'op.order_id')
      .select(['op.id', 'op.status', 'op.queue_pos as queuePos'])
      .where(inScope(scope, 'op'))
      .where('op.device_id', '=', deviceId)
      .where('op.queue_pos', 'is not', null)
      .where('op.status', '<>', 3)
      .where('o.revoked', '=', false)
      .orderBy('op.queue_pos')
      .orderBy('op.id')
      .execute();
  }

  /** Writes a machine's queue order (positions 1..n) and moves tasks onto it. */
  private async setQueue(trx: Db, scope: Scope, deviceId: number, ids: number[], taskType?: 2): Promise<void> {
    if (ids.length === 0) return;
    const rows = ids.map((id, index) => ({ id, pos: index + 1 }));
    await sql`
      update production_order_operation t set device_id = ${deviceId}, queue_pos = v.pos, updated_at = now()
        ${taskType ? sql`, task_type = case when t.status in (2, 6) then 4 else 2 end` : sql``}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id bigint, pos integer)
      where t.id = v.id and t.enterprise_id = ${scope.enterpriseId} and t.org_id = ${scope.orgId}`.execute(trx);
  }

  /** Appends tasks to the end of their machines' queues (in the order given), then recalculates them. */
  private async appendToQueues(trx: Db, scope: Scope, placements: Array<{ id: number; deviceId: number }>): Promise<Set<number>> {
    const byDevice = new Map<number, number[]>();
    for (const { id, deviceId } of placements) byDevice.set(deviceId, [...(byDevice.get(deviceId) ?? []), id]);
    for (const [deviceId, ids] of byDevice) {
      const moving = new Set(ids);
      const queue = (await this.queueOf(trx, scope, deviceId)).filter((task) => !moving.has(task.id));
      await this.setQueue(trx, scope, deviceId, [...queue.map((task) => task.id), ...ids], 2);
    }
    return new Set(byDevice.keys());
  }

  /** Takes tasks out of scheduling (back to 待排工序, keeping their chosen machine unless `dropDevice`). */
  private async unqueue(trx: Db, scope: Scope, ids: number[], options: { unissue?: boolean; dropDevice?: boolean } = {}): Promise<void> {
    await trx
      .updateTable('production_order_operation')
      .set((eb) => ({
        task_type: null,
        queue_pos: null,
        planned_start: null,
        planned_end: null,
        setup_minutes: 0,
        run_minutes: 0,
        unscheduled_reason: '',
        anew_time_flag: false,
        anew_time_reason: '',
        ...(options.dropDevice ? { device_id: null } : {}),
        ...(options.unissue
          ? { issued: false, status: eb.case().when('status', '=', 1).then(0).when('status', '=', 7).then(6).else(eb.ref('status')).end() }
          : {}),
        updated_at: new Date(),
      }))
      .where(inScope(scope))
      .where('id', 'in', ids)
      .execute();
  }

  private recalc(trx: Db, scope: Scope, deviceIds: Iterable<number | null>): Promise<number[]> {
    const devices = new Set([...deviceIds].filter((id): id is number => id !== null));
    return devices.size === 0 ? Promise.resolve([]) : recalculateMachines(trx, scope, this.now(), devices);
  }

  /**
   * The orders' schedule state (0 none, 1 partly, 2 all steps in queues or done; 3 暂不排产 kept
   * unless released), issue state (0/1/2; 3 挂起 kept) and status: 2 已下单 → 3 已部署 once a step is
   * scheduled, back to 2 when none is and nothing is issued.
   */
  async refreshOrders(trx: Db, scope: Scope, orderIds: Iterable<number>, context: OperationContext, options: { release?: boolean } = {}): Promise<void> {
    const ids = [...new Set(orderIds)];
    if (ids.length === 0) return;
    const rows = await trx
      .selectFrom('production_order as o')
      .select((eb) => [
        'o.id',
        'o.status',
        'o.schedule_state as scheduleState',
        'o.issue_state as issueState',
        'o.revoked',
        eb.selectFrom('production_order_operation as op').select(sql<number>`count(*)::int`.as('n')).whereRef('op.order_id', '=', 'o.id').as('total'),
        eb
          .selectFrom('production_order_operation as op')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('op.order_id', '=', 'o.id')
          .where((w) => w.or([w('op.issued', '=', true), w('op.task_type', 'in', [2, 4]), w('op.status', '=', 3)]))
          .as('scheduled'),
        eb.selectFrom('production_order_operation as op').select(sql<number>`count(*)::int`.as('n')).whereRef('op.order_id', '=', 'o.id').where('op.issued', '=', true).as('issued'),
      ])
      .where(inScope(scope, 'o'))
      .where('o.id', 'in', ids)
      .execute();
    for (const row of rows) {
      const total = Number(row.total);
      const scheduled = Number(row.scheduled);
      const issued = Number(row.issued);
      const level = (count: number) => (count === 0 ? 0 : count >= total ? 2 : 1);
      const scheduleState = row.scheduleState === 3 && !options.release ? 3 : row.scheduleState === 9 ? 9 : level(scheduled);
      const issueState = row.issueState === 3 ? 3 : level(issued);
      if (scheduleState !== row.scheduleState || issueState !== row.issueState) {
        await trx.updateTable('production_order').set({ schedule_state: scheduleState, issue_state: issueState, updated_at: new Date() }).where('id', '=', row.id).execute();
      }
      if (row.revoked) continue;
      const actor = { actor: { userId: scope.userId }, context };
      if (row.status === 2 && scheduled > 0) await moveOrder(trx, scope, row.id, 'schedule', actor);
      else if (row.status === 3 && scheduled === 0 && issued === 0) await moveOrder(trx, scope, row.id, 'unschedule', actor);
    }
  }

  private write<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // ---- actions --------------------------------------------------------------------------------------

  async assignMachine(scope: Scope, request: AssignMachineRequest, context: OperationContext): Promise<{ changed: number }> {
    return this.write(async (trx) => {
      const tasks = await this.lockTasks(trx, scope, request.ids, 'assignMachine');
      const machine = await this.requireMachine(trx, scope, request.deviceId, tasks);
      const queued = tasks.filter((task) => task.taskType === 2);
      const waiting = tasks.filter((task) => task.taskType !== 2);
      if (waiting.length > 0) {
        await trx.updateTable('production_order_operation').set({ device_id: machine.id, updated_at: new Date() }).where('id', 'in', waiting.map((task) => task.id)).execute();
        await bumpRevision(trx, scope);
      }
      if (queued.length > 0) {
        const moved = queued.filter((task) => task.deviceId !== machine.id);
        const targets = await this.appendToQueues(trx, scope, moved.map((task) => ({ id: task.id, deviceId: machine.id })));
        await this.recalc(trx, scope, [...targets, ...moved.map((task) => task.deviceId)]);
      }
      await this.log(trx, scope, context, 'assignMachine', tasks, `（${machine.name}）`);
      return { changed: tasks.length };
    });
  }

  async preSchedule(scope: Scope, ids: number[], context: OperationContext, cancel = false): Promise<{ changed: number }> {
    return this.write(async (trx) => {
      const action = cancel ? 'cancelPre' : 'preSchedule';
      const tasks = await this.lockTasks(trx, scope, ids, action);
      if (!cancel) await this.requireSchedulable(trx, scope, tasks);
      await trx.updateTable('production_order_operation').set({ task_type: cancel ? null : 1, updated_at: new Date() }).where('id', 'in', ids).execute();
      await this.log(trx, scope, context, action, tasks);
      return { changed: tasks.length };
    });
  }

  async manualSchedule(scope: Scope, request: ManualScheduleRequest, context: OperationContext): Promise<{ changed: number }> {
    return this.write(async (trx) => {
      const tasks = await this.lockTasks(trx, scope, request.ids, 'manualSchedule');
      await this.requireSchedulable(trx, scope, tasks);
      const placements: Array<{ id: number; deviceId: number }> = [];
      const byDevice = new Map<number, TaskFacts[]>();
      for (const task of tasks) {
        const deviceId = request.deviceId ?? task.deviceId;
        if (deviceId === null) throw conflict(M.noDevice(task.orderNo, task.processName));
        byDevice.set(deviceId, [...(byDevice.get(deviceId) ?? []), task]);
        placements.push({ id: task.id, deviceId });
      }
      for (const [deviceId, list] of byDevice) await this.requireMachine(trx, scope, deviceId, list);
      const devices = await this.appendToQueues(trx, scope, placements);
      await this.recalc(trx, scope, devices);
      await this.refreshOrders(trx, scope, tasks.map((task) => task.orderId), context);
      await this.log(trx, scope, context, 'manualSchedule', tasks);
      return { changed: tasks.length };
    });
  }

  /**
   * 自动排产's gates, before its job starts: the tasks may be scheduled, and each one's earlier
   * unfinished steps are selected too or already in a queue (the optimizer places a step after
   * the one before it).
   */
  async checkAutoSchedule(scope: Scope, ids: number[]): Promise<void> {
    await this.write(async (trx) => {
      const tasks = await this.lockTasks(trx, scope, ids, 'autoSchedule');
      await this.requireSchedulable(trx, scope, tasks);
      const selected = new Set(ids);
      const earlier = await trx
        .selectFrom('production_order_operation')
        .select(['id', 'order_id', 'seq', 'process_name', 'queue_pos'])
        .where(inScope(scope))
        .where('order_id', 'in', [...new Set(tasks.map((task) => task.orderId))])
        .where('status', '<>', 3)
        .execute();
      for (const task of tasks) {
        const missing = earlier.find((step) => step.order_id === task.orderId && step.seq < task.seq && !selected.has(step.id) && step.queue_pos === null);
        if (missing) throw conflict(M.taskIllegal(task.orderNo, task.processName, `的前道工序「${missing.process_name}」未排产，请一并选择`));
      }
    });
  }

  async issue(scope: Scope, ids: number[], context: OperationContext): Promise<{ changed: number }> {
    return this.write(async (trx) => {
      const tasks = await this.lockTasks(trx, scope, ids, 'issue');
      await trx
        .updateTable('production_order_operation')
        .set((eb) => ({ issued: true, status: eb.case().when('status', '=', 0).then(1).when('status', '=', 6).then(7).else(eb.ref('status')).end(), updated_at: new Date() }))
        .where('id', 'in', ids)
        .execute();
      const orders = [...new Set(tasks.map((task) => task.orderId))];
      for (const orderId of orders) {
        const note = summary(tasks.filter((task) => task.orderId === orderId).map((task) => task.processName));
        await moveOrder(trx, scope, orderId, 'issue', { actor: { userId: scope.userId }, context, note });
      }
      await this.refreshOrders(trx, scope, orders, context);
      await bumpRevision(trx, scope);
      await this.log(trx, scope, context, 'issue', tasks);
      return { changed: tasks.length };
    });
  }

  async cancel(scope: Scope, ids: number[], context: OperationContext): Promise<{ changed: number }> {
    return this.write(async (trx) => {
      const tasks = await this.lockTasks(trx, scope, ids, 'cancel');
      await this.unqueue(trx, scope, ids);
      await this.recalc(trx, scope, tasks.map((task) => task.deviceId));
      await this.refreshOrders(trx, scope, tasks.map((task) => task.orderId), context);
      await this.log(trx, scope, context, 'cancel', tasks);
      return { changed: tasks.length };
    });
  }

  /** 插单: each task to the head of its machine's queue, after the tasks already started. */
  async urgent(scope: Scope, ids: number[], context: OperationContext): Promise<{ changed: number }> {
    return this.write(async (trx) => {
      const tasks = await this.lockTasks(trx, scope, ids, 'urgent');
      const devices = new Set(tasks.map((task) => task.deviceId!));
      for (const deviceId of devices) {
        const urgent = tasks.filter((task) => task.deviceId === deviceId).map((task) => task.id);
        const picked = new Set(urgent);
        const queue = await this.queueOf(trx, scope, deviceId);
        const started = queue.filter((task) => isStartedStatus(task.status)).map((task) => task.id);
        const rest = queue.filter((task) => !isStartedStatus(task.status) && !picked.has(task.id)).map((task) => task.id);
        await this.setQueue(trx, scope, deviceId, [...started, ...urgent, ...rest]);
      }
      await this.recalc(trx, scope, devices);
      await this.log(trx, scope, context, 'urgent', tasks);
      return { changed: tasks.length };
    });
  }

  /** Gantt drag (v3 schedule/manual_sort): one task to a machine, before another task or last. */
  async moveTask(scope: Scope, request: MoveTaskRequest, context: OperationContext): Promise<SortResult> {
    const started = Date.now();
    const changed = await this.write(async (trx) => {
      const [task] = await this.lockTasks(trx, scope, [request.id], 'sort');
      const machine = await this.requireMachine(trx, scope, request.deviceId, [task!]);
      const queue = (await this.queueOf(trx, scope, machine.id)).filter((item) => item.id !== task!.id);
      let index = queue.length;
      if (request.beforeId !== undefined && request.beforeId !== null) {
        index = queue.findIndex((item) => item.id === request.beforeId);
        if (index < 0) throw conflict('目标位置不在该机台的队列中，请刷新后重试');
        if (isStartedStatus(queue[index]!.status)) throw conflict('不能排在已开始生产的任务之前');
      }
      const ids = queue.map((item) => item.id);
      ids.splice(index, 0, task!.id);
      await this.setQueue(trx, scope, machine.id, ids);
      const written = await this.recalc(trx, scope, [machine.id, task!.deviceId]);
      await this.log(trx, scope, context, 'sort', [task!], `（${machine.name} 第${index + 1}位）`);
      return written;
    });
    return this.sortResult(scope, changed, started);
  }

  /** 机台排程 drag (v2 machine_schedule/manual_sort): the machine's not-started queue in its new order. */
  async machineSort(scope: Scope, request: MachineSortRequest, context: OperationContext): Promise<SortResult> {
    const started = Date.now();
    const changed = await this.write(async (trx) => {
      const tasks = await this.lockTasks(trx, scope, request.ids, 'sort');
      const machine = await this.requireMachine(trx, scope, request.deviceId, tasks);
      const queue = await this.queueOf(trx, scope, machine.id);
      const listed = new Set(request.ids);
      const missing = queue.filter((item) => !isStartedStatus(item.status) && !listed.has(item.id));
      if (missing.length > 0) throw conflict('机台队列已变化，请刷新后重试');
      const head = queue.filter((item) => isStartedStatus(item.status)).map((item) => item.id);
      await this.setQueue(trx, scope, machine.id, [...head, ...request.ids]);
      const written = await this.recalc(trx, scope, [machine.id, ...tasks.map((task) => task.deviceId)]);
      const incoming = tasks.filter((task) => task.deviceId !== machine.id);
      await this.log(trx, scope, context, 'sort', tasks.slice(0, 1), `（${machine.name}，${request.ids.length}项${incoming.length > 0 ? `，移入${incoming.length}项` : ''}）`);
      return written;
    });
    return this.sortResult(scope, changed, started);
  }

  private async sortResult(scope: Scope, ids: number[], started: number): Promise<SortResult> {
    const changed = await tasksByIds(this.db, scope, ids);
    return { changed, deviceIds: [...new Set(changed.map((task) => task.deviceId!))], elapsedMs: Date.now() - started };
  }

  async unfinishedHandle(scope: Scope, ids: number[], handle: UnfinishedHandle, context: OperationContext): Promise<{ changed: number }> {
    return this.write(async (trx) => {
      const tasks = await this.lockTasks(trx, scope, ids, handle);
      if (handle === 'close') {
        await trx.updateTable('production_order_operation').set({ status: 3, queue_pos: null, anew_time_flag: false, anew_time_reason: '', updated_at: new Date() }).where('id', 'in', ids).execute();
      } else if (handle === 'reschedule') {
        await this.unqueue(trx, scope, ids, { unissue: true });
      }
      await this.recalc(trx, scope, tasks.map((task) => task.deviceId));
      if (handle !== 'carryOver') await this.refreshOrders(trx, scope, tasks.map((task) => task.orderId), context);
      await this.log(trx, scope, context, handle, tasks);
      return { changed: tasks.length };
    });
  }

  /** Tasks of revoked orders out of the schedule (the operations stay with their order in the bin). */
  async batchDelete(scope: Scope, ids: number[], context: OperationContext): Promise<{ changed: number }> {
    return this.write(async (trx) => {
      const tasks = await this.lockTasks(trx, scope, ids, 'batchDelete');
      await this.unqueue(trx, scope, ids, { unissue: true, dropDevice: true });
      await this.recalc(trx, scope, tasks.map((task) => task.deviceId));
      await this.refreshOrders(trx, scope, tasks.map((task) => task.orderId), context);
      await this.log(trx, scope, context, 'batchDelete', tasks);
      return { changed: tasks.length };
    });
  }

  async cancelAnewTimeFlag(scope: Scope, ids: number[] | undefined, context: OperationContext): Promise<{ changed: number }> {
    return this.write(async (trx) => {
      let query = trx.updateTable('production_order_operation').set({ anew_time_flag: false, anew_time_reason: '', updated_at: new Date() }).where(inScope(scope)).where('anew_time_flag', '=', true);
      if (ids) {
        const found = await trx.selectFrom('production_order_operation').select('id').where(inScope(scope)).where('id', 'in', ids).execute();
        if (found.length !== ids.length) throw notFound(M.notFound);
        query = query.where('id', 'in', ids);
      }
      const result = await query.executeTakeFirst();
      const changed = Number(result.numUpdatedRows);
      await recordOperation(trx, context, { ...scope, content: `取消排程时间待重算标记：${changed}项` });
      return { changed };
    });
  }

  /** 暂不排产 (schedule state 0/1 → 3) or 恢复排产 (3 → as its steps say) of whole orders. */
  async holdOrders(scope: Scope, ids: number[], release: boolean, note: string | undefined, context: OperationContext): Promise<{ changed: number }> {
    return this.write(async (trx) => {
      const orders = await trx.selectFrom('production_order').select(['id', 'order_no', 'schedule_state', 'revoked']).where(inScope(scope)).where('id', 'in', ids).forUpdate().execute();
      if (orders.length !== ids.length) throw notFound('订单不存在或不属于当前工厂');
      const name = release ? '恢复排产' : SCHEDULE_STATE.label(3);
      for (const order of orders) {
        if (order.revoked) throw conflict(M.orderIllegal(order.order_no, `已撤销（在回收站中），不能${name}`));
        const legal = release ? order.schedule_state === 3 : order.schedule_state === 0 || order.schedule_state === 1;
        if (!legal) throw conflict(M.orderIllegal(order.order_no, `排产状态为「${SCHEDULE_STATE.label(order.schedule_state)}」，不能${name}`));
      }
      if (release) await this.refreshOrders(trx, scope, ids, context, { release: true });
      else await trx.updateTable('production_order').set({ schedule_state: 3, updated_at: new Date() }).where('id', 'in', ids).execute();
      const text = note?.trim() ? `（${note.trim()}）` : '';
      await recordOperation(trx, context, { ...scope, content: `${name}：${summary(orders.map((order) => order.order_no))}${text}` });
      return { changed: orders.length };
    });
  }

  /** One task as listed (after an action, for tests and the screens). */
  async task(scope: Scope, id: number): Promise<ScheduleTask> {
    const [task] = await tasksByIds(this.db, scope, [id]);
    if (!task) throw notFound(M.notFound);
    return task;
  }
}
