import type { Db } from '../../db';
import type { Scope } from '../../plugins/auth';
import { validation } from '../../lib/errors';
import { guardUnique as guardUniqueIndex } from '../../lib/unique';

const UNIQUE_MESSAGES: Record<string, string> = {
  class_time_name_uq: '班次名称已存在',
  employee_position_name_uq: '岗位名称已存在',
  class_team_name_uq: '班组名称已存在',
  class_team_member_uq: '班组成员重复',
  class_user_uq: '该人员已排班',
  holiday_date_uq: '该日期已设置节假日',
  month_effect_uq: '该设备本月班次已设置',
};

/**
 * A write whose unique-index violations become 4009: `message` when the caller knows the exact
 * wording of its pre-check, else this module's message for the index.
 */
export function guardUnique<T>(write: () => Promise<T>, message?: string): Promise<T> {
  return guardUniqueIndex(write, message ?? UNIQUE_MESSAGES);
}

/** `YYYY-MM-DD` that names a real day. */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}

export function requireDate(value: string, label = '日期'): string {
  if (!isRealDate(value)) throw validation(`${label}格式不正确`);
  return value;
}

/** Users of the scope's factory by id → nick name (those not in the factory are missing). */
export async function factoryUsers(db: Db, scope: Scope, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_org as uo')
    .innerJoin('app_user as u', 'u.id', 'uo.user_id')
    .select(['u.id', 'u.nick_name'])
    .where('uo.enterprise_id', '=', scope.enterpriseId)
    .where('uo.org_id', '=', scope.orgId)
    .where('uo.user_id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.nick_name]));
}

export type NamedTable = 'class_time' | 'employee_position' | 'class_team' | 'device' | 'workshop';

/** id → name of scoped rows (ids missing from the map are not in the factory). */
export async function scopedNames(db: Db, table: NamedTable, scope: Scope, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom(table)
    .select(['id', 'name'])
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('id', 'in', wanted)
    .orderBy('id')
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
