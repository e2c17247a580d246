import { sql, type Insertable, type Selectable } from 'kysely';
import { ORDER_ACTION_LABEL, orderTransition, type OrderAction, type OrderStateFacts } from '@core/contracts/work-order/order-state';
import type { EnterpriseConfigSections } from '@core/contracts/sys-cfg';
import type { CreateProductionOrderRequest } from '@core/contracts/work-order/order';
import { sheetSize } from '@core/contracts/work-order/sheet-size';
import type { Db } from '../../db';
import { recordOperation, recordOperations, type OperationContext } from '../../db/operation-log';
import type { FieldChange, ProductionOrderTable, ProductTable } from '../../db/schema';
import type { Scope } from '../../plugins/auth';
import { conflict, notFound, validation } from '../../lib/errors';
import { storedFiles } from '../../lib/rows';
import { inScope } from '../../lib/scoped';
import { followProductionOrder } from '../paperboard';
import { enterpriseSections } from '../sys-cfg';

/**
 * The production order's core, shared by everything that creates or moves orders (the order
 * screens, ERP intake, reporting, scheduling): turning what a planner or an ERP sends into an order
 * with its operations, the state machine applied in the caller's transaction, and the history.
 */

/** What creates an order: the form's fields (ERP intake maps its message onto the same). */
export type OrderInput = CreateProductionOrderRequest;

export const OrderMessages = {
  notFound: '生产订单不存在',
  productNotFound: '产品不存在',
  flowNotFound: '工艺路线不存在',
  flowEmpty: '工艺路线没有工序',
  flowRequired: '请选择工艺路线（产品未设置工艺路线）',
  productNameRequired: '请选择产品或填写产品名称',
  orderNoTaken: (orderNo: string) => `订单号${orderNo}已存在`,
  sheetTooLarge: '纸板尺寸超出范围，请填写纸板宽和纸板长',
  attachmentNotFound: '附件不存在或已被删除，请重新上传',
};

/** One operation as planned: a step of the order's own flow with the quantity it must make. */
export interface PlannedOperation {
  seq: number;
  processId: number | null;
  processName: string;
  plannedQty: number;
  wasteQty: number;
}

interface FlowStepWaste {
  seq: number;
  processId: number;
  processName: string;
  setupWaste: number;
  runningWastePercent: number;
}

/**
 * Quantities per step, from the last backwards: each step must deliver what the next one needs,
 * plus its own setup waste and running waste (a percentage of what it delivers, rounded up).
 */
export function plannedQuantities(quantity: number, steps: FlowStepWaste[]): PlannedOperation[] {
  let need = quantity;
  const planned: PlannedOperation[] = [];
  for (const step of [...steps].sort((a, b) => b.seq - a.seq)) {
    const waste = step.setupWaste + Math.ceil((need * step.runningWastePercent) / 100);
    planned.unshift({ seq: step.seq, processId: step.processId, processName: step.processName, plannedQty: need + waste, wasteQty: waste });
    need += waste;
  }
  return planned.map((operation, index) => ({ ...operation, seq: index + 1 }));
}

/** The steps of a flow of the factory with their process waste (4004 when the flow is not the factory's). */
export async function flowSteps(db: Db, scope: Scope, flowId: number): Promise<{ name: string; steps: FlowStepWaste[] }> {
  const flow = await db.selectFrom('process_flow').select(['id', 'name']).where(inScope(scope)).where('id', '=', flowId).executeTakeFirst();
  if (!flow) throw notFound(OrderMessages.flowNotFound);
  const steps = await db
    .selectFrom('process_flow_step as s')
    .innerJoin('process as p', 'p.id', 's.process_id')
    .select(['s.seq', 'p.id as processId', 'p.name as processName', 'p.setup_waste_qty as setupWaste', 'p.running_waste_percent as runningWaste'])
    .where('s.flow_id', '=', flowId)
    .orderBy('s.seq')
    .execute();
  return {
    name: flow.name,
    steps: steps.map((step) => ({ seq: step.seq, processId: step.processId, processName: step.processName, setupWaste: step.setupWaste, runningWastePercent: Number(step.runningWaste) })),
  };
}

