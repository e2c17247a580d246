import { sql } from 'kysely';
import type { CreateShiftRequest, Shift, ShiftBreak, UpdateShiftRequest } from '@core/contracts/shifts';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { ANEW_TIME_REASONS, flagAnewTime } from '../../lib/anew-time';
import type { Scope } from '../../plugins/auth';
import { shiftMinutes, shiftProblem, toMinutes } from '../../domain/calendar';
import { UNIQUE_MESSAGES } from './common';
import { conflict, notFound, validation } from '../../lib/errors';
import { stampsOf } from '../../lib/datetime';
import { summary, text, scopedNames } from '../../lib/rows';
import { FactoryEntity, factoryList, inScope, insertRow, refuseTaken, type RowOf, updateRow, writeUnique } from '../../lib/scoped';

export const ShiftMessages = {
  notFound: '班次不存在',
  nameTaken: '班次名称已存在',
  inUse: (names: string) => `班次「${names}」已被排班人员使用，无法删除`,
  inCalendar: (names: string) => `班次「${names}」已被设备日历使用，无法删除`,
  inExchange: (names: string) => `班次「${names}」存在调班记录，无法删除`,
} as const;

export const SHIFT_LIST = factoryList('c', {
  filters: { className: { column: 'c.name', kind: 'like', label: '班次名称' } },
  sorts: { id: 'c.id', sort: 'c.sort', className: 'c.name', startTime: 'c.start_time', createTime: 'c.created_at' },
  defaultSort: { field: 'sort', direction: 'asc' },
});

function shiftQuery(db: Db) {
  return db.selectFrom('class_time as c').select((eb) => [
    'c.id',
    'c.name',
    'c.code',
    'c.start_time as startTime',
    'c.end_time as endTime',
    'c.breaks',
    'c.is_default as isDefault',
    'c.sort',
    'c.remark',
    'c.created_at as createdAt',
    'c.updated_at as updatedAt',
    eb.selectFrom('class_user as cu').select(sql<number>`count(*)`.as('n')).whereRef('cu.class_time_id', '=', 'c.id').as('userCount'),
  ]);
}
type ShiftRow = RowOf<typeof shiftQuery>;

function toShift(row: ShiftRow): Shift {
  const breaks = (row.breaks ?? []) as ShiftBreak[];
  return {
    id: row.id,
    className: row.name,
    classCode: row.code,
    startTime: row.startTime,
    endTime: row.endTime,
    breaks,
    crossDay: toMinutes(row.endTime) <= toMinutes(row.startTime),
    workMinutes: shiftMinutes({ start: row.startTime, end: row.endTime, breaks }),
    isDefault: row.isDefault,
    sort: row.sort,
    remark: row.remark,
    userCount: Number(row.userCount ?? 0),
    ...stampsOf(row),
  };
}

/** Breaks in time order, checked against the shift (4000 naming what is wrong). */
function checkedBreaks(request: CreateShiftRequest): ShiftBreak[] {
  const breaks = [...(request.breaks ?? [])].sort((a, b) => a.start.localeCompare(b.start));
  const problem = shiftProblem({ start: request.startTime, end: request.endTime, breaks });
  if (problem) throw validation(problem);
  return breaks;
}

function describe(name: string, request: CreateShiftRequest, breaks: ShiftBreak[]): string {
  const rest = breaks.length > 0 ? `，休息 ${breaks.map((item) => `${item.start}-${item.end}`).join('、')}` : '';
  return `${name} ${request.startTime}-${request.endTime}${rest}`;
}

function shiftValues(name: string, request: CreateShiftRequest, breaks: ReturnType<typeof checkedBreaks>) {
  return {
    name,
    code: text(request.classCode),
    start_time: request.startTime,
    end_time: request.endTime,
    breaks: JSON.stringify(breaks),
    is_default: request.isDefault ?? true,
    sort: request.sort ?? 0,
    remark: text(request.remark),
  };
}

/** Class times (班次) of the session's factory. */
export class ShiftService extends FactoryEntity({ query: shiftQuery, alias: 'c', list: SHIFT_LIST, toView: toShift, notFound: ShiftMessages.notFound }) {
  async create(scope: Scope, request: CreateShiftRequest, context: OperationContext): Promise<{ id: number }> {
    const name = request.className.trim();
    if (!name) throw validation('班次名称不能为空');
    const breaks = checkedBreaks(request);
    return writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      await refuseTaken(trx, 'class_time', 'name', scope, name, ShiftMessages.nameTaken);
      const id = await insertRow(trx, 'class_time', scope, shiftValues(name, request, breaks));
      await recordOperation(trx, context, { ...scope, content: `新增班次：${describe(name, request, breaks)}` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdateShiftRequest, context: OperationContext): Promise<void> {
    const name = request.className.trim();
    if (!name) throw validation('班次名称不能为空');
    const breaks = checkedBreaks(request);
    await writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      const old = (await scopedNames(trx, 'class_time', scope, [request.id])).get(request.id);
      if (old === undefined) throw notFound(ShiftMessages.notFound);
      await refuseTaken(trx, 'class_time', 'name', scope, name, ShiftMessages.nameTaken, request.id);
      await updateRow(trx, 'class_time', scope, request.id, shiftValues(name, request, breaks));
      await flagAnewTime(trx, scope, { deviceIds: 'all', from: new Date() }, ANEW_TIME_REASONS.calendarChanged);
      await recordOperation(trx, context, { ...scope, content: `编辑班次：${describe(name, request, breaks)}${old === name ? '' : `（原名称 ${old}）`}` });
    });
  }

  async deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const names = await scopedNames(trx, 'class_time', scope, ids);
      if (names.size !== ids.length) throw notFound(ShiftMessages.notFound);
      const used = await trx.selectFrom('class_user').select('class_time_id').distinct().where('class_time_id', 'in', ids).execute();
      if (used.length > 0) throw conflict(ShiftMessages.inUse(summary(used.map((row) => names.get(row.class_time_id)!))));
      const inCalendar = await trx.selectFrom('device_calendar').select('class_time_id').distinct().where('class_time_id', 'in', ids).execute();
      if (inCalendar.length > 0) throw conflict(ShiftMessages.inCalendar(summary(inCalendar.map((row) => names.get(row.class_time_id!)!))));
      const exchanged = await trx
        .selectFrom('shift_exchange')
        .select(sql<number>`unnest(array[class_time_id, target_class_time_id])`.as('id'))
        .where((eb) => eb.or([eb('class_time_id', 'in', ids), eb('target_class_time_id', 'in', ids)]))
        .execute();
      const exchangedIds = [...new Set(exchanged.map((row) => Number(row.id)))].filter((id) => names.has(id));
      if (exchangedIds.length > 0) throw conflict(ShiftMessages.inExchange(summary(exchangedIds.map((id) => names.get(id)!))));
      // Month plans keep ids without a foreign key: drop the deleted shifts from them.
      for (const id of ids) {
        await trx
          .updateTable('month_effect')
          .set({ class_time_ids: sql<number[]>`array_remove(class_time_ids, ${id}::bigint)` })
          .where(inScope(scope))
          .execute();
      }
      await trx.deleteFrom('class_time').where(inScope(scope)).where('id', 'in', ids).execute();
      await flagAnewTime(trx, scope, { deviceIds: 'all', from: new Date() }, ANEW_TIME_REASONS.calendarChanged);
      await recordOperation(trx, context, { ...scope, content: `删除班次：${summary([...names.values()])}` });
      return { deleted: ids.length };
    });
  }
}
