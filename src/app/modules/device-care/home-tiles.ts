import { DeviceCareAuthorities as A } from '@core/access/authorities/device-care';
import { registerHomeTiles } from '@app/shared/home-tiles';

const figures = () => import('./care-figures');

/** The caller's 点检 and 保养 to-dos on /home: due and overdue, each opening its orders tab filtered to them. */
registerHomeTiles(
  { key: 'check-due', title: '我的待点检', authority: A.check.page, order: 50, load: () => figures().then((m) => m.dueOrders('check')) },
  { key: 'check-overdue', title: '我的逾期点检', authority: A.check.page, order: 51, load: () => figures().then((m) => m.overdueOrders('check')) },
  { key: 'maintenance-due', title: '我的待保养', authority: A.maintenance.page, order: 52, load: () => figures().then((m) => m.dueOrders('maintenance')) },
  { key: 'maintenance-overdue', title: '我的逾期保养', authority: A.maintenance.page, order: 53, load: () => figures().then((m) => m.overdueOrders('maintenance')) },
);
