import type { FastifyInstance } from 'fastify';
import { ORDER_SCREEN_ACTIONS, ProductionOrderApi as E, type ProductionOrderListQuery } from '@core/contracts/work-order/order';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { mount } from '../../lib/endpoint';
import { operationContext } from '../../lib/operation-context';
import { registerExportRoute, registerImportRoutes, type StoredFiles } from '../../lib/transfer-routes';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { ORDER_EXPORT_COLUMNS, ORDER_IMPORT_COLUMNS, type ProductionOrderService } from './production-order.service';

/** /dps-server/production_order/*: the three lists, detail, operations, history, writes, status actions and export, mounted from ProductionOrderApi. */
export async function productionOrderRoutes(app: FastifyInstance, { orders, files }: { orders: ProductionOrderService; files: StoredFiles }): Promise<void> {
  mount(app, E.list, async (request) => orders.list(scopeOf(sessionOf(request)), request.query));
  mount(app, E.issuedList, async (request) => orders.list(scopeOf(sessionOf(request)), request.query, 'issued'));
  mount(app, E.semiList, async (request) => orders.list(scopeOf(sessionOf(request)), request.query, 'semi'));
  mount(app, E.detail, async (request) => orders.detail(scopeOf(sessionOf(request)), request.params.id));
  mount(app, E.operations, async (request) => orders.operations(scopeOf(sessionOf(request)), request.params.id));
  mount(app, E.history, async (request) => orders.history(scopeOf(sessionOf(request)), request.params.id));
  registerCrudRoutes(app, { create: E.create, update: E.update, deleteBatch: E.deleteBatch, service: orders });
  for (const action of ORDER_SCREEN_ACTIONS) {
    mount(app, E[action], async (request) => orders.act(scopeOf(sessionOf(request)), action, request.body.ids, request.body.note, operationContext(request)));
  }
  mount(app, E.batchDeliveryDate, async (request) =>
    orders.batchDeliveryDate(scopeOf(sessionOf(request)), request.body.ids, request.body.deliveryDate, operationContext(request)),
  );
  mount(app, E.urgent, async (request) => orders.urgent(scopeOf(sessionOf(request)), request.body.ids, request.body.urgency, operationContext(request)));
  registerImportRoutes(app, {
    endpoint: E.import,
    template: E.importTemplate,
    templateName: '生产订单导入模板',
    columns: ORDER_IMPORT_COLUMNS,
    files,
    run: (scope, path, context) => orders.import(scope, path, context),
  });
  registerExportRoute(app, {
    endpoint: E.export,
    name: '生产订单',
    columns: ORDER_EXPORT_COLUMNS,
    rows: (scope, query: ProductionOrderListQuery) => orders.rows(scope, query),
  });
}
