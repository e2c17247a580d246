import type { PageResult } from '@core/contracts/common';
import {
  PaperDataPaths as P,
  type BoardCode,
  type CreateBoardCodeRequest,
  type CreateDeckleRequest,
  type CreateFluteRequest,
  type CreatePaperGradeRequest,
  type DeckleWidth,
  type Flute,
  type PaperGrade,
} from '@core/contracts/sys-cfg';
import { http } from '@core/http';
import type { ListQuery } from '@app/components';
import { ALL, removeBatch } from '@app/shared';

type Created = { id: number };

export const paperGradesApi = {
  list: (query: ListQuery) => http.get<PageResult<PaperGrade>>(P.paperGradeList, query),
  all: () => http.get<PageResult<PaperGrade>>(P.paperGradeList, { ...ALL, sort: 'paperCode,asc' }).then((page) => page.list),
  create: (request: CreatePaperGradeRequest) => http.post<Created>(P.paperGradeCreate, request),
  update: (request: CreatePaperGradeRequest & { id: number }) => http.post<void>(P.paperGradeUpdate, request),
  remove: removeBatch(P.paperGradeDeleteBatch),
};

export const flutesApi = {
  list: (query: ListQuery) => http.get<PageResult<Flute>>(P.fluteList, query),
  all: () => http.get<PageResult<Flute>>(P.fluteList, ALL).then((page) => page.list),
  create: (request: CreateFluteRequest) => http.post<Created>(P.fluteCreate, request),
  update: (request: CreateFluteRequest & { id: number }) => http.post<void>(P.fluteUpdate, request),
  remove: removeBatch(P.fluteDeleteBatch),
};

export const boardCodesApi = {
  list: (query: ListQuery) => http.get<PageResult<BoardCode>>(P.boardCodeList, query),
  create: (request: CreateBoardCodeRequest) => http.post<Created>(P.boardCodeCreate, request),
  update: (request: CreateBoardCodeRequest & { id: number }) => http.post<void>(P.boardCodeUpdate, request),
  remove: removeBatch(P.boardCodeDeleteBatch),
};

export const decklesApi = {
  list: (query: ListQuery) => http.get<PageResult<DeckleWidth>>(P.deckleList, query),
  create: (request: CreateDeckleRequest) => http.post<Created>(P.deckleCreate, request),
  update: (request: CreateDeckleRequest & { id: number }) => http.post<void>(P.deckleUpdate, request),
  remove: removeBatch(P.deckleDeleteBatch),
};
