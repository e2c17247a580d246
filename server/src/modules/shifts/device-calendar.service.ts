import { sql } from 'kysely';
import type {
  CreateDeviceCalendarRequest,
  DeviceCalendarMonth,
  DeviceCalendarOverride,
  MonthEffect,
  SaveMonthEffectRequest,
  ShiftBreak,
} from '@core/contracts/shifts';
import { DEVICE_CALENDAR_TYPES } from '@core/contracts/shifts';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { monthCalendar, monthDates, type CalendarOverride, type CalendarShift } from '../../domain/calendar';
import type { Scope } from '../../plugins/auth';
import { requireDate } from './common';
import { flagCalendarChange } from '../../lib/anew-time';
import { conflict, notFound, validation } from '../../lib/errors';
import { summary, text, scopedNames } from '../../lib/rows';
import type { HolidayService } from './holiday.service';
import { inScope, insertRow, requireRow } from '../../lib/scoped';

export const DeviceCalendarMessages = {
  deviceNotFound: '设备不存在',
  shiftNotFound: '班次不存在',
  overrideNotFound: '设备日历设置不存在',
  extraNeedsShift: '加班班次不能为空',
  duplicate: '该设备当天已有相同的日历设置',
} as const;

function typeName(type: number): string {
  return DEVICE_CALENDAR_TYPES.find((option) => option.value === type)?.label ?? String(type);
}

/**
 * A device's month: its shifts (the month plan, or the factory's default shifts), the factory's
 * holidays and the device's day overrides, computed by the pure calendar function.
 */
export class DeviceCalendarService {
  constructor(
    private readonly db: Db,
    private readonly holidays: HolidayService,
  ) {}

  private async device(db: Db, scope: Scope, deviceId: number): Promise<{ id: number; deviceNo: string; name: string }> {
    const device = await requireRow(db, 'device', ['id', 'device_no', 'name'], scope, deviceId, DeviceCalendarMessages.deviceNotFound);
    return { id: device.id, deviceNo: device.device_no, name: device.name };
  }

