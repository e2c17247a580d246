import { sql } from 'kysely';
import { flagCalendarChange } from '../../lib/anew-time';
import type { PageResult } from '@core/contracts/common';
import type { AddHolidayRequest, Holiday, UpdateHolidayRequest } from '@core/contracts/shifts';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { HOLIDAY_TYPE_LABELS, type HolidayType } from '../../domain/calendar';
import { runList, type ListParams } from '../../lib/list-query';
import type { Scope } from '../../plugins/auth';
import { requireDate } from './common';
import { notFound } from '../../lib/errors';
import { stampsOf } from '../../lib/datetime';
import { summary, text } from '../../lib/rows';
import { factoryList, inScope, insertRow, refuseTaken, requireOne, type RowOf, updateRow, writeUnique } from '../../lib/scoped';

export const HolidayMessages = {
  notFound: '节假日不存在',
  dateTaken: (date: string) => `${date} 已设置节假日`,
} as const;

export const HOLIDAY_LIST = factoryList('h', {
  filters: {
    holidayName: { column: 'h.name', kind: 'like', label: '节假日名称' },
    type: { column: 'h.type', kind: 'in', label: '类型', integer: true },
    holidayDate: { column: 'h.holiday_date', kind: 'dateRange', label: '日期', day: true },
  },
  sorts: { id: 'h.id', holidayDate: 'h.holiday_date', createTime: 'h.created_at' },
  defaultSort: { field: 'holidayDate', direction: 'asc' },
});

function holidayQuery(db: Db) {
  return db
    .selectFrom('holiday as h')
    .select(['h.id', sql<string>`to_char(h.holiday_date, 'YYYY-MM-DD')`.as('holidayDate'), 'h.type', 'h.name', 'h.created_at as createdAt', 'h.updated_at as updatedAt']);
}
type HolidayRow = RowOf<typeof holidayQuery>;

export function holidayTypeLabel(type: number): string {
  return HOLIDAY_TYPE_LABELS[type as HolidayType] ?? String(type);
}

function toHoliday(row: HolidayRow): Holiday {
  return {
    id: row.id,
    holidayDate: row.holidayDate,
    type: row.type,
    typeName: holidayTypeLabel(row.type),
    holidayName: row.name,
    ...stampsOf(row),
  };
}

function label(date: string, type: number, name: string): string {
  return `${date} ${name ? `${name}（${holidayTypeLabel(type)}）` : holidayTypeLabel(type)}`;
}

/** Holidays (法定节假日 / 调休上班 / 公司休息日) of the session's factory. */
export class HolidayService {
  constructor(private readonly db: Db) {}

  page(scope: Scope, params: ListParams): Promise<PageResult<Holiday>> {
    return runList(this.db, holidayQuery(this.db), HOLIDAY_LIST, scope, params, toHoliday);
  }

  /** Holidays between two dates (inclusive), for calendars. */
  async between(scope: Scope, from: string, to: string): Promise<Array<{ date: string; type: HolidayType; name: string }>> {
    const rows = await holidayQuery(this.db)
      .where(inScope(scope, 'h'))
      .where('h.holiday_date', '>=', from)
      .where('h.holiday_date', '<=', to)
      .orderBy('h.holiday_date')
      .execute();
    return rows.map((row) => ({ date: row.holidayDate, type: row.type as HolidayType, name: row.name }));
  }

  async add(scope: Scope, request: AddHolidayRequest, context: OperationContext): Promise<{ id: number }> {
    const date = requireDate(request.holidayDate);
    const name = text(request.holidayName);
    return writeUnique(this.db, HolidayMessages.dateTaken(date), async (trx) => {
      await refuseTaken(trx, 'holiday', 'holiday_date', scope, date, HolidayMessages.dateTaken(date));
      const id = await insertRow(trx, 'holiday', scope, { holiday_date: date, type: request.type, name });
      await flagCalendarChange(trx, scope, 'all', date);
      await recordOperation(trx, context, { ...scope, content: `新增节假日：${label(date, request.type, name)}` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdateHolidayRequest, context: OperationContext): Promise<void> {
    const date = requireDate(request.holidayDate);
    const name = text(request.holidayName);
    await writeUnique(this.db, HolidayMessages.dateTaken(date), async (trx) => {
      const found = await requireOne(holidayQuery(trx), 'h', scope, request.id, HolidayMessages.notFound);
      await refuseTaken(trx, 'holiday', 'holiday_date', scope, date, HolidayMessages.dateTaken(date), request.id);
      await updateRow(trx, 'holiday', scope, request.id, { holiday_date: date, type: request.type, name });
      await flagCalendarChange(trx, scope, 'all', found.holidayDate < date ? found.holidayDate : date);
      await recordOperation(trx, context, { ...scope, content: `编辑节假日：${label(date, request.type, name)}（原 ${label(found.holidayDate, found.type, found.name)}）` });
    });
  }

  async remove(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await holidayQuery(trx).where(inScope(scope, 'h')).where('h.id', 'in', ids).orderBy('h.holiday_date').execute();
      if (rows.length !== ids.length) throw notFound(HolidayMessages.notFound);
      await trx.deleteFrom('holiday').where(inScope(scope)).where('id', 'in', ids).execute();
      if (rows.length > 0) await flagCalendarChange(trx, scope, 'all', rows[0]!.holidayDate);
      await recordOperation(trx, context, { ...scope, content: `删除节假日：${summary(rows.map((row) => label(row.holidayDate, row.type, row.name)))}` });
      return { deleted: ids.length };
    });
  }
}
