import { DeleteBatchRequest } from '@core/contracts/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ShiftAuthorities as A } from '@core/access/authorities/shifts';
import {
  AddHolidayRequest,
  ClassUserListQuery,
  CreateClassUserRequest,
  CreateDeviceCalendarRequest,
  CreateExchangeRequest,
  CreateShiftRequest,
  DeviceMonthQuery,
  ExchangeListQuery,
  HolidayPageQuery,
  SaveMonthEffectRequest,
  ShiftListQuery,
  ShiftPaths as P,
  UpdateClassUserRequest,
  UpdateHolidayRequest,
  UpdateShiftRequest,
} from '@core/contracts/shifts';
import type { Db } from '../../db';
import { registerImportRoutes, type StoredFiles } from '../../lib/legacy-routes';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelopes';
import { operationContext } from '../../lib/operation-context';
import { CLASS_USER_IMPORT_COLUMNS, ClassUserService } from './class-user.service';
import { DeviceCalendarService } from './device-calendar.service';
import { HolidayService } from './holiday.service';
import { ShiftService } from './shift.service';

type Body<T> = { Body: T };
type Query<T> = { Querystring: T };
type Params<T> = { Params: T };
type IdParams = { id: number };
const IdParamsSchema = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } };

/** The services behind /classCfg, built on one database. */
export function shiftServices(db: Db) {
  const holidays = new HolidayService(db);
  return {
    shifts: new ShiftService(db),
    classUsers: new ClassUserService(db),
    holidays,
    calendars: new DeviceCalendarService(db, holidays),
  };
}
export type ShiftServices = ReturnType<typeof shiftServices>;

export async function shiftRoutes(app: FastifyInstance, { services, files }: { services: ShiftServices; files: StoredFiles }): Promise<void> {
  const scope = (request: FastifyRequest) => scopeOf(sessionOf(request));
  const readCfg = { config: { authority: A.classCfg } };
  const write = <T>(path: string, schema: unknown, authority: string, run: (request: FastifyRequest<Body<T>>) => Promise<unknown>) =>
    app.post<Body<T>>(path, { schema: { body: schema }, config: { authority } }, async (request) => ok('result', (await run(request)) ?? null));

  // ---- class times (班次) ----
  app.get<Query<ShiftListQuery>>(P.shiftList, { schema: { querystring: ShiftListQuery }, ...readCfg }, async (request) =>
    ok('result', await services.shifts.list(scope(request), request.query)),
  );
  app.get<Params<IdParams>>('/dps-server/class_manage/shift/detail/:id', { schema: { params: IdParamsSchema }, ...readCfg }, async (request) =>
    ok('result', await services.shifts.detail(scope(request), request.params.id)),
  );
  write<CreateShiftRequest>(P.shiftCreate, CreateShiftRequest, A.shiftAdd, (r) => services.shifts.create(scope(r), r.body, operationContext(r)));
  write<UpdateShiftRequest>(P.shiftUpdate, UpdateShiftRequest, A.shiftEdit, (r) => services.shifts.update(scope(r), r.body, operationContext(r)));
  write<DeleteBatchRequest>(P.shiftDeleteBatch, DeleteBatchRequest, A.shiftDelete, (r) => services.shifts.deleteBatch(scope(r), r.body.ids, operationContext(r)));

  // ---- class users (排班人员), import, exchange (调班) ----
  app.get<Query<ClassUserListQuery>>(P.classUserList, { schema: { querystring: ClassUserListQuery }, ...readCfg }, async (request) =>
    ok('result', await services.classUsers.list(scope(request), request.query)),
  );
  write<CreateClassUserRequest>(P.classUserCreate, CreateClassUserRequest, A.userAdd, (r) => services.classUsers.create(scope(r), r.body, operationContext(r)));
  write<UpdateClassUserRequest>(P.classUserUpdate, UpdateClassUserRequest, A.userEdit, (r) => services.classUsers.update(scope(r), r.body, operationContext(r)));
  write<DeleteBatchRequest>(P.classUserDeleteBatch, DeleteBatchRequest, A.userDelete, (r) => services.classUsers.deleteBatch(scope(r), r.body.ids, operationContext(r)));
  registerImportRoutes(app, {
    path: P.classUserImport,
    templatePath: P.classUserImportTemplate,
    templateName: '排班人员导入模板',
    authority: A.userImport,
    columns: CLASS_USER_IMPORT_COLUMNS,
    files,
    run: (s, path, context) => services.classUsers.import(s, path, context),
  });
  app.get<Query<ExchangeListQuery>>(P.exchangeList, { schema: { querystring: ExchangeListQuery }, ...readCfg }, async (request) =>
    ok('result', await services.classUsers.listExchanges(scope(request), request.query)),
  );
  write<CreateExchangeRequest>(P.exchangeCreate, CreateExchangeRequest, A.exchange, (r) => services.classUsers.exchange(scope(r), r.body, operationContext(r)));

  // ---- holidays ----
  app.get<Query<HolidayPageQuery>>(P.holidayPage, { schema: { querystring: HolidayPageQuery }, ...readCfg }, async (request) =>
    ok('result', await services.holidays.page(scope(request), request.query)),
  );
  write<AddHolidayRequest>(P.holidayAdd, AddHolidayRequest, A.holidayAdd, (r) => services.holidays.add(scope(r), r.body, operationContext(r)));
  write<UpdateHolidayRequest>(P.holidayUpdate, UpdateHolidayRequest, A.holidayEdit, (r) => services.holidays.update(scope(r), r.body, operationContext(r)));
  write<DeleteBatchRequest>(P.holidayRemove, DeleteBatchRequest, A.holidayDelete, (r) => services.holidays.remove(scope(r), r.body.ids, operationContext(r)));

  // ---- device calendar and month effect ----
  app.get<Query<DeviceMonthQuery>>(P.deviceCalendarMonth, { schema: { querystring: DeviceMonthQuery }, ...readCfg }, async (request) =>
    ok('result', await services.calendars.month(scope(request), request.query.deviceId, request.query.month)),
  );
  write<CreateDeviceCalendarRequest>(P.deviceCalendarCreate, CreateDeviceCalendarRequest, A.calendarEdit, (r) =>
    services.calendars.createOverride(scope(r), r.body, operationContext(r)),
  );
  write<DeleteBatchRequest>(P.deviceCalendarDeleteBatch, DeleteBatchRequest, A.calendarEdit, (r) => services.calendars.deleteOverrides(scope(r), r.body.ids, operationContext(r)));
  app.get<Query<DeviceMonthQuery>>(P.monthEffectGet, { schema: { querystring: DeviceMonthQuery }, ...readCfg }, async (request) =>
    ok('result', await services.calendars.monthEffect(scope(request), request.query.deviceId, request.query.month)),
  );
  write<SaveMonthEffectRequest>(P.monthEffectSave, SaveMonthEffectRequest, A.calendarEdit, (r) => services.calendars.saveMonthEffect(scope(r), r.body, operationContext(r)));
}