type OrderColumns = Omit<Insertable<ProductionOrderTable>, 'enterprise_id' | 'org_id' | 'order_no' | 'status'>;

/** The product columns an order takes over. */
export type OrderProduct = Pick<Selectable<ProductTable>, 'id' | 'product_no' | 'name' | 'box_style' | 'length_mm' | 'width_mm' | 'height_mm' | 'board_code' | 'flute' | 'colors' | 'process_flow_id' | 'score_allowance_mm'>;
export const ORDER_PRODUCT_COLUMNS = ['id', 'product_no', 'name', 'box_style', 'length_mm', 'width_mm', 'height_mm', 'board_code', 'flute', 'colors', 'process_flow_id', 'score_allowance_mm'] as const;

/**
 * What creating an order reads besides its input: the product, the flow with its steps, the
 * factory's config and a new order number. `orderLookups` reads each when asked (one order);
 * `batchOrderLookups` (ERP batch intake) reads each product, flow and the config once per batch and
 * draws consecutive order numbers from one read of the day's last number, the caller holding the
 * factory's numbering lock for the whole transaction.
 */
export interface OrderLookups {
  product(id: number): Promise<OrderProduct | undefined>;
  flow(id: number): Promise<{ name: string; steps: FlowStepWaste[] }>;
  sections(): Promise<EnterpriseConfigSections>;
  orderNo(prefix: string, day: Date): Promise<string>;
  /** Whether a drawn number must still be checked against the factory's orders (one order at a time: yes). */
  checkTaken: boolean;
}

export function orderLookups(db: Db, scope: Scope): OrderLookups {
  return {
    product: (id) => db.selectFrom('product').select(ORDER_PRODUCT_COLUMNS).where(inScope(scope)).where('id', '=', id).executeTakeFirst(),
    flow: (id) => flowSteps(db, scope, id),
    sections: () => enterpriseSections(db, scope),
    orderNo: (prefix, day) => nextOrderNo(db, scope, prefix, day),
    checkTaken: true,
  };
}

const memo = <K, V>(load: (key: K) => Promise<V>) => {
  const cache = new Map<K, Promise<V>>();
  return (key: K) => {
    let value = cache.get(key);
    if (!value) {
      value = load(key);
      cache.set(key, value);
      // A refusal (e.g. a flow of another factory) is not remembered as a value: asked again, asked again.
      value.catch(() => cache.delete(key));
    }
    return value;
  };
};

/** Lookups of one batch in one transaction `trx` (see OrderLookups); `products` already read by the caller are used as they are. */
export function batchOrderLookups(trx: Db, scope: Scope, products: OrderProduct[] = []): OrderLookups {
  const direct = orderLookups(trx, scope);
  const known = new Map(products.map((product) => [product.id, product]));
  let last: { stem: string; no: number } | undefined;
  return {
    product: memo(async (id: number) => known.get(id) ?? direct.product(id)),
    flow: memo(direct.flow),
    sections: memo(direct.sections).bind(null, undefined),
    async orderNo(prefix, day) {
      const stem = stemOf(prefix, day);
      if (last?.stem !== stem) {
        const first = await nextOrderNo(trx, scope, prefix, day);
        last = { stem, no: Number(first.slice(stem.length)) };
        return first;
      }
      last.no += 1;
      return `${stem}${pad(last.no, 4)}`;
    },
    checkTaken: false,
  };
}

/**
 * Order numbers drawn when the orders are written, not when they are checked: `lookups` gives each
 * order a stand-in number, and `assign` replaces those of the orders given, in that order, with
 * consecutive numbers drawn through `numbers` (whose first draw takes the factory's numbering lock,
 * held until the transaction ends). A batch checks its hundreds of orders before it takes the lock,
 * so another batch of the factory writes meanwhile instead of waiting for the whole check.
 */
