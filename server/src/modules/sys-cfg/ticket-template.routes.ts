import type { FastifyInstance } from 'fastify';
import { TicketTemplateApi as E } from '@core/contracts/sys-cfg';
import type { Db } from '../../db';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { mount } from '../../lib/endpoint';
import { operationContext } from '../../lib/operation-context';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { TicketTemplateService } from './ticket-template.service';

/** Work-order ticket templates (access as TicketTemplateApi declares it). */
export async function ticketTemplateRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const service = new TicketTemplateService(db);
  registerCrudRoutes(app, { list: E.list, create: E.create, update: E.update, deleteBatch: E.deleteBatch, service });
  mount(app, E.detail, async (request) => service.detail(scopeOf(sessionOf(request)), request.params.id));
  mount(app, E.setDefault, async (request) => service.setDefault(scopeOf(sessionOf(request)), request.body.id, operationContext(request)));
}
