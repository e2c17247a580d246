import { Type, type Static, type TOptional, type TString } from '@sinclair/typebox';
import { defineEnum, IMPORTANCE, PRIORITY, URGENCY } from '../../enums';
import { WorkOrderAuthorities as A } from '../../access/authorities/work-order';
import { get, pathsOf, post } from '../endpoint';
import { DateOnly, DeleteBatchRequest, DeleteBatchResult, Id, IdParams, MultiFilter, NoData, PageFields, PageResult, Text, TextFilter, titled } from '../common';
import { ORDER_MAX_QUANTITY, ORDER_TOLERANCE_MAX } from './order';

/**
 * ERP intake (issue 11 "ERP intake"): the inbound API an ERP calls to create, change and revoke
 * production orders, authenticated by an integration key of one factory (header
 * `X-Integration-Key`, never a user token); the sync log of every message (/erp-log) with retry; the
 * factory's integration keys; change warnings of orders already scheduled or issued (accept / keep);
 * and the order recycling bin (/order-recycling-bin: revoked orders, restore or delete for good).
 *
 * A message is identified by ERP order no + line + version: the same version twice changes nothing
 * (logged as a duplicate), an older version than the order's is refused (logged as abnormal).
 */

/** The header carrying the integration key. */
export const INTEGRATION_KEY_HEADER = 'x-integration-key';

/** What a message asks for. */
export const ERP_MESSAGE_TYPE = defineEnum([
  { value: 'create', label: '新建' },
  { value: 'change', label: '变更' },
  { value: 'revoke', label: '撤销' },
]);
export type ErpMessageType = 'create' | 'change' | 'revoke';

/** A change warning: 0 pending, 1 accepted, 2 kept as it was. */
export const CHANGE_WARNING_STATE = defineEnum([
  { value: 0, label: '待处理' },
  { value: 1, label: '已接受' },
  { value: 2, label: '已保持原样' },
]);

export const ErpMessages = {
  keyMissing: '缺少接口密钥（请求头 X-Integration-Key）',
  keyInvalid: '接口密钥无效',
  keyRevoked: '接口密钥已作废',
  keyNotFound: '接口密钥不存在',
  keyAlreadyRevoked: '接口密钥已作废，无需重复作废',
  logNotFound: '同步日志不存在',
  retryNotAllowed: (no: string) => `同步日志${no}不是失败或异常状态，不能重试`,
  duplicate: (version: number) => `重复消息：版本${version}已处理，未做修改`,
  olderVersion: (version: number, current: number) => `版本${version}早于已处理的版本${current}，已拒绝`,
  orderMissing: (erpNo: string) => `ERP订单${erpNo}不存在`,
  orderRevoked: (erpNo: string) => `ERP订单${erpNo}已撤销（在回收站中）`,
  fieldRequired: (label: string) => `新建订单缺少${label}`,
  revokeReported: '订单已有报工记录，不能撤销',
  warningNotFound: '变更提醒不存在',
  warningHandled: '变更提醒已处理',
  binNotFound: '回收站中没有该订单',
  binReported: '订单已有报工记录，不能彻底删除',
} as const;

const Tolerance = (title: string) => Type.Optional(Type.Number({ title, minimum: 0, maximum: ORDER_TOLERANCE_MAX }));
const Dimension = (title: string) => Type.Optional(Type.Integer({ title, minimum: 0, maximum: 10_000 }));
const enumField = (values: readonly number[], title: string) => Type.Optional(Type.Union(values.map((value) => Type.Literal(value)), { title }));
const Optional = (title: string, maxLength: number) => Type.Optional(Text({ title, maxLength }));

/**
 * The order fields an ERP sends (all optional: a change sends what changed; a create needs 客户名称,
 * 产品编号 or 产品名称, 订单数量 and 交货日期, checked by the intake and logged when missing). The
 * product is found in the product file by number, else by name; an unknown product is accepted
 * as 待录入 for a planner to complete.
 */
