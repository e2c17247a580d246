import { Type, type Static } from '@sinclair/typebox';
import { DeviceRepairAuthorities as A } from '../access/authorities/device-repair';
import { REPAIR_STATUS } from '../enums';
import { UserBrief } from './account';
import { crudEndpoints, FILE, get, pathsOf, post } from './endpoint';
import { Id, IdParams, MultiFilter, NoData, PageFields, PageResult, Remark, Stamps, Text, TextFilter, titled, updateOf } from './common';

/** Handle states of a repair order (spec §4): 1 待处理, 2 处理中, 4 待验收, 3 已完成. */
export { REPAIR_STATUS };

/** `YYYY-MM-DD HH:mm:ss`, as every time travels. */
export const DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$';
const DateTime = (title: string) => Type.String({ title, pattern: DATE_TIME_PATTERN, maxLength: 19 });
const OptionalDateTime = (title: string) => Type.Optional(Type.Union([DateTime(title), Type.Null()], { title }));

/** The most repairers, photos and part lines one order may carry. */
export const REPAIR_LIMITS = { repairers: 10, photos: 4, parts: 50, partQuantity: 100_000, cost: 100_000_000 } as const;
/** Group-chat robot addresses must be https (DingTalk, WeCom, Feishu robots all are). */
export const WEBHOOK_URL_PATTERN = '^https://[^\\s]+$';

export const RepairListQuery = Type.Object({
  ...PageFields,
  repairNo: TextFilter('维修单号'),
  deviceName: TextFilter('设备'),
  status: MultiFilter('状态'),
  faultTimeStart: Type.Optional(Type.String({ title: '故障时间', maxLength: 20 })),
  faultTimeEnd: Type.Optional(Type.String({ title: '故障时间', maxLength: 20 })),
  /** One device's orders (设备详情 维修记录). */
  deviceId: Type.Optional(titled(Id, '设备')),
  /** Only the orders the caller repairs ('1'/true). */
  mine: Type.Optional(Type.Union([Type.Boolean(), Text({ maxLength: 5 })], { title: '我的维修单' })),
});
export type RepairListQuery = Static<typeof RepairListQuery>;

/** One spare part used: which of the device's parts, and how many (taken from its stock). */
export const RepairPartRequest = Type.Object({
  sparePartId: titled(Id, '备件'),
  quantity: Type.Integer({ title: '用量', minimum: 1, maximum: REPAIR_LIMITS.partQuantity }),
});
export type RepairPartRequest = Static<typeof RepairPartRequest>;

const RepairFields = {
  deviceId: titled(Id, '设备'),
  faultTime: DateTime('故障时间'),
  faultDescription: Text({ title: '故障描述', minLength: 1, maxLength: 200 }),
  reporterId: titled(Id, '报修人'),
  repairerIds: Type.Optional(Type.Array(Id, { title: '维修人', maxItems: REPAIR_LIMITS.repairers })),
  photos: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 300 }), { title: '故障照片', maxItems: REPAIR_LIMITS.photos })),
  downtimeStart: OptionalDateTime('停机开始'),
  downtimeEnd: OptionalDateTime('停机结束'),
  /**
   * Links a fault/standby record of the device's timeline (its `start`, epoch ms, from the downtime
   * list); the order's 停机开始/结束 are then the record's. Null or absent: the range as typed.
   */
  downtimeLinkStart: Type.Optional(Type.Union([Type.Integer({ title: '停机记录', minimum: 0 }), Type.Null()], { title: '停机记录' })),
  parts: Type.Optional(Type.Array(RepairPartRequest, { title: '使用备件', maxItems: REPAIR_LIMITS.parts })),
  cost: Type.Optional(Type.Number({ title: '维修费用', minimum: 0, maximum: REPAIR_LIMITS.cost })),
  remark: Remark(),
};
export const CreateRepairRequest = Type.Object({
  ...RepairFields,
  /** Sends the fault alert to the factory's group-chat robots once the order is saved. */
  notify: Type.Optional(Type.Boolean({ title: '发送故障告警' })),
});
export type CreateRepairRequest = Static<typeof CreateRepairRequest>;
export const UpdateRepairRequest = updateOf(RepairFields);
export type UpdateRepairRequest = Static<typeof UpdateRepairRequest>;

