import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

const FULL_LENGTH = 19;

/** 'YYYY-MM-DD HH:mm:ss' → 'MM-DD'; other strings unchanged. */
export function shortMonthDay(value: string | null | undefined): string {
  if (!value) return '';
  return value.length === FULL_LENGTH ? value.slice(5, 10) : value;
}

/** 'YYYY-MM-DD HH:mm:ss' → 'YYYY-MM-DD'; other strings unchanged. */
export function shortDate(value: string | null | undefined): string {
  if (!value) return '';
  return value.length === FULL_LENGTH ? value.slice(0, 10) : value;
}

/** Seconds → 'X小时Y分' (minutes rounded down). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const total = Math.max(0, Math.floor(seconds / 60));
  return `${Math.floor(total / 60)}小时${total % 60}分`;
}

export type DateRange = [Dayjs, Dayjs];

/** The default time range of a day span: start 00:00:00, end 23:59:59. */
export function dayRange(start: Dayjs, end: Dayjs): DateRange {
  return [start.startOf('day'), end.endOf('day').millisecond(0)];
}

export interface DateShortcut {
  label: string;
  value: DateRange;
}

/** 今天, 昨天, 最近一周, 最近一月, 最近三月 (spec §5), relative to `now`. */
export function dateShortcuts(now: Dayjs = dayjs()): DateShortcut[] {
  const yesterday = now.subtract(1, 'day');
  return [
    { label: '今天', value: dayRange(now, now) },
    { label: '昨天', value: dayRange(yesterday, yesterday) },
    { label: '最近一周', value: dayRange(now.subtract(1, 'week'), now) },
    { label: '最近一月', value: dayRange(now.subtract(1, 'month'), now) },
    { label: '最近三月', value: dayRange(now.subtract(3, 'month'), now) },
  ];
}

/** A range as the server expects it. */
export function formatRange(range: DateRange, format = DATE_TIME_FORMAT): [string, string] {
  return [range[0].format(format), range[1].format(format)];
}

export { dayjs };
