import { Type, type Static } from '@sinclair/typebox';
import { defineEnum, IMPORTANCE, ORDER_STATUS, PRIORITY, URGENCY } from '../../enums';
import { WorkOrderAuthorities as A } from '../../access/authorities/work-order';
import { DateOnly, Id, IdParams, MultiFilter, OptionalId, OptionalText, PageFields, PageResult, Remark, ShortText, Stamps, Text, TextFilter, titled, updateOf } from '../common';
import { crudEndpoints, FILE, get, pathsOf, post } from '../endpoint';
import { importEndpoints } from '../files';
import type { OrderAction, OrderStateFacts } from './order-state';
import { MAX_SHEET_MM } from './sheet-size';

/** Where an order came from. */
export const ORDER_SOURCE = defineEnum([
  { value: 1, label: '手工录入' },
  { value: 2, label: 'ERP' },
  { value: 3, label: '导入' },
]);

/** The most an order may ask for (sheets or boxes). */
export const ORDER_MAX_QUANTITY = 10_000_000;
/** Over/under-run tolerance bounds, percent. */
export const ORDER_TOLERANCE_MAX = 50;
export const ORDER_NO_PATTERN = '^[A-Za-z0-9_-]+$';
export const ORDER_MAX_ATTACHMENTS = 20;

const Dimension = (title: string) => Type.Integer({ title, minimum: 0, maximum: 10_000 });
const SheetDimension = (title: string) => Type.Integer({ title, minimum: 1, maximum: MAX_SHEET_MM });
const Tolerance = (title: string) => Type.Number({ title, minimum: 0, maximum: ORDER_TOLERANCE_MAX });
const enumField = (values: readonly number[], title: string) => Type.Union(values.map((value) => Type.Literal(value)), { title });
/** Attachments as the form sends them: the download handles (`url`) of files uploaded in the factory. */
const Attachments = Type.Array(Text({ minLength: 1, maxLength: 500 }), { title: '附件', maxItems: ORDER_MAX_ATTACHMENTS });
/** An order's attachment as stored and answered: its download handle and the name it was uploaded with. */
export const OrderAttachment = Type.Object({ url: Type.String(), name: Type.String() });
export type OrderAttachment = Static<typeof OrderAttachment>;

/**
 * What a planner enters for an order (create and edit). The product fills dimensions, board and
 * flow in the form; the server copies the flow's steps onto the order as its operations (later
 * edits of the flow do not touch running orders) and keeps a snapshot of product and flow names.
 */
export const ProductionOrderFields = {
  orderNo: Type.Optional(Type.String({ title: '订单号', minLength: 1, maxLength: 30, pattern: ORDER_NO_PATTERN })),
  customerName: ShortText('客户名称', 50),
  customerPo: OptionalText('客户PO号', 50),
  productId: OptionalId('产品'),
  productName: Type.Optional(ShortText('产品名称', 50)),
  boxStyle: OptionalText('箱型', 10),
  lengthMm: titled(Dimension('长'), '长（mm）'),
  widthMm: titled(Dimension('宽'), '宽（mm）'),
  heightMm: titled(Dimension('高'), '高（mm）'),
  boardCode: OptionalText('纸板编码', 30),
  flute: OptionalText('楞型', 10),
  /** Empty: computed from box style, dimensions and flute (sheet-size.ts). */
  sheetWidthMm: Type.Optional(SheetDimension('纸板宽（mm）')),
  sheetLengthMm: Type.Optional(SheetDimension('纸板长（mm）')),
  printColors: Type.Optional(Type.Integer({ title: '印色数', minimum: 0, maximum: 12 })),
  dieNo: OptionalText('刀模编号', 30),
  plateNo: OptionalText('印版编号', 100),
  quantity: Type.Integer({ title: '订单数量', minimum: 1, maximum: ORDER_MAX_QUANTITY }),
  unit: OptionalText('单位', 10),
  overPercent: Type.Optional(Tolerance('超交比例（%）')),
  underPercent: Type.Optional(Tolerance('欠交比例（%）')),
  deliveryDate: DateOnly('交货日期'),
  urgency: Type.Optional(enumField(URGENCY.values, '紧急程度')),
  priority: Type.Optional(enumField(PRIORITY.values, '优先级')),
  importance: Type.Optional(enumField(IMPORTANCE.values, '重要程度')),
  /** A flow of the factory; empty: the product's flow. */
  flowId: OptionalId('工艺路线'),
  remark: Remark(),
  attachments: Type.Optional(Attachments),
};

export const CreateProductionOrderRequest = Type.Object(ProductionOrderFields);
export type CreateProductionOrderRequest = Static<typeof CreateProductionOrderRequest>;
export const UpdateProductionOrderRequest = updateOf(ProductionOrderFields);
export type UpdateProductionOrderRequest = Static<typeof UpdateProductionOrderRequest>;

