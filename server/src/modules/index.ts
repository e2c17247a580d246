/**
 * Server modules: one list, mounted by app.ts in this order.
 *
 * One module = one name on every side: src/core/contracts/<m>(.ts|/), src/core/access/authorities/<m>.ts,
 * src/app/modules/<m>/ (when it has pages) and server/src/modules/<m>/. A server module folder holds:
 *
 *   index.ts             its public face: `export const <m>Module: ServerModule = { name, register(app, deps) }`
 *                        and whatever another module may use (e.g. FileService from files). Other modules
 *                        import `@server/modules/<m>` only, never a file inside (lint: local/layers).
 *   <entity>.routes.ts   HTTP only: mounts the contract's paths with their schemas and authority
 *                        (`config: { authority }`, or `public` / `session`), calls the service, wraps the
 *                        result in the family envelope. Plain CRUD uses lib/crud-routes, import/export
 *                        lib/transfer-routes.
 *   <entity>.service.ts  a service class built on the Db: Kysely queries, transactions, rules, the
 *                        operation log; every method takes the caller's Scope first.
 *   <entity>.queries.ts  (only where a service's queries are large: account, auth, files) plain query
 *                        functions the service calls.
 *   seed.ts              demo rows (or <part>.seed.ts), called from db/seed.ts.
 *   <m>.test.ts          tests through app.inject on a real database (or <entity>.test.ts).
 *
 * What several modules share lives in server/src/lib (errors, rows, unique, operation-context,
 * crud-routes, transfer-routes, list-query, excel-*), never in another module. Adding a module: docs/NEW-MODULE.md.
 */
import { accountModule } from './account';
import { authModule } from './auth';
import { filesModule } from './files';
import { modelingModule } from './modeling';
import type { ServerModule } from './module';
import { shiftsModule } from './shifts';
import { stencilModule } from './stencil';
import { sysCfgModule } from './sys-cfg';
import { sysLogModule } from './sys-log';
import { userConfigModule } from './user-config';

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
];
