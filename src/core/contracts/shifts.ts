import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';

/**
 * Shifts and calendars (spec §7 Basic data: class_manage, basic_class, device_calendar,
 * month_effect; Enterprise: holiday add/update/remove/page). Paths in the DECISIONS.md style.
 */
export const ShiftPaths = {
  shiftList: '/dps-server/class_manage/shift/list',
  shiftDetail: (id: number | string) => `/dps-server/class_manage/shift/detail/${id}`,
  shiftCreate: '/dps-server/class_manage/shift/create',
  shiftUpdate: '/dps-server/class_manage/shift/update',
  shiftDeleteBatch: '/dps-server/class_manage/shift/delete_batch',

  classUserList: '/dps-server/class_manage/users/list',
  classUserCreate: '/dps-server/class_manage/users/create',
  classUserUpdate: '/dps-server/class_manage/users/update',
  classUserDeleteBatch: '/dps-server/class_manage/users/delete_batch',
  classUserImport: '/dps-server/class_manage/users/import',
  classUserImportTemplate: '/dps-server/class_manage/users/import_template',

  exchangeList: '/dps-server/class_manage/exchange/list',
  exchangeCreate: '/dps-server/class_manage/exchange/create',

  teamList: '/dps-server/basic_class/list',
  teamDetail: (id: number | string) => `/dps-server/basic_class/detail/${id}`,
  teamCreate: '/dps-server/basic_class/create',
  teamUpdate: '/dps-server/basic_class/update',
  teamDeleteBatch: '/dps-server/basic_class/delete_batch',

  positionList: '/dps-server/employee_position/list',
  positionCreate: '/dps-server/employee_position/create',
  positionUpdate: '/dps-server/employee_position/update',
  positionDeleteBatch: '/dps-server/employee_position/delete_batch',

  holidayAdd: '/dps-server/holiday/add',
  holidayUpdate: '/dps-server/holiday/update',
  holidayRemove: '/dps-server/holiday/remove',
  holidayPage: '/dps-server/holiday/page',

  /** GET ?deviceId=&month=YYYY-MM */
  deviceCalendarMonth: '/dps-server/device_calendar/month',
  deviceCalendarCreate: '/dps-server/device_calendar/create',
  deviceCalendarDeleteBatch: '/dps-server/device_calendar/delete_batch',

  /** GET ?deviceId=&month=YYYY-MM: the shifts a device runs that month. */
  monthEffectGet: '/dps-server/month_effect/get',
  monthEffectSave: '/dps-server/month_effect/save',
} as const;

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

const OptionalId = Type.Optional(Type.Union([Id, Type.Null()]));
const Name = (maxLength = 20) => Type.String({ minLength: 1, maxLength });
const Remark = Type.Optional(Type.String({ maxLength: 200 }));
const Sort = Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 }));
const Text = Type.Optional(Type.String({ maxLength: 100 }));
const PageFields = {
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  sort: Type.Optional(Type.String({ maxLength: 50 })),
};
const Stamps = { createTime: Type.String(), updateTime: Type.String() };
/** HH:mm; 24:00 ends at midnight. */
const Time = Type.String({ pattern: '^(([01]\\d|2[0-3]):[0-5]\\d|24:00)$' });
const DateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Month = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' });

export const IdList = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000, uniqueItems: true }) });
export type IdList = Static<typeof IdList>;

// ---- class times (班次) ---------------------------------------------------------------------------

export const ShiftBreak = Type.Object({ start: Time, end: Time });
export type ShiftBreak = Static<typeof ShiftBreak>;

export const ShiftListQuery = Type.Object({ ...PageFields, className: Text });
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
  className: Name(),
  classCode: Type.Optional(Type.String({ maxLength: 10 })),
  startTime: Time,
  endTime: Time,
  breaks: Type.Optional(Type.Array(ShiftBreak, { maxItems: 10 })),
  isDefault: Type.Optional(Type.Boolean()),
  sort: Sort,
  remark: Remark,
};
export const CreateShiftRequest = Type.Object(ShiftFields);
export type CreateShiftRequest = Static<typeof CreateShiftRequest>;
export const UpdateShiftRequest = Type.Object({ id: Id, ...ShiftFields });
export type UpdateShiftRequest = Static<typeof UpdateShiftRequest>;

// ---- positions (岗位) and class teams (班组) ---------------------------------------------------------

export const PositionListQuery = Type.Object({ ...PageFields, positionName: Text });
export type PositionListQuery = Static<typeof PositionListQuery>;
export const Position = Type.Object({
  id: Type.Integer(),
  positionName: Type.String(),
  remark: Type.String(),
  sort: Type.Integer(),
  memberCount: Type.Integer(),
  ...Stamps,
});
export type Position = Static<typeof Position>;
const PositionFields = { positionName: Name(), remark: Remark, sort: Sort };
export const CreatePositionRequest = Type.Object(PositionFields);
export type CreatePositionRequest = Static<typeof CreatePositionRequest>;
export const UpdatePositionRequest = Type.Object({ id: Id, ...PositionFields });
export type UpdatePositionRequest = Static<typeof UpdatePositionRequest>;

export const TeamMemberInput = Type.Object({ userId: Id, positionId: OptionalId });
export type TeamMemberInput = Static<typeof TeamMemberInput>;
export const TeamMember = Type.Object({
  userId: Type.Integer(),
  userName: Type.String(),
  nickName: Type.String(),
  positionId: Type.Union([Type.Integer(), Type.Null()]),
  positionName: Type.String(),
});
export type TeamMember = Static<typeof TeamMember>;

