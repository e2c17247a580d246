/**
 * The periods of a 点检/保养 plan's calendar cycles, in the factory's local time (the server's TZ):
 * one work order per plan, device and period, keyed so that generating again finds it.
 *
 * - 每班 (shift): each shift of a day, from its start to its end (a night shift ends the next day);
 * - 每天 (daily): the day, due at 23:59:59;
 * - 每周 (weekly): Monday to Sunday, due Sunday 23:59:59;
 * - 每月 (monthly): the calendar month, due on its last day at 23:59:59.
 *
 * A period is made once it has begun and while it is due within the look-back (default a day), so
 * a server that was down a few hours catches up, but a month-old gap does not fill with orders
 * nobody can still do.
 */

export type CalendarCycle = 'shift' | 'daily' | 'weekly' | 'monthly';

export interface CarePeriod {
  /** Unique within a plan and device: D2026-11-25, W2026-11-23, M2026-11, S2026-11-25#3, H4. */
  key: string;
  start: Date;
  due: Date;
}

export interface ShiftWindow {
  id: number;
  /** HH:mm */
  startTime: string;
  /** HH:mm; not after the start: the shift ends the next day. */
  endTime: string;
}

export interface PeriodOptions {
  /** The factory's shifts a 每班 plan follows. */
  shifts?: readonly ShiftWindow[];
  /** yyyy-MM-dd: no period begins before this day. */
  startDate?: string;
  lookbackMs?: number;
}

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');
/** yyyy-MM-dd of a local date. */
export const localDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const dayStart = (date: Date, offsetDays = 0) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + offsetDays);
const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
};
const at = (day: Date, minutes: number, plusDays = 0) => new Date(day.getFullYear(), day.getMonth(), day.getDate() + plusDays, 0, minutes);
const justBefore = (date: Date) => new Date(date.getTime() - 1000);

function candidates(cycle: CalendarCycle, now: Date, shifts: readonly ShiftWindow[]): CarePeriod[] {
  switch (cycle) {
    case 'daily':
      return [-1, 0].map((offset) => {
        const start = dayStart(now, offset);
        return { key: `D${localDate(start)}`, start, due: justBefore(dayStart(start, 1)) };
      });
    case 'weekly':
      return [-7, 0].map((offset) => {
        const monday = dayStart(now, offset - ((now.getDay() + 6) % 7));
        return { key: `W${localDate(monday)}`, start: monday, due: justBefore(dayStart(monday, 7)) };
      });
    case 'monthly':
      return [-1, 0].map((offset) => {
        const start = new Date(now.getFullYear(), now.getMonth() + offset, 1);
        return { key: `M${localDate(start).slice(0, 7)}`, start, due: justBefore(new Date(start.getFullYear(), start.getMonth() + 1, 1)) };
      });
    case 'shift':
      return [-1, 0].flatMap((offset) => {
        const day = dayStart(now, offset);
        return shifts.map((shift) => {
          const from = minutesOf(shift.startTime);
          const to = minutesOf(shift.endTime);
          const start = at(day, from);
          return { key: `S${localDate(day)}#${shift.id}`, start, due: at(day, to, to <= from ? 1 : 0) };
        });
      });
  }
}

/** The periods of `cycle` a generation at `now` makes orders for (begun, and due within the look-back). */
export function periodsAt(cycle: CalendarCycle, now: Date, options: PeriodOptions = {}): CarePeriod[] {
  const lookback = options.lookbackMs ?? DAY_MS;
  const earliest = options.startDate ? new Date(`${options.startDate}T00:00:00`) : null;
  return candidates(cycle, now, options.shifts ?? [])
    .filter((period) => period.start <= now && period.due.getTime() > now.getTime() - lookback && (!earliest || period.start >= earliest))
    .sort((a, b) => a.start.getTime() - b.start.getTime() || a.key.localeCompare(b.key));
}

/** Whether a 按运行小时 plan is due: the device ran at least `every` hours since its last order. */
export function runHoursDue(ranHours: number, every: number): boolean {
  return ranHours >= every;
}