export function numberedOnWrite(numbers: OrderLookups): { lookups: OrderLookups; assign(orders: PreparedOrder[]): Promise<void> } {
  const days = new Map<string, { prefix: string; day: Date }>();
  let drawn = 0;
  return {
    lookups: {
      ...numbers,
      async orderNo(prefix, day) {
        // Never a real number (they are printable), unique within the batch.
        const standIn = `\u0000${(drawn += 1)}`;
        days.set(standIn, { prefix, day });
        return standIn;
      },
      checkTaken: false,
    },
    async assign(orders) {
      for (const order of orders) {
        const wanted = days.get(order.values.order_no);
        if (!wanted) continue;
        days.delete(order.values.order_no);
        order.values.order_no = await numbers.orderNo(wanted.prefix, wanted.day);
      }
    },
  };
}

/**
 * An order's columns and operations from `input`: the product fills what the input leaves empty
 * (name, box style, dimensions, board, flute, colours, flow), the sheet size is computed when not
 * given, and the flow's steps become the operations. `requireFlow: false` (ERP intake) lets an
 * order without a known product or flow through, without operations (it waits as 待录入).
 */
export async function draftOrder(
  db: Db,
  scope: Scope,
  input: OrderInput,
  options: { requireFlow: boolean; lookups?: OrderLookups },
): Promise<{ columns: OrderColumns; operations: PlannedOperation[] }> {
  const lookups = options.lookups ?? orderLookups(db, scope);
  const product = input.productId ? await lookups.product(input.productId) : undefined;
  if (input.productId && !product) throw notFound(OrderMessages.productNotFound);
  const productName = input.productName?.trim() || product?.name;
  if (!productName) throw validation(OrderMessages.productNameRequired);

  const boxStyle = input.boxStyle ?? product?.box_style ?? '';
  const flute = input.flute ?? product?.flute ?? '';
  const dims = { lengthMm: input.lengthMm, widthMm: input.widthMm, heightMm: input.heightMm };
  let sheetWidth = input.sheetWidthMm;
  let sheetLength = input.sheetLengthMm;
  if (sheetWidth === undefined || sheetLength === undefined) {
    const size = sheetSize(boxStyle, dims, flute, product?.score_allowance_mm ?? null);
    sheetWidth ??= size.widthMm;
    sheetLength ??= size.lengthMm;
    if (sheetWidth < 1 || sheetLength < 1 || sheetWidth > 5000 || sheetLength > 5000) throw validation(OrderMessages.sheetTooLarge);
  }

  const flowId = input.flowId ?? product?.process_flow_id ?? null;
  let operations: PlannedOperation[] = [];
  let flowName = '';
  if (flowId !== null) {
    const flow = await lookups.flow(flowId);
    if (flow.steps.length === 0) throw validation(OrderMessages.flowEmpty);
    operations = plannedQuantities(input.quantity, flow.steps);
    flowName = flow.name;
  } else if (options.requireFlow) {
    throw validation(OrderMessages.flowRequired);
  }

  return {
    columns: {
      customer_name: input.customerName.trim(),
      customer_po: input.customerPo?.trim() ?? '',
      product_id: product?.id ?? null,
      product_no: product?.product_no ?? '',
      product_name: productName,
      box_style: boxStyle,
      length_mm: dims.lengthMm,
      width_mm: dims.widthMm,
      height_mm: dims.heightMm,
      board_code: input.boardCode ?? product?.board_code ?? '',
      flute,
      sheet_width_mm: sheetWidth,
      sheet_length_mm: sheetLength,
      print_colors: input.printColors ?? product?.colors ?? 0,
      die_no: input.dieNo?.trim() ?? '',
      plate_no: input.plateNo?.trim() ?? '',
      quantity: input.quantity,
      unit: input.unit?.trim() || '只',
      over_percent: input.overPercent ?? 0,
      under_percent: input.underPercent ?? 0,
      delivery_date: input.deliveryDate,
      urgency: input.urgency ?? 0,
      priority: input.priority ?? 2,
      importance: input.importance ?? 0,
      flow_id: flowId,
      flow_name: flowName,
      remark: input.remark?.trim() ?? '',
      // Only files uploaded in this factory; not given (ERP messages, older clients): kept as they are.
      ...(input.attachments !== undefined ? { attachments: JSON.stringify(await storedFiles(db, scope, input.attachments, OrderMessages.attachmentNotFound)) } : {}),
    },
    operations,
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const stemOf = (prefix: string, day: Date) => `${prefix}${day.getFullYear()}${pad(day.getMonth() + 1)}${pad(day.getDate())}`;

/**
 * The next order number `<prefix><yyyyMMdd><0001>` of the factory for `day`. Serialised per factory
 * by a transaction-scoped advisory lock, so two orders created at once never draw the same number.
 */
export async function nextOrderNo(trx: Db, scope: Scope, prefix: string, day: Date): Promise<string> {
  await sql`select pg_advisory_xact_lock(${scope.orgId}::int, 1301)`.execute(trx);
  const stem = stemOf(prefix, day);
  // The day's range as bounds on order_no, read backwards: the factory's order_no index answers it
  // with one row however many orders the factory has (max() with LIKE alone scanned them all).
  const row = await trx
    .selectFrom('production_order')
    .select('order_no as last')
    .where(inScope(scope))
    .where('order_no', '>=', `${stem}0000`)
    .where('order_no', '<=', `${stem}9999`)
    .where('order_no', 'like', `${stem}%`)
    .where(sql`length(order_no)`, '=', stem.length + 4)
    .orderBy('order_no', 'desc')
    .limit(1)
    .executeTakeFirst();
  const last = row?.last ? Number(row.last.slice(stem.length)) : 0;
  return `${stem}${pad((Number.isFinite(last) ? last : 0) + 1, 4)}`;
}

/** Who acts, for the history (the nick name as it is at the time). */
export interface Actor {
  userId: number | null;
  /** Shown in the history: a person's nick name, or e.g. 'ERP'. */
  name?: string;
}

async function actorName(db: Db, actor: Actor): Promise<string> {
  if (actor.name !== undefined) return actor.name;
  if (actor.userId === null) return '';
  const user = await db.selectFrom('app_user').select(['nick_name', 'username']).where('id', '=', actor.userId).executeTakeFirst();
  return user ? user.nick_name || user.username : '';
}

/** Appends a line to the order's history (in the caller's transaction). */
export async function addOrderHistory(trx: Db, scope: Scope, orderId: number, actor: Actor, action: string, content: string, changes: FieldChange[] = []): Promise<void> {
  await trx
    .insertInto('production_order_history')
    .values({
      enterprise_id: scope.enterpriseId,
      org_id: scope.orgId,
      order_id: orderId,
      user_id: actor.userId,
      user_name: await actorName(trx, actor),
      action,
      content,
      changes: JSON.stringify(changes),
    })
    .execute();
}

export interface CreateOrderOptions {
  source: 1 | 2 | 3;
  actor: Actor;
  context: OperationContext;
  /** ERP identity of the order (intake). */
  erp?: { orderNo: string; line: string; version: number };
  /** ERP intake: an order without product or flow is accepted as 待录入 (8). */
  requireFlow?: boolean;
  now?: Date;
  /** Where the product, flow, config and number come from (default: read for this one order). */
  lookups?: OrderLookups;
}

/** An order checked, numbered and ready to be written by `writeOrders`. */
export interface PreparedOrder {
  values: Insertable<ProductionOrderTable>;
  operations: PlannedOperation[];
  actor: Actor;
  context: OperationContext;
  status: number;
}

/**
 * Checks `input` and draws the order's number (in `trx`, which then holds the factory's numbering
 * lock): status 2 已下单 when the factory needs no order audit (订单审核配置), else 0 已创建; 8 待录入
 * when it has no flow yet. Refusals are AppErrors, thrown before anything is written.
 */
export async function prepareOrder(trx: Db, scope: Scope, input: OrderInput, options: CreateOrderOptions): Promise<PreparedOrder> {
  const lookups = options.lookups ?? orderLookups(trx, scope);
  const { columns, operations } = await draftOrder(trx, scope, input, { requireFlow: options.requireFlow ?? true, lookups });
  const config = await lookups.sections();
  const orderNo = input.orderNo ?? (await lookups.orderNo(config.orderTemplate.orderNoPrefix, options.now ?? new Date()));
  if (lookups.checkTaken || input.orderNo !== undefined) {
    const taken = await trx.selectFrom('production_order').select('id').where(inScope(scope)).where('order_no', '=', orderNo).executeTakeFirst();
    if (taken) throw conflict(OrderMessages.orderNoTaken(orderNo));
  }
  const status = operations.length === 0 ? 8 : config.orderAuditConfig.needAudit ? 0 : 2;
  return {
    values: {
      enterprise_id: scope.enterpriseId,
      org_id: scope.orgId,
      order_no: orderNo,
      ...columns,
      status,
      source: options.source,
      erp_order_no: options.erp?.orderNo ?? '',
      erp_line: options.erp?.line ?? '',
      erp_version: options.erp?.version ?? 0,
      created_by: options.actor.userId,
    },
    operations,
    actor: options.actor,
    context: options.context,
    status,
  };
}

/** Rows per multi-row insert (well under PostgreSQL's 65,535 parameters of one statement). */
const CHUNK = 200;
const chunks = <T>(rows: T[]) => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, index) => rows.slice(index * CHUNK, (index + 1) * CHUNK));

