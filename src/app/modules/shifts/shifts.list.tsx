import type { AddHolidayRequest, ClassUser, CreateClassUserRequest, CreateExchangeRequest, CreateShiftRequest, Holiday, Shift, ShiftExchange } from '@core/contracts/shifts';
import { HOLIDAY_TYPES } from '@core/contracts/shifts';
import { ShiftAuthorities as A } from '@core/access/authorities/shifts';
import { editorActions, type FieldOption, type FilterOption, type ListSpec } from '@app/components';
import { classUsersApi, exchangesApi, holidaysApi, pickersApi, shiftsApi } from './shifts.api';
import { CLASS_USER_FIELDS, EXCHANGE_FIELDS, HOLIDAY_FIELDS, SHIFT_FIELDS } from './shifts.forms';

const minutes = (value: number) => `${Math.floor(value / 60)}小时${value % 60 ? `${value % 60}分钟` : ''}`;

const NEW_SHIFT: Partial<CreateShiftRequest> = { breaks: [], isDefault: false, sort: 0 };

/** The factory's staff as 人员 options, loaded each time a dialog opens. */
const staffOptions = async () => (await pickersApi.staff()).map((user) => ({ value: user.userId, label: user.nickName }));

/** 班次: times, breaks, working minutes; add, edit, delete. */
export const shiftList: ListSpec<Shift> = {
  rowKey: 'id',
  defaultSort: { field: 'sort', direction: 'asc' },
  columns: [
    { prop: 'className', label: '班次名称', filter: { type: 'input' }, sortable: true, width: 120 },
    { prop: 'classCode', label: '班次编码', width: 90 },
    { prop: 'startTime', label: '上班时间', width: 160, render: (row) => `${row.startTime}–${row.endTime}${row.crossDay ? '（次日）' : ''}` },
    { prop: 'breaks', label: '休息时间', width: 200, render: (row) => row.breaks.map((item) => `${item.start}–${item.end}`).join('，') || '无' },
    { prop: 'workMinutes', label: '工作时长', width: 120, render: (row) => minutes(row.workMinutes) },
    { prop: 'isDefault', label: '默认班次', width: 90, render: (row) => (row.isDefault ? '是' : '否') },
    { prop: 'userCount', label: '人数', type: 'number', width: 70 },
    { prop: 'remark', label: '备注', width: 160 },
  ],
  fetch: shiftsApi.list,
  editor: {
    noun: '班次',
    fields: SHIFT_FIELDS,
    initial: (row) => row ?? NEW_SHIFT,
    save: (values: CreateShiftRequest, row) => (row ? shiftsApi.update({ ...values, id: row.id }) : shiftsApi.create(values)),
  },
  ...editorActions({ noun: '班次', authorities: [A.shiftAdd, A.shiftEdit, A.shiftDelete], name: (row) => row.className, remove: (row) => shiftsApi.remove([row.id]) }),
};

const asFilter = (options: FieldOption[]): FilterOption[] => options.map(({ value, label }) => ({ value: String(value), label }));

/** 排班人员: who works which shift in which team; add, edit, delete, import. `shifts`/`teams` serve filters and the editor. */
export function classUserList(shifts: FieldOption[], teams: FieldOption[]): ListSpec<ClassUser> {
  return {
    rowKey: 'id',
    columns: [
      { prop: 'nickName', label: '姓名', filter: { type: 'input' }, sortable: true, width: 120 },
      { prop: 'userName', label: '账号', width: 120 },
      { prop: 'className', label: '班次', width: 110, filter: { prop: 'classTimeId', type: 'select', multiple: true, options: asFilter(shifts) } },
      { prop: 'teamName', label: '班组', width: 120, filter: { prop: 'teamId', type: 'select', multiple: true, options: asFilter(teams) } },
      { prop: 'remark', label: '备注', width: 160 },
      { prop: 'updateTime', label: '更新时间', type: 'date', width: 170 },
    ],
    fetch: classUsersApi.list,
    editor: {
      noun: '排班人员',
      fields: CLASS_USER_FIELDS,
      initial: (row) => row ?? {},
      options: { classTimeId: shifts, teamId: teams },
      loadOptions: async () => ({ userId: await staffOptions() }),
      save: (values: CreateClassUserRequest, row) => (row ? classUsersApi.update({ ...values, id: row.id }) : classUsersApi.create(values)),
    },
    ...editorActions({ noun: '排班人员', authorities: [A.userAdd, A.userEdit, A.userDelete], name: (row) => row.nickName, remove: (row) => classUsersApi.remove([row.id]) }),
    importer: { title: '排班人员', authority: A.userImport, template: classUsersApi.downloadTemplate, submit: classUsersApi.importFile },
  };
}

