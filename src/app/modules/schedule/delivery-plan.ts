import type { DeliveryCapacity, ProcessDayCapacity, ScheduleOrder } from '@core/contracts/schedule';

/** One day of the 交期计划 calendar: the orders due that day and the processes short of capacity. */
export interface DeliveryDay {
  date: string;
  /** 1 Monday … 7 Sunday. */
  weekday: number;
  orders: ScheduleOrder[];
  /** Processes whose needed minutes exceed the available ones that day. */
  overloaded: ProcessDayCapacity[];
  neededMinutes: number;
  availableMinutes: number;
}

/** 1 Monday … 7 Sunday of a yyyy-MM-dd (calendar arithmetic in UTC: no zone shifts a day). */
export function weekdayOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The days of the capacity answer with their due orders (by the order's delivery day) and overloads, in date order. */
export function deliveryDays(capacity: DeliveryCapacity, orders: readonly ScheduleOrder[]): DeliveryDay[] {
  const byDate = new Map<string, DeliveryDay>(
    capacity.days.map((date) => [date, { date, weekday: weekdayOf(date), orders: [], overloaded: [], neededMinutes: 0, availableMinutes: 0 }]),
  );
  for (const cell of capacity.cells) {
    const day = byDate.get(cell.date);
    if (!day) continue;
    day.neededMinutes += cell.neededMinutes;
    day.availableMinutes += cell.availableMinutes;
    if (cell.overloaded) day.overloaded.push(cell);
  }
  for (const order of orders) byDate.get(order.deliveryDate.slice(0, 10))?.orders.push(order);
  for (const day of byDate.values()) day.orders.sort((a, b) => b.urgency - a.urgency || a.orderNo.localeCompare(b.orderNo));
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The capacity cells keyed by process id and day (`12|2026-12-01`). */
export function capacityIndex(capacity: DeliveryCapacity): Map<string, ProcessDayCapacity> {
  return new Map(capacity.cells.map((cell) => [`${cell.processId}|${cell.date}`, cell]));
}
