import { validation } from '../../lib/errors';
import { guardUnique as guardUniqueIndex } from '../../lib/unique';

export const UNIQUE_MESSAGES: Record<string, string> = {
  class_time_name_uq: '班次名称已存在',
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
