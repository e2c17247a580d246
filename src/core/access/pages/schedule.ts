import { ScheduleAuthorities as A } from '../authorities/schedule';
import { definePages, TAB_QUERY } from '../page-declaration';

/**
 * Pages of 纸箱排产 (console module schedule): placed in their group by route-catalog.ts, rendered
 * by src/app/modules/schedule/index.ts. Besides their menu codes they need the spec's numeric ids
 * (§6): 8621 for the pages that schedule, 8624 for the scheduled tasks and a machine's queue, 8625
 * for the views. 机台排程 is hidden and opened from 已排产 / 排产视图 (`?deviceId=`).
 */
export const SCHEDULE_PAGES = definePages('schedule', 'SCHEDULE', {
  DELIVERY_PLAN: { path: '/delivery-plan', title: '交期计划', keepQuery: TAB_QUERY },
  PRODUCTION_ORDER: { path: '/schedule-production-order', title: '待排订单', authorities: [A.idToSchedule] },
  STANDBY: { path: '/schedule-standby', title: '待排工序', authorities: [A.idToSchedule] },
  PRE: { path: '/schedule-pre', title: '预排产', authorities: [A.idToSchedule], keepQuery: TAB_QUERY },
  SCHEDULED: { path: '/scheduled', title: '已排产', authorities: [A.idScheduled], keepQuery: TAB_QUERY },
  MACHINE: { path: '/machine-schedule', title: '机台排程', hidden: true, authorities: [A.idScheduled], keepQuery: ['deviceId'] },
  VIEWS: { path: '/schedule-views', title: '排产视图', authorities: [A.idViews], keepQuery: TAB_QUERY },
});
