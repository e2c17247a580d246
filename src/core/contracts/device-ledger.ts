import { Type, type Static } from '@sinclair/typebox';
import { DeviceCareAuthorities as C } from '../access/authorities/device-care';
import { DeviceLedgerAuthorities as A } from '../access/authorities/device-ledger';
import { defineEnum } from '../enums';
import { DateOnly, DeleteBatchRequest, Id, IdParams, MultiFilter, NoData, OptionalId, OptionalText, PageFields, PageResult, Remark, Stamps, Text, TextFilter, titled, updateOf } from './common';
import { crudEndpoints, FILE, get, pathsOf, post } from './endpoint';
import { importEndpoints } from './files';
import { Device, DeviceListQuery } from './modeling';

/**
 * 设备台账 (issue 10): the asset side of the master-data devices (/modeling keeps number, name,
 * type, workshop, use and status), their documents and pictures, the phone upload of pictures by
 * QR code (/upload-device-img), the fault knowledge base, and the exception log of 一体机 (/machineLog).
 */

/** How a picture came: 电脑上传 on the ledger, 手机扫码 through /upload-device-img. */
export const PICTURE_SOURCE = defineEnum([
  { value: 1, label: '电脑上传' },
  { value: 2, label: '手机扫码' },
]);

/** Severity of an exception an 一体机 reports. */
export const MACHINE_LOG_LEVEL = defineEnum([
  { value: 1, label: '提示' },
  { value: 2, label: '警告' },
  { value: 3, label: '错误' },
]);

export const LEDGER_LIMITS = {
  documents: 10,
  pictures: 50,
  price: 1_000_000_000,
  importRows: 5000,
  /** Minutes a phone-upload QR code stays valid. */
  uploadTicketMinutes: 10,
  /** The desktop polls the pictures of an open QR code this often (spec §7: every 2 s). */
  pollMillis: 2000,
  knowledgeFiles: 10,
  machineLogBatch: 100,
} as const;

/** uuId of a phone-upload link (spec §5 uuid pattern: 3–20 letters and digits). */
export const UPLOAD_UUID_PATTERN = '^[A-Za-z0-9]{3,20}$';
/** The upload token of a link: 43 base64url characters (32 random bytes). */
export const UPLOAD_TOKEN_PATTERN = '^[A-Za-z0-9_-]{20,100}$';

/** A stored file of a row: its handle (`url` of an upload answer) and its name as uploaded. */
export const StoredDocument = Type.Object({
  url: Text({ title: '文件地址', minLength: 1, maxLength: 300 }),
  name: Text({ title: '文件名称', maxLength: 200 }),
});
export type StoredDocument = Static<typeof StoredDocument>;

// ---- ledger ---------------------------------------------------------------------------------------

export const LedgerListQuery = Type.Object({
  // The device list's own filters (deviceNo: tag input, comma-joined numbers, any of them)…
  ...Type.Pick(DeviceListQuery, ['page', 'limit', 'sort', 'deviceNo', 'deviceName', 'workshopId', 'status', 'deviceUse']).properties,
  assetNo: TextFilter('资产编号'),
  /** The device-type cascader's path (comma-joined ids): its last type and every type below it. */
  deviceTypePath: TextFilter('设备类型'),
  supplier: TextFilter('供应商'),
});
export type LedgerListQuery = Static<typeof LedgerListQuery>;

const NullableDate = (title: string) => Type.Optional(Type.Union([DateOnly(title), Type.Null()], { title }));

/** What the ledger keeps of a device besides its master data. */
const LedgerFields = {
  assetNo: OptionalText('资产编号', 30),
  purchaseDate: NullableDate('购置日期'),
  supplier: OptionalText('供应商', 50),
  price: Type.Optional(Type.Union([Type.Number({ title: '购置价格', minimum: 0, maximum: LEDGER_LIMITS.price }), Type.Null()], { title: '购置价格' })),
  warrantyEnd: NullableDate('保修截止'),
  location: OptionalText('存放位置', 50),
  responsibleUserId: OptionalId('责任人'),
  documents: Type.Optional(Type.Array(StoredDocument, { title: '设备文档', maxItems: LEDGER_LIMITS.documents })),
  remark: Remark(),
};
/** The ledger's edit of one device (`id` is the device's id); a device without ledger data gets it now. */
export const UpdateLedgerRequest = updateOf(LedgerFields);
export type UpdateLedgerRequest = Static<typeof UpdateLedgerRequest>;