  /** The factory's shifts with their breaks. */
  async shifts(scope: Scope): Promise<Array<CalendarShift & { isDefault: boolean }>> {
    const rows = await this.db
      .selectFrom('class_time')
      .select(['id', 'name', 'start_time', 'end_time', 'breaks', 'is_default', 'sort'])
      .where(inScope(scope))
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: row.id, name: row.name, start: row.start_time, end: row.end_time, breaks: (row.breaks ?? []) as ShiftBreak[], isDefault: row.is_default }));
  }

  async monthEffect(scope: Scope, deviceId: number, month: string): Promise<MonthEffect> {
    await this.device(this.db, scope, deviceId);
    const shifts = await this.shifts(scope);
    const plan = await this.plan(scope, deviceId, month);
    return { deviceId, month, classTimeIds: plan ?? shifts.filter((shift) => shift.isDefault).map((shift) => shift.id), custom: plan !== null };
  }

  private async plan(scope: Scope, deviceId: number, month: string): Promise<number[] | null> {
    const row = await this.db
      .selectFrom('month_effect')
      .select('class_time_ids')
      .where(inScope(scope))
      .where('device_id', '=', deviceId)
      .where('month', '=', month)
      .executeTakeFirst();
    return row ? row.class_time_ids.map(Number) : null;
  }

  async month(scope: Scope, deviceId: number, month: string): Promise<DeviceCalendarMonth> {
    const device = await this.device(this.db, scope, deviceId);
    const dates = monthDates(month);
    const [shifts, plan, holidays, overrideRows] = await Promise.all([
      this.shifts(scope),
      this.plan(scope, deviceId, month),
      this.holidays.between(scope, dates[0]!, dates[dates.length - 1]!),
      this.db
        .selectFrom('device_calendar as dc')
        .leftJoin('class_time as c', 'c.id', 'dc.class_time_id')
        .select(['dc.id', sql<string>`to_char(dc.calendar_date, 'YYYY-MM-DD')`.as('date'), 'dc.type', 'dc.class_time_id as classTimeId', 'c.name as className', 'dc.remark'])
        .where(inScope(scope, 'dc'))
        .where('dc.device_id', '=', deviceId)
        .where('dc.calendar_date', '>=', dates[0]!)
        .where('dc.calendar_date', '<=', dates[dates.length - 1]!)
        .orderBy('dc.calendar_date')
        .orderBy('dc.id')
        .execute(),
    ]);
    const effectiveIds = plan ?? shifts.filter((shift) => shift.isDefault).map((shift) => shift.id);
    const byId = new Map(shifts.map((shift) => [shift.id, shift]));
    const overrides: DeviceCalendarOverride[] = overrideRows.map((row) => ({ ...row, typeName: typeName(row.type), className: row.className ?? '' }));
    const calendarOverrides: CalendarOverride[] = overrides.flatMap((override): CalendarOverride[] => {
      if (override.type === 1) return [{ date: override.date, type: 'down' }];
      const shift = override.classTimeId === null ? undefined : byId.get(override.classTimeId);
      return shift ? [{ date: override.date, type: 'extra', shift }] : [];
    });
    const days = monthCalendar({
      month,
      shifts: effectiveIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
      holidays,
      overrides: calendarOverrides,
    });
    return {
      deviceId: device.id,
      deviceNo: device.deviceNo,
      deviceName: device.name,
      month,
      classTimeIds: effectiveIds,
      days,
      overrides,
      totalMinutes: days.reduce((sum, day) => sum + day.availableMinutes, 0),
      workdays: days.filter((day) => day.workday).length,
    };
  }

  async saveMonthEffect(scope: Scope, request: SaveMonthEffectRequest, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const device = await this.device(trx, scope, request.deviceId);
      const names = await scopedNames(trx, 'class_time', scope, request.classTimeIds);
      if (names.size !== request.classTimeIds.length) throw notFound(DeviceCalendarMessages.shiftNotFound);
      await trx
        .insertInto('month_effect')
        .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, device_id: request.deviceId, month: request.month, class_time_ids: request.classTimeIds })
        .onConflict((oc) => oc.columns(['device_id', 'month']).doUpdateSet({ class_time_ids: request.classTimeIds, updated_at: new Date() }))
        .execute();
      const list = request.classTimeIds.map((id) => names.get(id)!);
      await flagCalendarChange(trx, scope, [request.deviceId], `${request.month}-01`);
      await recordOperation(trx, context, { ...scope, content: `设置设备月度班次：${device.deviceNo} ${request.month} ${list.length > 0 ? summary(list) : '不排班'}` });
    });
  }

  async createOverride(scope: Scope, request: CreateDeviceCalendarRequest, context: OperationContext): Promise<{ id: number }> {
    const date = requireDate(request.date);
    const classTimeId = request.type === 2 ? (request.classTimeId ?? null) : null;
    if (request.type === 2 && classTimeId === null) throw validation(DeviceCalendarMessages.extraNeedsShift);
    return this.db.transaction().execute(async (trx) => {
      const device = await this.device(trx, scope, request.deviceId);
      const className = classTimeId === null ? '' : (await scopedNames(trx, 'class_time', scope, [classTimeId])).get(classTimeId);
      if (className === undefined) throw notFound(DeviceCalendarMessages.shiftNotFound);
      let same = trx
        .selectFrom('device_calendar')
        .select('id')
        .where('device_id', '=', request.deviceId)
        .where('calendar_date', '=', date)
        .where('type', '=', request.type);
      same = classTimeId === null ? same.where('class_time_id', 'is', null) : same.where('class_time_id', '=', classTimeId);
      if (await same.executeTakeFirst()) throw conflict(DeviceCalendarMessages.duplicate);
      const remark = text(request.remark);
      const id = await insertRow(trx, 'device_calendar', scope, { device_id: request.deviceId, calendar_date: date, type: request.type, class_time_id: classTimeId, remark });
      const what = request.type === 2 ? `加班（${className}）` : '停机';
      await flagCalendarChange(trx, scope, [request.deviceId], date);
      await recordOperation(trx, context, { ...scope, content: `设置设备日历：${device.deviceNo} ${date} ${what}${remark ? `，${remark}` : ''}` });
      return { id };
    });
  }

  async deleteOverrides(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('device_calendar as dc')
        .innerJoin('device as d', 'd.id', 'dc.device_id')
        .select(['dc.id', 'dc.device_id', 'd.device_no', sql<string>`to_char(dc.calendar_date, 'YYYY-MM-DD')`.as('date'), 'dc.type'])
        .where(inScope(scope, 'dc'))
        .where('dc.id', 'in', ids)
        .execute();
      if (rows.length !== ids.length) throw notFound(DeviceCalendarMessages.overrideNotFound);
      await trx.deleteFrom('device_calendar').where(inScope(scope)).where('id', 'in', ids).execute();
      for (const row of rows) await flagCalendarChange(trx, scope, [row.device_id], row.date);
      await recordOperation(trx, context, { ...scope, content: `删除设备日历设置：${summary(rows.map((row) => `${row.device_no} ${row.date} ${typeName(row.type)}`))}` });
      return { deleted: ids.length };
    });
  }
}