export const ErpOrderFields = Type.Object(
  {
    customerName: Optional('客户名称', 50),
    customerPo: Optional('客户PO号', 50),
    productNo: Optional('产品编号', 30),
    productName: Optional('产品名称', 50),
    boxStyle: Optional('箱型', 10),
    lengthMm: Dimension('长（mm）'),
    widthMm: Dimension('宽（mm）'),
    heightMm: Dimension('高（mm）'),
    boardCode: Optional('纸板编码', 30),
    flute: Optional('楞型', 10),
    printColors: Type.Optional(Type.Integer({ title: '印色数', minimum: 0, maximum: 12 })),
    quantity: Type.Optional(Type.Integer({ title: '订单数量', minimum: 1, maximum: ORDER_MAX_QUANTITY })),
    unit: Optional('单位', 10),
    overPercent: Tolerance('超交比例（%）'),
    underPercent: Tolerance('欠交比例（%）'),
    deliveryDate: Type.Optional(DateOnly('交货日期')),
    urgency: enumField(URGENCY.values, '紧急程度'),
    priority: enumField(PRIORITY.values, '优先级'),
    importance: enumField(IMPORTANCE.values, '重要程度'),
    remark: Optional('备注', 200),
  },
  { title: '订单内容' },
);
export type ErpOrderFields = Static<typeof ErpOrderFields>;

/** One message of the ERP. */
export const ErpOrderMessage = Type.Object({
  type: Type.Union(
    ERP_MESSAGE_TYPE.values.map((value) => Type.Literal(value)),
    { title: '消息类型' },
  ),
  erpOrderNo: Text({ title: 'ERP订单号', minLength: 1, maxLength: 50 }),
  erpLine: Type.Optional(Text({ title: 'ERP行号', maxLength: 20 })),
  version: Type.Integer({ title: '版本号', minimum: 1, maximum: 2_000_000_000 }),
  order: Type.Optional(ErpOrderFields),
});
export type ErpOrderMessage = Static<typeof ErpOrderMessage>;

/** What the ERP gets back for an accepted message (a refused one gets an error code and message, and is logged too). */
export const ErpSyncResult = Type.Object({
  logId: Type.Integer(),
  status: Type.Integer(),
  result: Type.String(),
  orderId: Type.Union([Type.Integer(), Type.Null()]),
  orderNo: Type.String(),
});
export type ErpSyncResult = Static<typeof ErpSyncResult>;

/** Most messages in one batch. */
export const ERP_BATCH_MAX = 500;

/** Several messages at once (an ERP's queue): each applied, answered and logged as if sent alone, in the order given. */
export const ErpBatchRequest = Type.Object({
  messages: Type.Array(ErpOrderMessage, { title: '订单消息', minItems: 1, maxItems: ERP_BATCH_MAX }),
});
export type ErpBatchRequest = Static<typeof ErpBatchRequest>;

/** One message's outcome in a batch: `code` 1000 when accepted, else the code and `error` it would have got alone (its log row says the same). */
export const ErpBatchOutcome = Type.Object({
  logId: Type.Integer(),
  status: Type.Integer(),
  code: Type.Integer(),
  result: Type.String(),
  error: Type.String(),
  orderId: Type.Union([Type.Integer(), Type.Null()]),
  orderNo: Type.String(),
});
export type ErpBatchOutcome = Static<typeof ErpBatchOutcome>;

export const ErpBatchResult = Type.Object({ results: Type.Array(ErpBatchOutcome) });
export type ErpBatchResult = Static<typeof ErpBatchResult>;

/** `<name>Start` / `<name>End` of a list's time filter (the list engine's dateRange). */
const timeRange = <N extends string>(name: N, title: string) =>
  ({ [`${name}Start`]: Type.Optional(Text({ title, maxLength: 30 })), [`${name}End`]: Type.Optional(Text({ title, maxLength: 30 })) }) as Record<`${N}Start` | `${N}End`, TOptional<TString>>;

