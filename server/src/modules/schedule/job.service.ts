import { CALC_JOB_PHASE, CalcJobState, ScheduleMessages as M, type AutoScheduleRequest, type CalcJob, type CalcJobKind } from '@core/contracts/schedule';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import type { Plan } from '../../domain/schedule';
import { formatDateTime } from '../../lib/datetime';
import { conflict, notFound } from '../../lib/errors';
import { inScope } from '../../lib/scoped';
import { guardUnique } from '../../lib/unique';
import type { Scope } from '../../plugins/auth';
import { calculatedWrites, changedOnly, currentRevision, bumpRevision, timedWrite, writeTasks, type TaskWrite } from './apply';
import { prepare, type Prepared } from './calc';
import { calculateInstance, dueMinute, optimizeInstance, readPlan, type BuiltInstance, type ReadPlan } from './engine-input';
import { EngineAborted, runEngine } from './engine-runner';
import { dateOfMinute } from './plant';
import { STALE_JOB_MS, type ScheduleService } from './schedule.service';

type JobRow = {
  id: number;
  kind: string;
  state: number;
  progress: number;
  phase: string;
  task_count: number;
  scheduled_count: number;
  unscheduled_count: number;
  late_orders: number;
  setup_minutes: number;
  makespan: Date | null;
  message: string;
  started_by_name: string;
  created_at: Date;
  ended_at: Date | null;
};

function toJob(row: JobRow): CalcJob {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    progress: row.progress,
    phase: CALC_JOB_PHASE.label(row.phase),
    taskCount: row.task_count,
    scheduledCount: row.scheduled_count,
    unscheduledCount: row.unscheduled_count,
    lateOrders: row.late_orders,
    setupMinutes: row.setup_minutes,
    makespan: row.makespan ? formatDateTime(new Date(row.makespan)) : null,
    message: row.message,
    startedBy: row.started_by_name,
    startTime: formatDateTime(new Date(row.created_at)),
    endTime: row.ended_at ? formatDateTime(new Date(row.ended_at)) : '',
  };
}

const JOB_COLUMNS = [
  'id',
  'kind',
  'state',
  'progress',
  'phase',
  'task_count',
  'scheduled_count',
  'unscheduled_count',
  'late_orders',
  'setup_minutes',
  'makespan',
  'message',
  'started_by_name',
  'created_at',
  'ended_at',
] as const;

/** Default search budget of 自动排产, seconds. */
export const DEFAULT_BUDGET_SECONDS = 5;

/** How an engine run is made: in a worker thread (the server), or inline (tests may pass their own). */
export type EngineRun = (built: BuiltInstance, budgetMs: number | undefined, signal: AbortSignal) => Promise<Plan>;
export const workerEngine: EngineRun = (built, budgetMs, signal) => runEngine(built.instance, budgetMs === undefined ? {} : { budgetMs }, signal);

/**
 * The background calculation of a factory (spec: start calculate time; 自动排产 the same way): one
 * running job per factory (the database's partial unique index refuses a second: 4009 jobRunning),
 * progress in its row, abort by cancel_calculate_time. The engine runs in a worker thread; the
 * result is written in one transaction that first re-reads the job (aborted: nothing is written)
 * and the factory's queue revision (changed meanwhile: nothing is written, the job fails with why).
 */
