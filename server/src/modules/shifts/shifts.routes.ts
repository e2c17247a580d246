import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ShiftApi as E } from '@core/contracts/shifts';
import type { Db } from '../../db';
import { mount } from '../../lib/endpoint';
import { operationContext } from '../../lib/operation-context';
import { registerImportRoutes, type StoredFiles } from '../../lib/transfer-routes';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { CLASS_USER_IMPORT_COLUMNS, ClassUserService } from './class-user.service';
import { DeviceCalendarService } from './device-calendar.service';
import { HolidayService } from './holiday.service';
import { ShiftService } from './shift.service';

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

  // ---- class times (班次) ----
  mount(app, E.shiftList, async (request) => services.shifts.list(scope(request), request.query));
  mount(app, E.shiftDetail, async (request) => services.shifts.detail(scope(request), request.params.id));
  mount(app, E.shiftCreate, async (r) => services.shifts.create(scope(r), r.body, operationContext(r)));
  mount(app, E.shiftUpdate, async (r) => services.shifts.update(scope(r), r.body, operationContext(r)));
  mount(app, E.shiftDeleteBatch, async (r) => services.shifts.deleteBatch(scope(r), r.body.ids, operationContext(r)));

  // ---- class users (排班人员), import, exchange (调班) ----
  mount(app, E.classUserList, async (request) => services.classUsers.list(scope(request), request.query));
  mount(app, E.classUserCreate, async (r) => services.classUsers.create(scope(r), r.body, operationContext(r)));
  mount(app, E.classUserUpdate, async (r) => services.classUsers.update(scope(r), r.body, operationContext(r)));
  mount(app, E.classUserDeleteBatch, async (r) => services.classUsers.deleteBatch(scope(r), r.body.ids, operationContext(r)));
  registerImportRoutes(app, {
    endpoint: E.classUserImport,
    template: E.classUserImportTemplate,
    templateName: '排班人员导入模板',
    columns: CLASS_USER_IMPORT_COLUMNS,
    files,
    run: (s, path, context) => services.classUsers.import(s, path, context),
  });
  mount(app, E.exchangeList, async (request) => services.classUsers.listExchanges(scope(request), request.query));
  mount(app, E.exchangeCreate, async (r) => services.classUsers.exchange(scope(r), r.body, operationContext(r)));

  // ---- holidays ----
  mount(app, E.holidayPage, async (request) => services.holidays.page(scope(request), request.query));
  mount(app, E.holidayAdd, async (r) => services.holidays.add(scope(r), r.body, operationContext(r)));
  mount(app, E.holidayUpdate, async (r) => services.holidays.update(scope(r), r.body, operationContext(r)));
  mount(app, E.holidayRemove, async (r) => services.holidays.remove(scope(r), r.body.ids, operationContext(r)));

  // ---- device calendar and month effect ----
  mount(app, E.deviceCalendarMonth, async (request) => services.calendars.month(scope(request), request.query.deviceId, request.query.month));
  mount(app, E.deviceCalendarCreate, async (r) => services.calendars.createOverride(scope(r), r.body, operationContext(r)));
  mount(app, E.deviceCalendarDeleteBatch, async (r) => services.calendars.deleteOverrides(scope(r), r.body.ids, operationContext(r)));
  mount(app, E.monthEffectGet, async (request) => services.calendars.monthEffect(scope(request), request.query.deviceId, request.query.month));
  mount(app, E.monthEffectSave, async (r) => services.calendars.saveMonthEffect(scope(r), r.body, operationContext(r)));
}
