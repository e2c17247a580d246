import type { FastifyInstance } from 'fastify';
import { DeviceRepairApi as E, type RepairListQuery } from '@core/contracts/device-repair';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { mount } from '../../lib/endpoint';
import { operationContext } from '../../lib/operation-context';
import { registerExportRoute } from '../../lib/transfer-routes';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { REPAIR_EXPORT_COLUMNS, type RepairService } from './repair.service';
import type { WebhookService } from './webhook.service';

/** /dps-server/repair/* (orders, state changes, export, spare parts, robots) and the spec's dingtalk proxy, mounted from DeviceRepairApi. */
export async function repairRoutes(app: FastifyInstance, { repairs, webhooks }: { repairs: RepairService; webhooks: WebhookService }): Promise<void> {
  mount(app, E.list, async (request) => repairs.list(scopeOf(sessionOf(request)), request.query));
  mount(app, E.detail, async (request) => repairs.detail(scopeOf(sessionOf(request)), request.params.id));
  registerCrudRoutes(app, { create: E.create, update: E.update, deleteBatch: E.deleteBatch, service: repairs });
  for (const action of ['start', 'submit', 'accept', 'reject'] as const) {
    mount(app, E[action], async (request) => repairs.act(scopeOf(sessionOf(request)), action, request.body, operationContext(request)));
  }
  registerExportRoute(app, {
    endpoint: E.export,
    name: '维修单',
    columns: REPAIR_EXPORT_COLUMNS,
    rows: (scope, query: RepairListQuery) => repairs.rows(scope, query),
  });
  mount(app, E.mine, async (request) => repairs.mine(scopeOf(sessionOf(request))));
  mount(app, E.spareParts, async (request) => repairs.spareParts(scopeOf(sessionOf(request)), request.query.deviceId));
  mount(app, E.webhookList, async (request) => webhooks.list(scopeOf(sessionOf(request)), request.query));
  registerCrudRoutes(app, { create: E.webhookCreate, update: E.webhookUpdate, deleteBatch: E.webhookDeleteBatch, service: webhooks });
  mount(app, E.dingtalkProxy, async (request) => webhooks.proxy(scopeOf(sessionOf(request)), request.body));
}
