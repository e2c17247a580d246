import { HOLIDAY_TYPES, DEVICE_CALENDAR_TYPES } from '@core/contracts/shifts';
import type { FormField } from '../../components/form-dialog';

const typeOptions = (options: readonly { value: number; label: string }[]) => options.map(({ value, label }) => ({ value, label }));

/** 班次: breaks have their own list editor in the dialog. */
export const SHIFT_FIELDS: FormField[] = [
  { name: 'className', label: '班次名称', kind: 'text', required: true, max: 20 },
  { name: 'classCode', label: '班次编码', kind: 'text', max: 10 },
  { name: 'startTime', label: '开始时间', kind: 'time', required: true },
  { name: 'endTime', label: '结束时间', kind: 'time', required: true },
  { name: 'breaks', label: '休息时间', kind: 'breaks' },
  { name: 'isDefault', label: '默认班次', kind: 'switch' },
  { name: 'sort', label: '排序', kind: 'number', max: 9999 },
  { name: 'remark', label: '备注', kind: 'textarea', max: 200 },
];

export const CLASS_USER_FIELDS: FormField[] = [
  { name: 'userId', label: '人员', kind: 'select', required: true },
  { name: 'classTimeId', label: '班次', kind: 'select', required: true },
  { name: 'teamId', label: '班组', kind: 'select', clearToNull: true },
  { name: 'remark', label: '备注', kind: 'textarea', max: 200 },
];

export const EXCHANGE_FIELDS: FormField[] = [
  { name: 'exchangeDate', label: '调班日期', kind: 'date', required: true },
  { name: 'userId', label: '调班人员', kind: 'select', required: true },
  { name: 'targetUserId', label: '调班对象', kind: 'select', required: true },
  { name: 'reason', label: '调班原因', kind: 'textarea', max: 200 },
];

export const HOLIDAY_FIELDS: FormField[] = [
  { name: 'holidayDate', label: '日期', kind: 'date', required: true },
  { name: 'type', label: '类型', kind: 'select', required: true, options: typeOptions(HOLIDAY_TYPES) },
  { name: 'holidayName', label: '节假日名称', kind: 'text', max: 20 },
];

export const OVERRIDE_FIELDS: FormField[] = [
  { name: 'date', label: '日期', kind: 'date', required: true },
  { name: 'type', label: '类型', kind: 'select', required: true, options: typeOptions(DEVICE_CALENDAR_TYPES) },
  { name: 'classTimeId', label: '班次', kind: 'select', placeholder: '不选则为全天', clearToNull: true },
  { name: 'remark', label: '备注', kind: 'textarea', max: 200 },
];
