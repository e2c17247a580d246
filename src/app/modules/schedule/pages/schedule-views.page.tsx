import { lazy } from 'react';
import { TabbedPage, type PageTab } from '@app/shared';

const TABS: readonly PageTab[] = [
  { key: 'gantt', label: '甘特图', page: lazy(() => import('../gantt/schedule-gantt').then((m) => ({ default: () => <m.ScheduleGantt /> }))) },
  { key: 'load', label: '机台负荷', page: lazy(() => import('../gantt/load-chart').then((m) => ({ default: m.LoadView }))) },
  { key: 'order', label: '订单视图', page: lazy(() => import('../gantt/order-view').then((m) => ({ default: m.OrderView }))) },
];

/** 排产视图: the machines' Gantt (drag to move a task), the load per machine per day, and one order across machines. */
export default function ScheduleViewsPage() {
  return <TabbedPage className="mes-schedule-views" tabs={TABS} />;
}
