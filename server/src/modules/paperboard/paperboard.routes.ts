import type { FastifyInstance } from 'fastify';
import { PaperboardApi as E, type BoardOrderListQuery } from '@core/contracts/paperboard';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { mount } from '../../lib/endpoint';
import { sendXlsx } from '../../lib/excel-export';
import { operationContext } from '../../lib/operation-context';
import { registerExportRoute, registerImportRoutes, type StoredFiles } from '../../lib/transfer-routes';
import { scopeOf, sessionOf } from '../../plugins/auth';
import type { BoardConfigService } from './config.service';
import { listBoardLog } from './log.service';
import { BOARD_ORDER_EXPORT_COLUMNS, BOARD_ORDER_IMPORT_COLUMNS, type BoardOrderService } from './orders.service';
import type { BoardRemakeService } from './remake.service';
import { RUN_SHEET_COLUMNS, type BoardScheduleService } from './schedule.service';
import type { Db } from '../../db';

export interface PaperboardServices {
  db: Db;
  orders: BoardOrderService;
  remakes: BoardRemakeService;
  schedules: BoardScheduleService;
  configs: BoardConfigService;
  files: StoredFiles;
  /** Today (yyyy-mm-dd) for the due counts. */
  today: () => string;
}

/** /dps-server/paperboard/*: board orders, standby groups and 试排, schedules and their run sheet, the line's config, the log. */
export async function paperboardRoutes(app: FastifyInstance, { db, orders, remakes, schedules, configs, files, today }: PaperboardServices): Promise<void> {
  const scope = (request: Parameters<typeof sessionOf>[0]) => scopeOf(sessionOf(request));

  mount(app, E.orderList, async (request) => orders.list(scope(request), request.query));
  mount(app, E.orderDetail, async (request) => orders.detail(scope(request), request.params.id));
  registerCrudRoutes(app, { create: E.orderCreate, update: E.orderUpdate, deleteBatch: E.orderDeleteBatch, service: orders });
  registerImportRoutes(app, {
    endpoint: E.orderImport,
    template: E.orderImportTemplate,
    templateName: '纸板订单导入模板',
    columns: BOARD_ORDER_IMPORT_COLUMNS,
    files,
    run: (s, path, context) => orders.import(s, path, context),
  });
  registerExportRoute(app, { endpoint: E.orderExport, name: '纸板订单', columns: BOARD_ORDER_EXPORT_COLUMNS, rows: (s, query: BoardOrderListQuery) => orders.rows(s, query) });

  mount(app, E.remakeCandidates, async (request) => remakes.candidates(scope(request)));
  mount(app, E.remakeCreate, async (request) => remakes.create(scope(request), request.body, operationContext(request)));

  mount(app, E.standbyGroups, async (request) => orders.standbyGroups(scope(request), today()));
  mount(app, E.trial, async (request) => schedules.trial(scope(request), request.body));

  mount(app, E.scheduleList, async (request) => schedules.list(scope(request), request.query));
  mount(app, E.scheduleDetail, async (request) => schedules.detail(scope(request), request.params.id));
  mount(app, E.scheduleCreate, async (request) => schedules.create(scope(request), request.body, operationContext(request)));
  mount(app, E.runUpdate, async (request) => schedules.updateRun(scope(request), request.body, operationContext(request)));
  mount(app, E.runCheck, async (request) => schedules.checkRun(scope(request), request.body));
  mount(app, E.reoptimise, async (request) => schedules.reoptimise(scope(request), request.body, operationContext(request)));
  mount(app, E.scheduleIssue, async (request) => schedules.issue(scope(request), request.body.id, operationContext(request)));
  mount(app, E.scheduleCancel, async (request) => schedules.cancel(scope(request), request.body.id, operationContext(request)));
  mount(app, E.scheduleCopy, async (request) => schedules.copy(scope(request), request.body.id, operationContext(request)));
  mount(app, E.runSheet, async (request, reply) => {
    const sheet = await schedules.runSheet(scope(request), request.body.id);
    return sendXlsx(reply, `排产单-${sheet.scheduleNo}`, sheet.scheduleNo, RUN_SHEET_COLUMNS, sheet.rows);
  });

  mount(app, E.config, async (request) => configs.get(scope(request)));
  mount(app, E.configRolls, async (request) => configs.rollsOnHand(scope(request)));
  mount(app, E.configUpdate, async (request) => configs.update(scope(request), request.body, operationContext(request)));

  mount(app, E.logList, async (request) => listBoardLog(db, scope(request), request.query));
}
