import { DeleteBatchRequest } from '@core/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { OperationContext } from '../db/operation-log';
import { scopeOf, sessionOf, type Scope } from '../plugins/auth';
import { ok } from '../plugins/envelopes';
import type { ListParams } from './list-query';
import { operationContext } from './operation-context';

/**
 * The routes of one master-data entity: `list` (optional: trees and lists with extra filters mount
 * their own read), `create`, `update` and `delete_batch`, each with its authority.
 */
export interface CrudRoutes<C, U> {
  list?: string;
  create: string;
  update: string;
  deleteBatch: string;
  schemas: { list?: unknown; create: unknown; update: unknown };
  authorities: { read?: string; add: string; edit: string; delete: string };
  service: {
    list?(scope: Scope, params: ListParams): Promise<unknown>;
    create(scope: Scope, request: C, context: OperationContext): Promise<unknown>;
    update(scope: Scope, request: U, context: OperationContext): Promise<unknown>;
    deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<unknown>;
  };
}

/** Mounts the routes of one entity (result envelope, session scope, operation context). */
export function registerCrudRoutes<C, U>(app: FastifyInstance, spec: CrudRoutes<C, U>): void {
  const { list } = spec.service;
  if (spec.list && list) {
    app.get<{ Querystring: ListParams }>(spec.list, { schema: { querystring: spec.schemas.list }, config: { authority: spec.authorities.read } }, async (request) =>
      ok('result', await list.call(spec.service, scopeOf(sessionOf(request)), request.query)),
    );
  }
  app.post<{ Body: C }>(spec.create, { schema: { body: spec.schemas.create }, config: { authority: spec.authorities.add } }, async (request) =>
    ok('result', (await spec.service.create(scopeOf(sessionOf(request)), request.body as C, operationContext(request))) ?? null),
  );
  app.post<{ Body: U }>(spec.update, { schema: { body: spec.schemas.update }, config: { authority: spec.authorities.edit } }, async (request) =>
    ok('result', (await spec.service.update(scopeOf(sessionOf(request)), request.body as U, operationContext(request))) ?? null),
  );
  app.post<{ Body: DeleteBatchRequest }>(spec.deleteBatch, { schema: { body: DeleteBatchRequest }, config: { authority: spec.authorities.delete } }, async (request) =>
    ok('result', (await spec.service.deleteBatch(scopeOf(sessionOf(request)), request.body.ids, operationContext(request))) ?? null),
  );
}
