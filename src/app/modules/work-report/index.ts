import { WORK_REPORT_PAGES } from '@core/access/pages/work-report';
import { defineModule } from '../define-module';

/** 报工审核 (/work-order-review) and 报工记录 (/work-order-record, with 平台报工). */
export const workReportModule = defineModule(WORK_REPORT_PAGES, {
  REVIEW: () => import('./pages/review.page'),
  RECORD: () => import('./pages/record.page'),
});
