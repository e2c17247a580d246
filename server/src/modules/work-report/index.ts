import type { ServerModule } from '../module';
import { workReportRoutes } from './work-report.routes';
import { WorkReportService } from './work-report.service';

/**
 * 报工 / 报工审核 / 报工记录 (/work-order-review, /work-order-record): reports against issued
 * operations, their review, and the progress arithmetic (operation and order quantities from
 * audited reports, order start and completion).
 *
 * Seam for the 一体机 (machine-key) route: mount it in this module and call
 * `new WorkReportService(db).create(machineScope, body, { source: 2, reporterId: null, context })`
 * — every rule (issued operation, order status, machine able to do the process, over-report
 * confirmation, review config) is the same for every source.
 */
export const workReportModule: ServerModule = {
  name: 'work-report',
  async register(app, { db }) {
    await workReportRoutes(app, { reports: new WorkReportService(db) });
  },
};

export { WorkReportService, type CreateReportOptions, type ReportSource } from './work-report.service';
export { recomputeOrderProgress } from './progress';
export { mayReviewReports } from './reviewers';
export { seedWorkReportDemo } from './seed';
