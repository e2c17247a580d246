import type { Endpoint } from '@core/contracts/endpoint';
import type { FastifyInstance } from 'fastify';
import type { OperationContext } from '../db/operation-log';
import { scopeOf, sessionOf, type Scope } from '../plugins/auth';
import { mount } from './endpoint';
import type { ListParams } from './list-query';
import { operationContext } from './operation-context';

/**
 * The endpoints of one master-data entity, as its contract declares them: `list` (optional: trees
 * and lists with extra filters mount their own read), `create`, `update` and `delete_batch`
 * (body `{ ids }`), and the service behind them.
 */
export interface CrudRoutes<C, U> {
  list?: Endpoint;
  create: Endpoint;
  update: Endpoint;
  deleteBatch: Endpoint;
  service: {
    list?(scope: Scope, params: ListParams): Promise<unknown>;
    create(scope: Scope, request: C, context: OperationContext): Promise<unknown>;
    update(scope: Scope, request: U, context: OperationContext): Promise<unknown>;
    deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<unknown>;
  };
}

/** Mounts the endpoints of one entity (session scope, operation context). */
export function registerCrudRoutes<C, U>(app: FastifyInstance, spec: CrudRoutes<C, U>): void {
  const { service } = spec;
  const { list } = service;
  if (spec.list && list) mount(app, spec.list, async (request) => list.call(service, scopeOf(sessionOf(request)), request.query as ListParams));
  mount(app, spec.create, async (request) => service.create(scopeOf(sessionOf(request)), request.body as C, operationContext(request)));
  mount(app, spec.update, async (request) => service.update(scopeOf(sessionOf(request)), request.body as U, operationContext(request)));
  mount(app, spec.deleteBatch, async (request) =>
    service.deleteBatch(scopeOf(sessionOf(request)), (request.body as { ids: number[] }).ids, operationContext(request)),
  );
}