export class CalcJobService {
  private readonly running = new Map<number, AbortController>();
  /** Settles when a job's background run has finished (tests and shutdown wait on it). */
  readonly done = new Map<number, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly schedules: ScheduleService,
    private readonly engine: EngineRun = workerEngine,
  ) {}

  async progress(scope: Scope): Promise<CalcJob | null> {
    const row = await this.db.selectFrom('schedule_calc_job').select(JOB_COLUMNS).where(inScope(scope)).orderBy('state').orderBy('id', 'desc').limit(1).executeTakeFirst();
    // state 1 (running) sorts first; otherwise the latest job.
    if (!row) return null;
    if (row.state === CalcJobState.running) return toJob(row);
    const latest = await this.db.selectFrom('schedule_calc_job').select(JOB_COLUMNS).where(inScope(scope)).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    return toJob(latest);
  }

  startCalculate(scope: Scope, context: OperationContext): Promise<CalcJob> {
    return this.start(scope, 'calculate', [], 0, context);
  }

  async startOptimize(scope: Scope, request: AutoScheduleRequest, context: OperationContext): Promise<CalcJob> {
    await this.schedules.checkAutoSchedule(scope, request.ids);
    return this.start(scope, 'optimize', request.ids, request.budgetSeconds ?? DEFAULT_BUDGET_SECONDS, context);
  }

  private async start(scope: Scope, kind: CalcJobKind, taskIds: number[], budgetSeconds: number, context: OperationContext): Promise<CalcJob> {
    const at = this.now();
    const row = await guardUnique(() => this.db.transaction().execute(async (trx) => {
      // A job that went silent (its server stopped) no longer blocks the factory.
      await trx
        .updateTable('schedule_calc_job')
        .set({ state: CalcJobState.failed, message: '计算中断（服务已重启），排程未作修改', ended_at: at, updated_at: at })
        .where(inScope(scope))
        .where('state', '=', CalcJobState.running)
        .where('updated_at', '<=', new Date(at.getTime() - STALE_JOB_MS))
        .execute();
      const user = await trx.selectFrom('app_user').select(['nick_name', 'username']).where('id', '=', scope.userId).executeTakeFirst();
      const inserted = await trx
          .insertInto('schedule_calc_job')
          .values({
            enterprise_id: scope.enterpriseId,
            org_id: scope.orgId,
            kind,
            task_ids: JSON.stringify(taskIds),
            budget_seconds: budgetSeconds,
            started_by: scope.userId,
            started_by_name: user ? user.nick_name || user.username : '',
            created_at: at,
            updated_at: at,
          })
          .returning(JOB_COLUMNS)
          .executeTakeFirstOrThrow();
      await recordOperation(trx, context, { ...scope, content: kind === 'calculate' ? '开始计算排程时间' : `开始自动排产：${taskIds.length}项` });
      return inserted;
    }), { schedule_calc_job_running_uq: M.jobRunning });
    const controller = new AbortController();
    this.running.set(row.id, controller);
    const done = this.execute(scope, row.id, kind, taskIds, budgetSeconds, controller.signal).finally(() => {
      this.running.delete(row.id);
      this.done.delete(row.id);
    });
    this.done.set(row.id, done);
    return toJob(row);
  }

  async cancel(scope: Scope, id: number | undefined, context: OperationContext): Promise<void> {
    const at = this.now();
    const aborted = await this.db.transaction().execute(async (trx) => {
      let query = trx
        .updateTable('schedule_calc_job')
        .set({ state: CalcJobState.aborted, message: M.abortedByUser, ended_at: at, updated_at: at })
        .where(inScope(scope))
        .where('state', '=', CalcJobState.running);
      if (id !== undefined) query = query.where('id', '=', id);
      const row = await query.returning('id').executeTakeFirst();
      if (!row) {
        if (id === undefined) throw conflict(M.noRunningJob);
        const exists = await trx.selectFrom('schedule_calc_job').select('id').where(inScope(scope)).where('id', '=', id).executeTakeFirst();
        throw exists ? conflict(M.jobNotRunning) : notFound('排程计算不存在');
      }
      await recordOperation(trx, context, { ...scope, content: '中止排程时间计算' });
      return row.id;
    });
    this.running.get(aborted)?.abort();
  }

  private async setProgress(id: number, progress: number, phase: string): Promise<void> {
    await this.db.updateTable('schedule_calc_job').set({ progress, phase, updated_at: this.now() }).where('id', '=', id).where('state', '=', CalcJobState.running).execute();
  }

  private async fail(id: number, message: string): Promise<void> {
    const at = this.now();
    await this.db
      .updateTable('schedule_calc_job')
      .set({ state: CalcJobState.failed, message, phase: 'end', ended_at: at, updated_at: at })
      .where('id', '=', id)
      .where('state', '=', CalcJobState.running)
      .execute();
  }

  private async execute(scope: Scope, id: number, kind: CalcJobKind, taskIds: number[], budgetSeconds: number, signal: AbortSignal): Promise<void> {
    try {
      const revision = await currentRevision(this.db, scope);
      const prepared = await prepare(this.db, scope, this.now(), taskIds);
      await this.setProgress(id, 15, 'solve');
      const built0 = calculateInstance(prepared.plant, prepared.tasks, prepared.now);
      const plan0 = readPlan(built0, await this.engine(built0, undefined, signal));
      let result: { plan: ReadPlan; raw?: Plan } = { plan: plan0 };
      if (kind === 'optimize') {
        await this.setProgress(id, 30, 'solve');
        const built = optimizeInstance(prepared.plant, prepared.tasks, prepared.now, plan0.times, new Set(taskIds));
        const tickStart = Date.now();
        const ticker = setInterval(() => {
          void this.setProgress(id, 30 + Math.min(55, Math.round((55 * (Date.now() - tickStart)) / (budgetSeconds * 1000))), 'solve').catch(() => {});
        }, 1000);
        try {
          const raw = await this.engine(built, budgetSeconds * 1000, signal);
          result = { plan: readPlan(built, raw), raw };
        } finally {
          clearInterval(ticker);
        }
      }
      await this.setProgress(id, 90, 'write');
      await this.writeResult(scope, id, kind, revision, prepared, plan0, result.plan, new Set(taskIds));
    } catch (error) {
      if (error instanceof EngineAborted) return;
      const text = error instanceof Error ? error.message : String(error);
      await this.fail(id, `排程计算失败：${text}`).catch(() => {});
    }
  }

  private async writeResult(scope: Scope, id: number, kind: CalcJobKind, revision: number, prepared: Prepared, plan0: ReadPlan, plan: ReadPlan, free: Set<number>): Promise<void> {
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      const job = await trx.selectFrom('schedule_calc_job').select('state').where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
      if (job.state !== CalcJobState.running) return; // aborted meanwhile: nothing is written
      if ((await currentRevision(trx, scope, true)) !== revision) {
        await trx
          .updateTable('schedule_calc_job')
          .set({ state: CalcJobState.failed, phase: 'end', message: '计算期间排程已被修改，结果未写入，请重新计算', ended_at: at, updated_at: at })
          .where('id', '=', id)
          .execute();
        return;
      }
      const writes: TaskWrite[] = calculatedWrites(prepared.tasks, plan0, 'all');
      let scheduledOrders: number[] = [];
      if (kind === 'optimize') {
        // Each machine's queue keeps its order; a placed task goes before the first queued task that starts after it.
        const tasks = new Map(prepared.tasks.map((task) => [task.id, task]));
        const placed = new Map<number, Array<{ id: number; start: number }>>();
        for (const taskId of free) {
          const time = plan.times.get(taskId);
          if (time) placed.set(time.deviceId, [...(placed.get(time.deviceId) ?? []), { id: taskId, start: time.start }]);
        }
        const queued = new Map<number, TaskWrite[]>();
        for (const write of writes) queued.set(write.deviceId!, [...(queued.get(write.deviceId!) ?? []), write]);
        for (const [deviceId, incoming] of placed) {
          incoming.sort((a, b) => a.start - b.start);
          const merged: Array<TaskWrite | { id: number; start: number }> = [];
          let next = 0;
          for (const write of queued.get(deviceId) ?? []) {
            while (write.start && next < incoming.length && incoming[next]!.start * 60_000 < write.start.getTime()) merged.push(incoming[next++]!);
            merged.push(write);
          }
          merged.push(...incoming.slice(next));
          merged.forEach((item, index) => {
            if ('queuePos' in item) item.queuePos = index + 1;
            else writes.push(timedWrite(tasks.get(item.id)!, deviceId, index + 1, plan.times, ''));
          });
        }
        scheduledOrders = [...new Set([...free].filter((taskId) => plan.times.has(taskId)).map((taskId) => tasks.get(taskId)!.orderId))];
      }
      await writeTasks(trx, scope, changedOnly(writes, prepared.tasks));
      if (kind === 'calculate') {
        // Every queued task has fresh times: the wrong-time list is empty again.
        await trx.updateTable('production_order_operation').set({ anew_time_flag: false, anew_time_reason: '' }).where(inScope(scope)).where('anew_time_flag', '=', true).execute();
      }
      if (scheduledOrders.length > 0) {
        const context = { path: '/dps-server/v3/report_task/schedule/auto', source: 1, system: 12 };
        await this.schedules.refreshOrders(trx, scope, scheduledOrders, context);
      }
      await bumpRevision(trx, scope);
      const final = kind === 'optimize' ? plan : plan0;
      const freeLeft = kind === 'optimize' ? [...free].filter((taskId) => !plan.times.has(taskId)).length : 0;
      const ends = [...final.times.values()].map((time) => time.end);
      const lateOrders = new Set(
        prepared.tasks.filter((task) => (final.times.get(task.id)?.end ?? 0) >= dueMinute(task.deliveryDate)).map((task) => task.orderId),
      );
      await trx
        .updateTable('schedule_calc_job')
        .set({
          state: CalcJobState.done,
          progress: 100,
          phase: 'end',
          task_count: writes.length,
          scheduled_count: [...writes].filter((write) => write.start !== null).length,
          unscheduled_count: writes.filter((write) => write.start === null).length + freeLeft,
          late_orders: lateOrders.size,
          setup_minutes: [...final.times.values()].reduce((sum, time) => sum + time.setupMinutes, 0),
          makespan: ends.length > 0 ? dateOfMinute(Math.max(...ends)) : null,
          message: kind === 'optimize' && freeLeft > 0 ? `${freeLeft}项未能排入机台日历` : '',
          ended_at: at,
          updated_at: at,
        })
        .where('id', '=', id)
        .execute();
    });
  }

  /** Waits for every background run of this process (server close). */
  async settle(): Promise<void> {
    const ids = [...this.running.keys()];
    for (const controller of this.running.values()) controller.abort();
    await Promise.allSettled([...this.done.values()]);
    for (const id of ids) await this.fail(id, '计算中断（服务已停止），排程未作修改').catch(() => {});
  }
}

