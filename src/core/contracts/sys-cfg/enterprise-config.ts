import { Type, type Static } from '@sinclair/typebox';
import { SysCfgAuthorities as A } from '../../access/authorities/sys-cfg';
import { CreatedResult, Id, OverReportPercent, titled } from '../common';
import { get, pathsOf, post } from '../endpoint';
import { UserBrief } from '../account';

/**
 * Enterprise configuration (/base-cfg) and scheduling configuration (/schedule-cfg), one of each
 * per factory (spec §7 "Enterprise" family); dictionaries, the process dictionary and per-user
 * page column settings.
 */

const UserIds = Type.Array(Id, { maxItems: 50, uniqueItems: true });

export const AuditConfig = Type.Object({
  needAudit: Type.Boolean({ title: '是否需要审核' }),
  /** Users allowed to review; empty means anyone holding the audit authority. */
  auditorUserIds: titled(UserIds, '审核人'),
});
export type AuditConfig = Static<typeof AuditConfig>;

/** An audit section as read: the stored ids plus those auditors who still work in the factory, for display. */
export const AuditConfigView = Type.Object({ ...AuditConfig.properties, auditorUsers: Type.Array(UserBrief) });
export type AuditConfigView = Static<typeof AuditConfigView>;

export const ReportQuantityConfig = Type.Object({
  /** How far a report may exceed the planned quantity, in percent. */
  overReportTolerancePercent: OverReportPercent,
  /** Whether defect quantity counts towards the reported output. */
  defectCountsAsOutput: Type.Boolean({ title: '不良数计入产量' }),
});
export type ReportQuantityConfig = Static<typeof ReportQuantityConfig>;

export const MaintenanceMode = Type.Object({
  enabled: Type.Boolean({ title: '是否启用' }),
  maintenanceMessage: Type.String({ title: '维护提示', maxLength: 200 }),
});
export type MaintenanceMode = Static<typeof MaintenanceMode>;

export const OrderTemplate = Type.Object({
  /** Prefix of new order numbers, e.g. SO. */
  orderNoPrefix: Type.String({ title: '订单号前缀', maxLength: 6, pattern: '^[A-Z]*$' }),
  defaultDeliveryDays: Type.Integer({ title: '默认交期天数', minimum: 0, maximum: 365 }),
  /** Optional order fields the template asks for. */
  orderFields: Type.Array(Type.String({ minLength: 1, maxLength: 30 }), { title: '订单字段', maxItems: 50, uniqueItems: true }),
});
export type OrderTemplate = Static<typeof OrderTemplate>;

const ConfigSections = {
  multistageDeviceFlag: Type.Boolean({ title: '多级设备类型' }),
  reportAuditConfig: titled(AuditConfig, '报工审核配置'),
  orderAuditConfig: titled(AuditConfig, '订单审核配置'),
  reportQuantityConfig: titled(ReportQuantityConfig, '报工数量配置'),
  maintenanceMode: titled(MaintenanceMode, '维护模式'),
  orderTemplate: titled(OrderTemplate, '订单模板'),
};

/** Spec §3: includes multistageDeviceFlag and orgId; audit sections come with their auditors' names. */
export const EnterpriseConfig = Type.Object({
  orgId: Type.Integer(),
  ...ConfigSections,
  reportAuditConfig: AuditConfigView,
  orderAuditConfig: AuditConfigView,
  updateTime: Type.String(),
});
export type EnterpriseConfig = Static<typeof EnterpriseConfig>;
const EnterpriseConfigSections = Type.Object(ConfigSections);
/** The stored sections (what an update sends): audit sections without the auditors' names. */
export type EnterpriseConfigSections = Static<typeof EnterpriseConfigSections>;

export const UpdateEnterpriseConfigRequest = Type.Partial(EnterpriseConfigSections, { minProperties: 1 });
export type UpdateEnterpriseConfigRequest = Static<typeof UpdateEnterpriseConfigRequest>;

