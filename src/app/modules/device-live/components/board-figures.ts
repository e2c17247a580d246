import type { LiveDevice, WorkCalendarDay } from '@core/contracts/device-status';
import { DEVICE_STATUS } from '@core/enums';

const FAULT = 5;
const RUNNING = 3;

export interface StatusCount {
  status: number;
  count: number;
}

/** What the board counts from the live devices: devices per status (every status, in code order), the running rate and who is in fault. */
export interface LiveCounts {
  total: number;
  byStatus: StatusCount[];
  /** Running devices ÷ all devices (0–1); null without devices. */
  runningRate: number | null;
  /** Devices in fault, longest first (no start time last). */
  faults: LiveDevice[];
}

export function liveCounts(devices: readonly LiveDevice[]): LiveCounts {
  const byStatus = DEVICE_STATUS.values.map((status) => ({ status, count: devices.filter((device) => device.status === status).length }));
  const running = byStatus.find((entry) => entry.status === RUNNING)!.count;
  const faults = devices.filter((device) => device.status === FAULT).sort((a, b) => (a.since ?? Infinity) - (b.since ?? Infinity) || a.deviceNo.localeCompare(b.deviceNo));
  return { total: devices.length, byStatus, runningRate: devices.length ? running / devices.length : null, faults };
}

/** The page a rotating board turns to after `current` (back to the first after the last). */
export function nextPage(current: number, pages: number): number {
  return pages > 0 ? (current + 1) % pages : 0;
}

/** How a day of 工单日历 is coloured: taken out (停机), with a 加班 shift, without planned time, or a plain working day. */
export function dayTone(day: Pick<WorkCalendarDay, 'down' | 'plannedHours' | 'shifts'>): 'down' | 'extra' | 'rest' | 'work' {
  if (day.down) return 'down';
  if (day.shifts.some((shift) => shift.extra)) return 'extra';
  return day.plannedHours > 0 ? 'work' : 'rest';
}
