import type { FastifyInstance } from 'fastify';
import { SysLogApi, type SysLogQuery } from '@core/contracts/sys-log';
import { mount } from '../../lib/endpoint';
import { registerExportRoute } from '../../lib/transfer-routes';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { operationNaming } from './operation-names';
import { SYS_LOG_EXPORT_COLUMNS, type SysLogService } from './sys-log.service';

const EXPORT_NAME = '系统日志';

/** /sys-log: list and xlsx export with the same filters. */
export async function sysLogRoutes(app: FastifyInstance, { service }: { service: SysLogService }): Promise<void> {
  // Read at the first request, so routes registered after this plugin are named too.
  const naming = operationNaming(app.mountedRoutes);
  mount(app, SysLogApi.list, async (request) => service.list(scopeOf(sessionOf(request)), request.query, naming));
  registerExportRoute(app, {
    endpoint: SysLogApi.export,
    name: EXPORT_NAME,
    columns: SYS_LOG_EXPORT_COLUMNS,
    rows: (scope, query: SysLogQuery) => service.rows(scope, query, naming),
  });
}
