import { IdParams } from '@core/contracts/common';
import type { FastifyInstance } from 'fastify';
import { SysCfgAuthorities as A } from '@core/access/authorities/sys-cfg';
import {
  CreateTicketTemplateRequest,
  SetDefaultTicketTemplateRequest,
  TicketTemplateListQuery,
  TicketTemplatePaths as P,
  UpdateTicketTemplateRequest,
} from '@core/contracts/sys-cfg';
import type { Db } from '../../db';
import { registerCrudRoutes } from '../../lib/legacy-routes';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelopes';
import { operationContext } from '../../lib/operation-context';
import { TicketTemplateService } from './ticket-template.service';

/** Work-order ticket templates: reading needs MENU_SYS_TICKET_TEMPLATE, writing ACTION_SYS_TICKET_TEMPLATE_*. */
export async function ticketTemplateRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const service = new TicketTemplateService(db);
  registerCrudRoutes<CreateTicketTemplateRequest, UpdateTicketTemplateRequest>(app, {
    list: P.list,
    create: P.create,
    update: P.update,
    deleteBatch: P.deleteBatch,
    schemas: { list: TicketTemplateListQuery, create: CreateTicketTemplateRequest, update: UpdateTicketTemplateRequest },
    authorities: { read: A.ticketTemplate, add: A.ticketTemplateAdd, edit: A.ticketTemplateEdit, delete: A.ticketTemplateDelete },
    service,
  });
  app.get<{ Params: IdParams }>(P.detail(':id'), { schema: { params: IdParams }, config: { authority: A.ticketTemplate } }, async (request) =>
    ok('result', await service.detail(scopeOf(sessionOf(request)), request.params.id)),
  );
  app.post<{ Body: SetDefaultTicketTemplateRequest }>(
    P.setDefault,
    { schema: { body: SetDefaultTicketTemplateRequest }, config: { authority: A.ticketTemplateDefault } },
    async (request) => {
      await service.setDefault(scopeOf(sessionOf(request)), request.body.id, operationContext(request));
      return ok('result', null);
    },
  );
}
