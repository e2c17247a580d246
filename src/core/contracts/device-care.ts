import { Type, type Static } from '@sinclair/typebox';
import { DeviceCareAuthorities, type CareKind } from '../access/authorities/device-care';
import { defineEnum } from '../enums';
import { crudEndpoints, get, pathsOf, post } from './endpoint';
import { DateOnly, Id, IdParams, MultiFilter, NoData, PageFields, PageResult, Remark, Stamps, Text, TextFilter, titled, updateOf } from './common';

export type { CareKind };

/**
 * 设备点检 (/device-check-cfg) and 设备保养 (/maintenance-cfg): the same shape, one contract per kind.
 * Schemes (items with method, standard, normal range or yes/no, photo required) → plans (devices,
 * cycle, assignee) → work orders generated per plan, device and period → execution (a result per
 * item; an abnormal item raises a repair order) → a calendar of done, due and overdue orders.
 */
export const CARE_KINDS: readonly CareKind[] = ['check', 'maintenance'];
/** 点检 / 保养: the word every message and title of a kind uses. */
export const CARE_NOUN: Record<CareKind, string> = { check: '点检', maintenance: '保养' };

/** How an item is judged: a measured value inside [min, max], or a yes/no answer. */
export const CARE_ITEM_KIND = defineEnum([
  { value: 'range', label: '数值范围' },
  { value: 'yesno', label: '是/否' },
] as const);
export type CareItemKind = (typeof CARE_ITEM_KIND.values)[number];

/** How often a plan makes work orders; 按运行小时 counts run time from the device status timeline. */
export const CARE_CYCLE = defineEnum([
  { value: 'shift', label: '每班' },
  { value: 'daily', label: '每天' },
  { value: 'weekly', label: '每周' },
  { value: 'monthly', label: '每月' },
  { value: 'runHours', label: '按运行小时' },
] as const);
export type CareCycle = (typeof CARE_CYCLE.values)[number];

/** A work order's state; 已逾期 is not stored: an order not done by its due time is overdue. */
export const CARE_ORDER_STATE = defineEnum([
  { value: 1, label: '待执行' },
  { value: 2, label: '执行中' },
  { value: 3, label: '已完成' },
  { value: 4, label: '已逾期' },
] as const);
export const CARE_STATE = { due: 1, doing: 2, done: 3, overdue: 4 } as const;

export const CARE_LIMITS = { items: 50, devices: 100, photos: 4, runHours: 100_000, value: 1_000_000_000 } as const;

const Measure = (title: string) => Type.Number({ title, minimum: -CARE_LIMITS.value, maximum: CARE_LIMITS.value });
const OptionalMeasure = (title: string) => Type.Optional(Type.Union([Measure(title), Type.Null()], { title }));
const Photos = (title: string) => Type.Array(Type.String({ minLength: 1, maxLength: 300 }), { title, maxItems: CARE_LIMITS.photos });

// ---- schemes ------------------------------------------------------------------------------------

export const CareItemRequest = Type.Object({
  itemName: Text({ title: '项目名称', minLength: 1, maxLength: 30 }),
  method: Type.Optional(Text({ title: '方法', maxLength: 50 })),
  standard: Type.Optional(Text({ title: '标准', maxLength: 100 })),
  valueKind: Type.Union(CARE_ITEM_KIND.values.map((value) => Type.Literal(value)), { title: '判定方式' }),
  min: OptionalMeasure('下限'),
  max: OptionalMeasure('上限'),
  unit: Type.Optional(Text({ title: '单位', maxLength: 10 })),
  /** Yes/no items: the answer that is normal (default 是). */
  normalYes: Type.Optional(Type.Boolean({ title: '正常答案' })),
  photoRequired: Type.Optional(Type.Boolean({ title: '需拍照' })),
});
export type CareItemRequest = Static<typeof CareItemRequest>;

const SchemeFields = {
  schemeName: Text({ title: '方案名称', minLength: 1, maxLength: 30 }),
  items: Type.Array(CareItemRequest, { title: '检查项目', minItems: 1, maxItems: CARE_LIMITS.items }),
  remark: Remark(),
};
export const CreateSchemeRequest = Type.Object(SchemeFields);
export type CreateSchemeRequest = Static<typeof CreateSchemeRequest>;
export const UpdateSchemeRequest = updateOf(SchemeFields);
export type UpdateSchemeRequest = Static<typeof UpdateSchemeRequest>;

