import { PAPERBOARD_PAGES } from '@core/access/pages/paperboard';
import { defineModule } from '../define-module';

/** 纸板排产 (/paperboard): board orders, standby groups and 试排, schedules, the line's config and the log; `<mes-paperboard>` for hosts. */
export const paperboardModule = defineModule(
  PAPERBOARD_PAGES,
  {
    ORDERS: () => import('./pages/orders.page'),
    FECAL_ORDERS: () => import('./pages/fecal-orders.page'),
    STANDBY_ORDERS: () => import('./pages/standby.page'),
    SCHEDULE_DETAIL: () => import('./pages/schedule-detail.page'),
    SCHEDULE_LIST: () => import('./pages/schedule-list.page'),
    COMPLETE_ORDERS: () => import('./pages/complete-orders.page'),
    SCHEDULE_CONFIG: () => import('./pages/schedule-config.page'),
    LOG: () => import('./pages/log.page'),
  },
  { name: 'mes-paperboard', load: () => import('./pages/paperboard-element.page') },
);
