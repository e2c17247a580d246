import { describe, expect, it } from 'vitest';
import { deviceFigures, NO_REASON, unionIntervals, type Interval } from './figures';
import type { DeviceStatus, Segment } from './types';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 4, 5, 16, 0); // 2026-05-06 00:00 China time
const H = (hours: number) => T0 + hours * HOUR;
const seg = (deviceNo: string, start: number, end: number | null, status: DeviceStatus, reason: string | null = null): Segment => ({ deviceNo, start: H(start), end: end === null ? null : H(end), status, reason });

// Device A, hours of the day. The period is 08:00–16:00.
const A = [
  seg('A', 6, 9, 3), // crosses the period's start: 1 h run
  seg('A', 9, 10, 5, '断纸'), // failure 1
  seg('A', 10, 12.5, 3),
  seg('A', 12.5, 13, 4, '缺料'),
  seg('A', 13, 14, 5, '断纸'), // failure 2
  seg('A', 14, 15, 3),
  seg('A', 15, 17, 5, '电机过热'), // failure 3, crosses the period's end: 1 h counted
  seg('A', 17, null, 3),
];
// Device B: a fault from before the period (its time counts, it is no failure of this period), then running, open.
const B = [seg('B', 7, 8.5, 5), seg('B', 8.5, null, 3)];
const PERIOD = { from: H(8), to: H(16) };

describe('device figures on hand-computed timelines', () => {
  it('clips segments at both edges and gives run time, Pareto downtime, availability, MTBF and MTTR', () => {
    const figures = deviceFigures({ segments: A, devices: ['A'], ...PERIOD, now: H(20) });
    expect(figures.plannedHours).toBe(8);
    expect(figures.runHours).toBe(1 + 2.5 + 1);
    expect(figures.faultHours).toBe(3);
    expect(figures.standbyHours).toBe(0.5);
    expect(figures.downtimeHours).toBe(3.5);
    expect(figures.downtimeByReason).toEqual([
      { reason: '断纸', hours: 2, count: 2, cumulativeShare: 2 / 3.5 },
      { reason: '电机过热', hours: 1, count: 1, cumulativeShare: 3 / 3.5 },
      { reason: '缺料', hours: 0.5, count: 1, cumulativeShare: 1 },
    ]);
    expect(figures.availability).toBe(4.5 / 8);
    expect(figures.failures).toBe(3);
    expect(figures.mtbfHours).toBe(1.5);
    expect(figures.mttrHours).toBe(1);
  });

  it('sums a group, counting a fault begun before the period as downtime but not as a failure', () => {
    const figures = deviceFigures({ segments: [...B, ...A], devices: ['A', 'B'], ...PERIOD, now: H(20) });
    expect(figures.plannedHours).toBe(16);
    expect(figures.runHours).toBe(4.5 + 7.5);
    expect(figures.availability).toBe(12 / 16);
    expect(figures.failures).toBe(3);
    expect(figures.mtbfHours).toBe(4);
    expect(figures.mttrHours).toBe(1);
    expect(figures.downtimeByReason.map((item) => [item.reason, item.hours])).toEqual([
      ['断纸', 2],
      ['电机过热', 1],
      ['缺料', 0.5],
      [NO_REASON, 0.5],
    ]);
  });

  it('ends open segments and the period at now, and gives null MTBF and MTTR with no failure', () => {
    const figures = deviceFigures({ segments: B, devices: ['B'], ...PERIOD, now: H(12) });
    expect(figures.plannedHours).toBe(4);
    expect(figures.runHours).toBe(3.5);
    expect(figures.faultHours).toBe(0.5);
    expect(figures.availability).toBe(3.5 / 4);
    expect(figures.failures).toBe(0);
    expect(figures.mtbfHours).toBeNull();
    expect(figures.mttrHours).toBeNull();
    // A device of the group without any segment still has planned time.
    expect(deviceFigures({ segments: B, devices: ['B', 'C'], ...PERIOD, now: H(12) }).availability).toBe(3.5 / 8);
    // A period not begun yet has nothing planned.
    expect(deviceFigures({ segments: B, devices: ['B'], from: H(13), to: H(16), now: H(12) }).availability).toBeNull();
  });

  it('counts only planned working windows, overlapping shifts once', () => {
    const windows: Interval[] = [
      [H(8), H(12)],
      [H(11), H(14)], // overlaps the first by an hour
      [H(15), H(18)], // runs past the period's end
    ];
    const figures = deviceFigures({ segments: A, devices: ['A'], ...PERIOD, now: H(20), windows });
    expect(figures.plannedHours).toBe(6 + 1);
    expect(figures.runHours).toBe(1 + 2.5); // 14–15 running lies outside every window
    expect(figures.faultHours).toBe(3);
    expect(figures.failures).toBe(3);
    expect(figures.availability).toBe(3.5 / 7);
    // A failure entirely outside the windows is not counted; one partly inside counts its inside part.
    const morning = deviceFigures({ segments: A, devices: ['A'], ...PERIOD, now: H(20), windows: [[H(8), H(9.5)]] });
    expect(morning).toMatchObject({ plannedHours: 1.5, runHours: 1, failures: 1, mtbfHours: 1, mttrHours: 0.5 });
    // Per-device windows: a device missing from the record has no planned time.
    const perDevice = deviceFigures({ segments: [...A, ...B], devices: ['A', 'B'], ...PERIOD, now: H(20), windows: { B: [[H(8), H(10)]] } });
    expect(perDevice).toMatchObject({ plannedHours: 2, runHours: 1.5, faultHours: 0.5, failures: 0 });
  });

  it('joins overlapping and touching windows', () => {
    expect(unionIntervals([[5, 7], [1, 3], [2, 4], [4, 4.5], [9, 9]])).toEqual([
      [1, 4.5],
      [5, 7],
    ]);
  });
});
