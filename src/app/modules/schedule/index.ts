import { SCHEDULE_PAGES } from '@core/access/pages/schedule';
import { defineModule } from '../define-module';

// Minimal index of branch wt-sched-gantt: engineer sched-lists owns this file and the list pages;
// when merging, keep theirs and add the MACHINE and VIEWS lines below.
const pending = (title: string) => () => import('@app/shell/module-pending').then((m) => ({ default: () => m.ModulePending({ title, moduleName: '纸箱排产' }) }));

/** 纸箱排产 (/schedule): the planner's lists, a machine's queue and the schedule views. */
export const scheduleModule = defineModule(SCHEDULE_PAGES, {
  DELIVERY_PLAN: pending(SCHEDULE_PAGES.pages.DELIVERY_PLAN.title),
  PRODUCTION_ORDER: pending(SCHEDULE_PAGES.pages.PRODUCTION_ORDER.title),
  STANDBY: pending(SCHEDULE_PAGES.pages.STANDBY.title),
  PRE: pending(SCHEDULE_PAGES.pages.PRE.title),
  SCHEDULED: pending(SCHEDULE_PAGES.pages.SCHEDULED.title),
  MACHINE: () => import('./pages/machine-schedule.page'),
  VIEWS: () => import('./pages/schedule-views.page'),
});
