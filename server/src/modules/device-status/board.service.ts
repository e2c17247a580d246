import type { BoardFigures, BoardQuery, WorkCalendar, WorkCalendarQuery } from '@core/contracts/device-status';
import { DEVICE_STATUS_CODE, dayEnd, dayStart, deviceFigures, runHoursByDay, shiftWindows, type Interval, type PlannedShift } from '../../domain/device-status';
import { monthDates } from '../../domain/calendar';
import type { Db } from '../../db';
import { formatDate } from '../../lib/datetime';
import { notFound, validation } from '../../lib/errors';
import type { Scope } from '../../plugins/auth';
import type { DeviceCalendarService } from '../shifts';
import { DeviceStatusMessages, type DeviceStatusService } from './status.service';

const DAY = 86_400_000;
/** The board looks at a day; a longer period costs a calendar month per device and month. */
const BOARD_MAX_DAYS = 31;
const RUNNING = [DEVICE_STATUS_CODE.running] as const;

interface BoardDevice {
  id: number;
  deviceNo: string;
  name: string;
  workshopId: number | null;
  workshopName: string;
}

const localDate = (ms: number) => formatDate(new Date(ms));
/** Every YYYY-MM from the month of `from` to the month of `to`. */
function monthsBetween(from: number, to: number): string[] {
  const months: string[] = [];
  const cursor = new Date(from);
  cursor.setDate(1);
  while (cursor.getTime() <= to) {
    months.push(formatDate(cursor).slice(0, 7));
    cursor.setMonth(cursor.getMonth() + 1);
  }
  return months;
}

/**
 * What 设备看板 and 工单日历 show: planned time from each device's calendar (shifts, holidays,
 * 停机/加班 days, month plans — shifts module) set against the status timeline.
 */
