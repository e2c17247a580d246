import { sql } from 'kysely';
import type { ScheduleConfigFields } from '@core/contracts/sys-cfg';
import type { Db } from '../../db';
import { breakSpan, monthCalendar, shiftSpan, type CalendarBreak, type CalendarHoliday, type CalendarOverride, type CalendarShift } from '../../domain/calendar';
import { formatDate } from '../../lib/datetime';
import { inScope } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';
import { scheduleSections } from '../sys-cfg';

/**
 * The plant as the scheduler sees it, read from master data: production machines with their
 * theoretical speeds per process (units per hour, times the factory's default efficiency), processes
 * with their prepare minutes, and each machine's working windows over a horizon — its shifts (the
 * month plan of 月度班次, else the default shifts) minus breaks, holidays and rest days, with its
 * device-calendar days (停机 takes the day out, 加班 adds a shift) — as whole epoch minutes.
 */

/** Epoch minutes [start, end). */
export type Window = [number, number];

export interface PlantMachine {
  id: number;
  name: string;
  deviceNo: string;
  workshopName: string;
  /** process id → units per hour (efficiency applied). */
  speeds: Map<number, number>;
  windows: Window[];
}

export interface PlantProcess {
  id: number;
  name: string;
  prepareMinutes: number;
  /** A printing step: each print colour adds the config's colour-change minutes to its setup. */
  printing: boolean;
}

export interface Plant {
  config: ScheduleConfigFields;
  machines: Map<number, PlantMachine>;
  processes: Map<number, PlantProcess>;
  /** The horizon the windows cover, epoch minutes. */
  from: number;
  to: number;
}

export const minuteOf = (date: Date): number => Math.floor(date.getTime() / 60_000);
export const dateOfMinute = (minute: number): Date => new Date(minute * 60_000);

/** Units per hour from a speed and its unit text (…/分钟 per minute, …/秒 per second, else per hour). */
export function perHour(speed: number, unit: string): number {
  if (unit.includes('分')) return speed * 60;
  if (unit.includes('秒')) return speed * 3600;
  return speed;
}

/** The months (YYYY-MM) of local dates from..to inclusive. */
function monthsBetween(from: Date, to: Date): string[] {
  const months: string[] = [];
  const cursor = new Date(from.getFullYear(), from.getMonth(), 1);
  while (cursor <= to) {
    months.push(formatDate(cursor).slice(0, 7));
    cursor.setMonth(cursor.getMonth() + 1);
  }
  return months;
}

/** Working windows of one day's shifts (minutes from that day's local midnight, breaks taken out) as epoch minutes. */
function dayWindows(date: string, shifts: Array<Pick<CalendarShift, 'start' | 'end' | 'breaks'>>): Window[] {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const at = (minutes: number) => minuteOf(new Date(year, month - 1, day, 0, minutes));
  const windows: Window[] = [];
  for (const shift of shifts) {
    const span = shiftSpan(shift.start, shift.end);
    const breaks = shift.breaks.map((item: CalendarBreak) => breakSpan(span, item)).sort((a, b) => a[0] - b[0]);
    let cursor = span[0];
    for (const [from, to] of breaks) {
      if (from > cursor) windows.push([at(cursor), at(Math.min(from, span[1]))]);
      cursor = Math.max(cursor, to);
    }
    if (cursor < span[1]) windows.push([at(cursor), at(span[1])]);
  }
  return windows;
}

/** Sorted, merged (overlapping or touching) windows clipped to [from, to). */
export function mergeWindows(windows: Window[], from: number, to: number): Window[] {
  const sorted = windows.map(([a, b]): Window => [Math.max(a, from), Math.min(b, to)]).filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const merged: Window[] = [];
  for (const window of sorted) {
    const last = merged[merged.length - 1];
    if (last && window[0] <= last[1]) last[1] = Math.max(last[1], window[1]);
    else merged.push([window[0], window[1]]);
  }
  return merged;
}

interface ShiftRow extends CalendarShift {
  isDefault: boolean;
}

/**
 * Reads the plant of the factory with windows over [from, to) (epoch minutes). `deviceIds` narrows
 * the machines (absent: every production machine with a speed).
 */
export async function loadPlant(db: Db, scope: Scope, from: number, to: number, deviceIds?: number[]): Promise<Plant> {
  const config = await scheduleSections(db, scope);
  const efficiency = config.defaultEfficiencyPercent / 100;
  let deviceQuery = db
    .selectFrom('device as d')
    .leftJoin('workshop as w', 'w.id', 'd.workshop_id')
    .select(['d.id', 'd.name', 'd.device_no', 'w.name as workshopName'])
    .where(inScope(scope, 'd'))
    .where('d.device_use', '=', 1)
    .orderBy('d.device_no')
    .orderBy('d.id');
  if (deviceIds) deviceQuery = deviceQuery.where('d.id', 'in', deviceIds.length > 0 ? deviceIds : [0]);
  const [devices, processRows] = await Promise.all([
    deviceQuery.execute(),
    db
      .selectFrom('process as p')
      .leftJoin('process_group as g', 'g.id', 'p.process_group_id')
      .select(['p.id', 'p.name', 'p.prepare_minutes', 'g.name as groupName'])
      .where(inScope(scope, 'p'))
      .execute(),
  ]);
  const ids = devices.map((device) => device.id);
  const speeds =
    ids.length === 0 ? [] : await db.selectFrom('device_speed').select(['device_id', 'process_id', 'speed', 'unit']).where('device_id', 'in', ids).execute();
  const machines = new Map<number, PlantMachine>();
  for (const device of devices) {
    machines.set(device.id, { id: device.id, name: device.name, deviceNo: device.device_no, workshopName: device.workshopName ?? '', speeds: new Map(), windows: [] });
  }
  for (const row of speeds) {
    const value = perHour(Number(row.speed), row.unit) * efficiency;
    if (value > 0) machines.get(row.device_id)?.speeds.set(row.process_id, Math.round(value * 100) / 100);
  }
  for (const [id, machine] of machines) if (machine.speeds.size === 0) machines.delete(id);
  const processes = new Map<number, PlantProcess>(
    processRows.map((row) => [row.id, { id: row.id, name: row.name, prepareMinutes: row.prepare_minutes, printing: `${row.groupName ?? ''}${row.name}`.includes('印') }]),
  );
  await addWindows(db, scope, [...machines.values()], from, to, config.calendarSource === 'all_day');
  return { config, machines, processes, from, to };
}

