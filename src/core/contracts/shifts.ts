import { Type, type Static } from '@sinclair/typebox';
import { ShiftAuthorities as A } from '../access/authorities/shifts';
import { CreatedResult, DeleteBatchRequest, DeleteBatchResult, Id, IdParams, NoData, OptionalId, PageFields, PageResult, Remark, ShortText, Sort, Stamps, TextFilter, titled, updateOf } from './common';
import { crudEndpoints, get, pathsOf, post } from './endpoint';
import { importEndpoints } from './files';


/** Holiday types (1 法定节假日, 2 调休上班, 3 公司休息日). */
export const HOLIDAY_TYPES = [
  { value: 1, label: '法定节假日' },
  { value: 2, label: '调休上班' },
  { value: 3, label: '公司休息日' },
] as const;

/** Device day override types (1 停机, 2 加班). */
export const DEVICE_CALENDAR_TYPES = [
  { value: 1, label: '停机' },
  { value: 2, label: '加班' },
] as const;
/** HH:mm; 24:00 ends at midnight. */
const Time = Type.String({ pattern: '^(([01]\\d|2[0-3]):[0-5]\\d|24:00)$' });
const DateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Month = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' });

// ---- class times (班次) ---------------------------------------------------------------------------

export const ShiftBreak = Type.Object({ start: titled(Time, '休息开始时间'), end: titled(Time, '休息结束时间') });
export type ShiftBreak = Static<typeof ShiftBreak>;

export const ShiftListQuery = Type.Object({ ...PageFields, className: TextFilter('班次名称') });
export type ShiftListQuery = Static<typeof ShiftListQuery>;

export const Shift = Type.Object({
  id: Type.Integer(),
  className: Type.String(),
  classCode: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  breaks: Type.Array(ShiftBreak),
  /** Crosses midnight (end not after start). */
  crossDay: Type.Boolean(),
  /** Working minutes (length minus breaks). */
  workMinutes: Type.Integer(),
  /** Run by every device unless its month plan says otherwise. */
  isDefault: Type.Boolean(),
  sort: Type.Integer(),
  remark: Type.String(),
  userCount: Type.Integer(),
  ...Stamps,
});
export type Shift = Static<typeof Shift>;

const ShiftFields = {
  className: ShortText('班次名称'),
  classCode: Type.Optional(Type.String({ title: '班次编码', maxLength: 10 })),
  startTime: titled(Time, '开始时间'),
  endTime: titled(Time, '结束时间'),
  breaks: Type.Optional(Type.Array(ShiftBreak, { title: '休息时间', maxItems: 10 })),
  isDefault: Type.Optional(Type.Boolean({ title: '默认班次' })),
  sort: Sort(),
  remark: Remark(),
};
export const CreateShiftRequest = Type.Object(ShiftFields);
export type CreateShiftRequest = Static<typeof CreateShiftRequest>;
export const UpdateShiftRequest = updateOf(ShiftFields);
export type UpdateShiftRequest = Static<typeof UpdateShiftRequest>;

// ---- class users (排班人员) and shift exchange (调班) ------------------------------------------------

export const ClassUserListQuery = Type.Object({
  ...PageFields,
  nickName: TextFilter('姓名'),
  classTimeId: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Integer()], { title: '班次' })),
  teamId: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Integer()], { title: '班组' })),
});
export type ClassUserListQuery = Static<typeof ClassUserListQuery>;
export const ClassUser = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  userName: Type.String(),
  nickName: Type.String(),
  classTimeId: Type.Integer(),
  className: Type.String(),
  teamId: Type.Union([Type.Integer(), Type.Null()]),
  teamName: Type.String(),
  remark: Type.String(),
  ...Stamps,
});
export type ClassUser = Static<typeof ClassUser>;
const ClassUserFields = { userId: titled(Id, '用户'), classTimeId: titled(Id, '班次'), teamId: OptionalId('班组'), remark: Remark() };
export const CreateClassUserRequest = Type.Object(ClassUserFields);
export type CreateClassUserRequest = Static<typeof CreateClassUserRequest>;
export const UpdateClassUserRequest = updateOf(ClassUserFields);
export type UpdateClassUserRequest = Static<typeof UpdateClassUserRequest>;

