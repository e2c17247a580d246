import { sql } from 'kysely';
import { CARE_STATE, type CareKind } from '@core/contracts/device-care';
import type { Db } from '../../db';
import { periodsAt, runHoursDue, type CalendarCycle, type CarePeriod } from '../../domain/device-care/cycle';
import { formatDateTime } from '../../lib/datetime';
import { num } from '../../lib/rows';
import { DeviceStatusService } from '../device-status';

/** A factory whose plans generate. */
export interface Factory {
  enterpriseId: number;
  orgId: number;
}

const HOUR = 3_600_000;
/** A run-hours order is due a day after the device reached its hours. */
const RUN_HOURS_DUE_MS = 24 * HOUR;
/** The status timeline a run-hours plan looks back over at most (the figures' longest period). */
const RUN_HOURS_LOOKBACK_MS = 365 * 24 * HOUR;
/** Advisory-lock class of work-order numbering (one lock per factory, to the end of the transaction). */
const CARE_NO_LOCK = 7022;
export const ORDER_NO_PREFIX: Record<CareKind, string> = { check: 'DJ', maintenance: 'BY' };

/**
 * Run hours of a device over [from, to) from its status timeline, as device-status computes them
 * (the figures of /device-detail), with `to` as the clock.
 */
async function runHoursOf(db: Db, factory: Factory, deviceId: number, from: number, to: number): Promise<number> {
  if (to <= from) return 0;
  const figures = await new DeviceStatusService(db, () => to, 10).figures({ ...factory, userId: 0 }, { deviceId, from, to });
  return figures.runHours;
}

interface Wanted {
  planId: number;
  schemeId: number;
  planName: string;
  schemeName: string;
  cycle: string;
  assigneeId: number | null;
  assigneeName: string;
  device: { id: number; device_no: string; name: string };
  period: CarePeriod;
}

/**
 * Makes the work orders the factory's active plans of `kind` call for at `now`: one per plan,
 * device and period (domain/device-care/cycle) or, for 按运行小时, once the device ran the plan's
 * hours since its last order. Idempotent: what exists is skipped, and the unique
 * (plan_id, device_id, period_key) index drops a racing duplicate. Returns how many were made.
 */
export async function generateOrders(db: Db, factory: Factory, kind: CareKind, now: Date): Promise<number> {
  // The seed generates inside its own transaction; the timer and 立即生成 open one.
  return db.isTransaction ? generateIn(db, factory, kind, now) : db.transaction().execute((trx) => generateIn(trx, factory, kind, now));
}

