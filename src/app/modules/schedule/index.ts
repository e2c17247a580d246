import { SCHEDULE_PAGES } from '@core/access/pages/schedule';
import { defineModule } from '../define-module';

/**
 * 纸箱排产 (spec §2 /schedule): delivery plan, orders and operations to schedule, pre-schedule, the
 * scheduled tasks with the background time calculation, a machine's queue and the schedule views;
 * `<mes-schedule>` (the scheduled tasks) for hosts.
 */
export const scheduleModule = defineModule(
  SCHEDULE_PAGES,
  {
    DELIVERY_PLAN: () => import('./pages/delivery-plan.page'),
    PRODUCTION_ORDER: () => import('./pages/schedule-orders.page'),
    STANDBY: () => import('./pages/standby.page'),
    PRE: () => import('./pages/pre.page'),
    SCHEDULED: () => import('./pages/scheduled.page'),
    MACHINE: () => import('./pages/machine-schedule.page'),
    VIEWS: () => import('./pages/schedule-views.page'),
  },
  { name: 'mes-schedule', load: () => import('./pages/schedule-element.page') },
);
