/**
 * Server modules: one list, mounted by app.ts in this order.
 *
 * One module = one name on every side: src/core/contracts/<m>(.ts|/), src/core/access/authorities/<m>.ts,
 * src/app/modules/<m>/ (when it has pages) and server/src/modules/<m>/. A server module folder holds:
 *
 *   index.ts             its public face: `export const <m>Module: ServerModule = { name, register(app, deps) }`
 *                        and whatever another module may use (e.g. FileService from files). Other modules
 *                        import `@server/modules/<m>` only, never a file inside (lint: local/layers).
 *   <entity>.routes.ts   HTTP only: `mount(app, <M>Api.x, async (request) => service.x(...))` for each
 *                        endpoint its contract declares (lib/endpoint: method, path, request schemas,
 *                        response envelope, access); the handler returns the result, mount wraps it.
 *                        Plain CRUD uses lib/crud-routes, import/export lib/transfer-routes, both
 *                        taking the declarations. Never `app.get/post` by hand (routes-declared test).
 *   <entity>.service.ts  a service class built on the Db: Kysely queries, transactions, rules, the
 *                        operation log; every method takes the caller's Scope first. The reads and
 *                        writes every factory-scoped entity repeats come from lib/scoped: `FactoryEntity`
 *                        (base class: list, rows, detail), `factoryList`, `inScope`,
 *                        `requireOne`/`requireRow(s)` (4004), `refuseTaken` (4009), `insertRow`/`updateRow`,
 *                        `writeUnique` (transaction + unique-index 4009) and `deleteLogged` (batch delete
 *                        with its 删除… log line); the service keeps only what is its own.
 *                        (auth and files still keep plain query functions in <entity>.queries.ts.)
 *   seed.ts              demo rows (or <part>.seed.ts), called from db/seed.ts.
 *   <m>.test.ts          tests through app.inject on a real database (or <entity>.test.ts).
 *
 * Endpoints are declared once, in the contract (src/core/contracts/endpoint.ts):
 *
 *   export const WorkshopApi = {
 *     workshopList: get('/dps-server/workshop/list', { query: WorkshopListQuery, response: PageResult(Workshop), authority: A.page }),
 *     ...crudEndpoints('workshop', '/dps-server/workshop', CreateWorkshopRequest, UpdateWorkshopRequest, { add: A.workshopAdd, edit: A.workshopEdit, remove: A.workshopDelete }),
 *   };
 *   export const WorkshopPaths = pathsOf(WorkshopApi); // what the console's api files call
 *
 * `response` is the result inside the family envelope (only its declared fields are sent) or FILE
 * for a download; access is exactly one of `authority` (a code of the module's authorities),
 * `session` or `public`; writes open to a session or the public carry a `name` for the system log.
 *
 * What several modules share lives in server/src/lib (errors, rows, scoped, unique, operation-context,
 * crud-routes, transfer-routes, list-query, excel-*, machine-key: `machineOf(request)` on `machine: true`
 * routes, pubsub: messages to every server process), never in another module. Adding a module: docs/NEW-MODULE.md.
 */
import { accountModule } from './account';
import { authModule } from './auth';
import { deviceRepairModule } from './device-repair';
import { erpModule } from './erp';
import { deviceStatusModule } from './device-status';
import { filesModule } from './files';
import { modelingModule } from './modeling';
import type { ServerModule } from './module';
import { orderProgressModule } from './order-progress';
import { productionOrderModule } from './production-order';
import { shiftsModule } from './shifts';
import { stencilModule } from './stencil';
import { sysCfgModule } from './sys-cfg';
import { sysLogModule } from './sys-log';
import { userConfigModule } from './user-config';
import { workReportModule } from './work-report';
import { paperboardModule } from './paperboard';
import { deviceCareModule } from './device-care';
import { deviceLedgerModule } from './device-ledger';
import { scheduleModule } from './schedule';

export type { ModuleDeps, ServerModule } from './module';

export const SERVER_MODULES: ServerModule[] = [
  authModule,
  userConfigModule,
  filesModule,
  accountModule,
  modelingModule,
  sysCfgModule,
  shiftsModule,
  sysLogModule,
  stencilModule,
  productionOrderModule,
  deviceRepairModule,
  orderProgressModule,
  workReportModule,
  paperboardModule,
  erpModule,
  deviceStatusModule,
  deviceCareModule,
  deviceLedgerModule,
  scheduleModule,
];
