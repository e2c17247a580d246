import { WorkOrderAuthorities as A } from '@core/access/authorities/work-order';
import { registerHomeTiles } from '@app/shared/home-tiles';

const figures = () => import('./order-figures').then((module) => module);

/**
 * The order tiles of /home: due today, due this week, overdue (each opening 订单工序进度 filtered
 * the same way) and reports waiting for the user's review (opening 报工审核).
 */
registerHomeTiles(
  { key: 'orders-due-today', title: '今日到期订单', authority: A.processProgress, order: 10, load: () => figures().then((m) => m.dueToday()) },
  { key: 'orders-due-week', title: '本周到期订单', authority: A.processProgress, order: 20, load: () => figures().then((m) => m.dueThisWeek()) },
  { key: 'orders-overdue', title: '逾期订单', authority: A.processProgress, order: 30, load: () => figures().then((m) => m.overdue()) },
  { key: 'reports-to-review', title: '待我审核的报工', authority: A.review, order: 40, load: () => figures().then((m) => m.pendingReviews()) },
);
