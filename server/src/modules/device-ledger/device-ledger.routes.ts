import type { FastifyInstance } from 'fastify';
import { DeviceLedgerApi as E, type LedgerListQuery } from '@core/contracts/device-ledger';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { mount } from '../../lib/endpoint';
import { machineOf } from '../../lib/machine-key';
import { operationContext } from '../../lib/operation-context';
import { registerExportRoute, registerImportRoutes } from '../../lib/transfer-routes';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { receiveUpload, registerUploads, type FileService } from '../files';
import type { KnowledgeService } from './knowledge.service';
import { LEDGER_EXPORT_COLUMNS, LEDGER_IMPORT_COLUMNS, type LedgerService } from './ledger.service';
import type { MachineLogService } from './machine-log.service';
import type { PictureService } from './picture.service';

export interface DeviceLedgerServices {
  ledger: LedgerService;
  pictures: PictureService;
  knowledge: KnowledgeService;
  machineLog: MachineLogService;
}

const IMAGE = 0;

/** /dps-server/device_ledger/*, /dps-server/device_knowledge/*, /dps-server/machine_log/*: mounted from DeviceLedgerApi. */
export async function deviceLedgerRoutes(app: FastifyInstance, services: DeviceLedgerServices, files: FileService): Promise<void> {
  const { ledger, pictures, knowledge, machineLog } = services;
  const scope = (request: Parameters<typeof sessionOf>[0]) => scopeOf(sessionOf(request));

  mount(app, E.list, async (request) => ledger.list(scope(request), request.query));
  mount(app, E.detail, async (request) => ledger.detail(scope(request), request.params.id));
  mount(app, E.update, async (request) => ledger.update(scope(request), request.body, operationContext(request)));
  mount(app, E.options, async (request) => ledger.options(scope(request)));
  registerImportRoutes(app, {
    endpoint: E.import,
    template: E.importTemplate,
    templateName: '设备台账导入模板',
    columns: LEDGER_IMPORT_COLUMNS,
    files,
    run: (importScope, path, context) => ledger.import(importScope, path, context),
  });
  registerExportRoute(app, { endpoint: E.export, name: '设备台账', columns: LEDGER_EXPORT_COLUMNS, rows: (exportScope, query: LedgerListQuery) => ledger.rows(exportScope, query) });

  mount(app, E.pictures, async (request) => pictures.pictures(scope(request), request.query.deviceId));
  mount(app, E.pictureAdd, async (request) => pictures.add(scope(request), request.body, operationContext(request)));
  mount(app, E.pictureDelete, async (request) => pictures.remove(scope(request), request.body, operationContext(request)));
  mount(app, E.uploadTicket, async (request) => {
    const appId = request.headers.applicationid;
    return pictures.issueTicket(scope(request), request.body.deviceId, (Array.isArray(appId) ? appId[0] : appId)?.slice(0, 64) ?? '');
  });
  mount(app, E.ticketPictures, async (request) => pictures.ticketPictures(scope(request), request.query.uuId));

  // The phone's link: no session. The link is checked before a byte of the body is read, and again
  // when the picture is written; the file goes through the file service's limits and content check.
  await registerUploads(app);
  mount(app, E.phoneTicket, async (request) => pictures.phoneTicket(request.query));
  mount(app, E.phoneUpload, async (request, reply) => {
    const ticket = await pictures.openTicket(request.query).catch((error: unknown) => {
      reply.header('connection', 'close');
      throw error;
    });
    const upload = await receiveUpload(request, reply, files, { maxFiles: 1, batch: false, type: IMAGE });
    const [stored] = await files.store(ticket.scope, IMAGE, upload.files, { batch: false, appId: ticket.appId }, operationContext(request));
    return pictures.addFromPhone(request.query, stored!, operationContext(request));
  });

  mount(app, E.knowledgeList, async (request) => knowledge.list(scope(request), request.query));
  mount(app, E.knowledgeDetail, async (request) => knowledge.detail(scope(request), request.params.id));
  mount(app, E.knowledgeDeviceTypes, async (request) => (await ledger.options(scope(request))).deviceTypes);
  registerCrudRoutes(app, { create: E.knowledgeCreate, update: E.knowledgeUpdate, deleteBatch: E.knowledgeDeleteBatch, service: knowledge });

  mount(app, E.machineLogReport, async (request) => machineLog.report(machineOf(request), request.body));
  mount(app, E.machineLogOwn, async (request) => machineLog.own(machineOf(request), request.query));
  mount(app, E.machineLogList, async (request) => machineLog.list(scope(request), request.query));
  mount(app, E.machineOptions, async (request) => machineLog.machines(scope(request)));
}