// ---- sync log -----------------------------------------------------------------------------------

export const ErpLogListQuery = Type.Object({
  ...PageFields,
  erpOrderNo: TextFilter('ERP订单号'),
  orderNo: TextFilter('订单号'),
  messageType: Type.Optional(Text({ title: '消息类型', maxLength: 100 })),
  status: MultiFilter('同步状态'),
  ...timeRange('createTime', '同步时间'),
});
export type ErpLogListQuery = Static<typeof ErpLogListQuery>;

export const ErpLogEntry = Type.Object({
  id: Type.Integer(),
  messageType: Type.String(),
  erpOrderNo: Type.String(),
  erpLine: Type.String(),
  erpVersion: Type.Integer(),
  status: Type.Integer(),
  result: Type.String(),
  error: Type.String(),
  orderId: Type.Union([Type.Integer(), Type.Null()]),
  orderNo: Type.String(),
  attempts: Type.Integer(),
  createTime: Type.String(),
  updateTime: Type.String(),
});
export type ErpLogEntry = Static<typeof ErpLogEntry>;

export const ErpLogDetail = Type.Object({ ...ErpLogEntry.properties, payload: Type.Unknown() });
export type ErpLogDetail = Static<typeof ErpLogDetail>;

export const ErpRetryRequest = Type.Object({
  ids: Type.Array(titled(Id, '同步日志'), { title: '所选日志', minItems: 1, maxItems: 200, uniqueItems: true }),
});
export type ErpRetryRequest = Static<typeof ErpRetryRequest>;
export const ErpRetryResult = Type.Object({ retried: Type.Integer(), succeeded: Type.Integer() });
export type ErpRetryResult = Static<typeof ErpRetryResult>;

// ---- integration keys ---------------------------------------------------------------------------

export const IntegrationKey = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  keyPrefix: Type.String(),
  revoked: Type.Boolean(),
  lastUsedTime: Type.String(),
  createdBy: Type.String(),
  createTime: Type.String(),
});
export type IntegrationKey = Static<typeof IntegrationKey>;

export const CreateIntegrationKeyRequest = Type.Object({ name: Text({ title: '密钥名称', minLength: 1, maxLength: 50 }) });
export type CreateIntegrationKeyRequest = Static<typeof CreateIntegrationKeyRequest>;
/** The new key, shown once: only its hash is stored. */
export const CreatedIntegrationKey = Type.Object({ id: Type.Integer(), key: Type.String(), keyPrefix: Type.String() });
export type CreatedIntegrationKey = Static<typeof CreatedIntegrationKey>;
export const RevokeIntegrationKeyRequest = Type.Object({ id: titled(Id, '接口密钥') });

// ---- change warnings ----------------------------------------------------------------------------

export const FieldChangeView = Type.Object({ field: Type.String(), label: Type.String(), from: Type.String(), to: Type.String() });
export type FieldChangeView = Static<typeof FieldChangeView>;

export const ChangeWarning = Type.Object({
  id: Type.Integer(),
  orderId: Type.Integer(),
  orderNo: Type.String(),
  erpVersion: Type.Integer(),
  state: Type.Integer(),
  changes: Type.Array(FieldChangeView),
  handledBy: Type.String(),
  handledTime: Type.String(),
  createTime: Type.String(),
});
export type ChangeWarning = Static<typeof ChangeWarning>;

export const ChangeWarningQuery = Type.Object({
  orderId: titled(Id, '订单'),
  /** Only pending ones (default) or every warning of the order. */
  all: Type.Optional(Type.Boolean({ title: '全部' })),
});
export type ChangeWarningQuery = Static<typeof ChangeWarningQuery>;