/** Fills each machine's windows over [from, to) from shifts, holidays, month plans and device days. */
async function addWindows(db: Db, scope: Scope, machines: PlantMachine[], from: number, to: number, allDay: boolean): Promise<void> {
  if (machines.length === 0) return;
  if (allDay) {
    for (const machine of machines) machine.windows = [[from, to]];
    return;
  }
  // A night shift of the day before the horizon reaches into it: read one day more on each side.
  const firstDay = new Date(dateOfMinute(from).getTime() - 86_400_000);
  const lastDay = new Date(dateOfMinute(to).getTime() + 86_400_000);
  const months = monthsBetween(firstDay, lastDay);
  const ids = machines.map((machine) => machine.id);
  const [shiftRows, holidayRows, planRows, dayRows] = await Promise.all([
    db.selectFrom('class_time').select(['id', 'name', 'start_time', 'end_time', 'breaks', 'is_default']).where(inScope(scope)).orderBy('sort').orderBy('id').execute(),
    db
      .selectFrom('holiday')
      .select([sql<string>`to_char(holiday_date, 'YYYY-MM-DD')`.as('date'), 'type', 'name'])
      .where(inScope(scope))
      .where('holiday_date', '>=', `${months[0]}-01`)
      .where('holiday_date', '<=', formatDate(lastDay))
      .execute(),
    db.selectFrom('month_effect').select(['device_id', 'month', 'class_time_ids']).where(inScope(scope)).where('device_id', 'in', ids).where('month', 'in', months).execute(),
    db
      .selectFrom('device_calendar')
      .select(['device_id', sql<string>`to_char(calendar_date, 'YYYY-MM-DD')`.as('date'), 'type', 'class_time_id'])
      .where(inScope(scope))
      .where('device_id', 'in', ids)
      .where('calendar_date', '>=', formatDate(firstDay))
      .where('calendar_date', '<=', formatDate(lastDay))
      .execute(),
  ]);
  const shifts = new Map<number, ShiftRow>(
    shiftRows.map((row) => [row.id, { id: row.id, name: row.name, start: row.start_time, end: row.end_time, breaks: (row.breaks ?? []) as CalendarBreak[], isDefault: row.is_default }]),
  );
  const defaults = [...shifts.values()].filter((shift) => shift.isDefault);
  const holidays: CalendarHoliday[] = holidayRows.map((row) => ({ date: row.date, type: row.type as CalendarHoliday['type'], name: row.name }));
  const plans = new Map(planRows.map((row) => [`${row.device_id}|${row.month}`, row.class_time_ids.map(Number)]));
  const overridesOf = new Map<number, CalendarOverride[]>();
  for (const row of dayRows) {
    const list = overridesOf.get(row.device_id) ?? [];
    if (row.type === 1) list.push({ date: row.date, type: 'down' });
    else if (row.class_time_id !== null && shifts.has(row.class_time_id)) list.push({ date: row.date, type: 'extra', shift: shifts.get(row.class_time_id)! });
    overridesOf.set(row.device_id, list);
  }
  const firstDate = formatDate(firstDay);
  const lastDate = formatDate(lastDay);
  for (const machine of machines) {
    const windows: Window[] = [];
    for (const month of months) {
      const plan = plans.get(`${machine.id}|${month}`);
      const monthShifts = plan ? plan.flatMap((id) => (shifts.has(id) ? [shifts.get(id)!] : [])) : defaults;
      const days = monthCalendar({ month, shifts: monthShifts, holidays, overrides: overridesOf.get(machine.id) ?? [] });
      for (const day of days) {
        if (day.date < firstDate || day.date > lastDate || day.shifts.length === 0) continue;
        windows.push(...dayWindows(day.date, day.shifts.flatMap((shift) => (shifts.has(shift.id) ? [shifts.get(shift.id)!] : []))));
      }
    }
    machine.windows = mergeWindows(windows, from, to);
  }
}

/** Working minutes of `windows` inside [from, to). */
export function windowMinutes(windows: Window[], from: number, to: number): number {
  let total = 0;
  for (const [a, b] of windows) {
    if (b <= from) continue;
    if (a >= to) break;
    total += Math.min(b, to) - Math.max(a, from);
  }
  return total;
}