/** One operation of an order (one step of its own flow). */
export const OrderOperation = Type.Object({
  id: Type.Integer(),
  orderId: Type.Integer(),
  seq: Type.Integer(),
  processId: Type.Union([Type.Integer(), Type.Null()]),
  processName: Type.String(),
  plannedQty: Type.Integer(),
  wasteQty: Type.Integer(),
  /** Spec §4 operation status: 0,1,2,3,6,7. */
  status: Type.Integer(),
  deviceId: Type.Union([Type.Integer(), Type.Null()]),
  deviceName: Type.String(),
  issued: Type.Boolean(),
  plannedStart: Type.Union([Type.String(), Type.Null()]),
  plannedEnd: Type.Union([Type.String(), Type.Null()]),
  /** Audited sums. */
  goodQty: Type.Integer(),
  defectQty: Type.Integer(),
  /** Reported but not yet audited (good). */
  pendingQty: Type.Integer(),
});
export type OrderOperation = Static<typeof OrderOperation>;

/** A production order as listed. */
export const ProductionOrder = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  erpOrderNo: Type.String(),
  erpLine: Type.String(),
  erpVersion: Type.Integer(),
  source: Type.Integer(),
  customerName: Type.String(),
  customerPo: Type.String(),
  productId: Type.Union([Type.Integer(), Type.Null()]),
  productNo: Type.String(),
  productName: Type.String(),
  boxStyle: Type.String(),
  lengthMm: Type.Integer(),
  widthMm: Type.Integer(),
  heightMm: Type.Integer(),
  boardCode: Type.String(),
  flute: Type.String(),
  sheetWidthMm: Type.Integer(),
  sheetLengthMm: Type.Integer(),
  printColors: Type.Integer(),
  dieNo: Type.String(),
  plateNo: Type.String(),
  quantity: Type.Integer(),
  unit: Type.String(),
  overPercent: Type.Number(),
  underPercent: Type.Number(),
  deliveryDate: Type.String(),
  urgency: Type.Integer(),
  priority: Type.Integer(),
  importance: Type.Integer(),
  flowId: Type.Union([Type.Integer(), Type.Null()]),
  flowName: Type.String(),
  remark: Type.String(),
  attachments: Type.Array(OrderAttachment),
  status: Type.Integer(),
  suspendedFrom: Type.Union([Type.Integer(), Type.Null()]),
  scheduleState: Type.Integer(),
  issueState: Type.Integer(),
  productionState: Type.Integer(),
  revoked: Type.Boolean(),
  goodQty: Type.Integer(),
  /** Pending ERP change warnings. */
  changeWarnings: Type.Integer(),
  ...Stamps,
});
export type ProductionOrder = Static<typeof ProductionOrder>;

/** One line of an order's history: who changed what, when. */
export const OrderHistoryEntry = Type.Object({
  id: Type.Integer(),
  userName: Type.String(),
  action: Type.String(),
  content: Type.String(),
  changes: Type.Array(Type.Object({ field: Type.String(), label: Type.String(), from: Type.Unknown(), to: Type.Unknown() })),
  createTime: Type.String(),
});
export type OrderHistoryEntry = Static<typeof OrderHistoryEntry>;

export const OrderIdsRequest = Type.Object({
  ids: Type.Array(titled(Id, '订单'), { title: '所选订单', minItems: 1, maxItems: 500, uniqueItems: true }),
});
export type OrderIdsRequest = Static<typeof OrderIdsRequest>;

// ---- the production order API (/production-order, /production-order-issued, /semi-production-order) ----

/** A production order as the order screens list it: the row plus what the state machine needs for the buttons. */
export const ProductionOrderRow = Type.Object({
  ...ProductionOrder.properties,
  /** Any report (not 作废) against one of its operations. */
  hasReports: Type.Boolean(),
  /** Any operation issued to the floor. */
  hasIssued: Type.Boolean(),
});
export type ProductionOrderRow = Static<typeof ProductionOrderRow>;

/**
 * A row of the three order lists: what their columns, row buttons (state machine) and batch
 * dialogs read. The detail drawer and the editor read the whole order (`detail`); the export writes
 * whole orders too. Half the columns of a whole order, so a page is half the bytes to read,
 * serialise and send.
 */
export const ProductionOrderListRow = Type.Pick(ProductionOrderRow, [
  'id', 'orderNo', 'erpOrderNo', 'source', 'customerName', 'productName', 'lengthMm', 'widthMm', 'heightMm', 'quantity', 'unit',
  'goodQty', 'deliveryDate', 'urgency', 'status', 'suspendedFrom', 'scheduleState', 'issueState', 'productionState', 'revoked',
  'changeWarnings', 'hasReports', 'hasIssued', 'createTime',
]);
export type ProductionOrderListRow = Static<typeof ProductionOrderListRow>;

/** The filters of the order lists (orders in the recycling bin are never listed here). */
export const ProductionOrderListQuery = Type.Object({
  ...PageFields,
  /** Tag input: comma-joined order numbers match any. */
  orderNo: TextFilter('订单号'),
  erpOrderNo: TextFilter('ERP单号'),
  customerName: TextFilter('客户名称'),
  productName: TextFilter('产品'),
  deliveryDateStart: TextFilter('交货日期'),
  deliveryDateEnd: TextFilter('交货日期'),
  status: MultiFilter('订单状态'),
  urgency: MultiFilter('紧急程度'),
  issueState: MultiFilter('下发状态'),
  productionState: MultiFilter('生产状态'),
  source: MultiFilter('来源'),
});
export type ProductionOrderListQuery = Static<typeof ProductionOrderListQuery>;

