import { describe, expect, it } from 'vitest';
import { localDate, periodsAt, runHoursDue } from './cycle';

// The tests run in Asia/Shanghai (vitest.config.ts); times below are local.
const local = (text: string) => new Date(text.replace(' ', 'T'));
const show = (periods: ReturnType<typeof periodsAt>) => periods.map((p) => `${p.key} ${localDate(p.start)} ${p.start.toTimeString().slice(0, 8)} → ${localDate(p.due)} ${p.due.toTimeString().slice(0, 8)}`);

describe('care cycles', () => {
  it('daily: today once begun, and yesterday only while it was due within the look-back', () => {
    // Yesterday's period is still made for a day after its due time (a server down overnight catches up).
    expect(show(periodsAt('daily', local('2026-11-25 09:30:00')))).toEqual(['D2026-11-24 2026-11-24 00:00:00 → 2026-11-24 23:59:59', 'D2026-11-25 2026-11-25 00:00:00 → 2026-11-25 23:59:59']);
    expect(show(periodsAt('daily', local('2026-11-25 09:30:00'), { lookbackMs: 6 * 3_600_000 }))).toEqual(['D2026-11-25 2026-11-25 00:00:00 → 2026-11-25 23:59:59']);
  });

  it('weekly runs Monday to Sunday and monthly the calendar month', () => {
    // 2026-11-25 is a Wednesday; 2026-11-29 a Sunday.
    expect(show(periodsAt('weekly', local('2026-11-25 10:00:00')))).toEqual(['W2026-11-23 2026-11-23 00:00:00 → 2026-11-29 23:59:59']);
    expect(show(periodsAt('weekly', local('2026-11-29 23:00:00')))).toEqual(['W2026-11-23 2026-11-23 00:00:00 → 2026-11-29 23:59:59']);
    expect(show(periodsAt('monthly', local('2026-02-10 10:00:00')))).toEqual(['M2026-02 2026-02-01 00:00:00 → 2026-02-28 23:59:59']);
  });

  it('per shift: the shifts begun by now; a night shift is due the next morning', () => {
    const shifts = [
      { id: 1, startTime: '08:00', endTime: '20:00' },
      { id: 2, startTime: '20:00', endTime: '08:00' },
    ];
    expect(show(periodsAt('shift', local('2026-11-25 07:00:00'), { shifts }))).toEqual([
      'S2026-11-24#1 2026-11-24 08:00:00 → 2026-11-24 20:00:00',
      'S2026-11-24#2 2026-11-24 20:00:00 → 2026-11-25 08:00:00',
    ]);
    expect(show(periodsAt('shift', local('2026-11-25 21:00:00'), { shifts, lookbackMs: 2 * 3_600_000 }))).toEqual([
      'S2026-11-25#1 2026-11-25 08:00:00 → 2026-11-25 20:00:00',
      'S2026-11-25#2 2026-11-25 20:00:00 → 2026-11-26 08:00:00',
    ]);
  });

  it('makes nothing before the plan’s start date', () => {
    expect(periodsAt('weekly', local('2026-11-25 10:00:00'), { startDate: '2026-11-24' })).toEqual([]);
    expect(periodsAt('daily', local('2026-11-25 10:00:00'), { startDate: '2026-11-26' })).toEqual([]);
    expect(periodsAt('daily', local('2026-11-25 10:00:00'), { startDate: '2026-11-25' })).toHaveLength(1);
  });

  it('a run-hours plan is due once the device ran its hours', () => {
    expect(runHoursDue(99.9, 100)).toBe(false);
    expect(runHoursDue(100, 100)).toBe(true);
  });
});
