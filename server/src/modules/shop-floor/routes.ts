import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SysCfgAuthorities as A } from '../../../../src/core/access/authorities/sys-cfg';
import { DeleteBatchRequest, IdParams } from '../../../../src/core/contracts/modeling';
import {
  BadReasonListQuery,
  BindIcCardRequest,
  CreateBadReasonRequest,
  CreateIcCardRequest,
  CreateWorkMachineRequest,
  IcCardListQuery,
  SHOP_FLOOR_FIELD_LABELS,
  ShopFloorPaths as P,
  UnbindIcCardRequest,
  UpdateBadReasonRequest,
  UpdateIcCardRequest,
  UpdateWorkMachineRequest,
  WorkMachineListQuery,
} from '../../../../src/core/contracts/shop-floor';
import type { Db } from '../../db';
import type { OperationContext } from '../../db/operation-log';
import type { ListParams } from '../../lib/list-query';
import { scopeOf, sessionOf, type Scope } from '../../plugins/auth';
import { ok } from '../../plugins/envelopes';
import { registerFieldLabels } from '../../plugins/errors';
import { operationContext } from '../auth/routes';
import { BadReasonService } from './bad-reason';
import { IcCardService } from './ic-card';
import { WorkMachineService } from './work-machine';

registerFieldLabels(SHOP_FLOOR_FIELD_LABELS);

export function shopFloorServices(db: Db) {
  return { icCards: new IcCardService(db), workMachines: new WorkMachineService(db), badReasons: new BadReasonService(db) };
}
export type ShopFloorServices = ReturnType<typeof shopFloorServices>;

interface Crud<C, U> {
  list: string;
  create: string;
  update: string;
  deleteBatch: string;
  schemas: { list: unknown; create: unknown; update: unknown };
  authorities: { read: string; add: string; edit: string; delete: string };
  service: {
    list(scope: Scope, params: ListParams): Promise<unknown>;
    create(scope: Scope, request: C, context: OperationContext): Promise<unknown>;
    update(scope: Scope, request: U, context: OperationContext): Promise<unknown>;
    deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<unknown>;
  };
}

/**
 * IC cards and bad phenomena (tabs of /modeling, read with MENU_SYS_MODELING) and all-in-one
 * machines (/oneMachine, read with MENU_SYS_ONE_MACHINE); writes need their ACTION_ codes.
 */
export async function shopFloorRoutes(app: FastifyInstance, { services }: { services: ShopFloorServices }): Promise<void> {
  const scope = (request: FastifyRequest) => scopeOf(sessionOf(request));

  function crud<C, U>(spec: Crud<C, U>): void {
    app.get<{ Querystring: ListParams }>(spec.list, { schema: { querystring: spec.schemas.list }, config: { authority: spec.authorities.read } }, async (request) =>
      ok('result', await spec.service.list(scope(request), request.query)),
    );
    app.post<{ Body: C }>(spec.create, { schema: { body: spec.schemas.create }, config: { authority: spec.authorities.add } }, async (request) =>
      ok('result', await spec.service.create(scope(request), request.body as C, operationContext(request))),
    );
    app.post<{ Body: U }>(spec.update, { schema: { body: spec.schemas.update }, config: { authority: spec.authorities.edit } }, async (request) =>
      ok('result', (await spec.service.update(scope(request), request.body as U, operationContext(request))) ?? null),
    );
    app.post<{ Body: DeleteBatchRequest }>(spec.deleteBatch, { schema: { body: DeleteBatchRequest }, config: { authority: spec.authorities.delete } }, async (request) =>
      ok('result', await spec.service.deleteBatch(scope(request), request.body.ids, operationContext(request))),
    );
  }

  crud<CreateIcCardRequest, UpdateIcCardRequest>({
    list: P.icCardList,
    create: P.icCardCreate,
    update: P.icCardUpdate,
    deleteBatch: P.icCardDeleteBatch,
    schemas: { list: IcCardListQuery, create: CreateIcCardRequest, update: UpdateIcCardRequest },
    authorities: { read: A.modeling, add: A.icCardAdd, edit: A.icCardEdit, delete: A.icCardDelete },
    service: services.icCards,
  });
  app.post<{ Body: BindIcCardRequest }>(P.icCardBind, { schema: { body: BindIcCardRequest }, config: { authority: A.icCardBind } }, async (request) => {
    await services.icCards.bind(scope(request), request.body.id, request.body.userId, operationContext(request));
    return ok('result', null);
  });
  app.post<{ Body: UnbindIcCardRequest }>(P.icCardUnbind, { schema: { body: UnbindIcCardRequest }, config: { authority: A.icCardBind } }, async (request) => {
    await services.icCards.unbind(scope(request), request.body.id, operationContext(request));
    return ok('result', null);
  });

  crud<CreateWorkMachineRequest, UpdateWorkMachineRequest>({
    list: P.workMachineList,
    create: P.workMachineCreate,
    update: P.workMachineUpdate,
    deleteBatch: P.workMachineDeleteBatch,
    schemas: { list: WorkMachineListQuery, create: CreateWorkMachineRequest, update: UpdateWorkMachineRequest },
    authorities: { read: A.oneMachine, add: A.workMachineAdd, edit: A.workMachineEdit, delete: A.workMachineDelete },
    service: services.workMachines,
  });
  app.get<{ Params: IdParams }>('/dps-server/work_machine/detail/:id', { schema: { params: IdParams }, config: { authority: A.oneMachine } }, async (request) =>
    ok('result', await services.workMachines.detail(scope(request), request.params.id)),
  );

  crud<CreateBadReasonRequest, UpdateBadReasonRequest>({
    list: P.badReasonList,
    create: P.badReasonCreate,
    update: P.badReasonUpdate,
    deleteBatch: P.badReasonDeleteBatch,
    schemas: { list: BadReasonListQuery, create: CreateBadReasonRequest, update: UpdateBadReasonRequest },
    authorities: { read: A.modeling, add: A.badReasonAdd, edit: A.badReasonEdit, delete: A.badReasonDelete },
    service: services.badReasons,
  });
}
