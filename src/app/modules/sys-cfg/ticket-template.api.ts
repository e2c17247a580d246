import type { PageResult } from '@core/contracts/common';
import {
  TicketTemplatePaths as P,
  type CreateTicketTemplateRequest,
  type TicketTemplate,
  type UpdateTicketTemplateRequest,
} from '@core/contracts/sys-cfg';
import { http } from '@core/http';
import type { ListQuery } from '../../components';

/** /dps-server/ticket_template/*: work-order ticket (流转卡) print templates. */
export const ticketTemplatesApi = {
  list: (query: ListQuery) => http.get<PageResult<TicketTemplate>>(P.list, query),
  detail: (id: number) => http.get<TicketTemplate>(P.detail(id)),
  create: (request: CreateTicketTemplateRequest) => http.post<{ id: number }>(P.create, request),
  update: (request: UpdateTicketTemplateRequest) => http.post<void>(P.update, request),
  remove: (ids: number[]) => http.post<{ deleted: number }>(P.deleteBatch, { ids }),
  setDefault: (id: number) => http.post<void>(P.setDefault, { id }),
};
