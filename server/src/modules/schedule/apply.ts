import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Scope } from '../../plugins/auth';
import { dateOfMinute } from './plant';
import { queuesOf, STARTED, type PlanTimes, type ReadPlan, type TaskRecord } from './engine-input';

/** One task's scheduling columns as a calculation leaves them. */
export interface TaskWrite {
  id: number;
  deviceId: number | null;
  queuePos: number | null;
  start: Date | null;
  end: Date | null;
  setupMinutes: number;
  runMinutes: number;
  unscheduledReason: string;
  taskType: number | null;
  /** Fresh times: the wrong-time flag goes. */
  clearFlag: boolean;
}

const CHUNK = 2000;

/** Writes the rows in a few statements (a JSON recordset joined on id), only rows of `scope`. */
export async function writeTasks(db: Db, scope: Pick<Scope, 'enterpriseId' | 'orgId'>, rows: TaskWrite[]): Promise<void> {
  for (let index = 0; index < rows.length; index += CHUNK) {
    const chunk = rows.slice(index, index + CHUNK).map((row) => ({
      id: row.id,
      device_id: row.deviceId,
      queue_pos: row.queuePos,
      planned_start: row.start?.toISOString() ?? null,
      planned_end: row.end?.toISOString() ?? null,
      setup_minutes: row.setupMinutes,
      run_minutes: row.runMinutes,
      unscheduled_reason: row.unscheduledReason,
      task_type: row.taskType,
      clear_flag: row.clearFlag,
    }));
    await sql`
      update production_order_operation t
      set device_id = v.device_id, queue_pos = v.queue_pos, planned_start = v.planned_start, planned_end = v.planned_end,
          setup_minutes = v.setup_minutes, run_minutes = v.run_minutes, unscheduled_reason = v.unscheduled_reason, task_type = v.task_type,
          anew_time_flag = case when v.clear_flag then false else t.anew_time_flag end,
          anew_time_reason = case when v.clear_flag then '' else t.anew_time_reason end,
          updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as v(id bigint, device_id bigint, queue_pos integer, planned_start timestamptz, planned_end timestamptz,
        setup_minutes integer, run_minutes integer, unscheduled_reason text, task_type smallint, clear_flag boolean)
      where t.id = v.id and t.enterprise_id = ${scope.enterpriseId} and t.org_id = ${scope.orgId}`.execute(db);
  }
}

/** The writes that change something (a recalculation leaves most tasks where they were). */
export function changedOnly(writes: TaskWrite[], tasks: TaskRecord[]): TaskWrite[] {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const same = (a: Date | null, b: Date | null) => (a === null ? b === null : b !== null && a.getTime() === b.getTime());
  return writes.filter((write) => {
    const task = byId.get(write.id);
    return (
      !task ||
      task.deviceId !== write.deviceId ||
      task.queuePos !== write.queuePos ||
      !same(task.plannedStart, write.start) ||
      !same(task.plannedEnd, write.end) ||
      task.setupMinutes !== write.setupMinutes ||
      task.runMinutes !== write.runMinutes ||
      task.unscheduledReason !== write.unscheduledReason ||
      task.taskType !== write.taskType ||
      (write.clearFlag && task.anewTimeFlag)
    );
  });
}

/** The task type a queued task has: 4 生产中 once started, else 2 已排产. */
export const queuedTaskType = (task: Pick<TaskRecord, 'status'>) => (STARTED.includes(task.status) ? 4 : 2);

/**
 * The writes a calculation makes for the queued tasks of `deviceIds` ('all': every machine): queue
 * positions 1..n in queue order, the plan's times (a started task keeps its actual start), or none
 * with the reason it was left out.
 */
export function calculatedWrites(tasks: TaskRecord[], plan: ReadPlan, deviceIds: Set<number> | 'all'): TaskWrite[] {
  const writes: TaskWrite[] = [];
  for (const [deviceId, queue] of queuesOf(tasks)) {
    if (deviceIds !== 'all' && !deviceIds.has(deviceId)) continue;
    queue.forEach((task, index) => writes.push(timedWrite(task, deviceId, index + 1, plan.times, plan.unscheduled.get(task.id) ?? '')));
  }
  return writes;
}

export function timedWrite(task: TaskRecord, deviceId: number, queuePos: number, times: PlanTimes, reason: string): TaskWrite {
  const time = times.get(task.id);
  const keepStart = STARTED.includes(task.status) && task.plannedStart !== null && time !== undefined && task.plannedStart.getTime() < time.start * 60_000;
  return {
    id: task.id,
    deviceId,
    queuePos,
    start: time ? (keepStart ? task.plannedStart : dateOfMinute(time.start)) : null,
    end: time ? dateOfMinute(time.end) : null,
    setupMinutes: time?.setupMinutes ?? 0,
    runMinutes: time?.runMinutes ?? 0,
    unscheduledReason: time ? '' : reason || '未排入机台队列',
    taskType: queuedTaskType(task),
    clearFlag: true,
  };
}

/** Bumps and returns the factory's queue revision (inside the write's transaction). */
export async function bumpRevision(db: Db, scope: Pick<Scope, 'enterpriseId' | 'orgId'>): Promise<number> {
  const row = await sql<{ rev: string }>`
    insert into schedule_revision (enterprise_id, org_id, rev) values (${scope.enterpriseId}, ${scope.orgId}, 1)
    on conflict (enterprise_id, org_id) do update set rev = schedule_revision.rev + 1
    returning rev`.execute(db);
  return Number(row.rows[0]!.rev);
}

export async function currentRevision(db: Db, scope: Pick<Scope, 'enterpriseId' | 'orgId'>, lock = false): Promise<number> {
  const row = await sql<{ rev: string }>`select rev from schedule_revision where enterprise_id = ${scope.enterpriseId} and org_id = ${scope.orgId} ${lock ? sql`for update` : sql``}`.execute(db);
  return Number(row.rows[0]?.rev ?? 0);
}