export const CareItem = Type.Object({
  id: Type.Integer(),
  itemName: Type.String(),
  method: Type.String(),
  standard: Type.String(),
  valueKind: Type.String(),
  min: Type.Union([Type.Number(), Type.Null()]),
  max: Type.Union([Type.Number(), Type.Null()]),
  unit: Type.String(),
  normalYes: Type.Boolean(),
  photoRequired: Type.Boolean(),
});
export type CareItem = Static<typeof CareItem>;

export const Scheme = Type.Object({
  id: Type.Integer(),
  schemeName: Type.String(),
  itemCount: Type.Integer(),
  planCount: Type.Integer(),
  remark: Type.String(),
  ...Stamps,
});
export type Scheme = Static<typeof Scheme>;
export const SchemeDetail = Type.Composite([Scheme, Type.Object({ items: Type.Array(CareItem) })]);
export type SchemeDetail = Static<typeof SchemeDetail>;
export const SchemeListQuery = Type.Object({ ...PageFields, schemeName: TextFilter('方案名称') });

// ---- plans --------------------------------------------------------------------------------------

const PlanFields = {
  planName: Text({ title: '计划名称', minLength: 1, maxLength: 30 }),
  schemeId: titled(Id, '方案'),
  deviceIds: Type.Array(Id, { title: '设备', minItems: 1, maxItems: CARE_LIMITS.devices, uniqueItems: true }),
  cycle: Type.Union(CARE_CYCLE.values.map((value) => Type.Literal(value)), { title: '周期' }),
  /** 按运行小时: a work order every this many run hours. */
  runHours: Type.Optional(Type.Union([Type.Number({ title: '运行小时', minimum: 1, maximum: CARE_LIMITS.runHours }), Type.Null()], { title: '运行小时' })),
  /** 每班: the shifts it follows (empty: every shift of the factory). */
  shiftIds: Type.Optional(Type.Array(Id, { title: '班次', maxItems: 20, uniqueItems: true })),
  assigneeId: titled(Id, '执行人'),
  active: Type.Boolean({ title: '启用' }),
  startDate: DateOnly('开始日期'),
  remark: Remark(),
};
export const CreatePlanRequest = Type.Object(PlanFields);
export type CreatePlanRequest = Static<typeof CreatePlanRequest>;
export const UpdatePlanRequest = updateOf(PlanFields);
export type UpdatePlanRequest = Static<typeof UpdatePlanRequest>;

export const Plan = Type.Object({
  id: Type.Integer(),
  planName: Type.String(),
  schemeId: Type.Integer(),
  schemeName: Type.String(),
  deviceIds: Type.Array(Type.Integer()),
  deviceNames: Type.String(),
  cycle: Type.String(),
  runHours: Type.Union([Type.Number(), Type.Null()]),
  shiftIds: Type.Array(Type.Integer()),
  assigneeId: Type.Union([Type.Integer(), Type.Null()]),
  assigneeName: Type.String(),
  active: Type.Boolean(),
  startDate: Type.String(),
  orderCount: Type.Integer(),
  remark: Type.String(),
  ...Stamps,
});
export type Plan = Static<typeof Plan>;
export const PlanListQuery = Type.Object({
  ...PageFields,
  planName: TextFilter('计划名称'),
  cycle: MultiFilter('周期'),
  active: Type.Optional(Type.Union([Type.Boolean(), Text({ maxLength: 5 })], { title: '启用' })),
});

/** What the plan editor picks from: the kind's schemes and the factory's shifts. */
export const PlanOptions = Type.Object({
  schemes: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  shifts: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), startTime: Type.String(), endTime: Type.String() })),
});
export type PlanOptions = Static<typeof PlanOptions>;

export const GenerateResult = Type.Object({ created: Type.Integer() });
export type GenerateResult = Static<typeof GenerateResult>;

// ---- work orders --------------------------------------------------------------------------------

