import { IdParams } from '@core/contracts/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SysCfgAuthorities as A } from '@core/access/authorities/sys-cfg';
import {
  BoardCodeListQuery,
  CreateBoardCodeRequest,
  CreateDeckleRequest,
  CreateFluteRequest,
  CreatePaperGradeRequest,
  DeckleListQuery,
  FluteListQuery,
  PaperDataPaths as P,
  PaperGradeListQuery,
  UpdateBoardCodeRequest,
  UpdateDeckleRequest,
  UpdateFluteRequest,
  UpdatePaperGradeRequest,
} from '@core/contracts/sys-cfg';
import type { Db } from '../../db';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelopes';
import { BoardCodeService } from './board-code.service';
import { DeckleService } from './deckle.service';
import { PaperGradeService } from './paper-grade.service';
import { registerCrudRoutes } from '../../lib/legacy-routes';

export function paperDataServices(db: Db) {
  return { grades: new PaperGradeService(db), boards: new BoardCodeService(db), deckles: new DeckleService(db) };
}
export type PaperDataServices = ReturnType<typeof paperDataServices>;


/** /paper-produce-data: reading needs the page menu, writing ACTION_SYS_PAPER_DATA_*. */
export async function paperDataRoutes(app: FastifyInstance, { services }: { services: PaperDataServices }): Promise<void> {
  const scope = (request: FastifyRequest) => scopeOf(sessionOf(request));



  registerCrudRoutes<CreatePaperGradeRequest, UpdatePaperGradeRequest>(app, {
    list: P.paperGradeList,
    create: P.paperGradeCreate,
    update: P.paperGradeUpdate,
    deleteBatch: P.paperGradeDeleteBatch,
    schemas: { list: PaperGradeListQuery, create: CreatePaperGradeRequest, update: UpdatePaperGradeRequest },
    authorities: { read: A.paperData, add: A.paperDataAdd, edit: A.paperDataEdit, delete: A.paperDataDelete },
    service: services.grades,
  });
  registerCrudRoutes<CreateFluteRequest, UpdateFluteRequest>(app, {
    list: P.fluteList,
    create: P.fluteCreate,
    update: P.fluteUpdate,
    deleteBatch: P.fluteDeleteBatch,
    schemas: { list: FluteListQuery, create: CreateFluteRequest, update: UpdateFluteRequest },
    authorities: { read: A.paperData, add: A.paperDataAdd, edit: A.paperDataEdit, delete: A.paperDataDelete },
    service: {
      list: (s, params) => services.grades.listFlutes(s, params),
      create: (s, request, context) => services.grades.createFlute(s, request, context),
      update: (s, request, context) => services.grades.updateFlute(s, request, context),
      deleteBatch: (s, ids, context) => services.grades.deleteFlutes(s, ids, context),
    },
  });
  registerCrudRoutes<CreateBoardCodeRequest, UpdateBoardCodeRequest>(app, {
    list: P.boardCodeList,
    create: P.boardCodeCreate,
    update: P.boardCodeUpdate,
    deleteBatch: P.boardCodeDeleteBatch,
    schemas: { list: BoardCodeListQuery, create: CreateBoardCodeRequest, update: UpdateBoardCodeRequest },
    authorities: { read: A.paperData, add: A.paperDataAdd, edit: A.paperDataEdit, delete: A.paperDataDelete },
    service: services.boards,
  });
  app.get<{ Params: IdParams }>('/dps-server/board_code/detail/:id', { schema: { params: IdParams }, config: { authority: A.paperData } }, async (request) =>
    ok('result', await services.boards.detail(scope(request), request.params.id)),
  );
  registerCrudRoutes<CreateDeckleRequest, UpdateDeckleRequest>(app, {
    list: P.deckleList,
    create: P.deckleCreate,
    update: P.deckleUpdate,
    deleteBatch: P.deckleDeleteBatch,
    schemas: { list: DeckleListQuery, create: CreateDeckleRequest, update: UpdateDeckleRequest },
    authorities: { read: A.paperData, add: A.paperDataAdd, edit: A.paperDataEdit, delete: A.paperDataDelete },
    service: services.deckles,
  });
}
