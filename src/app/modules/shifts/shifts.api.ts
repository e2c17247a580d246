import type { PageResult } from '@core/contracts/common';
import {
  ShiftPaths as P,
  type AddHolidayRequest,
  type ClassUser,
  type CreateClassUserRequest,
  type CreateDeviceCalendarRequest,
  type CreateExchangeRequest,
  type CreateShiftRequest,
  type DeviceCalendarMonth,
  type Holiday,
  type Shift,
  type ShiftExchange,
} from '@core/contracts/shifts';
import { TeamPaths, type Team } from '@core/contracts/modeling';
import { AccountPaths, type StaffUser } from '@core/contracts/account';
import { http } from '@core/http';
import type { ListQuery } from '@app/components';
import { ALL, allDevices, crudApi, entityPaths, importApi, removeBatch } from '@app/shared';


export const shiftsApi = {
  ...crudApi<Shift, CreateShiftRequest>(entityPaths(P, 'shift')),
};

export const classUsersApi = {
  ...crudApi<ClassUser, CreateClassUserRequest>(entityPaths(P, 'classUser')),
  ...importApi(P.classUserImport, P.classUserImportTemplate, '排班人员导入模板.xlsx'),
};

export const exchangesApi = {
  list: (query: ListQuery) => http.get<PageResult<ShiftExchange>>(P.exchangeList, query),
  create: (request: CreateExchangeRequest) => http.post<unknown>(P.exchangeCreate, request),
};

/** The `year` filter becomes the holiday date range of that year. */
const holidayQuery = ({ year, ...query }: ListQuery) =>
  year ? { ...query, holidayDateStart: `${String(year)}-01-01`, holidayDateEnd: `${String(year)}-12-31` } : query;

export const holidaysApi = {
  page: (query: ListQuery) => http.get<PageResult<Holiday>>(P.holidayPage, holidayQuery(query)),
  add: (request: AddHolidayRequest) => http.post<unknown>(P.holidayAdd, request),
  update: (request: AddHolidayRequest & { id: number }) => http.post<void>(P.holidayUpdate, request),
  remove: removeBatch(P.holidayRemove),
};

export const calendarsApi = {
  month: (deviceId: number, month: string) => http.get<DeviceCalendarMonth>(P.deviceCalendarMonth, { deviceId, month }),
  addOverride: (request: CreateDeviceCalendarRequest) => http.post<unknown>(P.deviceCalendarCreate, request),
  removeOverride: removeBatch(P.deviceCalendarDeleteBatch),
};

/** Pickers: devices, teams and staff. */
export const pickersApi = {
  devices: allDevices,
  teams: () => http.get<PageResult<Team>>(TeamPaths.teamList, ALL).then((page) => page.list),
  staff: () => http.get<PageResult<StaffUser>>(AccountPaths.staffList, ALL).then((page) => page.list),
};