export const CareOrderListQuery = Type.Object({
  ...PageFields,
  orderNo: TextFilter('工单号'),
  planName: TextFilter('计划'),
  deviceName: TextFilter('设备'),
  deviceId: Type.Optional(titled(Id, '设备')),
  state: MultiFilter('状态'),
  dueTimeStart: Type.Optional(Text({ title: '到期时间', maxLength: 20 })),
  dueTimeEnd: Type.Optional(Text({ title: '到期时间', maxLength: 20 })),
  /** 1: only the orders assigned to the caller. */
  mine: Type.Optional(Type.Union([Type.Boolean(), Text({ maxLength: 5 })], { title: '我的工单' })),
});
export type CareOrderListQuery = Static<typeof CareOrderListQuery>;

export const CareOrder = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  planId: Type.Union([Type.Integer(), Type.Null()]),
  planName: Type.String(),
  schemeName: Type.String(),
  deviceId: Type.Union([Type.Integer(), Type.Null()]),
  deviceNo: Type.String(),
  deviceName: Type.String(),
  cycle: Type.String(),
  periodStart: Type.String(),
  dueTime: Type.String(),
  assigneeId: Type.Union([Type.Integer(), Type.Null()]),
  assigneeName: Type.String(),
  /** 1 待执行, 2 执行中, 3 已完成, 4 已逾期 (derived from the due time). */
  state: Type.Integer(),
  executorName: Type.String(),
  finishTime: Type.Union([Type.String(), Type.Null()]),
  itemCount: Type.Integer(),
  abnormalCount: Type.Integer(),
  repairCount: Type.Integer(),
  remark: Type.String(),
  ...Stamps,
});
export type CareOrder = Static<typeof CareOrder>;

/** An item of an order: what to check (copied from the scheme when generated) and its result. */
export const CareOrderItem = Type.Composite([
  CareItem,
  Type.Object({
    value: Type.Union([Type.Number(), Type.Null()]),
    yes: Type.Union([Type.Boolean(), Type.Null()]),
    /** Null until a result is given. */
    normal: Type.Union([Type.Boolean(), Type.Null()]),
    photos: Type.Array(Type.String()),
    remark: Type.String(),
    repairId: Type.Union([Type.Integer(), Type.Null()]),
    repairNo: Type.String(),
  }),
]);
export type CareOrderItem = Static<typeof CareOrderItem>;
export const CareOrderDetail = Type.Composite([CareOrder, Type.Object({ items: Type.Array(CareOrderItem) })]);
export type CareOrderDetail = Static<typeof CareOrderDetail>;

export const CareResultRequest = Type.Object({
  itemId: titled(Id, '检查项目'),
  value: OptionalMeasure('测量值'),
  yes: Type.Optional(Type.Union([Type.Boolean(), Type.Null()], { title: '结果' })),
  photos: Type.Optional(Photos('照片')),
  remark: Type.Optional(Text({ title: '说明', maxLength: 200 })),
});
export type CareResultRequest = Static<typeof CareResultRequest>;

/** 保存 (the order is 执行中) or 提交 (every item answered, photos where asked: 已完成). */
export const ExecuteRequest = Type.Object({
  id: titled(Id, '工单'),
  submit: Type.Boolean({ title: '提交' }),
  results: Type.Array(CareResultRequest, { title: '检查结果', maxItems: CARE_LIMITS.items }),
  remark: Remark(),
});
export type ExecuteRequest = Static<typeof ExecuteRequest>;

/** 异常报修: a repair order for an abnormal item, linked back to it. */
export const RaiseRepairRequest = Type.Object({
  id: titled(Id, '工单'),
  itemId: titled(Id, '检查项目'),
  faultDescription: Type.Optional(Text({ title: '故障描述', maxLength: 200 })),
});
export type RaiseRepairRequest = Static<typeof RaiseRepairRequest>;
export const RaiseRepairResult = Type.Object({ repairId: Type.Integer(), repairNo: Type.String() });
export type RaiseRepairResult = Static<typeof RaiseRepairResult>;

export const CalendarQuery = Type.Object({
  month: Type.String({ title: '月份', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }),
  mine: Type.Optional(Type.Union([Type.Boolean(), Text({ maxLength: 5 })], { title: '我的工单' })),
});
export type CalendarQuery = Static<typeof CalendarQuery>;
/** One day of the month: orders due that day, by state. */
export const CalendarDay = Type.Object({ date: Type.String(), done: Type.Integer(), due: Type.Integer(), overdue: Type.Integer() });
export type CalendarDay = Static<typeof CalendarDay>;

