import type { HomeOrderFigures } from '@core/contracts/work-order/progress';
import type { HomeTileFigure } from '@app/shared/home-tiles';
import { orderProgressApi } from './order-progress.api';
import { OPEN_ORDER_STATUSES } from './order-progress.list';

/** One request for all four tiles: concurrent loads share it, the next visit of /home asks again. */
let inFlight: Promise<HomeOrderFigures> | null = null;
function loadFigures(): Promise<HomeOrderFigures> {
  inFlight ??= orderProgressApi.homeFigures().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** /order-process-progress filtered to the open orders of a delivery date range (or overdue ones). */
function progressLink(filters: { from?: string; to?: string; overdue?: boolean }): string {
  const params = new URLSearchParams();
  if (filters.from && filters.to) {
    params.append('deliveryDate', `${filters.from} 00:00:00`);
    params.append('deliveryDate', `${filters.to} 23:59:59`);
  }
  if (filters.overdue) params.set('overdue', '1');
  for (const status of OPEN_ORDER_STATUSES) params.append('status', String(status));
  return `/order-process-progress?${params.toString()}`;
}

const figure = (value: number | null, to: string, hint: string, tone: HomeTileFigure['tone'] = 'default'): HomeTileFigure | null =>
  value === null ? null : { value, to, hint, tone: value > 0 ? tone : 'default' };
const monthDay = (date: string) => date.slice(5);

export async function dueToday() {
  const f = await loadFigures();
  return figure(f.dueToday, progressLink({ from: f.today, to: f.today }), `交货日期 ${f.today}，未完成`, 'warning');
}

export async function dueThisWeek() {
  const f = await loadFigures();
  return figure(f.dueThisWeek, progressLink({ from: f.weekStart, to: f.weekEnd }), `${monthDay(f.weekStart)} 至 ${monthDay(f.weekEnd)}，未完成`);
}

export async function overdue() {
  const f = await loadFigures();
  return figure(f.overdue, progressLink({ overdue: true }), '交货日期已过仍未完成', 'danger');
}

export async function pendingReviews() {
  const f = await loadFigures();
  return figure(f.pendingReviews, '/work-order-review', '报工待审核', 'warning');
}
