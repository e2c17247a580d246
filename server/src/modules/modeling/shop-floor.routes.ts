import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ShopFloorApi as E } from '@core/contracts/modeling';
import type { Db } from '../../db';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { mount } from '../../lib/endpoint';
import { operationContext } from '../../lib/operation-context';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { BadReasonService } from './bad-reason.service';
import { IcCardService } from './ic-card.service';
import { WorkMachineService } from './work-machine.service';

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
  registerCrudRoutes(app, { list: E.icCardList, create: E.icCardCreate, update: E.icCardUpdate, deleteBatch: E.icCardDeleteBatch, service: services.icCards });
  mount(app, E.icCardBind, async (request) => services.icCards.bind(scope(request), request.body.id, request.body.userId, operationContext(request)));
  mount(app, E.icCardUnbind, async (request) => services.icCards.unbind(scope(request), request.body.id, operationContext(request)));

  registerCrudRoutes(app, { list: E.workMachineList, create: E.workMachineCreate, update: E.workMachineUpdate, deleteBatch: E.workMachineDeleteBatch, service: services.workMachines });
  mount(app, E.workMachineDetail, async (request) => services.workMachines.detail(scope(request), request.params.id));
  mount(app, E.workMachineKeyIssue, async (request) => services.workMachines.issueKey(scope(request), request.body.id, operationContext(request)));
  mount(app, E.workMachineKeyRevoke, async (request) => services.workMachines.revokeKey(scope(request), request.body.id, operationContext(request)));

  registerCrudRoutes(app, { list: E.badReasonList, create: E.badReasonCreate, update: E.badReasonUpdate, deleteBatch: E.badReasonDeleteBatch, service: services.badReasons });
}
