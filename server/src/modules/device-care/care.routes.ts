import type { FastifyInstance } from 'fastify';
import { DEVICE_CARE_API, type CareKind } from '@core/contracts/device-care';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { mount } from '../../lib/endpoint';
import { operationContext } from '../../lib/operation-context';
import { scopeOf, sessionOf } from '../../plugins/auth';
import type { OrderService } from './order.service';
import type { PlanService } from './plan.service';
import type { SchemeService } from './scheme.service';

export interface CareServices {
  schemes: SchemeService;
  plans: PlanService;
  orders: OrderService;
  /** 立即生成: the factory's plans of the kind, now. */
  generate: (scope: { enterpriseId: number; orgId: number }) => Promise<{ created: number }>;
}

/** /dps-server/device_check/* or /dps-server/maintenance/*, mounted from the kind's declarations. */
export async function careRoutes(app: FastifyInstance, kind: CareKind, { schemes, plans, orders, generate }: CareServices): Promise<void> {
  const E = DEVICE_CARE_API[kind];
  const scope = (request: Parameters<typeof sessionOf>[0]) => scopeOf(sessionOf(request));
  mount(app, E.schemeList, async (request) => schemes.list(scope(request), request.query));
  mount(app, E.schemeDetail, async (request) => schemes.detail(scope(request), request.params.id));
  registerCrudRoutes(app, { create: E.schemeCreate, update: E.schemeUpdate, deleteBatch: E.schemeDeleteBatch, service: schemes });
  mount(app, E.planList, async (request) => plans.list(scope(request), request.query));
  mount(app, E.planDetail, async (request) => plans.detail(scope(request), request.params.id));
  mount(app, E.planOptions, async (request) => plans.options(scope(request)));
  registerCrudRoutes(app, { create: E.planCreate, update: E.planUpdate, deleteBatch: E.planDeleteBatch, service: plans });
  mount(app, E.generate, async (request) => generate(scope(request)));
  mount(app, E.orderList, async (request) => orders.list(scope(request), request.query));
  mount(app, E.orderDetail, async (request) => orders.detail(scope(request), request.params.id));
  mount(app, E.execute, async (request) => orders.execute(scope(request), request.body, operationContext(request)));
  mount(app, E.raiseRepair, async (request) => orders.raiseRepair(scope(request), request.body, operationContext(request)));
  mount(app, E.calendar, async (request) => orders.calendar(scope(request), request.query));
  mount(app, E.homeFigures, async (request) => orders.homeFigures(scope(request)));
}