/** 开始维修 / 提交验收 / 验收通过 / 驳回 (驳回 needs its reason in `remark`). */
export const RepairActionRequest = Type.Object({ id: titled(Id, '维修单'), remark: Remark('说明') });
export type RepairActionRequest = Static<typeof RepairActionRequest>;

export const Repair = Type.Object({
  id: Type.Integer(),
  repairNo: Type.String(),
  /** Null once the device is deleted (its number and name stay on the order). */
  deviceId: Type.Union([Type.Integer(), Type.Null()]),
  deviceNo: Type.String(),
  deviceName: Type.String(),
  status: Type.Integer(),
  faultTime: Type.String(),
  faultDescription: Type.String(),
  /** Null once the account is deleted (the name stays on the order). */
  reporterId: Type.Union([Type.Integer(), Type.Null()]),
  reporterName: Type.String(),
  repairerIds: Type.Array(Type.Integer()),
  repairerNames: Type.String(),
  acceptorName: Type.String(),
  finishTime: Type.Union([Type.String(), Type.Null()]),
  photos: Type.Array(Type.String()),
  downtimeStart: Type.Union([Type.String(), Type.Null()]),
  downtimeEnd: Type.Union([Type.String(), Type.Null()]),
  /** Start (epoch ms) of the linked downtime record of the device; null: the range was typed by hand. */
  downtimeLinkStart: Type.Union([Type.Integer(), Type.Null()]),
  cost: Type.Number(),
  partCount: Type.Integer(),
  remark: Type.String(),
  ...Stamps,
});
export type Repair = Static<typeof Repair>;

/** A part line of an order: what was taken (kept as written even if the device's part is later removed) and its stock now. */
export const RepairPart = Type.Object({
  sparePartId: Type.Union([Type.Integer(), Type.Null()]),
  partNo: Type.String(),
  partName: Type.String(),
  spec: Type.String(),
  unit: Type.String(),
  quantity: Type.Integer(),
  /** The part's stock now; null once the device no longer lists it. */
  stock: Type.Union([Type.Integer(), Type.Null()]),
});
export type RepairPart = Static<typeof RepairPart>;

/** One state change (or creation) of an order: who, when, what. */
export const RepairHistory = Type.Object({
  action: Type.String(),
  fromStatus: Type.Union([Type.Integer(), Type.Null()]),
  toStatus: Type.Integer(),
  operatorName: Type.String(),
  remark: Type.String(),
  time: Type.String(),
});
export type RepairHistory = Static<typeof RepairHistory>;