/**
 * Writes prepared orders of the factory in `trx` with their operations, a history line each and the
 * operation log, a few multi-row inserts for all of them. Returns the ids, in the order given.
 */
export async function writeOrders(trx: Db, scope: Scope, orders: PreparedOrder[]): Promise<number[]> {
  const idOf = new Map<string, number>();
  for (const part of chunks(orders)) {
    const rows = await trx.insertInto('production_order').values(part.map((order) => order.values)).returning(['id', 'order_no']).execute();
    for (const row of rows) idOf.set(row.order_no, row.id);
  }
  const ids = orders.map((order) => idOf.get(order.values.order_no)!);
  const operations = orders.flatMap((order, index) => operationRows(scope, ids[index]!, order.operations));
  for (const part of chunks(operations)) await trx.insertInto('production_order_operation').values(part).execute();
  const names = await Promise.all(orders.map((order) => actorName(trx, order.actor)));
  const history = orders.map((order, index) => ({
    enterprise_id: scope.enterpriseId,
    org_id: scope.orgId,
    order_id: ids[index]!,
    user_id: order.actor.userId,
    user_name: names[index]!,
    action: 'create',
    content: `新增订单${order.values.order_no}（${order.values.product_name}，${order.values.quantity}${order.values.unit}）`,
    changes: '[]',
  }));
  for (const part of chunks(history)) await trx.insertInto('production_order_history').values(part).execute();
  for (const part of chunks(orders)) {
    await recordOperations(trx, part.map((order) => [order.context, { ...scope, userId: order.actor.userId, content: `新增生产订单：${order.values.order_no}` }]));
  }
  return ids;
}

