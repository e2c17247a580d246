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
import { ALL, crudApi, entityPaths } from '@app/shared';

export const paperGradesApi = {
  ...crudApi<PaperGrade, CreatePaperGradeRequest>(entityPaths(P, 'paperGrade')),
  all: () => http.get<PageResult<PaperGrade>>(P.paperGradeList, { ...ALL, sort: 'paperCode,asc' }).then((page) => page.list),
};

export const flutesApi = {
  ...crudApi<Flute, CreateFluteRequest>(entityPaths(P, 'flute')),
};

export const boardCodesApi = {
  ...crudApi<BoardCode, CreateBoardCodeRequest>(entityPaths(P, 'boardCode')),
};

export const decklesApi = {
  ...crudApi<DeckleWidth, CreateDeckleRequest>(entityPaths(P, 'deckle')),
};