/** The caller's own open orders (the /home to-do tiles). */
export const CareHomeFigures = Type.Object({ due: Type.Integer(), overdue: Type.Integer(), today: Type.String() });
export type CareHomeFigures = Static<typeof CareHomeFigures>;

/** Every endpoint of one kind, under /dps-server/device_check or /dps-server/maintenance. */
function careApi(kind: CareKind) {
  const A = DeviceCareAuthorities[kind];
  const base = kind === 'check' ? '/dps-server/device_check' : '/dps-server/maintenance';
  return {
    schemeList: get(`${base}/scheme/list`, { query: SchemeListQuery, response: PageResult(Scheme), authority: A.page }),
    schemeDetail: get(`${base}/scheme/detail/:id`, { params: IdParams, response: SchemeDetail, authority: A.page }),
    ...crudEndpoints('scheme', `${base}/scheme`, CreateSchemeRequest, UpdateSchemeRequest, { add: A.schemeAdd, edit: A.schemeEdit, remove: A.schemeDelete }),
    planList: get(`${base}/plan/list`, { query: PlanListQuery, response: PageResult(Plan), authority: A.page }),
    planDetail: get(`${base}/plan/detail/:id`, { params: IdParams, response: Plan, authority: A.page }),
    planOptions: get(`${base}/plan/options`, { response: PlanOptions, authority: A.page }),
    ...crudEndpoints('plan', `${base}/plan`, CreatePlanRequest, UpdatePlanRequest, { add: A.planAdd, edit: A.planEdit, remove: A.planDelete }),
    generate: post(`${base}/plan/generate`, { body: Type.Object({}), response: GenerateResult, authority: A.generate }),
    orderList: get(`${base}/order/list`, { query: CareOrderListQuery, response: PageResult(CareOrder), authority: A.page }),
    orderDetail: get(`${base}/order/detail/:id`, { params: IdParams, response: CareOrderDetail, authority: A.page }),
    execute: post(`${base}/order/execute`, { body: ExecuteRequest, response: NoData, authority: A.execute }),
    raiseRepair: post(`${base}/order/repair`, { body: RaiseRepairRequest, response: RaiseRepairResult, authority: A.repair }),
    calendar: get(`${base}/order/calendar`, { query: CalendarQuery, response: Type.Array(CalendarDay), authority: A.page }),
    homeFigures: get(`${base}/order/home_figures`, { response: CareHomeFigures, authority: A.page }),
  };
}

export const DeviceCheckApi = careApi('check');
export const MaintenanceApi = careApi('maintenance');
/** The endpoints of a kind (the server mounts both from here). */
export const DEVICE_CARE_API: Record<CareKind, ReturnType<typeof careApi>> = { check: DeviceCheckApi, maintenance: MaintenanceApi };
export const DeviceCheckPaths = pathsOf(DeviceCheckApi);
export const MaintenancePaths = pathsOf(MaintenanceApi);
export const DEVICE_CARE_PATHS = { check: DeviceCheckPaths, maintenance: MaintenancePaths } as const;
export type CarePaths = typeof DeviceCheckPaths;

/** Whether a result is normal: a value inside [min, max] (an open bound does not limit), or the normal answer. */
export function isNormalResult(item: Pick<CareItem, 'valueKind' | 'min' | 'max' | 'normalYes'>, result: { value?: number | null; yes?: boolean | null }): boolean | null {
  if (item.valueKind === 'yesno') return result.yes === null || result.yes === undefined ? null : result.yes === item.normalYes;
  if (result.value === null || result.value === undefined) return null;
  return (item.min === null || result.value >= item.min) && (item.max === null || result.value <= item.max);
}

/** The range an item accepts as normal, as people write it: 「0.4–0.6 MPa」, 「≥ 60 ℃」, 「是」. */
export function normalRangeText(item: Pick<CareItem, 'valueKind' | 'min' | 'max' | 'unit' | 'normalYes'>): string {
  if (item.valueKind === 'yesno') return item.normalYes ? '是' : '否';
  const unit = item.unit ? ` ${item.unit}` : '';
  if (item.min !== null && item.max !== null) return `${item.min}–${item.max}${unit}`;
  if (item.min !== null) return `≥ ${item.min}${unit}`;
  if (item.max !== null) return `≤ ${item.max}${unit}`;
  return '—';
}
