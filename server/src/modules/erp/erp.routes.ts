import type { FastifyInstance } from 'fastify';
import { ErpApi as E, INTEGRATION_KEY_HEADER } from '@core/contracts/work-order/erp';
import { mount } from '../../lib/endpoint';
import { operationContext } from '../../lib/operation-context';
import { scopeOf, sessionOf } from '../../plugins/auth';
import type { ChangeWarningService, ErpLogService, RecyclingBinService } from './erp.service';
import type { ErpIntake } from './intake';
import type { IntegrationKeyService } from './keys';

export interface ErpServices {
  intake: ErpIntake;
  keys: IntegrationKeyService;
  logs: ErpLogService;
  warnings: ChangeWarningService;
  bin: RecyclingBinService;
}

/**
 * /dps-server/erp/order/sync and sync_batch (the ERP's calls: its integration key, never a session), the sync log,
 * integration keys, change warnings and the recycling bin, mounted from ErpApi.
 */
export async function erpRoutes(app: FastifyInstance, { intake, keys, logs, warnings, bin }: ErpServices): Promise<void> {
  mount(app, E.sync, async (request) => {
    // Declared public for the session check: the key decides the factory, a user token counts for nothing here.
    const { scope } = await keys.authenticate(request.headers[INTEGRATION_KEY_HEADER]);
    return intake.receive(scope, request.body, { ...operationContext(request), source: 1 });
  });
  mount(app, E.syncBatch, async (request) => {
    const { scope } = await keys.authenticate(request.headers[INTEGRATION_KEY_HEADER]);
    return intake.receiveBatch(scope, request.body.messages, { ...operationContext(request), source: 1 });
  });

  mount(app, E.logList, async (request) => logs.list(scopeOf(sessionOf(request)), request.query));
  mount(app, E.logDetail, async (request) => logs.detailWithPayload(scopeOf(sessionOf(request)), request.params.id));
  mount(app, E.logRetry, async (request) => intake.retry(scopeOf(sessionOf(request)), request.body.ids, operationContext(request)));

  mount(app, E.keyList, async (request) => keys.list(scopeOf(sessionOf(request))));
  mount(app, E.keyCreate, async (request) => keys.create(scopeOf(sessionOf(request)), request.body.name, operationContext(request)));
  mount(app, E.keyRevoke, async (request) => keys.revoke(scopeOf(sessionOf(request)), request.body.id, operationContext(request)));

  mount(app, E.warningList, async (request) => warnings.list(scopeOf(sessionOf(request)), request.query.orderId, request.query.all ?? false));
  mount(app, E.warningAccept, async (request) => warnings.accept(scopeOf(sessionOf(request)), request.body.ids, operationContext(request)));
  mount(app, E.warningKeep, async (request) => warnings.keep(scopeOf(sessionOf(request)), request.body.ids, operationContext(request)));

  mount(app, E.binList, async (request) => bin.list(scopeOf(sessionOf(request)), request.query));
  mount(app, E.binRestore, async (request) => bin.restore(scopeOf(sessionOf(request)), request.body.ids, operationContext(request)));
  mount(app, E.binDelete, async (request) => bin.purge(scopeOf(sessionOf(request)), request.body.ids, operationContext(request)));
}
