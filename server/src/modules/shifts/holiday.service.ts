import { sql } from 'kysely';
import type { PageResult } from '@core/contracts/common';
import type { AddHolidayRequest, Holiday, UpdateHolidayRequest } from '@core/contracts/shifts';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { HOLIDAY_TYPE_LABELS, type HolidayType } from '../../domain/calendar';
import { runList, type ListParams, type ListSpec } from '../../lib/list-query';
import type { Scope } from '../../plugins/auth';
import { guardUnique, requireDate } from './common';
import { conflict, notFound } from '../../lib/errors';
import { formatDateTime } from '../../lib/datetime';
import { summary, text } from '../../lib/rows';
import { inScope, insertRow, type RowOf, updateRow } from '../../lib/scoped';

export const HolidayMessages = {
  notFound: '节假日不存在',
  dateTaken: (date: string) => `${date} 已设置节假日`,
} as const;

export const HOLIDAY_LIST: ListSpec = {
  scope: { enterprise: 'h.enterprise_id', org: 'h.org_id' },
  filters: {
    holidayName: { column: 'h.name', kind: 'like', label: '节假日名称' },
    type: { column: 'h.type', kind: 'in', label: '类型', integer: true },
    holidayDate: { column: 'h.holiday_date', kind: 'dateRange', label: '日期' },
  },
  sorts: { id: 'h.id', holidayDate: 'h.holiday_date', createTime: 'h.created_at' },
  defaultSort: { field: 'holidayDate', direction: 'asc' },
  key: 'h.id',
};

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
    createTime: formatDateTime(row.createdAt),
    updateTime: formatDateTime(row.updatedAt),
  };
}

function label(date: string, type: number, name: string): string {
  return `${date} ${name ? `${name}（${holidayTypeLabel(type)}）` : holidayTypeLabel(type)}`;
}

async function dateTaken(db: Db, scope: Scope, date: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('holiday').select('id').where(inScope(scope)).where('holiday_date', '=', date);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Holidays (法定节假日 / 调休上班 / 公司休息日) of the session's factory. */
export class HolidayService {
  constructor(private readonly db: Db) {}

  page(scope: Scope, params: ListParams): Promise<PageResult<Holiday>> {
    return runList(holidayQuery(this.db), HOLIDAY_LIST, scope, params, toHoliday);
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
    return guardUnique(() =>
      this.db.transaction().execute(async (trx) => {
        if (await dateTaken(trx, scope, date)) throw conflict(HolidayMessages.dateTaken(date));
        const id = await insertRow(trx, 'holiday', scope, { holiday_date: date, type: request.type, name });
        await recordOperation(trx, context, { ...scope, content: `新增节假日：${label(date, request.type, name)}` });
        return { id };
      }),
      HolidayMessages.dateTaken(date),
    );
  }

  async update(scope: Scope, request: UpdateHolidayRequest, context: OperationContext): Promise<void> {
    const date = requireDate(request.holidayDate);
    const name = text(request.holidayName);
    await guardUnique(() =>
      this.db.transaction().execute(async (trx) => {
        const found = await holidayQuery(trx).where(inScope(scope, 'h')).where('h.id', '=', request.id).executeTakeFirst();
        if (!found) throw notFound(HolidayMessages.notFound);
        if (await dateTaken(trx, scope, date, request.id)) throw conflict(HolidayMessages.dateTaken(date));
        await updateRow(trx, 'holiday', scope, request.id, { holiday_date: date, type: request.type, name });
        await recordOperation(trx, context, { ...scope, content: `编辑节假日：${label(date, request.type, name)}（原 ${label(found.holidayDate, found.type, found.name)}）` });
      }),
      HolidayMessages.dateTaken(date),
    );
  }

  async remove(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await holidayQuery(trx).where(inScope(scope, 'h')).where('h.id', 'in', ids).orderBy('h.holiday_date').execute();
      if (rows.length !== ids.length) throw notFound(HolidayMessages.notFound);
      await trx.deleteFrom('holiday').where(inScope(scope)).where('id', 'in', ids).execute();
      await recordOperation(trx, context, { ...scope, content: `删除节假日：${summary(rows.map((row) => label(row.holidayDate, row.type, row.name)))}` });
      return { deleted: ids.length };
    });
  }
}