export const ExchangeListQuery = Type.Object({ ...PageFields, nickName: TextFilter('姓名'), exchangeDateStart: Type.Optional(Type.String({ maxLength: 20 })), exchangeDateEnd: Type.Optional(Type.String({ maxLength: 20 })) });
export type ExchangeListQuery = Static<typeof ExchangeListQuery>;
export const ShiftExchange = Type.Object({
  id: Type.Integer(),
  exchangeDate: Type.String(),
  userId: Type.Integer(),
  nickName: Type.String(),
  className: Type.String(),
  targetUserId: Type.Integer(),
  targetNickName: Type.String(),
  targetClassName: Type.String(),
  reason: Type.String(),
  createTime: Type.String(),
});
export type ShiftExchange = Static<typeof ShiftExchange>;
export const CreateExchangeRequest = Type.Object({ exchangeDate: titled(DateText, '调班日期'), userId: titled(Id, '用户'), targetUserId: titled(Id, '调班对象'), reason: Remark('调班原因') });
export type CreateExchangeRequest = Static<typeof CreateExchangeRequest>;

// ---- holidays -------------------------------------------------------------------------------------

const HolidayType = Type.Integer({ minimum: 1, maximum: 3 });
export const HolidayPageQuery = Type.Object({
  ...PageFields,
  holidayName: TextFilter('节假日名称'),
  type: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Integer()], { title: '类型' })),
  holidayDateStart: Type.Optional(Type.String({ maxLength: 20 })),
  holidayDateEnd: Type.Optional(Type.String({ maxLength: 20 })),
});
export type HolidayPageQuery = Static<typeof HolidayPageQuery>;
export const Holiday = Type.Object({
  id: Type.Integer(),
  holidayDate: Type.String(),
  type: Type.Integer(),
  typeName: Type.String(),
  holidayName: Type.String(),
  ...Stamps,
});
export type Holiday = Static<typeof Holiday>;
const HolidayFields = { holidayDate: titled(DateText, '日期'), type: titled(HolidayType, '类型'), holidayName: Type.Optional(Type.String({ title: '节假日名称', maxLength: 20 })) };
export const AddHolidayRequest = Type.Object(HolidayFields);
export type AddHolidayRequest = Static<typeof AddHolidayRequest>;
export const UpdateHolidayRequest = updateOf(HolidayFields);
export type UpdateHolidayRequest = Static<typeof UpdateHolidayRequest>;

// ---- device calendar and month effect ---------------------------------------------------------------

export const DeviceMonthQuery = Type.Object({ deviceId: titled(Id, '设备'), month: titled(Month, '月份') });
export type DeviceMonthQuery = Static<typeof DeviceMonthQuery>;

export const CalendarDayShift = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  start: Type.String(),
  end: Type.String(),
  minutes: Type.Integer(),
  extra: Type.Boolean(),
});
export const DeviceCalendarOverride = Type.Object({
  id: Type.Integer(),
  date: Type.String(),
  type: Type.Integer(),
  typeName: Type.String(),
  classTimeId: Type.Union([Type.Integer(), Type.Null()]),
  className: Type.String(),
  remark: Type.String(),
});
export type DeviceCalendarOverride = Static<typeof DeviceCalendarOverride>;
export const DeviceCalendarDay = Type.Object({
  date: Type.String(),
  weekday: Type.Integer(),
  workday: Type.Boolean(),
  holiday: Type.String(),
  holidayType: Type.Union([Type.Integer(), Type.Null()]),
  down: Type.Boolean(),
  shifts: Type.Array(CalendarDayShift),
  availableMinutes: Type.Integer(),
});
export type DeviceCalendarDay = Static<typeof DeviceCalendarDay>;
export const DeviceCalendarMonth = Type.Object({
  deviceId: Type.Integer(),
  deviceNo: Type.String(),
  deviceName: Type.String(),
  month: Type.String(),
  /** Shifts in effect this month (month plan or the default shifts). */
  classTimeIds: Type.Array(Type.Integer()),
  days: Type.Array(DeviceCalendarDay),
  overrides: Type.Array(DeviceCalendarOverride),
  totalMinutes: Type.Integer(),
  workdays: Type.Integer(),
});
export type DeviceCalendarMonth = Static<typeof DeviceCalendarMonth>;

