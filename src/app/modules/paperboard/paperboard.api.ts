import {
  PaperboardPaths as P,
  type BoardLineConfig,
  type BoardRoll,
  type CreateRemakeRequest,
  type RemakeCandidate,
  type BoardLogEntry,
  type BoardOrder,
  type BoardReoptimiseResult,
  type BoardRunCheck,
  type BoardSchedule,
  type BoardScheduleDetail,
  type BoardTrialRequest,
  type BoardTrialResult,
  type CreateBoardOrderRequest,
  type CreateBoardScheduleRequest,
  type StandbyGroup,
  type UpdateBoardOrderRequest,
  type UpdateBoardRunRequest,
} from '@core/contracts/paperboard';
import type { CreatedResult, PageResult } from '@core/contracts/common';
import { http } from '@core/http';
import type { ListQuery } from '@app/components';
import { crudApi, entityPaths, filtersOf, importApi } from '@app/shared';

/** The only HTTP of 纸板排产. */
export const boardOrdersApi = {
  ...crudApi<BoardOrder, CreateBoardOrderRequest, UpdateBoardOrderRequest>(entityPaths(P, 'order')),
  ...importApi(P.orderImport, P.orderImportTemplate, '纸板订单导入模板.xlsx'),
  exportFile: (query: ListQuery) => http.exportFile(P.orderExport, filtersOf(query), '纸板订单'),
  groups: () => http.get<StandbyGroup[]>(P.standbyGroups),
  trial: (request: BoardTrialRequest) => http.post<BoardTrialResult>(P.trial, request),
  remakeCandidates: () => http.get<RemakeCandidate[]>(P.remakeCandidates),
  remake: (request: CreateRemakeRequest) => http.post<CreatedResult>(P.remakeCreate, request),
};

export const boardSchedulesApi = {
  list: (query: ListQuery) => http.get<PageResult<BoardSchedule>>(P.scheduleList, query),
  detail: (id: number) => http.get<BoardScheduleDetail>(P.scheduleDetail(id)),
  create: (request: CreateBoardScheduleRequest) => http.post<CreatedResult>(P.scheduleCreate, request),
  updateRun: (request: UpdateBoardRunRequest) => http.post<void>(P.runUpdate, request),
  /** The edit checked without saving; quiet (the editor shows the answer). */
  checkRun: (request: UpdateBoardRunRequest) => http.post<BoardRunCheck>(P.runCheck, request, { hideError: true }),
  reoptimise: (id: number, lockedRunIds: number[]) => http.post<BoardReoptimiseResult>(P.reoptimise, { id, lockedRunIds }),
  issue: (id: number) => http.post<void>(P.scheduleIssue, { id }),
  cancel: (id: number) => http.post<void>(P.scheduleCancel, { id }),
  copy: (id: number) => http.post<CreatedResult>(P.scheduleCopy, { id }),
  runSheet: (schedule: Pick<BoardSchedule, 'id' | 'scheduleNo'>) => http.exportFile(P.runSheet, { id: schedule.id }, `排产单-${schedule.scheduleNo}`),
};

export const boardConfigApi = {
  find: () => http.get<BoardLineConfig>(P.config),
  rolls: () => http.get<BoardRoll[]>(P.configRolls),
  update: (config: BoardLineConfig) => http.post<void>(P.configUpdate, config),
};

export const boardLogApi = {
  list: (query: ListQuery) => http.get<PageResult<BoardLogEntry>>(P.logList, query),
};