/** A device as /modeling lists it (`id` is the device's), without its pictures and remark… */
const LedgerDevice = Type.Omit(Device, ['pictures', 'remark', 'createTime', 'updateTime']);
/** …and what the ledger keeps of it. */
export const LedgerRow = Type.Object({
  ...LedgerDevice.properties,
  assetNo: Type.String(),
  purchaseDate: Type.Union([Type.String(), Type.Null()]),
  supplier: Type.String(),
  price: Type.Union([Type.Number(), Type.Null()]),
  warrantyEnd: Type.Union([Type.String(), Type.Null()]),
  location: Type.String(),
  responsibleUserId: Type.Union([Type.Integer(), Type.Null()]),
  responsibleName: Type.String(),
  documents: Type.Array(StoredDocument),
  pictureCount: Type.Integer(),
  remark: Type.String(),
  ...Stamps,
});
export type LedgerRow = Static<typeof LedgerRow>;

/** A device type of the factory (flat; the console builds the cascader's tree). */
export const LedgerTypeOption = Type.Object({ id: Type.Integer(), parentId: Type.Union([Type.Integer(), Type.Null()]), name: Type.String() });
export type LedgerTypeOption = Static<typeof LedgerTypeOption>;
/** The ledger's filter choices, readable with the ledger's own authority. */
export const LedgerOptions = Type.Object({
  workshops: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  deviceTypes: Type.Array(LedgerTypeOption),
});
export type LedgerOptions = Static<typeof LedgerOptions>;

/** The text of a device's label QR code: what a phone's scanner shows and a lookup can parse. */
export const deviceLabelText = (device: Pick<LedgerRow, 'deviceNo' | 'deviceName' | 'assetNo'>) =>
  `设备编号:${device.deviceNo}\n设备名称:${device.deviceName}${device.assetNo ? `\n资产编号:${device.assetNo}` : ''}`;

/** Warranty state on a given day (yyyy-mm-dd): none recorded, still covered, or over. */
export function warrantyState(warrantyEnd: string | null, today: string): 'none' | 'valid' | 'expired' {
  if (!warrantyEnd) return 'none';
  return warrantyEnd >= today ? 'valid' : 'expired';
}

// ---- pictures and the phone upload ----------------------------------------------------------------

export const DevicePicture = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  originalName: Type.String(),
  source: Type.Integer(),
  uploaderName: Type.String(),
  createTime: Type.String(),
});
export type DevicePicture = Static<typeof DevicePicture>;

export const DeviceQuery = Type.Object({ deviceId: titled(Id, '设备') });
export const AddPicturesRequest = Type.Object({
  deviceId: titled(Id, '设备'),
  urls: Type.Array(Text({ minLength: 1, maxLength: 300 }), { title: '设备图片', minItems: 1, maxItems: 10 }),
});
export type AddPicturesRequest = Static<typeof AddPicturesRequest>;
export const DeletePicturesRequest = Type.Object({ deviceId: titled(Id, '设备'), ids: DeleteBatchRequest.properties.ids });
export type DeletePicturesRequest = Static<typeof DeletePicturesRequest>;

/** A phone-upload link for one device: uuId names it, token opens it (shown once; stored hashed). */
export const UploadTicket = Type.Object({
  uuId: Type.String(),
  token: Type.String(),
  /** Epoch milliseconds. */
  expiresAt: Type.Integer(),
});
export type UploadTicket = Static<typeof UploadTicket>;

export const TicketQuery = Type.Object({ uuId: Type.String({ title: 'uuId', pattern: UPLOAD_UUID_PATTERN }) });
/** What the desktop polls while its QR code is shown: the device's pictures, and whether the code still works. */
export const TicketPictures = Type.Object({
  deviceId: Type.Integer(),
  expiresAt: Type.Integer(),
  expired: Type.Boolean(),
  pictures: Type.Array(DevicePicture),
});
export type TicketPictures = Static<typeof TicketPictures>;

/** The query of /upload-device-img as the phone sends it back (spec §2: all five required). */
export const PhoneUploadQuery = Type.Object({
  uuId: Type.String({ title: 'uuId', pattern: UPLOAD_UUID_PATTERN }),
  token: Type.String({ title: 'token', pattern: UPLOAD_TOKEN_PATTERN }),
  appId: Text({ title: 'appId', minLength: 1, maxLength: 64 }),
  orgId: Type.String({ title: 'orgId', pattern: '^\\d{1,10}$' }),
  userId: Type.String({ title: 'userId', pattern: '^\\d{1,10}$' }),
});
export type PhoneUploadQuery = Static<typeof PhoneUploadQuery>;
/** What the phone page shows of its link: the device, until when, how many pictures it has. */
export const PhoneTicket = Type.Object({
  deviceNo: Type.String(),
  deviceName: Type.String(),
  expiresAt: Type.Integer(),
  pictureCount: Type.Integer(),
});
export type PhoneTicket = Static<typeof PhoneTicket>;

