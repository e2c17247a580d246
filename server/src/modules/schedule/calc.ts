import { sql } from 'kysely';
import type { Db } from '../../db';
import { InstanceError, schedule, type OptimizeOptions, type Plan } from '../../domain/schedule';
import { conflict } from '../../lib/errors';
import type { Scope } from '../../plugins/auth';
import { bumpRevision, calculatedWrites, changedOnly, writeTasks } from './apply';
import { calculateInstance, dueMinute, loadTasks, readPlan, type BuiltInstance, type ReadPlan, type TaskRecord } from './engine-input';
import { loadPlant, minuteOf, type Plant } from './plant';

const DAY = 1440;

/** The first whole minute at or after `date`. */
export const ceilMinute = (date: Date): number => Math.ceil(date.getTime() / 60_000);

/** How far the windows reach: 60 days, or 30 days past the latest delivery date (at most a year). */
export function horizonEnd(now: number, tasks: TaskRecord[]): number {
  let latest = now;
  for (const task of tasks) latest = Math.max(latest, dueMinute(task.deliveryDate));
  return Math.min(now + 366 * DAY, Math.max(now + 60 * DAY, latest + 30 * DAY));
}

export interface Prepared {
  now: number;
  tasks: TaskRecord[];
  plant: Plant;
}

/** Reads what a calculation needs (unfinished operations of queued orders and `extraIds`, the plant over the horizon). */
export async function prepare(db: Db, scope: Scope, at: Date, extraIds: number[] = []): Promise<Prepared> {
  const now = ceilMinute(at);
  const tasks = await loadTasks(db, scope, extraIds);
  const plant = await loadPlant(db, scope, now, horizonEnd(now, tasks));
  return { now, tasks, plant };
}

/** Runs the engine here (short calculations); a bad instance is a 4009 naming the place. */
export function runHere(built: BuiltInstance, options: OptimizeOptions = {}): Plan {
  try {
    return schedule(built.instance, options);
  } catch (error) {
    if (error instanceof InstanceError) throw conflict(`排程数据有误：${error.message}`);
    throw error;
  }
}

export function calculateHere(prepared: Prepared): ReadPlan {
  const built = calculateInstance(prepared.plant, prepared.tasks, prepared.now);
  return readPlan(built, runHere(built));
}

/**
 * Recalculates the factory's queues and writes the times of the tasks on `deviceIds` (their queue
 * places renumbered 1..n, wrong-time flags cleared). Tasks on other machines whose stored times the
 * change made wrong are flagged (机台队列已调整) for the next calculation. Returns the ids of the
 * tasks whose machine, place or times changed.
 */
export async function recalculateMachines(trx: Db, scope: Scope, at: Date, deviceIds: Set<number>): Promise<number[]> {
  const prepared = await prepare(trx, scope, at);
  const plan = calculateHere(prepared);
  const writes = changedOnly(calculatedWrites(prepared.tasks, plan, deviceIds), prepared.tasks);
  await writeTasks(trx, scope, writes);
  const stale = prepared.tasks.filter((task) => {
    if (task.queuePos === null || task.deviceId === null || deviceIds.has(task.deviceId) || task.anewTimeFlag) return false;
    const time = plan.times.get(task.id);
    const start = task.plannedStart ? minuteOf(task.plannedStart) : null;
    const end = task.plannedEnd ? minuteOf(task.plannedEnd) : null;
    if (!time) return end !== null;
    return end !== time.end || (start !== time.start && !(task.status === 2 || task.status === 6));
  });
  if (stale.length > 0) {
    await sql`update production_order_operation set anew_time_flag = true, anew_time_reason = '机台队列已调整', updated_at = now()
      where enterprise_id = ${scope.enterpriseId} and org_id = ${scope.orgId} and id in (${sql.join(stale.map((task) => task.id))})`.execute(trx);
  }
  await bumpRevision(trx, scope);
  return writes.map((write) => write.id);
}