/** 调班: exchanges between two class users on a day (created, never edited). */
export const exchangeList: ListSpec<ShiftExchange> = {
  rowKey: 'id',
  defaultSort: { field: 'exchangeDate', direction: 'desc' },
  columns: [
    { prop: 'exchangeDate', label: '调班日期', sortable: true, width: 120 },
    { prop: 'nickName', label: '调班人员', filter: { type: 'input' }, width: 110 },
    { prop: 'className', label: '原班次', width: 100 },
    { prop: 'targetNickName', label: '调班对象', width: 110 },
    { prop: 'targetClassName', label: '对象班次', width: 100 },
    { prop: 'reason', label: '调班原因', width: 180 },
    { prop: 'createTime', label: '创建时间', type: 'date', width: 170 },
  ],
  filters: [{ prop: 'exchangeDate', label: '调班日期', type: 'daterange' }],
  fetch: exchangesApi.list,
  editor: {
    noun: '调班',
    fields: EXCHANGE_FIELDS,
    successText: '调班成功',
    loadOptions: async () => {
      const people = await staffOptions();
      return { userId: people, targetUserId: people };
    },
    save: (values: CreateExchangeRequest) => exchangesApi.create(values),
  },
  toolbar: [{ key: 'add', label: '新增调班', primary: true, authority: A.exchange, run: ({ openEditor }) => openEditor() }],
};

const thisYear = new Date().getFullYear();
const YEARS: FilterOption[] = [thisYear - 1, thisYear, thisYear + 1].map((year) => ({ value: String(year), label: `${year}年` }));

/** 节假日: holidays, 调休 working days and company rest days of a year. */
export const holidayList: ListSpec<Holiday> = {
  rowKey: 'id',
  defaultSort: { field: 'holidayDate', direction: 'asc' },
  columns: [
    { prop: 'holidayDate', label: '日期', sortable: true, width: 120 },
    { prop: 'type', label: '类型', type: 'enum', options: HOLIDAY_TYPES.map(({ value, label }) => ({ value, label })), filter: { type: 'select' }, width: 120 },
    { prop: 'holidayName', label: '节假日名称', filter: { type: 'input' }, width: 160 },
    { prop: 'updateTime', label: '更新时间', type: 'date', width: 170 },
  ],
  filters: [{ prop: 'year', label: '年份', type: 'select', options: YEARS, defaultValue: String(thisYear) }],
  fetch: holidaysApi.page,
  editor: {
    noun: '节假日',
    fields: HOLIDAY_FIELDS,
    initial: (row) => row ?? { type: 3 },
    save: (values: AddHolidayRequest, row) => (row ? holidaysApi.update({ ...values, id: row.id }) : holidaysApi.add(values)),
  },
  ...editorActions({
    noun: '节假日',
    authorities: [A.holidayAdd, A.holidayEdit, A.holidayDelete],
    name: (row) => row.holidayName || row.typeName,
    confirmDelete: (row) => `确定删除${row.holidayDate}「${row.holidayName || row.typeName}」吗？`,
    remove: (row) => holidaysApi.remove([row.id]),
  }),
};