/** Refusals of a phone-upload link, shown on the phone as they are. */
export const UploadTicketMessages = {
  invalid: '上传链接无效，请在电脑上重新生成二维码后扫码',
  expired: '上传链接已过期，请在电脑上刷新二维码后重新扫码',
  deviceGone: '设备不存在或已删除',
  tooMany: `该设备图片已达${LEDGER_LIMITS.pictures}张，请先在电脑上删除部分图片`,
} as const;

// ---- knowledge base -------------------------------------------------------------------------------

export const KnowledgeListQuery = Type.Object({
  ...PageFields,
  /** Any word of 故障现象, 故障原因, 处理方法 or 关键词. */
  keyword: TextFilter('关键词'),
  deviceTypeId: MultiFilter('设备类型'),
});
export type KnowledgeListQuery = Static<typeof KnowledgeListQuery>;

const KnowledgeFields = {
  faultSymptom: Text({ title: '故障现象', minLength: 1, maxLength: 100 }),
  cause: Text({ title: '故障原因', minLength: 1, maxLength: 500 }),
  remedy: Text({ title: '处理方法', minLength: 1, maxLength: 1000 }),
  deviceTypeId: OptionalId('设备类型'),
  keywords: OptionalText('关键词', 100),
  files: Type.Optional(Type.Array(StoredDocument, { title: '附件', maxItems: LEDGER_LIMITS.knowledgeFiles })),
};
export const CreateKnowledgeRequest = Type.Object(KnowledgeFields);
export type CreateKnowledgeRequest = Static<typeof CreateKnowledgeRequest>;
export const UpdateKnowledgeRequest = updateOf(KnowledgeFields);
export type UpdateKnowledgeRequest = Static<typeof UpdateKnowledgeRequest>;

export const Knowledge = Type.Object({
  id: Type.Integer(),
  faultSymptom: Type.String(),
  cause: Type.String(),
  remedy: Type.String(),
  deviceTypeId: Type.Union([Type.Integer(), Type.Null()]),
  deviceTypeName: Type.String(),
  keywords: Type.String(),
  files: Type.Array(StoredDocument),
  createdByName: Type.String(),
  ...Stamps,
});
export type Knowledge = Static<typeof Knowledge>;

// ---- 一体机 exception log -------------------------------------------------------------------------

export const MachineLogEntry = Type.Object({
  level: Type.Union(MACHINE_LOG_LEVEL.values.map((value) => Type.Literal(value)), { title: '级别' }),
  message: Text({ title: '异常信息', minLength: 1, maxLength: 500 }),
  code: OptionalText('异常代码', 50),
  detail: OptionalText('详细信息', 4000),
  /** A device of the machine's factory the exception concerns. */
  deviceNo: OptionalText('设备编号', 50),
  /** Epoch milliseconds; absent: now. */
  at: Type.Optional(Type.Integer({ title: '异常时间', minimum: 0 })),
  /** The machine's own id of the entry: a resend with the same id is stored once. */
  eventId: OptionalText('事件编号', 64),
});
export type MachineLogEntry = Static<typeof MachineLogEntry>;
export const MachineLogReport = Type.Object({
  entries: Type.Array(MachineLogEntry, { title: '异常', minItems: 1, maxItems: LEDGER_LIMITS.machineLogBatch }),
});
export type MachineLogReport = Static<typeof MachineLogReport>;
export const MachineLogReportResult = Type.Object({ accepted: Type.Integer(), duplicates: Type.Integer() });
export type MachineLogReportResult = Static<typeof MachineLogReportResult>;

export const MachineLog = Type.Object({
  id: Type.Integer(),
  machineId: Type.Integer(),
  machineCode: Type.String(),
  machineName: Type.String(),
  level: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
  detail: Type.String(),
  deviceNo: Type.String(),
  /** yyyy-MM-dd HH:mm:ss */
  occurredAt: Type.String(),
  createTime: Type.String(),
});
export type MachineLog = Static<typeof MachineLog>;

export const MachineLogListQuery = Type.Object({
  ...PageFields,
  machineId: MultiFilter('一体机'),
  level: MultiFilter('级别'),
  message: TextFilter('异常信息'),
  occurredAtStart: Type.Optional(Text({ title: '异常时间', maxLength: 20 })),
  occurredAtEnd: Type.Optional(Text({ title: '异常时间', maxLength: 20 })),
});
export type MachineLogListQuery = Static<typeof MachineLogListQuery>;
/** The kiosk's own log: its entries only, newest first. */
export const OwnMachineLogQuery = Type.Object({ ...PageFields, level: MultiFilter('级别') });
export type OwnMachineLogQuery = Static<typeof OwnMachineLogQuery>;
export const OwnMachineLog = Type.Composite([
  PageResult(MachineLog),
  Type.Object({ machineCode: Type.String(), machineName: Type.String() }),
]);
export type OwnMachineLog = Static<typeof OwnMachineLog>;
/** The machines of the factory for the log's filter. */
export const MachineOption = Type.Object({ id: Type.Integer(), machineCode: Type.String(), machineName: Type.String() });
export type MachineOption = Static<typeof MachineOption>;