/**
 * Creates an order and its operations in `trx` (prepareOrder + writeOrders). Returns its id and number.
 */
export async function createOrder(trx: Db, scope: Scope, input: OrderInput, options: CreateOrderOptions): Promise<{ id: number; orderNo: string; status: number }> {
  const prepared = await prepareOrder(trx, scope, input, options);
  const [id] = await writeOrders(trx, scope, [prepared]);
  return { id: id!, orderNo: prepared.values.order_no, status: prepared.status };
}

/** The rows of an order's planned operations. */
export const operationRows = (scope: Pick<Scope, 'enterpriseId' | 'orgId'>, orderId: number, operations: PlannedOperation[]) =>
  operations.map((operation) => ({
    enterprise_id: scope.enterpriseId,
    org_id: scope.orgId,
    order_id: orderId,
    seq: operation.seq,
    process_id: operation.processId,
    process_name: operation.processName,
    planned_qty: operation.plannedQty,
    waste_qty: operation.wasteQty,
  }));

/** Writes an order's planned operations (a new order, or one whose flow was entered or replaced). */
export async function insertOperations(trx: Db, scope: Scope, orderId: number, operations: PlannedOperation[]): Promise<void> {
  if (operations.length === 0) return;
  await trx.insertInto('production_order_operation').values(operationRows(scope, orderId, operations)).execute();
}
/** The order row of the factory with what the state machine needs, locked for the caller's transaction. */
export async function lockOrder(trx: Db, scope: Scope, orderId: number) {
  const order = await trx
    .selectFrom('production_order')
    .selectAll()
    .where(inScope(scope))
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw notFound(OrderMessages.notFound);
  const [reports, issued] = await Promise.all([
    trx.selectFrom('work_report').select('id').where('order_id', '=', orderId).where('audit_state', '!=', 3).limit(1).executeTakeFirst(),
    trx.selectFrom('production_order_operation').select('id').where('order_id', '=', orderId).where('issued', '=', true).limit(1).executeTakeFirst(),
  ]);
  const facts: OrderStateFacts = {
    status: order.status,
    suspendedFrom: order.suspended_from,
    revoked: order.revoked,
    hasReports: reports !== undefined,
    hasIssued: issued !== undefined,
  };
  return { order, facts };
}