export const DEFAULT_ENTERPRISE_CONFIG: EnterpriseConfigSections = {
  multistageDeviceFlag: true,
  reportAuditConfig: { needAudit: true, auditorUserIds: [] },
  orderAuditConfig: { needAudit: false, auditorUserIds: [] },
  reportQuantityConfig: { overReportTolerancePercent: 5, defectCountsAsOutput: false },
  maintenanceMode: { enabled: false, maintenanceMessage: '' },
  orderTemplate: { orderNoPrefix: 'SO', defaultDeliveryDays: 7, orderFields: [] },
};

// ---- dictionaries -----------------------------------------------------------------------------

export const DictListQuery = Type.Object({ dictType: Type.Optional(Type.String({ title: '字典类型', maxLength: 50 })) });
export type DictListQuery = Static<typeof DictListQuery>;

export const DictItem = Type.Object({
  itemCode: Type.String({ minLength: 1, maxLength: 30 }),
  itemLabel: Type.String({ minLength: 1, maxLength: 50 }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
  enabled: Type.Optional(Type.Boolean()),
});
export type DictItem = Static<typeof DictItem>;

export const SaveDictRequest = Type.Object({
  dictType: Type.String({ title: '字典类型', minLength: 1, maxLength: 50, pattern: '^[a-z][a-z0-9_]*$' }),
  dictName: Type.String({ title: '字典名称', minLength: 1, maxLength: 30 }),
  items: Type.Array(DictItem, { title: '字典项', maxItems: 500 }),
});
export type SaveDictRequest = Static<typeof SaveDictRequest>;

export const DictView = Type.Object({
  id: Type.Integer(),
  dictType: Type.String(),
  dictName: Type.String(),
  items: Type.Array(Type.Object({ itemCode: Type.String(), itemLabel: Type.String(), sort: Type.Integer(), enabled: Type.Boolean() })),
  updateTime: Type.String(),
});
export type DictView = Static<typeof DictView>;

export const ProcessDictEntry = Type.Object({ processId: Type.Integer(), processCode: Type.String(), processName: Type.String() });
export type ProcessDictEntry = Static<typeof ProcessDictEntry>;

// ---- user page config -------------------------------------------------------------------------

export const UserPageConfigQuery = Type.Object({ pageKey: Type.String({ title: '页面标识', minLength: 1, maxLength: 100 }) });
export type UserPageConfigQuery = Static<typeof UserPageConfigQuery>;
export const SaveUserPageConfigRequest = Type.Object({
  pageKey: Type.String({ title: '页面标识', minLength: 1, maxLength: 100 }),
  /** Column settings as a JSON string (spec §3: objects travel as JSON strings). */
  pageConfig: Type.String({ title: '页面配置', maxLength: 20_000 }),
});
export type SaveUserPageConfigRequest = Static<typeof SaveUserPageConfigRequest>;
export const UserPageConfig = Type.Object({ pageKey: Type.String(), pageConfig: Type.String() });
export type UserPageConfig = Static<typeof UserPageConfig>;

// ---- schedule config --------------------------------------------------------------------------

export const CALENDAR_SOURCES = ['shift_calendar', 'all_day'] as const;

const ScheduleSections = {
  /** shift_calendar: machines work their shifts minus holidays; all_day: around the clock. */
  calendarSource: Type.Union(CALENDAR_SOURCES.map((source) => Type.Literal(source)), { title: '工作日历来源' }),
  defaultEfficiencyPercent: Type.Number({ title: '默认效率（%）', minimum: 1, maximum: 100 }),
  colorChangeMinutes: Type.Integer({ title: '换色时间（分钟/色）', minimum: 0, maximum: 240 }),
  sameDieSavingMinutes: Type.Integer({ title: '同刀模节省时间（分钟）', minimum: 0, maximum: 240 }),
  samePlateSavingMinutes: Type.Integer({ title: '同印版节省时间（分钟）', minimum: 0, maximum: 240 }),
  /** Order statuses (spec §4) that may be scheduled. */
  schedulableOrderStatuses: Type.Array(Type.Integer({ minimum: 0, maximum: 10 }), { title: '可排产订单状态', minItems: 1, maxItems: 11, uniqueItems: true }),
};

export const ScheduleConfig = Type.Object({ orgId: Type.Integer(), ...ScheduleSections, updateTime: Type.String() });
export type ScheduleConfig = Static<typeof ScheduleConfig>;
export type ScheduleConfigFields = Omit<ScheduleConfig, 'orgId' | 'updateTime'>;
export const UpdateScheduleConfigRequest = Type.Partial(Type.Object(ScheduleSections), { minProperties: 1 });
export type UpdateScheduleConfigRequest = Static<typeof UpdateScheduleConfigRequest>;

export const DEFAULT_SCHEDULE_CONFIG: ScheduleConfigFields = {
  calendarSource: 'shift_calendar',
  defaultEfficiencyPercent: 85,
  colorChangeMinutes: 10,
  sameDieSavingMinutes: 15,
  samePlateSavingMinutes: 10,
  schedulableOrderStatuses: [2, 3],
};

/** The order audit section as read, with the factory it belongs to. */
export const OrderAuditConfigView = Type.Object({ orgId: Type.Integer(), ...AuditConfigView.properties });

// ---- endpoints --------------------------------------------------------------------------------
// /base-cfg and /schedule-cfg: reading needs the page menu, writing its ACTION_ code; the user page
// config is personal and open to every signed-in user (like the user config of spec §7).

export const EnterpriseConfigApi = {
  configFind: get('/dps-server/enterprise/config/find', { response: EnterpriseConfig, authority: A.baseCfg }),
  /** Sections present replace the stored ones; absent sections are kept. */
  configUpdate: post('/dps-server/enterprise/config/update', { body: UpdateEnterpriseConfigRequest, response: EnterpriseConfig, authority: A.baseCfgEdit }),
  orderAuditConfigFind: get('/dps-server/enterprise/order_audit_config/find', { response: OrderAuditConfigView, authority: A.baseCfg }),
  orderAuditConfigUpdate: post('/dps-server/enterprise/order_audit_config/update', { body: AuditConfig, response: OrderAuditConfigView, authority: A.baseCfgEdit }),
  /** GET ?dictType= (optional): dictionary types with their items. */
  dictList: get('/dps-server/enterprise/dict/list', { query: DictListQuery, response: Type.Array(DictView), authority: A.baseCfg }),
  /** Creates the dict type or replaces its name and items as a whole. */
  dictSaveOrUpdate: post('/dps-server/enterprise/dict/save_or_update', { body: SaveDictRequest, response: CreatedResult, authority: A.dictEdit }),
  /** GET: the factory's processes as a dictionary (id, code, name) for selects. */
  processDict: get('/dps-server/enterprise/process_dict/list', { response: Type.Array(ProcessDictEntry), authority: A.baseCfg }),
  /** GET ?pageKey=: the caller's column settings of one page ('' when never saved). */
  userPageConfigFind: get('/dps-server/enterprise/user_page_config/find', { query: UserPageConfigQuery, response: UserPageConfig, session: true }),
  userPageConfigSave: post('/dps-server/enterprise/user_page_config/save', { body: SaveUserPageConfigRequest, response: UserPageConfig, session: true, name: '保存页面配置' }),
  scheduleConfigFind: get('/dps-server/schedule_config/find', { response: ScheduleConfig, authority: A.scheduleCfg }),
  scheduleConfigUpdate: post('/dps-server/schedule_config/update', { body: UpdateScheduleConfigRequest, response: ScheduleConfig, authority: A.scheduleCfgEdit }),
};
export const EnterpriseConfigPaths = pathsOf(EnterpriseConfigApi);
