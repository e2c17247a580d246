import { IdParams } from '@core/contracts/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import {
  BadReasonListQuery,
  BindIcCardRequest,
  CreateBadReasonRequest,
  CreateIcCardRequest,
  CreateWorkMachineRequest,
  IcCardListQuery,
  ShopFloorPaths as P,
  UnbindIcCardRequest,
  UpdateBadReasonRequest,
  UpdateIcCardRequest,
  UpdateWorkMachineRequest,
  WorkMachineListQuery,
} from '@core/contracts/modeling';
import type { Db } from '../../db';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelopes';
import { BadReasonService } from './bad-reason.service';
import { IcCardService } from './ic-card.service';
import { WorkMachineService } from './work-machine.service';
import { registerCrudRoutes } from '../../lib/legacy-routes';
import { operationContext } from '../../lib/operation-context';

export function shopFloorServices(db: Db) {
  return { icCards: new IcCardService(db), workMachines: new WorkMachineService(db), badReasons: new BadReasonService(db) };
}
export type ShopFloorServices = ReturnType<typeof shopFloorServices>;


/**
 * IC cards and bad phenomena (tabs of /modeling, read with MENU_SYS_MODELING) and all-in-one
 * machines (/oneMachine, read with MENU_SYS_ONE_MACHINE); writes need their ACTION_ codes.
 */
export async function shopFloorRoutes(app: FastifyInstance, { services }: { services: ShopFloorServices }): Promise<void> {
  const scope = (request: FastifyRequest) => scopeOf(sessionOf(request));



  registerCrudRoutes<CreateIcCardRequest, UpdateIcCardRequest>(app, {
    list: P.icCardList,
    create: P.icCardCreate,
    update: P.icCardUpdate,
    deleteBatch: P.icCardDeleteBatch,
    schemas: { list: IcCardListQuery, create: CreateIcCardRequest, update: UpdateIcCardRequest },
    authorities: { read: A.page, add: A.icCardAdd, edit: A.icCardEdit, delete: A.icCardDelete },
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

  registerCrudRoutes<CreateWorkMachineRequest, UpdateWorkMachineRequest>(app, {
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

  registerCrudRoutes<CreateBadReasonRequest, UpdateBadReasonRequest>(app, {
    list: P.badReasonList,
    create: P.badReasonCreate,
    update: P.badReasonUpdate,
    deleteBatch: P.badReasonDeleteBatch,
    schemas: { list: BadReasonListQuery, create: CreateBadReasonRequest, update: UpdateBadReasonRequest },
    authorities: { read: A.page, add: A.badReasonAdd, edit: A.badReasonEdit, delete: A.badReasonDelete },
    service: services.badReasons,
  });
}
