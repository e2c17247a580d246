import type { FastifyInstance } from 'fastify';
import { PaperDataApi as E, type CreateFluteRequest, type UpdateFluteRequest } from '@core/contracts/sys-cfg';
import type { Db } from '../../db';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { mount } from '../../lib/endpoint';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { BoardCodeService } from './board-code.service';
import { DeckleService } from './deckle.service';
import { PaperGradeService } from './paper-grade.service';

export function paperDataServices(db: Db) {
  return { grades: new PaperGradeService(db), boards: new BoardCodeService(db), deckles: new DeckleService(db) };
}
export type PaperDataServices = ReturnType<typeof paperDataServices>;

/** /paper-produce-data: paper grades, flutes, board codes and deckle widths. */
export async function paperDataRoutes(app: FastifyInstance, { services }: { services: PaperDataServices }): Promise<void> {
  registerCrudRoutes(app, { list: E.paperGradeList, create: E.paperGradeCreate, update: E.paperGradeUpdate, deleteBatch: E.paperGradeDeleteBatch, service: services.grades });
  registerCrudRoutes(app, {
    list: E.fluteList,
    create: E.fluteCreate,
    update: E.fluteUpdate,
    deleteBatch: E.fluteDeleteBatch,
    service: {
      list: (s, params) => services.grades.listFlutes(s, params),
      create: (s, request: CreateFluteRequest, context) => services.grades.createFlute(s, request, context),
      update: (s, request: UpdateFluteRequest, context) => services.grades.updateFlute(s, request, context),
      deleteBatch: (s, ids, context) => services.grades.deleteFlutes(s, ids, context),
    },
  });
  registerCrudRoutes(app, { list: E.boardCodeList, create: E.boardCodeCreate, update: E.boardCodeUpdate, deleteBatch: E.boardCodeDeleteBatch, service: services.boards });
  mount(app, E.boardCodeDetail, async (request) => services.boards.detail(scopeOf(sessionOf(request)), request.params.id));
  registerCrudRoutes(app, { list: E.deckleList, create: E.deckleCreate, update: E.deckleUpdate, deleteBatch: E.deckleDeleteBatch, service: services.deckles });
}
