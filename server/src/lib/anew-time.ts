import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db';
import type { Scope } from '../plugins/auth';

/**
 * Wrong-time flags of carton scheduling (anew_time_flag, issue 12): when a change makes the stored
 * planned times of queued tasks wrong, the services that make the change flag the tasks here, in
 * their own transaction; the tasks are listed (anew_time_wrong_task/list) until the next calculation
 * or cancel_anew_time_flag. Only tasks in a machine queue and not ended are flagged; a flag already
 * set keeps its first reason.
 *
 * Who calls it: order edits, batch delivery date / urgency and suspend (the order's queued tasks and
 * every later task on their machines), end production (the tasks after the order's, which leave the queues),
 * machine calendar changes (the device's tasks ending after the changed day; holidays and shifts:
 * every machine's), a report that ends a task before its planned end (the tasks after it on its
 * machine and the order's later operations).
 */
export const ANEW_TIME_REASONS = {
  orderEdited: '订单已修改',
  orderSuspended: '订单已暂停',
  orderRecycled: '订单已转回收',
  orderEnded: '订单已结束生产',
  calendarChanged: '机台日历已变更',
  reportedEarly: '前序任务提前完工',
  queueChanged: '机台队列已调整',
} as const;

export interface AnewTimeTarget {
  /** These operations' machines from their place on (the operations themselves when queued). */
  operationIds?: number[];
  /** Every queued operation of these orders, and what follows it on its machine. */
  orderIds?: number[];
  /** Tasks of these machines ('all': every machine) that end after `from` (or have no times). */
  deviceIds?: number[] | 'all';
  from?: Date;
}

/** Flags the queued, unfinished tasks `target` names; returns how many were newly flagged. */
export async function flagAnewTime(db: Db, scope: Pick<Scope, 'enterpriseId' | 'orgId'>, target: AnewTimeTarget, reason: string): Promise<number> {
  const seeds: Array<Expression<SqlBool>> = [];
  if (target.operationIds?.length) seeds.push(sql<SqlBool>`s.id in (${sql.join(target.operationIds)})`);
  if (target.orderIds?.length) seeds.push(sql<SqlBool>`s.order_id in (${sql.join(target.orderIds)})`);
  const conditions: Array<Expression<SqlBool>> = [];
  if (seeds.length > 0) {
    conditions.push(sql<SqlBool>`exists (
      select 1 from production_order_operation s
      where s.enterprise_id = ${scope.enterpriseId} and s.org_id = ${scope.orgId}
        and (${sql.join(seeds, sql` or `)})
        and s.device_id = t.device_id and s.queue_pos is not null and s.queue_pos <= t.queue_pos)`);
  }
  if (target.deviceIds === 'all' || target.deviceIds?.length) {
    const devices = target.deviceIds === 'all' ? sql<SqlBool>`true` : sql<SqlBool>`t.device_id in (${sql.join(target.deviceIds)})`;
    const from = target.from ? sql<SqlBool>`(t.planned_end is null or t.planned_end > ${target.from})` : sql<SqlBool>`true`;
    conditions.push(sql<SqlBool>`(${devices} and ${from})`);
  }
  if (target.orderIds?.length) conditions.push(sql<SqlBool>`t.order_id in (${sql.join(target.orderIds)})`);
  if (conditions.length === 0) return 0;
  const result = await sql`
    update production_order_operation t
    set anew_time_flag = true, anew_time_reason = ${reason}, updated_at = now()
    where t.enterprise_id = ${scope.enterpriseId} and t.org_id = ${scope.orgId}
      and t.queue_pos is not null and t.status <> 3 and not t.anew_time_flag
      and (${sql.join(conditions, sql` or `)})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** A machine calendar changed from local date `date` on (YYYY-MM-DD): `deviceIds` ('all': holidays) flagged. */
export function flagCalendarChange(db: Db, scope: Pick<Scope, 'enterpriseId' | 'orgId'>, deviceIds: number[] | 'all', date: string): Promise<number> {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return flagAnewTime(db, scope, { deviceIds, from: new Date(year, month - 1, day) }, ANEW_TIME_REASONS.calendarChanged);
}
