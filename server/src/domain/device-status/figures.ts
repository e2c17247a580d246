import { DEVICE_STATUS_CODE, type Segment } from './types';

/** [start, end) in epoch milliseconds. */
export type Interval = [number, number];

export interface FiguresInput {
  /** Segments of the device or group (any order; several devices allowed). */
  segments: readonly Segment[];
  /** The devices counted (a device without segments still has planned time). */
  devices: readonly string[];
  from: number;
  to: number;
  /** Open segments end here, and nothing after it is counted. */
  now: number;
  /**
   * Planned working windows (shifts); overlapping windows count once. One list for every device,
   * or per device number (a device missing from the record has no planned time). Absent: the
   * whole period is planned.
   */
  windows?: readonly Interval[] | Readonly<Record<string, readonly Interval[]>>;
}

export interface DowntimeReason {
  /** The segment's reason, or 未填写原因. */
  reason: string;
  hours: number;
  /** Number of downtime segments (pieces in the counted time) with this reason. */
  count: number;
  /** Running share of all downtime hours, in Pareto order (0–1). */
  cumulativeShare: number;
}

export interface Figures {
  plannedHours: number;
  runHours: number;
  downtimeHours: number;
  faultHours: number;
  standbyHours: number;
  /** Pareto order: most hours first, then most segments, then reason in pinyin order. */
  downtimeByReason: DowntimeReason[];
  /** runHours ÷ plannedHours; null when nothing is planned. */
  availability: number | null;
  failures: number;
  /** runHours ÷ failures; null with no failure. */
  mtbfHours: number | null;
  /** Σ counted hours of the failures ÷ failures; null with no failure. */
  mttrHours: number | null;
}

export const NO_REASON = '未填写原因';
const HOUR = 3_600_000;

/** Sorted, disjoint union of intervals (touching ones joined). */
export function unionIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const out: Interval[] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** Length of [start, end) inside a sorted disjoint interval list. */
function overlap(start: number, end: number, counted: readonly Interval[]): number {
  let sum = 0;
  for (const [a, b] of counted) {
    if (a >= end) break;
    sum += Math.max(0, Math.min(b, end) - Math.max(a, start));
  }
  return sum;
}

function countedTime(input: FiguresInput, deviceNo: string): Interval[] {
  const end = Math.min(input.to, input.now);
  if (end <= input.from) return [];
  const windows = input.windows === undefined ? [[input.from, end] as Interval] : Array.isArray(input.windows) ? input.windows : ((input.windows as Record<string, readonly Interval[]>)[deviceNo] ?? []);
  return unionIntervals(windows.map(([a, b]): Interval => [Math.max(a, input.from), Math.min(b, end)]));
}

/** Run time, downtime by reason, availability, failures, MTBF and MTTR in hours (README: formulas). */
export function deviceFigures(input: FiguresInput): Figures {
  const counted = new Map(input.devices.map((deviceNo) => [deviceNo, countedTime(input, deviceNo)]));
  let planned = 0;
  for (const list of counted.values()) planned += list.reduce((sum, [a, b]) => sum + b - a, 0);
  let run = 0;
  let fault = 0;
  let standby = 0;
  let failures = 0;
  let repair = 0;
  const reasons = new Map<string, { ms: number; count: number }>();
  for (const segment of input.segments) {
    const list = counted.get(segment.deviceNo);
    if (!list) continue;
    const ms = overlap(segment.start, segment.end ?? input.now, list);
    if (ms <= 0) continue;
    if (segment.status === DEVICE_STATUS_CODE.running) run += ms;
    if (segment.status === DEVICE_STATUS_CODE.fault || segment.status === DEVICE_STATUS_CODE.standby) {
      if (segment.status === DEVICE_STATUS_CODE.fault) fault += ms;
      else standby += ms;
      const reason = segment.reason?.trim() || NO_REASON;
      const held = reasons.get(reason) ?? { ms: 0, count: 0 };
      reasons.set(reason, { ms: held.ms + ms, count: held.count + 1 });
    }
    if (segment.status === DEVICE_STATUS_CODE.fault && segment.start >= input.from && segment.start < input.to) {
      failures += 1;
      repair += ms;
    }
  }
  const downtime = fault + standby;
  let cumulative = 0;
  const downtimeByReason = [...reasons]
    .sort((a, b) => b[1].ms - a[1].ms || b[1].count - a[1].count || a[0].localeCompare(b[0], 'zh-CN'))
    .map(([reason, { ms, count }]) => {
      cumulative += ms;
      return { reason, hours: ms / HOUR, count, cumulativeShare: cumulative / downtime };
    });
  return {
    plannedHours: planned / HOUR,
    runHours: run / HOUR,
    downtimeHours: downtime / HOUR,
    faultHours: fault / HOUR,
    standbyHours: standby / HOUR,
    downtimeByReason,
    availability: planned > 0 ? run / planned : null,
    failures,
    mtbfHours: failures > 0 ? run / HOUR / failures : null,
    mttrHours: failures > 0 ? repair / HOUR / failures : null,
  };
}
