import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SysCfgAuthorities as A } from '../../../../src/core/access/authorities/sys-cfg';
import { DeleteBatchRequest, IdParams } from '../../../../src/core/contracts/modeling';
import {
  BoardCodeListQuery,
  CreateBoardCodeRequest,
  CreateDeckleRequest,
  CreateFluteRequest,
  CreatePaperGradeRequest,
  DeckleListQuery,
  FluteListQuery,
  PAPER_DATA_FIELD_LABELS,
  PaperDataPaths as P,
  PaperGradeListQuery,
  UpdateBoardCodeRequest,
  UpdateDeckleRequest,
  UpdateFluteRequest,
  UpdatePaperGradeRequest,
} from '../../../../src/core/contracts/paper-data';
import type { Db } from '../../db';
import type { OperationContext } from '../../db/operation-log';
import type { ListParams } from '../../lib/list-query';
import { scopeOf, sessionOf, type Scope } from '../../plugins/auth';
import { ok } from '../../plugins/envelopes';
import { registerFieldLabels } from '../../plugins/errors';
import { operationContext } from '../auth/routes';
import { BoardCodeService } from './board-code';
import { DeckleService } from './deckle';
import { PaperGradeService } from './paper-grade';

registerFieldLabels(PAPER_DATA_FIELD_LABELS);

export function paperDataServices(db: Db) {
  return { grades: new PaperGradeService(db), boards: new BoardCodeService(db), deckles: new DeckleService(db) };
}
export type PaperDataServices = ReturnType<typeof paperDataServices>;

interface Crud<C, U> {
  list: string;
  create: string;
  update: string;
  deleteBatch: string;
  schemas: { list: unknown; create: unknown; update: unknown };
  service: {
    list(scope: Scope, params: ListParams): Promise<unknown>;
    create(scope: Scope, request: C, context: OperationContext): Promise<unknown>;
    update(scope: Scope, request: U, context: OperationContext): Promise<unknown>;
    deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<unknown>;
  };
}

/** /paper-produce-data: reading needs the page menu, writing ACTION_SYS_PAPER_DATA_*. */
export async function paperDataRoutes(app: FastifyInstance, { services }: { services: PaperDataServices }): Promise<void> {
  const scope = (request: FastifyRequest) => scopeOf(sessionOf(request));

  function crud<C, U>(spec: Crud<C, U>): void {
    app.get<{ Querystring: ListParams }>(spec.list, { schema: { querystring: spec.schemas.list }, config: { authority: A.paperData } }, async (request) =>
      ok('result', await spec.service.list(scope(request), request.query)),
    );
    app.post<{ Body: C }>(spec.create, { schema: { body: spec.schemas.create }, config: { authority: A.paperDataAdd } }, async (request) =>
      ok('result', await spec.service.create(scope(request), request.body as C, operationContext(request))),
    );
    app.post<{ Body: U }>(spec.update, { schema: { body: spec.schemas.update }, config: { authority: A.paperDataEdit } }, async (request) =>
      ok('result', (await spec.service.update(scope(request), request.body as U, operationContext(request))) ?? null),
    );
    app.post<{ Body: DeleteBatchRequest }>(spec.deleteBatch, { schema: { body: DeleteBatchRequest }, config: { authority: A.paperDataDelete } }, async (request) =>
      ok('result', await spec.service.deleteBatch(scope(request), request.body.ids, operationContext(request))),
    );
  }

  crud<CreatePaperGradeRequest, UpdatePaperGradeRequest>({
    list: P.paperGradeList,
    create: P.paperGradeCreate,
    update: P.paperGradeUpdate,
    deleteBatch: P.paperGradeDeleteBatch,
    schemas: { list: PaperGradeListQuery, create: CreatePaperGradeRequest, update: UpdatePaperGradeRequest },
    service: services.grades,
  });
  crud<CreateFluteRequest, UpdateFluteRequest>({
    list: P.fluteList,
    create: P.fluteCreate,
    update: P.fluteUpdate,
    deleteBatch: P.fluteDeleteBatch,
    schemas: { list: FluteListQuery, create: CreateFluteRequest, update: UpdateFluteRequest },
    service: {
      list: (s, params) => services.grades.listFlutes(s, params),
      create: (s, request, context) => services.grades.createFlute(s, request, context),
      update: (s, request, context) => services.grades.updateFlute(s, request, context),
      deleteBatch: (s, ids, context) => services.grades.deleteFlutes(s, ids, context),
    },
  });
  crud<CreateBoardCodeRequest, UpdateBoardCodeRequest>({
    list: P.boardCodeList,
    create: P.boardCodeCreate,
    update: P.boardCodeUpdate,
    deleteBatch: P.boardCodeDeleteBatch,
    schemas: { list: BoardCodeListQuery, create: CreateBoardCodeRequest, update: UpdateBoardCodeRequest },
    service: services.boards,
  });
  app.get<{ Params: IdParams }>('/dps-server/board_code/detail/:id', { schema: { params: IdParams }, config: { authority: A.paperData } }, async (request) =>
    ok('result', await services.boards.detail(scope(request), request.params.id)),
  );
  crud<CreateDeckleRequest, UpdateDeckleRequest>({
    list: P.deckleList,
    create: P.deckleCreate,
    update: P.deckleUpdate,
    deleteBatch: P.deckleDeleteBatch,
    schemas: { list: DeckleListQuery, create: CreateDeckleRequest, update: UpdateDeckleRequest },
    service: services.deckles,
  });
}
