import { breakSpan, shiftSpan, type CalendarBreak } from '../calendar';
import { unionIntervals, type Interval } from './figures';
import { DEVICE_STATUS_CODE, type Segment } from './types';

/**
 * Planned working time and what ran, per calendar day (工单日历, 设备看板): a day's shifts (from the
 * device calendar, domain/calendar.ts) placed on the clock, and running time cut at midnights.
 * Days are in server local time (process TZ, the factory's zone), like every date column.
 */

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** A shift of a day as the calendar gives it, with its breaks. */
export interface PlannedShift {
  start: string;
  end: string;
  breaks: readonly CalendarBreak[];
}

/** Local midnight starting `date` (YYYY-MM-DD). */
export function dayStart(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day).getTime();
}

/** Local midnight ending `date` (the next day's start; 23 or 25 hours on a daylight-saving change). */
export function dayEnd(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day + 1).getTime();
}

/**
 * The working windows of one day's shifts on the clock: each shift from its start on `date` (a night
 * shift runs past midnight into the next day) minus its breaks; overlapping shifts count once.
 */
export function shiftWindows(date: string, shifts: readonly PlannedShift[]): Interval[] {
  const midnight = dayStart(date);
  const at = (minutes: number) => midnight + minutes * MINUTE;
  const windows: Interval[] = [];
  for (const shift of shifts) {
    const span = shiftSpan(shift.start, shift.end);
    const breaks = shift.breaks.map((item) => breakSpan(span, item)).sort((a, b) => a[0] - b[0]);
    let cursor = span[0];
    for (const [from, to] of breaks) {
      if (from > cursor) windows.push([at(cursor), at(Math.min(from, span[1]))]);
      cursor = Math.max(cursor, to);
    }
    if (cursor < span[1]) windows.push([at(cursor), at(span[1])]);
  }
  return unionIntervals(windows);
}

/** Hours of running (status 3) inside each day of `dates`; open segments end at `now`. */
export function runHoursByDay(segments: readonly Segment[], dates: readonly string[], now: number): number[] {
  const running = unionIntervals(segments.filter((segment) => segment.status === DEVICE_STATUS_CODE.running).map((segment): Interval => [segment.start, Math.min(segment.end ?? now, now)]));
  return dates.map((date) => {
    const from = dayStart(date);
    const to = dayEnd(date);
    let ms = 0;
    for (const [a, b] of running) ms += Math.max(0, Math.min(b, to) - Math.max(a, from));
    return ms / HOUR;
  });
}
