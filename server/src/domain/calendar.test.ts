import { describe, expect, it } from 'vitest';
import { monthCalendar, shiftMinutes, shiftProblem, type CalendarShift } from './calendar';

const DAY_SHIFT: CalendarShift = { id: 1, name: '白班 A', start: '08:00', end: '20:00', breaks: [{ start: '12:00', end: '12:30' }, { start: '17:30', end: '18:00' }] };
const NIGHT_SHIFT: CalendarShift = { id: 2, name: '夜班 B', start: '20:00', end: '08:00', breaks: [{ start: '00:00', end: '00:30' }] };
const FULL_DAY: CalendarShift = { id: 3, name: '全天', start: '00:00', end: '24:00', breaks: [] };

describe('shift minutes', () => {
  it('subtracts breaks from a day shift and counts a night shift across midnight', () => {
    expect(shiftMinutes(DAY_SHIFT)).toBe(12 * 60 - 60);
    expect(shiftMinutes(NIGHT_SHIFT)).toBe(12 * 60 - 30);
    expect(shiftMinutes(FULL_DAY)).toBe(1440);
    // A break that itself crosses midnight inside a night shift.
    expect(shiftMinutes({ start: '22:00', end: '06:00', breaks: [{ start: '23:45', end: '00:15' }] })).toBe(8 * 60 - 30);
  });

  it('refuses breaks outside the shift, overlapping breaks and empty shifts', () => {
    expect(shiftProblem(DAY_SHIFT)).toBeNull();
    expect(shiftProblem(NIGHT_SHIFT)).toBeNull();
    expect(shiftProblem(FULL_DAY)).toBeNull();
    expect(shiftProblem({ start: '08:00', end: '08:00', breaks: [] })).toBe('结束时间不能与开始时间相同');
    expect(shiftProblem({ start: '08:00', end: '20:00', breaks: [{ start: '21:00', end: '21:30' }] })).toBe('休息时间 21:00-21:30 必须在班次时间内');
    expect(shiftProblem({ start: '20:00', end: '08:00', breaks: [{ start: '07:30', end: '08:30' }] })).toBe('休息时间 07:30-08:30 必须在班次时间内');
    expect(shiftProblem({ start: '08:00', end: '20:00', breaks: [{ start: '12:00', end: '13:00' }, { start: '12:30', end: '14:00' }] })).toBe('休息时间不能重叠');
    expect(shiftProblem({ start: '8:00', end: '20:00', breaks: [] })).toBe('开始时间格式不正确');
  });
});

describe('month calendar', () => {
  // May 2026: 1–5 劳动节 (Fri–Tue), Sat 9 May is a 调休 working day.
  const holidays = [
    ...['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04', '2026-05-05'].map((date) => ({ date, type: 1 as const, name: '劳动节' })),
    { date: '2026-05-09', type: 2 as const, name: '劳动节调休' },
  ];

  it('gives weekdays both shifts, weekends and holidays nothing, and a 调休 Saturday full shifts', () => {
    const days = monthCalendar({ month: '2026-05', shifts: [DAY_SHIFT, NIGHT_SHIFT], holidays });
    expect(days).toHaveLength(31);
    const byDate = new Map(days.map((day) => [day.date, day]));
    expect(byDate.get('2026-05-01')).toMatchObject({ workday: false, holiday: '劳动节', holidayType: 1, shifts: [], availableMinutes: 0 });
    expect(byDate.get('2026-05-06')).toMatchObject({ weekday: 3, workday: true, availableMinutes: 660 + 690 });
    expect(byDate.get('2026-05-06')!.shifts.map((shift) => [shift.name, shift.minutes])).toEqual([['白班 A', 660], ['夜班 B', 690]]);
    expect(byDate.get('2026-05-09')).toMatchObject({ weekday: 6, workday: true, holiday: '劳动节调休', availableMinutes: 1350 });
    expect(byDate.get('2026-05-10')).toMatchObject({ weekday: 0, workday: false, availableMinutes: 0 });
    expect(days.filter((day) => day.workday)).toHaveLength(31 - 5 - 8 + 1);
  });

  it('takes a down day out and adds an extra shift on a rest day', () => {
    const days = monthCalendar({
      month: '2026-05',
      shifts: [DAY_SHIFT, NIGHT_SHIFT],
      holidays,
      overrides: [
        { date: '2026-05-07', type: 'down' },
        { date: '2026-05-16', type: 'extra', shift: DAY_SHIFT },
      ],
    });
    const byDate = new Map(days.map((day) => [day.date, day]));
    expect(byDate.get('2026-05-07')).toMatchObject({ workday: true, down: true, shifts: [], availableMinutes: 0 });
    expect(byDate.get('2026-05-16')).toMatchObject({ workday: false, availableMinutes: 660 });
    expect(byDate.get('2026-05-16')!.shifts[0]).toMatchObject({ name: '白班 A', extra: true });
  });

  it('honours a configured rest week and handles February of a leap-free year', () => {
    const days = monthCalendar({ month: '2026-02', shifts: [FULL_DAY], holidays: [], restWeekdays: [0] });
    expect(days).toHaveLength(28);
    expect(days.filter((day) => day.workday)).toHaveLength(24);
    expect(days.reduce((sum, day) => sum + day.availableMinutes, 0)).toBe(24 * 1440);
  });
});