export const CreateDeviceCalendarRequest = Type.Object({
  deviceId: titled(Id, '设备'),
  date: titled(DateText, '日期'),
  type: Type.Integer({ title: '类型', minimum: 1, maximum: 2 }),
  classTimeId: OptionalId('班次'),
  remark: Remark(),
});
export type CreateDeviceCalendarRequest = Static<typeof CreateDeviceCalendarRequest>;

export const MonthEffect = Type.Object({ deviceId: Type.Integer(), month: Type.String(), classTimeIds: Type.Array(Type.Integer()), custom: Type.Boolean() });
export type MonthEffect = Static<typeof MonthEffect>;
export const SaveMonthEffectRequest = Type.Object({
  deviceId: titled(Id, '设备'),
  month: titled(Month, '月份'),
  classTimeIds: Type.Array(Id, { title: '班次', maxItems: 10, uniqueItems: true }),
});
export type SaveMonthEffectRequest = Static<typeof SaveMonthEffectRequest>;

// ---- endpoints ---------------------------------------------------------------------------------
/**
 * Shifts and calendars (spec §7 Basic data: class_manage, basic_class, device_calendar,
 * month_effect; Enterprise: holiday add/update/remove/page). Paths in the DECISIONS.md style.
 */
const read = { authority: A.classCfg } as const;
export const ShiftApi = {
  shiftList: get('/dps-server/class_manage/shift/list', { query: ShiftListQuery, response: PageResult(Shift), ...read }),
  shiftDetail: get('/dps-server/class_manage/shift/detail/:id', { params: IdParams, response: Shift, ...read }),
  ...crudEndpoints('shift', '/dps-server/class_manage/shift', CreateShiftRequest, UpdateShiftRequest, { add: A.shiftAdd, edit: A.shiftEdit, remove: A.shiftDelete }),

  classUserList: get('/dps-server/class_manage/users/list', { query: ClassUserListQuery, response: PageResult(ClassUser), ...read }),
  ...crudEndpoints('classUser', '/dps-server/class_manage/users', CreateClassUserRequest, UpdateClassUserRequest, { add: A.userAdd, edit: A.userEdit, remove: A.userDelete }),
  ...importEndpoints('classUser', '/dps-server/class_manage/users', A.userImport),

  exchangeList: get('/dps-server/class_manage/exchange/list', { query: ExchangeListQuery, response: PageResult(ShiftExchange), ...read }),
  exchangeCreate: post('/dps-server/class_manage/exchange/create', { body: CreateExchangeRequest, response: CreatedResult, authority: A.exchange }),

  holidayAdd: post('/dps-server/holiday/add', { body: AddHolidayRequest, response: CreatedResult, authority: A.holidayAdd }),
  holidayUpdate: post('/dps-server/holiday/update', { body: UpdateHolidayRequest, response: NoData, authority: A.holidayEdit }),
  holidayRemove: post('/dps-server/holiday/remove', { body: DeleteBatchRequest, response: DeleteBatchResult, authority: A.holidayDelete }),
  holidayPage: get('/dps-server/holiday/page', { query: HolidayPageQuery, response: PageResult(Holiday), ...read }),

  /** GET ?deviceId=&month=YYYY-MM */
  deviceCalendarMonth: get('/dps-server/device_calendar/month', { query: DeviceMonthQuery, response: DeviceCalendarMonth, ...read }),
  deviceCalendarCreate: post('/dps-server/device_calendar/create', { body: CreateDeviceCalendarRequest, response: CreatedResult, authority: A.calendarEdit }),
  deviceCalendarDeleteBatch: post('/dps-server/device_calendar/delete_batch', { body: DeleteBatchRequest, response: DeleteBatchResult, authority: A.calendarEdit }),

  /** GET ?deviceId=&month=YYYY-MM: the shifts a device runs that month. */
  monthEffectGet: get('/dps-server/month_effect/get', { query: DeviceMonthQuery, response: MonthEffect, ...read }),
  monthEffectSave: post('/dps-server/month_effect/save', { body: SaveMonthEffectRequest, response: NoData, authority: A.calendarEdit }),
};
export const ShiftPaths = pathsOf(ShiftApi);