export const HandleWarningsRequest = Type.Object({
  ids: Type.Array(titled(Id, '变更提醒'), { title: '所选变更提醒', minItems: 1, maxItems: 100, uniqueItems: true }),
});
export type HandleWarningsRequest = Static<typeof HandleWarningsRequest>;

// ---- recycling bin ------------------------------------------------------------------------------

export const BinListQuery = Type.Object({
  ...PageFields,
  orderNo: TextFilter('订单号'),
  erpOrderNo: TextFilter('ERP订单号'),
  customerName: TextFilter('客户名称'),
  productName: TextFilter('产品名称'),
  ...timeRange('revokedTime', '撤销时间'),
});
export type BinListQuery = Static<typeof BinListQuery>;

export const BinOrder = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  erpOrderNo: Type.String(),
  erpLine: Type.String(),
  erpVersion: Type.Integer(),
  customerName: Type.String(),
  productName: Type.String(),
  quantity: Type.Integer(),
  unit: Type.String(),
  deliveryDate: Type.String(),
  status: Type.Integer(),
  hasReports: Type.Boolean(),
  revokedTime: Type.String(),
  createTime: Type.String(),
});
export type BinOrder = Static<typeof BinOrder>;

export const BinRestoreResult = Type.Object({ restored: Type.Integer() });

/** Every endpoint of the ERP intake, the sync log, the keys, change warnings and the recycling bin. */
export const ErpApi = {
  /** The ERP's call: authenticated by the integration key in the handler (public for the session check). */
  sync: post('/dps-server/erp/order/sync', { body: ErpOrderMessage, response: ErpSyncResult, public: true, name: 'ERP订单同步' }),
  /** Up to ERP_BATCH_MAX messages in one call and one transaction (same key check); a message's refusal is its outcome, not the call's. */
  syncBatch: post('/dps-server/erp/order/sync_batch', { body: ErpBatchRequest, response: ErpBatchResult, public: true, name: 'ERP订单批量同步' }),

  logList: get('/dps-server/enterprise/erp_log/list', { query: ErpLogListQuery, response: PageResult(ErpLogEntry), authority: A.erpLog }),
  logDetail: get('/dps-server/enterprise/erp_log/detail/:id', { params: IdParams, response: ErpLogDetail, authority: A.erpLog }),
  logRetry: post('/dps-server/enterprise/erp_log/retry', { body: ErpRetryRequest, response: ErpRetryResult, authority: A.erpRetry }),

  keyList: get('/dps-server/enterprise/erp_key/list', { response: Type.Array(IntegrationKey), authority: A.erpKey }),
  keyCreate: post('/dps-server/enterprise/erp_key/create', { body: CreateIntegrationKeyRequest, response: CreatedIntegrationKey, authority: A.erpKey }),
  keyRevoke: post('/dps-server/enterprise/erp_key/revoke', { body: RevokeIntegrationKeyRequest, response: NoData, authority: A.erpKey }),

  /** An order's change warnings: shown on the order, scheduling and sync-log screens of the factory. */
  warningList: get('/dps-server/erp/change_warning/list', { query: ChangeWarningQuery, response: Type.Array(ChangeWarning), session: true }),
  warningAccept: post('/dps-server/erp/change_warning/accept', { body: HandleWarningsRequest, response: NoData, authority: A.orderChange }),
  warningKeep: post('/dps-server/erp/change_warning/keep', { body: HandleWarningsRequest, response: NoData, authority: A.orderChange }),

  binList: get('/dps-server/order_recycling_bin/list', { query: BinListQuery, response: PageResult(BinOrder), authority: A.recyclingBin }),
  binRestore: post('/dps-server/order_recycling_bin/restore', { body: DeleteBatchRequest, response: BinRestoreResult, authority: A.binRestore }),
  binDelete: post('/dps-server/order_recycling_bin/delete_batch', { body: DeleteBatchRequest, response: DeleteBatchResult, authority: A.binDelete }),
};
export const ErpPaths = pathsOf(ErpApi);