export const TeamListQuery = Type.Object({ ...PageFields, teamName: Text, workshopId: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Integer()])) });
export type TeamListQuery = Static<typeof TeamListQuery>;
export const Team = Type.Object({
  id: Type.Integer(),
  teamName: Type.String(),
  workshopId: Type.Union([Type.Integer(), Type.Null()]),
  workshopName: Type.String(),
  leaderUserId: Type.Union([Type.Integer(), Type.Null()]),
  leaderName: Type.String(),
  remark: Type.String(),
  sort: Type.Integer(),
  memberCount: Type.Integer(),
  ...Stamps,
});
export type Team = Static<typeof Team>;
export const TeamDetail = Type.Composite([Team, Type.Object({ members: Type.Array(TeamMember) })]);
export type TeamDetail = Static<typeof TeamDetail>;
const TeamFields = {
  teamName: Name(),
  workshopId: OptionalId,
  leaderUserId: OptionalId,
  remark: Remark,
  sort: Sort,
  members: Type.Optional(Type.Array(TeamMemberInput, { maxItems: 500 })),
};
export const CreateTeamRequest = Type.Object(TeamFields);
export type CreateTeamRequest = Static<typeof CreateTeamRequest>;
export const UpdateTeamRequest = Type.Object({ id: Id, ...TeamFields });
export type UpdateTeamRequest = Static<typeof UpdateTeamRequest>;

// ---- class users (排班人员) and shift exchange (调班) ------------------------------------------------

export const ClassUserListQuery = Type.Object({
  ...PageFields,
  nickName: Text,
  classTimeId: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Integer()])),
  teamId: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Integer()])),
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
const ClassUserFields = { userId: Id, classTimeId: Id, teamId: OptionalId, remark: Remark };
export const CreateClassUserRequest = Type.Object(ClassUserFields);
export type CreateClassUserRequest = Static<typeof CreateClassUserRequest>;
export const UpdateClassUserRequest = Type.Object({ id: Id, ...ClassUserFields });
export type UpdateClassUserRequest = Static<typeof UpdateClassUserRequest>;

export const ExchangeListQuery = Type.Object({ ...PageFields, nickName: Text, exchangeDateStart: Type.Optional(Type.String({ maxLength: 20 })), exchangeDateEnd: Type.Optional(Type.String({ maxLength: 20 })) });
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
export const CreateExchangeRequest = Type.Object({ exchangeDate: DateText, userId: Id, targetUserId: Id, reason: Remark });
export type CreateExchangeRequest = Static<typeof CreateExchangeRequest>;

// ---- holidays -------------------------------------------------------------------------------------

const HolidayType = Type.Integer({ minimum: 1, maximum: 3 });
export const HolidayPageQuery = Type.Object({
  ...PageFields,
  holidayName: Text,
  type: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Integer()])),
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
const HolidayFields = { holidayDate: DateText, type: HolidayType, holidayName: Type.Optional(Type.String({ maxLength: 20 })) };
export const AddHolidayRequest = Type.Object(HolidayFields);
export type AddHolidayRequest = Static<typeof AddHolidayRequest>;
export const UpdateHolidayRequest = Type.Object({ id: Id, ...HolidayFields });
export type UpdateHolidayRequest = Static<typeof UpdateHolidayRequest>;

// ---- device calendar and month effect ---------------------------------------------------------------

export const DeviceMonthQuery = Type.Object({ deviceId: Id, month: Month });
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
  deviceId: Id,
  date: DateText,
  type: Type.Integer({ minimum: 1, maximum: 2 }),
  classTimeId: OptionalId,
  remark: Remark,
});
export type CreateDeviceCalendarRequest = Static<typeof CreateDeviceCalendarRequest>;

export const MonthEffect = Type.Object({ deviceId: Type.Integer(), month: Type.String(), classTimeIds: Type.Array(Type.Integer()), custom: Type.Boolean() });
export type MonthEffect = Static<typeof MonthEffect>;
export const SaveMonthEffectRequest = Type.Object({
  deviceId: Id,
  month: Month,
  classTimeIds: Type.Array(Id, { maxItems: 10, uniqueItems: true }),
});
export type SaveMonthEffectRequest = Static<typeof SaveMonthEffectRequest>;

/** Chinese names of the request fields above, for validation messages (userId, remark, nickName: as the account module names them). */
export const SHIFT_FIELD_LABELS: Record<string, string> = {
  className: '班次名称',
  classCode: '班次编码',
  startTime: '开始时间',
  endTime: '结束时间',
  breaks: '休息时间',
  start: '休息开始时间',
  end: '休息结束时间',
  isDefault: '默认班次',
  positionName: '岗位名称',
  teamName: '班组名称',
  leaderUserId: '班组长',
  members: '班组成员',
  positionId: '岗位',
  classTimeId: '班次',
  classTimeIds: '班次',
  teamId: '班组',
  nickName: '姓名',
  exchangeDate: '调班日期',
  targetUserId: '调班对象',
  reason: '调班原因',
  holidayDate: '日期',
  holidayName: '节假日名称',
  type: '类型',
  deviceId: '设备',
  month: '月份',
  date: '日期',
  remark: '备注',
};
