import { describe, expect, it } from 'vitest';
import { dayTone, liveCounts, nextPage } from './board-figures';
import { liveDevice } from './live-device.fixture';

const device = liveDevice;

describe('liveCounts', () => {
  it('counts every status, the running rate and lists faults longest first', () => {
    const counts = liveCounts([device(1, 3, 10), device(2, 5, 300), device(3, 5, 100), device(4, 6, null), device(5, 3, 5), device(6, 5, null)]);
    expect(counts.total).toBe(6);
    expect(counts.byStatus).toEqual([
      { status: 1, count: 0 },
      { status: 2, count: 0 },
      { status: 3, count: 2 },
      { status: 4, count: 0 },
      { status: 5, count: 3 },
      { status: 6, count: 1 },
    ]);
    expect(counts.runningRate).toBe(2 / 6);
    expect(counts.faults.map((item) => item.id)).toEqual([3, 2, 6]);
  });

  it('has no running rate without devices', () => {
    expect(liveCounts([]).runningRate).toBeNull();
  });
});

describe('nextPage', () => {
  it('turns to the next page and starts over after the last', () => {
    expect([0, 1, 2].map((page) => nextPage(page, 3))).toEqual([1, 2, 0]);
    expect(nextPage(0, 1)).toBe(0);
    expect(nextPage(0, 0)).toBe(0);
  });
});

describe('dayTone', () => {
  const shift = (extra: boolean) => ({ id: 1, name: '白班', start: '08:00', end: '16:00', extra });
  it('marks a day taken out first, then a 加班 day, then a day without planned time', () => {
    expect(dayTone({ down: true, plannedHours: 0, shifts: [] })).toBe('down');
    expect(dayTone({ down: false, plannedHours: 8, shifts: [shift(false), shift(true)] })).toBe('extra');
    expect(dayTone({ down: false, plannedHours: 0, shifts: [] })).toBe('rest');
    expect(dayTone({ down: false, plannedHours: 7.5, shifts: [shift(false)] })).toBe('work');
  });
});