/** A state action on selected orders (all of them move, or none). */
export const OrderActionRequest = Type.Object({
  ...OrderIdsRequest.properties,
  note: OptionalText('备注', 200),
});
export type OrderActionRequest = Static<typeof OrderActionRequest>;
export const OrderActionResult = Type.Object({ moved: Type.Integer() });
export type OrderActionResult = Static<typeof OrderActionResult>;

export const OrderDeliveryDateRequest = Type.Object({ ...OrderIdsRequest.properties, deliveryDate: DateOnly('交货日期') });
export type OrderDeliveryDateRequest = Static<typeof OrderDeliveryDateRequest>;
export const OrderUrgencyRequest = Type.Object({ ...OrderIdsRequest.properties, urgency: enumField(URGENCY.values, '紧急程度') });
export type OrderUrgencyRequest = Static<typeof OrderUrgencyRequest>;

/** The most rows one order import may carry (each becomes an order with its operations). */
export const ORDER_IMPORT_MAX_ROWS = 2000;

/** The status actions a planner takes from the order screens, each behind its button code. */
export const ORDER_SCREEN_ACTIONS = ['submit', 'approve', 'reject', 'hold', 'release', 'suspend', 'resume', 'end', 'recycle', 'recover', 'close'] as const satisfies readonly OrderAction[];
export type OrderScreenAction = (typeof ORDER_SCREEN_ACTIONS)[number];

/** The button code of each status action (the server checks the same code). */
export const ORDER_ACTION_AUTHORITY: Record<OrderScreenAction, string> = {
  submit: A.orderEdit,
  approve: A.orderAudit,
  reject: A.orderAudit,
  hold: A.orderEdit,
  release: A.orderEdit,
  suspend: A.orderSuspend,
  resume: A.orderSuspend,
  end: A.orderEndProduction,
  recycle: A.orderRecycle,
  recover: A.orderRecycle,
  close: A.orderClose,
};

/**
 * Urgency may change until the order is finished (a rush on a running order is the common case);
 * the reason it may not, in the state machine's words.
 */
export function urgencyRefusal(facts: OrderStateFacts): string | undefined {
  if (facts.revoked) return '订单已撤销（在回收站中），不能加急';
  if (facts.status === 5 || facts.status === 6) return `订单状态为「${ORDER_STATUS.label(facts.status)}」，不能加急`;
  return undefined;
}

const base = '/dps-server/production_order';
const read = { authority: A.group } as const;
const action = <const N extends OrderScreenAction>(name: N) =>
  post(`${base}/${name}`, { body: OrderActionRequest, response: OrderActionResult, authority: ORDER_ACTION_AUTHORITY[name] });

/**
 * Every endpoint of the order screens. Lists: 生产订单 (every order not in the recycling bin),
 * 已下发工单 (orders with issued work orders) and 回收订单 (status 7), each behind its page code;
 * detail, operations and history are read by any work-order page. Each status action is an
 * endpoint of its own behind its button code, for one or many orders (all move or none: 4009
 * with the state machine's message).
 */
export const ProductionOrderApi = {
  list: get(`${base}/list`, { query: ProductionOrderListQuery, response: PageResult(ProductionOrderListRow), authority: A.productionOrder }),
  issuedList: get(`${base}/issued_list`, { query: ProductionOrderListQuery, response: PageResult(ProductionOrderListRow), authority: A.issued }),
  semiList: get(`${base}/semi_list`, { query: ProductionOrderListQuery, response: PageResult(ProductionOrderListRow), authority: A.semiProductionOrder }),
  detail: get(`${base}/detail/:id`, { params: IdParams, response: ProductionOrderRow, ...read }),
  operations: get(`${base}/operations/:id`, { params: IdParams, response: Type.Array(OrderOperation), ...read }),
  history: get(`${base}/history/:id`, { params: IdParams, response: Type.Array(OrderHistoryEntry), ...read }),
  ...crudEndpoints('', base, CreateProductionOrderRequest, UpdateProductionOrderRequest, { add: A.orderAdd, edit: A.orderEdit, remove: A.orderDelete }),
  ...importEndpoints('', base, A.orderImport),
  submit: action('submit'),
  approve: action('approve'),
  reject: action('reject'),
  hold: action('hold'),
  release: action('release'),
  suspend: action('suspend'),
  resume: action('resume'),
  end: action('end'),
  recycle: action('recycle'),
  recover: action('recover'),
  close: action('close'),
  batchDeliveryDate: post(`${base}/batch_delivery_date`, { body: OrderDeliveryDateRequest, response: OrderActionResult, authority: A.orderBatchDeliveryDate }),
  urgent: post(`${base}/urgent`, { body: OrderUrgencyRequest, response: OrderActionResult, authority: A.orderUrgent }),
  export: post(`${base}/export`, { body: ProductionOrderListQuery, response: FILE, authority: A.orderExport }),
};
export const ProductionOrderPaths = pathsOf(ProductionOrderApi);