async function generateIn(trx: Db, factory: Factory, kind: CareKind, now: Date): Promise<number> {
  const plans = await trx
    .selectFrom('care_plan as p')
    .innerJoin('care_scheme as s', 's.id', 'p.scheme_id')
    .select(['p.id', 'p.name', 'p.scheme_id', 's.name as scheme_name', 'p.cycle', 'p.run_hours', 'p.shift_ids', 'p.assignee_id', 'p.assignee_name', sql<string>`to_char(p.start_date, 'YYYY-MM-DD')`.as('start_date')])
    .where('p.enterprise_id', '=', factory.enterpriseId)
    .where('p.org_id', '=', factory.orgId)
    .where('p.kind', '=', kind)
    .where('p.active', '=', true)
    .where('p.start_date', '<=', formatDateTime(now).slice(0, 10))
    .orderBy('p.id')
    .execute();
  if (plans.length === 0) return 0;
  const planIds = plans.map((plan) => plan.id);
  const [devices, shifts, existing] = await Promise.all([
    trx
      .selectFrom('care_plan_device as pd')
      .innerJoin('device as d', 'd.id', 'pd.device_id')
      .select(['pd.plan_id', 'd.id', 'd.device_no', 'd.name'])
      .where('pd.plan_id', 'in', planIds)
      .orderBy('d.device_no')
      .execute(),
    trx
      .selectFrom('class_time')
      .select(['id', 'start_time as startTime', 'end_time as endTime'])
      .where('enterprise_id', '=', factory.enterpriseId)
      .where('org_id', '=', factory.orgId)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('care_order')
      .select(['plan_id', 'device_id', 'period_key', 'period_start'])
      .where('plan_id', 'in', planIds)
      .where((eb) => eb.or([eb('due_time', '>', new Date(now.getTime() - 40 * 24 * HOUR)), eb('cycle', '=', 'runHours')]))
      .execute(),
  ]);
  const have = new Set(existing.map((row) => `${row.plan_id}:${row.device_id}:${row.period_key}`));

  const wanted: Wanted[] = [];
  for (const plan of plans) {
    const base = {
      planId: plan.id,
      schemeId: plan.scheme_id,
      planName: plan.name,
      schemeName: plan.scheme_name,
      cycle: plan.cycle,
      assigneeId: plan.assignee_id,
      assigneeName: plan.assignee_name,
    };
    const planDevices = devices.filter((device) => device.plan_id === plan.id);
    if (plan.cycle === 'runHours') {
      const every = num(plan.run_hours);
      if (!every) continue;
      for (const device of planDevices) {
        const done = existing.filter((row) => row.plan_id === plan.id && row.device_id === device.id);
        const last = done.reduce((latest, row) => Math.max(latest, row.period_start.getTime()), 0);
        const from = Math.max(last || new Date(`${plan.start_date}T00:00:00`).getTime(), now.getTime() - RUN_HOURS_LOOKBACK_MS);
        if (!runHoursDue(await runHoursOf(trx, factory, device.id, from, now.getTime()), every)) continue;
        wanted.push({ ...base, device, period: { key: `H${done.length + 1}`, start: now, due: new Date(now.getTime() + RUN_HOURS_DUE_MS) } });
      }
      continue;
    }
    const shiftIds = (plan.shift_ids ?? []).map(Number);
    const planShifts = shiftIds.length > 0 ? shifts.filter((shift) => shiftIds.includes(shift.id)) : shifts;
    for (const period of periodsAt(plan.cycle as CalendarCycle, now, { shifts: planShifts, startDate: plan.start_date })) {
      for (const device of planDevices) wanted.push({ ...base, device, period });
    }
  }
  const fresh = wanted.filter((want) => !have.has(`${want.planId}:${want.device.id}:${want.period.key}`));
  if (fresh.length === 0) return 0;

  const items = await trx
    .selectFrom('care_scheme_item')
    .select(['scheme_id', 'seq', 'name', 'method', 'standard', 'value_kind', 'min_value', 'max_value', 'unit', 'normal_yes', 'photo_required'])
    .where('scheme_id', 'in', [...new Set(fresh.map((want) => want.schemeId))])
    .orderBy('scheme_id')
    .orderBy('seq')
    .execute();
  const numbers = await orderNumbers(trx, factory, kind, fresh.map((want) => want.period.start));
  let created = 0;
  for (const [index, want] of fresh.entries()) {
    const inserted = await trx
      .insertInto('care_order')
      .values({
        enterprise_id: factory.enterpriseId,
        org_id: factory.orgId,
        kind,
        order_no: numbers[index]!,
        plan_id: want.planId,
        plan_name: want.planName,
        scheme_name: want.schemeName,
        cycle: want.cycle,
        device_id: want.device.id,
        device_no: want.device.device_no,
        device_name: want.device.name,
        period_key: want.period.key,
        period_start: want.period.start,
        due_time: want.period.due,
        assignee_id: want.assigneeId,
        assignee_name: want.assigneeName,
        state: CARE_STATE.due,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.columns(['plan_id', 'device_id', 'period_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) continue;
    created += 1;
    const own = items.filter((item) => item.scheme_id === want.schemeId);
    if (own.length > 0) await trx.insertInto('care_order_item').values(own.map(({ scheme_id: _scheme, ...item }) => ({ ...item, order_id: inserted.id }))).execute();
  }
  return created;
}

/**
 * Work-order numbers for orders of periods beginning at `starts`: DJ (点检) / BY (保养) + the
 * period's day + a four-digit sequence of that day, drawn under the factory's numbering lock.
 */
async function orderNumbers(trx: Db, factory: Factory, kind: CareKind, starts: Date[]): Promise<string[]> {
  await sql`select pg_advisory_xact_lock(${CARE_NO_LOCK}, ${factory.orgId}::int)`.execute(trx);
  const next = new Map<string, number>();
  const numbers: string[] = [];
  for (const start of starts) {
    const prefix = `${ORDER_NO_PREFIX[kind]}${formatDateTime(start).slice(0, 10).replaceAll('-', '')}`;
    if (!next.has(prefix)) {
      const last = await trx
        .selectFrom('care_order')
        .select('order_no')
        .where('enterprise_id', '=', factory.enterpriseId)
        .where('org_id', '=', factory.orgId)
        .where('order_no', 'like', `${prefix}%`)
        .orderBy('order_no', 'desc')
        .limit(1)
        .executeTakeFirst();
      next.set(prefix, last ? Number(last.order_no.slice(prefix.length)) + 1 : 1);
    }
    const sequence = next.get(prefix)!;
    next.set(prefix, sequence + 1);
    numbers.push(`${prefix}${String(sequence).padStart(4, '0')}`);
  }
  return numbers;
}

/** Every factory with an active plan, and both kinds: what the module's timer runs. */
export async function generateEverywhere(db: Db, now: Date): Promise<number> {
  const factories = await db.selectFrom('care_plan').select(['enterprise_id as enterpriseId', 'org_id as orgId', 'kind']).where('active', '=', true).distinct().execute();
  let created = 0;
  for (const factory of factories) created += await generateOrders(db, factory, factory.kind, now);
  return created;
}
