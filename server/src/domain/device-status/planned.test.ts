import { describe, expect, it } from 'vitest';
import { dayEnd, dayStart, runHoursByDay, shiftWindows } from './planned';
import type { DeviceStatus, Segment } from './types';

// The tests run in Asia/Shanghai (vitest.config.ts): 2026-05-06 00:00 local is 2026-05-05 16:00 UTC.
const MIDNIGHT = Date.UTC(2026, 4, 5, 16, 0);
const HOUR = 3_600_000;
const H = (hours: number) => MIDNIGHT + hours * HOUR;
const seg = (start: number, end: number | null, status: DeviceStatus): Segment => ({ deviceNo: 'A', start: H(start), end: end === null ? null : H(end), status, reason: null });

describe('planned working windows of a day', () => {
  it('places a day shift on the clock without its breaks', () => {
    expect(dayStart('2026-05-06')).toBe(MIDNIGHT);
    expect(dayEnd('2026-05-06')).toBe(H(24));
    expect(shiftWindows('2026-05-06', [{ start: '08:00', end: '17:00', breaks: [{ start: '12:00', end: '13:00' }] }])).toEqual([
      [H(8), H(12)],
      [H(13), H(17)],
    ]);
  });

  it('runs a night shift past midnight, its after-midnight break taken out, and counts overlapping shifts once', () => {
    const night = { start: '20:00', end: '08:00', breaks: [{ start: '00:00', end: '00:30' }] };
    const evening = { start: '16:00', end: '22:00', breaks: [] };
    expect(shiftWindows('2026-05-06', [night, evening])).toEqual([
      [H(16), H(24)],
      [H(24.5), H(32)],
    ]);
  });

  it('has no window without shifts', () => {
    expect(shiftWindows('2026-05-06', [])).toEqual([]);
  });
});

describe('run hours per day', () => {
  it('cuts running segments at midnight, ignores other statuses and ends an open segment now', () => {
    const segments = [
      seg(-2, 3, 3), // 2 h on the 5th, 3 h on the 6th
      seg(3, 4, 5),
      seg(4, 4.5, 4),
      seg(4.5, 22, 3), // 17.5 h
      seg(22, 26, 5),
      seg(26, null, 3), // open: until now = 30 h → 4 h on the 7th
    ];
    expect(runHoursByDay(segments, ['2026-05-05', '2026-05-06', '2026-05-07', '2026-05-08'], H(30))).toEqual([2, 20.5, 4, 0]);
  });
});
