/**
 * A device's working calendar for one month (DOMAIN.md: machines work in shifts and not on
 * holidays). Pure: shifts, holidays and overrides in, per-day available minutes out.
 *
 * - A day is a workday unless it is a weekly rest day or a holiday (法定节假日 / 公司休息日); a
 *   调休上班 day is a workday even on a rest day.
 * - A shift belongs to the day it starts on; an end not after the start crosses midnight
 *   (夜班 20:00–08:00 counts 12 h for its start day); '24:00' ends at midnight.
 * - Breaks inside the shift are not available; a break before the start of a night shift is
 *   read as being after midnight (00:00–00:30 inside 20:00–08:00).
 * - Per-device overrides: 'down' (maintenance) takes the whole day out; 'extra' adds a shift,
 *   even on a rest day.
 */

export interface CalendarBreak {
  start: string;
  end: string;
}

export interface CalendarShift {
  id: number;
  name: string;
  start: string;
  end: string;
  breaks: CalendarBreak[];
}

/** 1 法定节假日, 2 调休上班, 3 公司休息日. */
export type HolidayType = 1 | 2 | 3;

export interface CalendarHoliday {
  date: string;
  type: HolidayType;
  name?: string;
}

export type CalendarOverride = { date: string; type: 'down'; remark?: string } | { date: string; type: 'extra'; shift: CalendarShift; remark?: string };

export interface MonthCalendarInput {
  /** YYYY-MM */
  month: string;
  /** Shifts the device runs on a workday. */
  shifts: CalendarShift[];
  holidays: CalendarHoliday[];
  overrides?: CalendarOverride[];
  /** Weekly rest days, 0 Sunday … 6 Saturday (default Saturday and Sunday). */
  restWeekdays?: number[];
}

export interface CalendarDayShift {
  id: number;
  name: string;
  start: string;
  end: string;
  /** Shift length minus breaks. */
  minutes: number;
  extra: boolean;
}

export interface CalendarDay {
  date: string;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
  workday: boolean;
  /** Holiday name or type label, '' otherwise. */
  holiday: string;
  holidayType: HolidayType | null;
  down: boolean;
  shifts: CalendarDayShift[];
  availableMinutes: number;
}

const DAY = 1440;
const TIME = /^(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/;

export const HOLIDAY_TYPE_LABELS: Record<HolidayType, string> = { 1: '法定节假日', 2: '调休上班', 3: '公司休息日' };

/** 'HH:mm' → minutes after midnight ('24:00' → 1440); throws on anything else. */
export function toMinutes(time: string): number {
  const match = TIME.exec(time);
  if (!match) throw new Error(`bad time ${time}`);
  return match[1] === undefined ? DAY : Number(match[1]) * 60 + Number(match[2]);
}

export function isTime(value: string): boolean {
  return TIME.test(value);
}

/** The shift as [start, end) in minutes from its start day's midnight (end may pass 1440). */
export function shiftSpan(start: string, end: string): [number, number] {
  const from = toMinutes(start);
  let to = toMinutes(end);
  if (to <= from) to += DAY;
  return [from, to];
}

/** A break placed on the shift's timeline (after midnight when it starts before the shift). */
export function breakSpan(shift: [number, number], item: CalendarBreak): [number, number] {
  let from = toMinutes(item.start);
  let to = toMinutes(item.end);
  if (from < shift[0] && shift[1] > DAY) from += DAY;
  if (to <= from) to += DAY;
  return [from, to];
}

/** Working minutes of a shift: its length minus the part of each break inside it. */
export function shiftMinutes(shift: Pick<CalendarShift, 'start' | 'end' | 'breaks'>): number {
  const span = shiftSpan(shift.start, shift.end);
  const breaks = shift.breaks.map((item) => breakSpan(span, item)).sort((a, b) => a[0] - b[0]);
  let off = 0;
  let covered = span[0];
  for (const [from, to] of breaks) {
    const start = Math.max(from, covered, span[0]);
    const end = Math.min(to, span[1]);
    if (end > start) {
      off += end - start;
      covered = end;
    }
  }
  return span[1] - span[0] - off;
}

/** Why a shift definition is wrong (Chinese, for 4000), or null. */
export function shiftProblem(shift: Pick<CalendarShift, 'start' | 'end' | 'breaks'>): string | null {
  if (!isTime(shift.start)) return '开始时间格式不正确';
  if (!isTime(shift.end)) return '结束时间格式不正确';
  if (shift.start === '24:00') return '开始时间格式不正确';
  if (toMinutes(shift.start) === toMinutes(shift.end)) return '结束时间不能与开始时间相同';
  const span = shiftSpan(shift.start, shift.end);
  const spans: Array<[number, number]> = [];
  for (const item of shift.breaks) {
    if (!isTime(item.start) || !isTime(item.end)) return '休息时间格式不正确';
    if (toMinutes(item.start) === toMinutes(item.end)) return '休息结束时间不能与开始时间相同';
    const part = breakSpan(span, item);
    if (part[0] < span[0] || part[1] > span[1]) return `休息时间 ${item.start}-${item.end} 必须在班次时间内`;
    spans.push(part);
  }
  spans.sort((a, b) => a[0] - b[0]);
  for (let index = 1; index < spans.length; index += 1) {
    if (spans[index]![0] < spans[index - 1]![1]) return '休息时间不能重叠';
  }
  return null;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** Every date of a YYYY-MM month. */
export function monthDates(month: string): string[] {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) throw new Error(`bad month ${month}`);
  const year = Number(match[1]);
  const monthIndex = Number(match[2]) - 1;
  const days = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  return Array.from({ length: days }, (_, index) => `${month}-${pad(index + 1)}`);
}

function weekdayOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

function dayShift(shift: CalendarShift, extra: boolean): CalendarDayShift {
  return { id: shift.id, name: shift.name, start: shift.start, end: shift.end, minutes: shiftMinutes(shift), extra };
}

/** Per-day calendar of one device for one month. */
export function monthCalendar(input: MonthCalendarInput): CalendarDay[] {
  const rest = new Set(input.restWeekdays ?? [0, 6]);
  const holidays = new Map(input.holidays.map((holiday) => [holiday.date, holiday]));
  const overrides = input.overrides ?? [];
  return monthDates(input.month).map((date) => {
    const weekday = weekdayOf(date);
    const holiday = holidays.get(date);
    const workday = holiday ? holiday.type === 2 : !rest.has(weekday);
    const mine = overrides.filter((override) => override.date === date);
    const down = mine.some((override) => override.type === 'down');
    const shifts = down
      ? []
      : [
          ...(workday ? input.shifts.map((shift) => dayShift(shift, false)) : []),
          ...mine.flatMap((override) => (override.type === 'extra' ? [dayShift(override.shift, true)] : [])),
        ].sort((a, b) => toMinutes(a.start) - toMinutes(b.start));
    return {
      date,
      weekday,
      workday,
      holiday: holiday ? holiday.name || HOLIDAY_TYPE_LABELS[holiday.type] : '',
      holidayType: holiday?.type ?? null,
      down,
      shifts,
      availableMinutes: shifts.reduce((sum, shift) => sum + shift.minutes, 0),
    };
  });
}
