import { describe, expect, it } from 'vitest';
import type { DeliveryCapacity, ScheduleOrder } from '@core/contracts/schedule';
import { capacityIndex, deliveryDays, weekdayOf } from './delivery-plan';

const cell = (processId: number, processName: string, date: string, neededMinutes: number, availableMinutes: number) => ({
  processId,
  processName,
  date,
  neededMinutes,
  availableMinutes,
  overloaded: neededMinutes > availableMinutes,
  orderCount: 1,
});

const order = (id: number, orderNo: string, deliveryDate: string, urgency = 0) => ({ id, orderNo, deliveryDate, urgency }) as ScheduleOrder;

const capacity: DeliveryCapacity = {
  processes: [
    { id: 1, name: '印刷开槽' },
    { id: 2, name: '糊箱' },
  ],
  days: ['2026-11-30', '2026-12-01'],
  cells: [cell(1, '印刷开槽', '2026-11-30', 600, 960), cell(2, '糊箱', '2026-11-30', 1200, 960), cell(1, '印刷开槽', '2026-12-01', 100, 960)],
};

describe('交期计划 days', () => {
  it('puts each order on its delivery day, most urgent first, and names the processes short of capacity', () => {
    const days = deliveryDays(capacity, [order(1, 'B-2', '2026-11-30'), order(2, 'A-1', '2026-11-30'), order(3, 'C-3', '2026-11-30', 2), order(4, 'D-4', '2026-12-01'), order(5, 'X', '2026-12-09')]);
    expect(days.map((day) => [day.date, day.weekday, day.orders.map((each) => each.orderNo)])).toEqual([
      ['2026-11-30', 1, ['C-3', 'A-1', 'B-2']],
      ['2026-12-01', 2, ['D-4']],
    ]);
    expect(days[0]!.overloaded.map((each) => each.processName)).toEqual(['糊箱']);
    expect(days[0]).toMatchObject({ neededMinutes: 1800, availableMinutes: 1920 });
    expect(days[1]!.overloaded).toEqual([]);
  });

  it('finds a cell by process and day; weekdays run Monday 1 to Sunday 7', () => {
    expect(capacityIndex(capacity).get('2|2026-11-30')?.neededMinutes).toBe(1200);
    expect(capacityIndex(capacity).get('2|2026-12-01')).toBeUndefined();
    expect([weekdayOf('2026-11-29'), weekdayOf('2026-11-30'), weekdayOf('2026-12-05')]).toEqual([7, 1, 6]);
  });
});