export const MachineLogMessages = {
  future: '异常时间不能晚于当前时间',
  deviceNotFound: (deviceNo: string) => `设备编号「${deviceNo}」不存在`,
} as const;

/**
 * The knowledge base is kept with 设备台账 and opened from 点检 and 保养 too: each page reads it under
 * its own page code and edits it under its own button codes.
 */
const KNOWLEDGE_READ = [A.page, C.check.page, C.maintenance.page] as const;
const knowledgeWrite = (ledger: string) => [ledger, C.check.knowledge, C.maintenance.knowledge] as const;

/** Every endpoint of 设备台账, its pictures and phone upload, 知识库 and the 一体机 exception log. */
export const DeviceLedgerApi = {
  list: get('/dps-server/device_ledger/list', { query: LedgerListQuery, response: PageResult(LedgerRow), authority: A.page }),
  detail: get('/dps-server/device_ledger/detail/:id', { params: IdParams, response: LedgerRow, authority: A.page }),
  update: post('/dps-server/device_ledger/update', { body: UpdateLedgerRequest, response: NoData, authority: A.edit }),
  options: get('/dps-server/device_ledger/options', { response: LedgerOptions, authority: A.page }),
  ...importEndpoints('', '/dps-server/device_ledger', A.import),
  export: post('/dps-server/device_ledger/export', { body: LedgerListQuery, response: FILE, authority: A.export }),

  pictures: get('/dps-server/device_ledger/pictures', { query: DeviceQuery, response: Type.Array(DevicePicture), authority: A.page }),
  pictureAdd: post('/dps-server/device_ledger/picture/add', { body: AddPicturesRequest, response: NoData, authority: A.picture }),
  pictureDelete: post('/dps-server/device_ledger/picture/delete', { body: DeletePicturesRequest, response: NoData, authority: A.picture }),
  uploadTicket: post('/dps-server/device_ledger/upload_ticket', { body: DeviceQuery, response: UploadTicket, authority: A.picture }),
  ticketPictures: get('/dps-server/device_ledger/upload_ticket/pictures', { query: TicketQuery, response: TicketPictures, authority: A.page }),
  phoneTicket: get('/dps-server/device_ledger/phone/ticket', { query: PhoneUploadQuery, response: PhoneTicket, public: true }),
  /** Multipart with one `file` part (an image), read by the route itself. */
  phoneUpload: post('/dps-server/device_ledger/phone/upload', { query: PhoneUploadQuery, response: DevicePicture, public: true, name: '手机上传设备图片' }),

  knowledgeList: get('/dps-server/device_knowledge/list', { query: KnowledgeListQuery, response: PageResult(Knowledge), authority: KNOWLEDGE_READ }),
  knowledgeDetail: get('/dps-server/device_knowledge/detail/:id', { params: IdParams, response: Knowledge, authority: KNOWLEDGE_READ }),
  /** The factory's device types, for the knowledge base's filter and editor. */
  knowledgeDeviceTypes: get('/dps-server/device_knowledge/device_types', { response: LedgerOptions.properties.deviceTypes, authority: KNOWLEDGE_READ }),
  ...crudEndpoints('knowledge', '/dps-server/device_knowledge', CreateKnowledgeRequest, UpdateKnowledgeRequest, {
    add: knowledgeWrite(A.knowledgeAdd),
    edit: knowledgeWrite(A.knowledgeEdit),
    remove: knowledgeWrite(A.knowledgeDelete),
  }),

  machineLogReport: post('/dps-server/machine_log/report', { body: MachineLogReport, response: MachineLogReportResult, machine: true, name: '一体机上报异常' }),
  /** The calling machine's own entries (the kiosk's /machineLog). */
  machineLogOwn: get('/dps-server/machine_log/own', { query: OwnMachineLogQuery, response: OwnMachineLog, machine: true }),
  machineLogList: get('/dps-server/machine_log/list', { query: MachineLogListQuery, response: PageResult(MachineLog), authority: A.page }),
  machineOptions: get('/dps-server/machine_log/machines', { response: Type.Array(MachineOption), authority: A.page }),
};
export const DeviceLedgerPaths = pathsOf(DeviceLedgerApi);
