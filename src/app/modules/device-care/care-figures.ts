import type { CareHomeFigures, CareKind } from '@core/contracts/device-care';
import type { HomeTileFigure } from '@app/shared/home-tiles';
import { CARE_API } from './device-care.api';

const PAGE: Record<CareKind, string> = { check: '/device-check-cfg', maintenance: '/maintenance-cfg' };

/** One request per kind for both of its tiles: concurrent loads share it, the next visit asks again. */
const inFlight: Partial<Record<CareKind, Promise<CareHomeFigures>>> = {};
function figuresOf(kind: CareKind): Promise<CareHomeFigures> {
  inFlight[kind] ??= CARE_API[kind].orders.homeFigures().finally(() => {
    delete inFlight[kind];
  });
  return inFlight[kind];
}

/** The kind's orders tab showing the caller's orders in `states`. */
const ordersLink = (kind: CareKind, states: number[]) => `${PAGE[kind]}?tab=orders&mine=1${states.map((state) => `&state=${state}`).join('')}`;

/** My orders begun and not yet due: 待执行 and 执行中. */
export async function dueOrders(kind: CareKind): Promise<HomeTileFigure> {
  const figures = await figuresOf(kind);
  return { value: figures.due, to: ordersLink(kind, [1, 2]), hint: '指派给我、尚未到期', tone: figures.due > 0 ? 'warning' : 'default' };
}

/** My orders past their due time and not done. */
export async function overdueOrders(kind: CareKind): Promise<HomeTileFigure> {
  const figures = await figuresOf(kind);
  return { value: figures.overdue, to: ordersLink(kind, [4]), hint: '指派给我、已过到期时间', tone: figures.overdue > 0 ? 'danger' : 'default' };
}
