import type { FastifyInstance } from 'fastify';
import { SysLogAuthorities as A } from '@core/access/authorities/shifts';
import { SysLogPaths as P, SysLogQuery } from '@core/contracts/sys-log';
import { sendXlsx } from '../../lib/excel-export';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelopes';
import { SYS_LOG_EXPORT_COLUMNS, type SysLogService } from './service';

const EXPORT_NAME = '系统日志';

/** /sys-log: list (MENU_SYS_LOG) and xlsx export (ACTION_SYS_LOG_EXPORT) with the same filters. */
export async function sysLogRoutes(app: FastifyInstance, { service }: { service: SysLogService }): Promise<void> {
  app.get<{ Querystring: SysLogQuery }>(P.list, { schema: { querystring: SysLogQuery }, config: { authority: A.page } }, async (request) =>
    ok('result', await service.list(scopeOf(sessionOf(request)), request.query)),
  );
  app.post<{ Body: SysLogQuery }>(P.export, { schema: { body: SysLogQuery }, config: { authority: A.export } }, async (request, reply) =>
    // rows() validates the filters at once, so a bad filter still answers 4000 before the download.
    sendXlsx(reply, EXPORT_NAME, EXPORT_NAME, SYS_LOG_EXPORT_COLUMNS, service.rows(scopeOf(sessionOf(request)), request.body)),
  );
}