export class DeviceBoardService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
    private readonly status: DeviceStatusService,
    private readonly calendars: DeviceCalendarService,
  ) {}

  private async devices(scope: Scope, workshopId?: number): Promise<BoardDevice[]> {
    if (workshopId !== undefined) {
      const workshop = await this.db.selectFrom('workshop').select('id').where('id', '=', workshopId).where('enterprise_id', '=', scope.enterpriseId).where('org_id', '=', scope.orgId).executeTakeFirst();
      if (!workshop) throw notFound(DeviceStatusMessages.workshopNotFound);
    }
    let query = this.db
      .selectFrom('device as d')
      .leftJoin('workshop as w', 'w.id', 'd.workshop_id')
      .select(['d.id', 'd.device_no', 'd.name', 'd.workshop_id', 'w.name as workshop_name'])
      .where('d.enterprise_id', '=', scope.enterpriseId)
      .where('d.org_id', '=', scope.orgId)
      .orderBy('d.device_no');
    if (workshopId !== undefined) query = query.where('d.workshop_id', '=', workshopId);
    const rows = await query.execute();
    return rows.map((row) => ({ id: row.id, deviceNo: row.device_no, name: row.name, workshopId: row.workshop_id, workshopName: row.workshop_name ?? '' }));
  }

  private workshops(scope: Scope): Promise<Array<{ id: number; name: string }>> {
    return this.db.selectFrom('workshop').select(['id', 'name']).where('enterprise_id', '=', scope.enterpriseId).where('org_id', '=', scope.orgId).orderBy('sort').orderBy('id').execute();
  }

  /** The shifts of the factory with their breaks, by id (a calendar day names its shifts by id). */
  private async shiftBreaks(scope: Scope): Promise<Map<number, PlannedShift & { id: number; name: string }>> {
    return new Map((await this.calendars.shifts(scope)).map((shift) => [shift.id, shift]));
  }

  /** Planned working windows of each device over [from, to) (a night shift of the day before reaches into it). */
  private async plannedWindows(scope: Scope, devices: BoardDevice[], from: number, to: number): Promise<Record<string, Interval[]>> {
    const shifts = await this.shiftBreaks(scope);
    const first = localDate(from - DAY);
    const last = localDate(to - 1);
    const months = monthsBetween(from - DAY, to - 1);
    const out: Record<string, Interval[]> = {};
    for (const device of devices) {
      const windows: Interval[] = [];
      for (const month of months) {
        for (const day of (await this.calendars.month(scope, device.id, month)).days) {
          if (day.date < first || day.date > last) continue;
          windows.push(...shiftWindows(day.date, day.shifts.flatMap((shift) => (shifts.has(shift.id) ? [shifts.get(shift.id)!] : []))));
        }
      }
      out[device.deviceNo] = windows;
    }
    return out;
  }

  /**
   * 设备看板: today's (any period's, up to a month) run time inside the planned shifts per workshop
   * and for the factory, and the factory's failures and downtime by reason (figures of the timeline).
   */
  async board(scope: Scope, query: BoardQuery): Promise<BoardFigures> {
    if (query.to <= query.from) throw validation(DeviceStatusMessages.periodOrder);
    if (query.to - query.from > BOARD_MAX_DAYS * DAY) throw validation(DeviceStatusMessages.boardPeriodTooLong);
    const now = this.clock();
    const [devices, workshops, downtime] = await Promise.all([
      this.devices(scope),
      this.workshops(scope),
      this.status.figures(scope, { from: query.from, to: query.to }),
    ]);
    const windows = await this.plannedWindows(scope, devices, query.from, query.to);
    const running = await this.status.segmentsOf(
      devices.map((device) => device.id),
      query.from,
      query.to,
      RUNNING,
    );
    const numberOf = new Map(devices.map((device) => [device.id, device.deviceNo]));
    const segments = [...running].flatMap(([id, list]) => list.map((segment) => ({ ...segment, deviceNo: numberOf.get(id)! })));
    const planned = (members: BoardDevice[]) => {
      const numbers = members.map((device) => device.deviceNo);
      const figures = deviceFigures({ segments, devices: numbers, from: query.from, to: query.to, now, windows });
      return { devices: members.length, plannedHours: figures.plannedHours, runHours: figures.runHours, availability: figures.availability };
    };
    const groups = workshops.map((workshop) => ({ workshopId: workshop.id as number | null, workshopName: workshop.name, members: devices.filter((device) => device.workshopId === workshop.id) }));
    const unassigned = devices.filter((device) => device.workshopId === null);
    if (unassigned.length) groups.push({ workshopId: null, workshopName: '未分配车间', members: unassigned });
    return {
      now,
      factory: { ...planned(devices), failures: downtime.failures, downtimeHours: downtime.downtimeHours },
      workshops: groups.filter((group) => group.members.length > 0).map(({ members, ...group }) => ({ ...group, ...planned(members) })),
      downtimeByReason: downtime.downtimeByReason,
    };
  }

  /** 工单日历: every device's month — each day's planned shifts and hours, its calendar entries, and the hours it ran. */
  async calendar(scope: Scope, query: WorkCalendarQuery): Promise<WorkCalendar> {
    const now = this.clock();
    const dates = monthDates(query.month);
    const devices = await this.devices(scope, query.workshopId);
    const from = dayStart(dates[0]!);
    const to = dayEnd(dates[dates.length - 1]!);
    const [workshops, shifts, running] = await Promise.all([
      this.workshops(scope),
      this.shiftBreaks(scope),
      this.status.segmentsOf(
        devices.map((device) => device.id),
        from,
        to,
        RUNNING,
      ),
    ]);
    const rows: WorkCalendar['devices'] = [];
    for (const device of devices) {
      const month = await this.calendars.month(scope, device.id, query.month);
      const run = runHoursByDay(running.get(device.id) ?? [], dates, now);
      const days = month.days.map((day, index) => ({
        date: day.date,
        workday: day.workday,
        holiday: day.holiday,
        down: day.down,
        shifts: day.shifts.map(({ id, name, start, end, extra }) => ({ id, name, start, end, extra })),
        plannedHours: day.availableMinutes / 60,
        runHours: run[index]!,
        overrides: month.overrides.filter((override) => override.date === day.date),
      }));
      rows.push({
        id: device.id,
        deviceNo: device.deviceNo,
        name: device.name,
        workshopName: device.workshopName,
        plannedHours: month.totalMinutes / 60,
        runHours: run.reduce((sum, hours) => sum + hours, 0),
        days,
      });
    }
    return {
      month: query.month,
      now,
      workshops,
      shifts: [...shifts.values()].map(({ id, name, start, end }) => ({ id, name, start, end })),
      devices: rows,
    };
  }
}
