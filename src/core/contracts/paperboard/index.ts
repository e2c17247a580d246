import { PaperboardAuthorities as A } from '../../access/authorities/paperboard';
import { IdParams, PageResult, NoData, CreatedResult } from '../common';
import { crudEndpoints, FILE, get, pathsOf, post } from '../endpoint';
import { importEndpoints } from '../files';
import { BoardLineConfig, BoardRoll } from './config';
import { BoardOrder, BoardOrderListQuery, CreateBoardOrderRequest, CreateRemakeRequest, RemakeCandidate, StandbyGroup, UpdateBoardOrderRequest } from './orders';
import {
  BoardLogEntry,
  BoardLogListQuery,
  BoardSchedule,
  BoardScheduleDetail,
  BoardScheduleIdRequest,
  BoardScheduleListQuery,
  BoardReoptimiseRequest,
  BoardReoptimiseResult,
  BoardRunCheck,
  BoardTrialRequest,
  BoardTrialResult,
  CreateBoardScheduleRequest,
  UpdateBoardRunRequest,
} from './schedule';
import { Type } from '@sinclair/typebox';

export * from './config';
export * from './orders';
export * from './schedule';

const BASE = '/dps-server/paperboard';

/** Every endpoint of 纸板排产: paths, schemas (response included) and the authority each needs. */
export const PaperboardApi = {
  orderList: get(`${BASE}/order/list`, { query: BoardOrderListQuery, response: PageResult(BoardOrder), authority: A.group }),
  orderDetail: get(`${BASE}/order/detail/:id`, { params: IdParams, response: BoardOrder, authority: A.group }),
  ...crudEndpoints('order', `${BASE}/order`, CreateBoardOrderRequest, UpdateBoardOrderRequest, { add: A.orderAdd, edit: A.orderEdit, remove: A.orderDelete }),
  ...importEndpoints('order', `${BASE}/order`, A.orderImport),
  orderExport: post(`${BASE}/order/export`, { body: BoardOrderListQuery, response: FILE, authority: A.orderExport }),
  remakeCandidates: get(`${BASE}/remake/candidates`, { response: Type.Array(RemakeCandidate), authority: A.remake }),
  remakeCreate: post(`${BASE}/remake/create`, { body: CreateRemakeRequest, response: CreatedResult, authority: A.remake }),

  standbyGroups: get(`${BASE}/standby/groups`, { response: Type.Array(StandbyGroup), authority: A.standbyOrders }),
  trial: post(`${BASE}/standby/trial`, { body: BoardTrialRequest, response: BoardTrialResult, authority: A.trial }),

  scheduleList: get(`${BASE}/schedule/list`, { query: BoardScheduleListQuery, response: PageResult(BoardSchedule), authority: A.group }),
  scheduleDetail: get(`${BASE}/schedule/detail/:id`, { params: IdParams, response: BoardScheduleDetail, authority: A.group }),
  scheduleCreate: post(`${BASE}/schedule/create`, { body: CreateBoardScheduleRequest, response: CreatedResult, authority: A.save }),
  runUpdate: post(`${BASE}/schedule/run/update`, { body: UpdateBoardRunRequest, response: NoData, authority: A.edit }),
  runCheck: post(`${BASE}/schedule/run/check`, { body: UpdateBoardRunRequest, response: BoardRunCheck, authority: A.edit }),
  reoptimise: post(`${BASE}/schedule/reoptimise`, { body: BoardReoptimiseRequest, response: BoardReoptimiseResult, authority: A.reoptimise }),
  scheduleIssue: post(`${BASE}/schedule/issue`, { body: BoardScheduleIdRequest, response: NoData, authority: A.issue }),
  scheduleCancel: post(`${BASE}/schedule/cancel`, { body: BoardScheduleIdRequest, response: NoData, authority: A.cancel }),
  scheduleCopy: post(`${BASE}/schedule/copy`, { body: BoardScheduleIdRequest, response: CreatedResult, authority: A.copy }),
  runSheet: post(`${BASE}/schedule/export`, { body: BoardScheduleIdRequest, response: FILE, authority: A.export }),

  config: get(`${BASE}/config`, { response: BoardLineConfig, authority: A.group }),
  configRolls: get(`${BASE}/config/rolls`, { response: Type.Array(BoardRoll), authority: A.group }),
  configUpdate: post(`${BASE}/config/update`, { body: BoardLineConfig, response: NoData, authority: A.config }),

  logList: get(`${BASE}/log/list`, { query: BoardLogListQuery, response: PageResult(BoardLogEntry), authority: A.log }),
};
export const PaperboardPaths = pathsOf(PaperboardApi);