/**
 * Applies `action` to the order in `trx`: refused with 4009 and the state machine's message when
 * illegal (nothing written); otherwise the new status (with `suspended_from` on suspend), a history
 * line and the operation log. Returns the status before and after.
 */
export async function moveOrder(
  trx: Db,
  scope: Scope,
  orderId: number,
  action: OrderAction,
  options: { actor: Actor; context: OperationContext; note?: string },
): Promise<{ from: number; to: number; orderNo: string }> {
  const { order, facts } = await lockOrder(trx, scope, orderId);
  const result = orderTransition(facts, action);
  if (!result.ok) throw conflict(`${order.order_no}：${result.message}`);
  const values: Partial<Record<keyof ProductionOrderTable, unknown>> = { status: result.status, updated_at: new Date() };
  if (action === 'suspend') values.suspended_from = order.status;
  if (action === 'resume') values.suspended_from = null;
  if (action === 'revoke') Object.assign(values, { revoked: true, revoked_at: new Date() });
  if (action === 'restore') Object.assign(values, { revoked: false, revoked_at: null });
  await trx.updateTable('production_order').set(values as never).where('id', '=', orderId).execute();
  const name = ORDER_ACTION_LABEL[action];
  const note = options.note ? `（${options.note}）` : '';
  await addOrderHistory(trx, scope, orderId, options.actor, action, `${name}${note}`, result.status === order.status ? [] : [{ field: 'status', label: '订单状态', from: order.status, to: result.status }]);
  await recordOperation(trx, options.context, { ...scope, userId: options.actor.userId, content: `${name}生产订单：${order.order_no}${note}` });
  // Its board order (纸板订单) follows a revoke or restore in this transaction.
  if (action === 'revoke' || action === 'restore') await followProductionOrder(trx, scope, orderId, options.actor.name);
  return { from: order.status, to: result.status, orderNo: order.order_no };
}
