import type { FastifyInstance } from 'fastify';
import { WorkReportApi as E } from '@core/contracts/work-order/report';
import { mount } from '../../lib/endpoint';
import { machineOf } from '../../lib/machine-key';
import { operationContext } from '../../lib/operation-context';
import { registerExportRoute } from '../../lib/transfer-routes';
import type { ListParams } from '../../lib/list-query';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { REPORT_EXPORT_COLUMNS } from './report-queries';
import type { WorkReportService } from './work-report.service';

/**
 * /dps-server/work_report/*: records (list, export), platform and mobile reporting (create with its
 * operation picker and form options), review (audit list and export, detail, update, audit, batch
 * audit, batch roll back, cancel), mounted from WorkReportApi.
 */
export async function workReportRoutes(app: FastifyInstance, { reports }: { reports: WorkReportService }): Promise<void> {
  const scope = (request: Parameters<typeof sessionOf>[0]) => scopeOf(sessionOf(request));
  mount(app, E.list, async (request) => reports.list(scope(request), request.query));
  mount(app, E.reviewList, async (request) => reports.list(scope(request), request.query));
  for (const [endpoint, name] of [
    [E.export, '报工记录'],
    [E.reviewExport, '报工审核'],
  ] as const) {
    registerExportRoute(app, { endpoint, name, columns: REPORT_EXPORT_COLUMNS, rows: (s, query: ListParams) => reports.rows(s, query) });
  }
  mount(app, E.operations, async (request) => reports.operations(scope(request), request.query.orderNo));
  mount(app, E.formOptions, async (request) => reports.formOptions(scope(request), request.params.id));
  mount(app, E.create, async (request) => {
    const context = operationContext(request);
    // A user session reports from the platform (PC) or the mobile app (X_REQUEST_SOURCE); the 一体机
    // reports through its own machine-key route (machineCreate) with source 2.
    const source = context.source === 3 ? 3 : 1;
    return reports.create(scope(request), request.body, { source, reporterId: sessionOf(request).userId, context });
  });
  mount(app, E.machineCreate, async (request) => {
    const machine = machineOf(request);
    const scope = { enterpriseId: machine.enterpriseId, orgId: machine.orgId, userId: 0 };
    return reports.create(scope, request.body, { source: 2, reporterId: null, context: operationContext(request) });
  });
  mount(app, E.detail, async (request) => reports.detail(scope(request), request.params.id));
  mount(app, E.update, async (request) => reports.update(scope(request), request.body, operationContext(request)));
  mount(app, E.audit, async (request) => reports.audit(scope(request), request.body, operationContext(request)));
  mount(app, E.batchAudit, async (request) => reports.batchAudit(scope(request), request.body.ids, operationContext(request)));
  mount(app, E.batchRollBack, async (request) => reports.rollBack(scope(request), request.body.ids, operationContext(request)));
  mount(app, E.cancel, async (request) => reports.cancel(scope(request), request.body.ids, operationContext(request)));
}
