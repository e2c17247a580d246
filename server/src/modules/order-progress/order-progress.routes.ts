import type { FastifyInstance } from 'fastify';
import { OrderProgressApi as E } from '@core/contracts/work-order/progress';
import { mount } from '../../lib/endpoint';
import { scopeOf, sessionOf } from '../../plugins/auth';
import type { HomeFiguresService } from './home-figures.service';
import type { OrderPrintService } from './order-print.service';
import type { OrderProgressService } from './order-progress.service';

export interface OrderProgressServices {
  progress: OrderProgressService;
  print: OrderPrintService;
  home: HomeFiguresService;
}

/** /dps-server/order_progress/*, the 流转卡 print data and the /home order figures, mounted from OrderProgressApi. */
export async function orderProgressRoutes(app: FastifyInstance, { progress, print, home }: OrderProgressServices): Promise<void> {
  mount(app, E.list, async (request) => progress.list(scopeOf(sessionOf(request)), request.query));
  mount(app, E.totals, async (request) => progress.totals(scopeOf(sessionOf(request)), request.query));
  mount(app, E.print, async (request) => print.data(scopeOf(sessionOf(request)), request.query));
  mount(app, E.homeFigures, async (request) => {
    const session = sessionOf(request);
    return home.orderFigures(session, scopeOf(session));
  });
}
