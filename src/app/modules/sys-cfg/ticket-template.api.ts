import {
  TicketTemplatePaths as P,
  type CreateTicketTemplateRequest,
  type TicketTemplate,
  type UpdateTicketTemplateRequest,
} from '@core/contracts/sys-cfg';
import { http } from '@core/http';
import { crudApi, entityPaths } from '@app/shared';

/** /dps-server/ticket_template/*: work-order ticket (流转卡) print templates. */
export const ticketTemplatesApi = {
  ...crudApi<TicketTemplate, CreateTicketTemplateRequest, UpdateTicketTemplateRequest>(entityPaths(P, '')),
  detail: (id: number) => http.get<TicketTemplate>(P.detail(id)),
  setDefault: (id: number) => http.post<void>(P.setDefault, { id }),
};