/** A linked downtime record: 4 待机 or 5 故障, its reason and [start, end) (end null: still down). */
export const RepairDowntime = Type.Object({
  start: Type.Integer(),
  end: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.Integer(),
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type RepairDowntime = Static<typeof RepairDowntime>;

export const RepairDetail = Type.Composite([
  Repair,
  Type.Object({
    parts: Type.Array(RepairPart),
    history: Type.Array(RepairHistory),
    /** Reporter and repairers by name (for the people pickers). */
    people: Type.Array(UserBrief),
    /**
     * The linked downtime record as the timeline has it now (a later split only shortens it); null
     * when nothing is linked, or the record is gone (`downtimeLinkStart` still names its start).
     */
    downtimeLink: Type.Union([RepairDowntime, Type.Null()]),
  }),
]);
export type RepairDetail = Static<typeof RepairDetail>;

/** A spare part of a device with its stock (the parts picker of an order). */
export const SparePartStock = Type.Object({
  id: Type.Integer(),
  partNo: Type.String(),
  partName: Type.String(),
  spec: Type.String(),
  unit: Type.String(),
  quantity: Type.Integer(),
});
export type SparePartStock = Static<typeof SparePartStock>;
export const SparePartQuery = Type.Object({ deviceId: titled(Id, '设备') });

/** The caller's own to-dos (首页): orders 待处理/处理中 with the caller among the repairers, and orders 待验收 the caller may accept (not one of its repairers). */
export const MyRepairs = Type.Object({ assigned: Type.Integer(), toAccept: Type.Integer() });
export type MyRepairs = Static<typeof MyRepairs>;

// ---- group-chat robots (告警群) ------------------------------------------------------------------

const WebhookFields = {
  name: Text({ title: '群名称', minLength: 1, maxLength: 30 }),
  url: Type.String({ title: '机器人地址', minLength: 9, maxLength: 500, pattern: WEBHOOK_URL_PATTERN }),
  enabled: Type.Boolean({ title: '启用' }),
  remark: Remark(),
};
export const CreateWebhookRequest = Type.Object(WebhookFields);
export type CreateWebhookRequest = Static<typeof CreateWebhookRequest>;
export const UpdateWebhookRequest = updateOf(WebhookFields);
export type UpdateWebhookRequest = Static<typeof UpdateWebhookRequest>;
export const RepairWebhook = Type.Object({ id: Type.Integer(), name: Type.String(), url: Type.String(), enabled: Type.Boolean(), remark: Type.String(), ...Stamps });
export type RepairWebhook = Static<typeof RepairWebhook>;
export const WebhookListQuery = Type.Object({ ...PageFields, name: TextFilter('群名称') });

/** Spec §7: `POST /dps-server/system/dingtalk/proxy {url, message}`: an alert to a group chat. */
export const DingtalkProxyRequest = Type.Object({
  url: Type.String({ title: '机器人地址', minLength: 1, maxLength: 500 }),
  message: Text({ title: '消息', minLength: 1, maxLength: 2000 }),
});
export type DingtalkProxyRequest = Static<typeof DingtalkProxyRequest>;

/** The alert text of a repair order (the server and the console's preview write it alike). */
export function repairAlertText(repair: Pick<Repair, 'repairNo' | 'deviceName' | 'deviceNo' | 'faultTime' | 'faultDescription' | 'reporterName'>): string {
  return `【设备故障】${repair.deviceName}（${repair.deviceNo}）${repair.faultTime} 报修：${repair.faultDescription}。维修单 ${repair.repairNo}，报修人 ${repair.reporterName}。`;
}

/** Every endpoint of 设备维修: paths, schemas and the authority each needs. */
export const DeviceRepairApi = {
  list: get('/dps-server/repair/list', { query: RepairListQuery, response: PageResult(Repair), authority: A.page }),
  detail: get('/dps-server/repair/detail/:id', { params: IdParams, response: RepairDetail, authority: A.page }),
  ...crudEndpoints('', '/dps-server/repair', CreateRepairRequest, UpdateRepairRequest, { add: A.add, edit: A.edit, remove: A.delete }),
  start: post('/dps-server/repair/start', { body: RepairActionRequest, response: NoData, authority: A.start }),
  submit: post('/dps-server/repair/submit', { body: RepairActionRequest, response: NoData, authority: A.submit }),
  accept: post('/dps-server/repair/accept', { body: RepairActionRequest, response: NoData, authority: A.accept }),
  reject: post('/dps-server/repair/reject', { body: RepairActionRequest, response: NoData, authority: A.reject }),
  export: post('/dps-server/repair/export', { body: RepairListQuery, response: FILE, authority: A.export }),
  mine: get('/dps-server/repair/mine', { response: MyRepairs, authority: A.page }),
  spareParts: get('/dps-server/repair/spare_parts', { query: SparePartQuery, response: Type.Array(SparePartStock), authority: A.page }),
  webhookList: get('/dps-server/repair/webhook/list', { query: WebhookListQuery, response: PageResult(RepairWebhook), authority: A.webhook }),
  ...crudEndpoints('webhook', '/dps-server/repair/webhook', CreateWebhookRequest, UpdateWebhookRequest, { add: A.webhook, edit: A.webhook, remove: A.webhook }),
  dingtalkProxy: post('/dps-server/system/dingtalk/proxy', { body: DingtalkProxyRequest, response: NoData, authority: A.alert }),
};
export const DeviceRepairPaths = pathsOf(DeviceRepairApi);
