import type { FastifyInstance } from 'fastify';
import { SysLogAuthorities as A } from '@core/access/authorities/sys-log';
import { SysLogPaths as P, SysLogQuery } from '@core/contracts/sys-log';
import { registerExportRoute } from '../../lib/transfer-routes';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelopes';
import { operationNaming } from './operation-names';
import { SYS_LOG_EXPORT_COLUMNS, type SysLogService } from './sys-log.service';

const EXPORT_NAME = '系统日志';

/** /sys-log: list (MENU_SYS_LOG) and xlsx export (ACTION_SYS_LOG_EXPORT) with the same filters. */
export async function sysLogRoutes(app: FastifyInstance, { service }: { service: SysLogService }): Promise<void> {
  // The map is read at each call, so routes registered after this plugin are named too.
  const naming = operationNaming(app.writeRouteAuthorities);
  app.get<{ Querystring: SysLogQuery }>(P.list, { schema: { querystring: SysLogQuery }, config: { authority: A.page } }, async (request) =>
    ok('result', await service.list(scopeOf(sessionOf(request)), request.query, naming)),
  );
  registerExportRoute(app, {
    path: P.export,
    schema: SysLogQuery,
    authority: A.export,
    name: EXPORT_NAME,
    columns: SYS_LOG_EXPORT_COLUMNS,
    rows: (scope, query: SysLogQuery) => service.rows(scope, query, naming),
  });
}
