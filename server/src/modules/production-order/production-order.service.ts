import { sql } from 'kysely';
import { ISSUE_STATE, ORDER_STATUS, PRODUCTION_STATE, URGENCY } from '@core/enums';
import { ORDER_ACTION_LABEL, orderTransition, type OrderAction } from '@core/contracts/work-order/order-state';
import {
  ORDER_IMPORT_MAX_ROWS,
  ORDER_MAX_QUANTITY,
  ORDER_NO_PATTERN,
  ORDER_SOURCE,
  urgencyRefusal,
  type CreateProductionOrderRequest,
  type OrderHistoryEntry,
  type OrderOperation,
  type OrderScreenAction,
  type ProductionOrderListRow,
  type ProductionOrderRow,
  type UpdateProductionOrderRequest,
} from '@core/contracts/work-order/order';
import type { ImportResult } from '@core/contracts/files';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import type { FieldChange } from '../../db/schema';
import { dateTimeText, formatDateTime } from '../../lib/datetime';
import { pageAsJson, type JsonText } from '../../lib/endpoint';
import { conflict } from '../../lib/errors';
import type { ExportColumn } from '../../lib/excel-export';
import { ImportMessages, importDay, runImport, type ImportColumn } from '../../lib/excel-import';
import { runList, streamList, type ListParams, type NarrowBy } from '../../lib/list-query';
import { summary } from '../../lib/rows';
import { factoryList, importKeyErrors, inScope, requireOne, type RowOf } from '../../lib/scoped';
import { AppError } from '../../plugins/envelopes';
import { ResultCode } from '@core/contracts/common';
import type { Scope } from '../../plugins/auth';
import { followProductionOrder } from '../paperboard';
import { enterpriseSections } from '../sys-cfg';
import { ANEW_TIME_REASONS, flagAnewTime } from '../../lib/anew-time';
import { addOrderHistory, createOrder, draftOrder, insertOperations, lockOrder, moveOrder, OrderMessages } from './order-core';

export const ProductionOrderMessages = {
  ...OrderMessages,
  notAuditor: '您不是订单审核人，不能审核订单',
  replanIssued: (orderNo: string) => `${orderNo}：订单已下发工单，不能修改数量或工艺路线`,
  replanReported: (orderNo: string) => `${orderNo}：订单已有报工记录，不能修改数量或工艺路线`,
} as const;

export const ORDER_LIST = factoryList('o', {
  filters: {
    orderNo: { column: 'o.order_no', kind: 'like', label: '订单号' },
    erpOrderNo: { column: 'o.erp_order_no', kind: 'like', label: 'ERP单号' },
    customerName: { column: 'o.customer_name', kind: 'like', label: '客户名称' },
    productName: { column: 'o.product_name', kind: 'like', label: '产品' },
    deliveryDate: { column: 'o.delivery_date', kind: 'dateRange', label: '交货日期', day: true },
    status: { column: 'o.status', kind: 'in', label: '订单状态', integer: true },
    urgency: { column: 'o.urgency', kind: 'in', label: '紧急程度', integer: true },
    issueState: { column: 'o.issue_state', kind: 'in', label: '下发状态', integer: true },
    productionState: { column: 'o.production_state', kind: 'in', label: '生产状态', integer: true },
    source: { column: 'o.source', kind: 'in', label: '来源', integer: true },
  },
  sorts: {
    id: 'o.id',
    orderNo: 'o.order_no',
    customerName: 'o.customer_name',
    productName: 'o.product_name',
    quantity: 'o.quantity',
    deliveryDate: 'o.delivery_date',
    urgency: 'o.urgency',
    priority: 'o.priority',
    status: 'o.status',
    createTime: 'o.created_at',
    updateTime: 'o.updated_at',
  },
  defaultSort: { field: 'createTime', direction: 'desc' },
});

/**
 * Filters that reject most orders; production_order_list_idx (the default order's) carries every
 * filter column (migration 0032), so a page with one of these finds its keys in that index alone.
 */
const ORDER_COVERED_FILTERS = ['orderNo', 'erpOrderNo', 'customerName', 'productName', 'deliveryDate'] as const;

/** A customer's page walks that customer's orders (production_order_customer_idx, migration 0033). */
const ORDER_CUSTOMERS: NarrowBy = { filter: 'customerName', table: 'production_order_customer', column: 'customer_name' };
/**
 * The index's keys compare the delivery date too (0034): on the list of all orders (whose base
 * filters nothing else) a customer page with at most a delivery range besides reads its rows as the walk finds them.
 */
const ALL_ORDERS_BY_CUSTOMER: NarrowBy = { ...ORDER_CUSTOMERS, inIndex: ['deliveryDate'] };

/** Which orders each list shows (never those in the recycling bin). */
export type OrderListKind = 'all' | 'issued' | 'semi';

// ---- queries ------------------------------------------------------------------------------------

/**
 * What every order row carries beside its columns: the delivery day as text and the state machine's
 * facts, kept on the order by triggers (migration 0028), so a list page is one plain indexed query.
 */
const orderFacts = [
  sql<string>`to_char(o.delivery_date, 'YYYY-MM-DD')`.as('deliveryDay'),
  'o.warning_count as changeWarnings',
  sql<boolean>`o.report_count > 0`.as('hasReports'),
  sql<boolean>`o.issued_count > 0`.as('hasIssued'),
] as const;

function orderQuery(db: Db) {
  return db.selectFrom('production_order as o').selectAll('o').select(orderFacts);
}
type OrderRow = RowOf<typeof orderQuery>;

/**
 * A list row (ProductionOrderListRow) as JSON text: the order's `list_row`, kept by a trigger
 * (migration 0035), completed with the `createTime` value in the server's zone, as formatDateTime
 * writes it (a concatenation, for each row a page reads; a deep page reads only its own rows, list-query
 * DEEP_OFFSET). A page's rows go into the response as they are (`pageAsJson`).
 */
function orderListQuery(db: Db) {
  return db
    .selectFrom('production_order as o')
    .select(sql<string>`o.list_row || ${dateTimeText('o.created_at')} || '"}'`.as('listRow'));
}

/** The base query of each list (never orders in the recycling bin). */
function listQuery(db: Db, kind: OrderListKind) {
  const query = orderListQuery(db).where('o.revoked', '=', false);
  if (kind === 'issued') return query.where('o.issue_state', 'in', [1, 2]);
  if (kind === 'semi') return query.where('o.status', '=', 7);
  return query;
}

/** The list row's fields of a whole order (its detail), from its columns: what the trigger writes into `list_row` (order-facts.test.ts compares the two). */
function toListRow(row: OrderRow): ProductionOrderListRow {
  return {
    id: row.id,
    orderNo: row.order_no,
    erpOrderNo: row.erp_order_no,
    source: row.source,
    customerName: row.customer_name,
    productName: row.product_name,
    lengthMm: row.length_mm,
    widthMm: row.width_mm,
    heightMm: row.height_mm,
    quantity: row.quantity,
    unit: row.unit,
    goodQty: row.good_qty,
    deliveryDate: row.deliveryDay,
    urgency: row.urgency,
    status: row.status,
    suspendedFrom: row.suspended_from,
    scheduleState: row.schedule_state,
    issueState: row.issue_state,
    productionState: row.production_state,
    revoked: row.revoked,
    changeWarnings: Number(row.changeWarnings ?? 0),
    hasReports: Boolean(row.hasReports),
    hasIssued: Boolean(row.hasIssued),
    createTime: formatDateTime(row.created_at),
  };
}

/** The whole order: its list row and every other column. */
function toOrder(row: OrderRow): ProductionOrderRow {
  return {
    ...toListRow(row),
    erpLine: row.erp_line,
    erpVersion: row.erp_version,
    customerPo: row.customer_po,
    productId: row.product_id,
    productNo: row.product_no,
    boxStyle: row.box_style,
    boardCode: row.board_code,
    flute: row.flute,
    sheetWidthMm: row.sheet_width_mm,
    sheetLengthMm: row.sheet_length_mm,
    printColors: row.print_colors,
    dieNo: row.die_no,
    plateNo: row.plate_no,
    overPercent: Number(row.over_percent),
    underPercent: Number(row.under_percent),
    priority: row.priority,
    importance: row.importance,
    flowId: row.flow_id,
    flowName: row.flow_name,
    remark: row.remark,
    attachments: row.attachments,
    updateTime: formatDateTime(row.updated_at),
  };
}

const label = (options: { label: (value: number) => string | undefined }, value: number) => options.label(value) ?? String(value);

export const ORDER_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<ProductionOrderRow>> = [
  { header: '订单号', value: (row) => row.orderNo, width: 18 },
  { header: 'ERP单号', value: (row) => row.erpOrderNo, width: 16 },
  { header: '来源', value: (row) => label(ORDER_SOURCE, row.source) },
  { header: '客户名称', value: (row) => row.customerName, width: 20 },
  { header: '客户PO号', value: (row) => row.customerPo },
  { header: '产品编号', value: (row) => row.productNo },
  { header: '产品名称', value: (row) => row.productName, width: 24 },
  { header: '箱型', value: (row) => row.boxStyle },
  { header: '长×宽×高（mm）', value: (row) => `${row.lengthMm}×${row.widthMm}×${row.heightMm}`, width: 16 },
  { header: '纸板编码', value: (row) => row.boardCode },
  { header: '楞型', value: (row) => row.flute },
  { header: '纸板规格（mm）', value: (row) => `${row.sheetWidthMm}×${row.sheetLengthMm}`, width: 14 },
  { header: '订单数量', value: (row) => row.quantity },
  { header: '单位', value: (row) => row.unit },
  { header: '良品数', value: (row) => row.goodQty },
  { header: '交货日期', value: (row) => row.deliveryDate, width: 12 },
  { header: '紧急程度', value: (row) => label(URGENCY, row.urgency) },
  { header: '订单状态', value: (row) => label(ORDER_STATUS, row.status) },
  { header: '下发状态', value: (row) => label(ISSUE_STATE, row.issueState) },
  { header: '生产状态', value: (row) => label(PRODUCTION_STATE, row.productionState) },
  { header: '工艺路线', value: (row) => row.flowName, width: 20 },
  { header: '备注', value: (row) => row.remark, width: 24 },
  { header: '创建时间', value: (row) => row.createTime, width: 20 },
];

/** The order's columns a planner edits, with their Chinese names (history lines). */
const EDITABLE_LABELS: Record<string, string> = {
  customer_name: '客户名称',
  customer_po: '客户PO号',
  product_name: '产品名称',
  box_style: '箱型',
  length_mm: '长（mm）',
  width_mm: '宽（mm）',
  height_mm: '高（mm）',
  board_code: '纸板编码',
  flute: '楞型',
  sheet_width_mm: '纸板宽（mm）',
  sheet_length_mm: '纸板长（mm）',
  print_colors: '印色数',
  die_no: '刀模编号',
  plate_no: '印版编号',
  quantity: '订单数量',
  unit: '单位',
  over_percent: '超交比例（%）',
  under_percent: '欠交比例（%）',
  delivery_date: '交货日期',
  urgency: '紧急程度',
  priority: '优先级',
  importance: '重要程度',
  flow_name: '工艺路线',
  remark: '备注',
  attachments: '附件',
};

const pad = (value: number) => String(value).padStart(2, '0');
/** A date column as read by the driver (a Date at local midnight) → 'YYYY-MM-DD'. */
const dayText = (value: unknown) => (value instanceof Date ? `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}` : value);

/** numeric columns come back as text ('3.00'): compared and recorded as numbers. */
const plain = (value: unknown) => (typeof value === 'string' && /^-?\d+\.\d+$/.test(value) ? Number(value) : value);
const comparable = (value: unknown) => JSON.stringify(plain(value));

function changesOf(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [field, fieldLabel] of Object.entries(EDITABLE_LABELS)) {
    if (!(field in after)) continue;
    const from = plain(dayText(before[field]));
    const to = field === 'attachments' && typeof after[field] === 'string' ? JSON.parse(after[field] as string) : after[field];
    if (comparable(from) !== comparable(to)) changes.push({ field, label: fieldLabel, from: from as unknown, to });
  }
  return changes;
}

const describeChanges = (changes: FieldChange[]) =>
  changes.length === 0 ? '编辑订单（无改动）' : `编辑订单：${changes.map((change) => change.label).join('、')}`;

// ---- service --------------------------------------------------------------------------------------

/** Production orders of the session's factory: lists, detail, operations, history and every write. */
export class ProductionOrderService {
  constructor(private readonly db: Db) {}

  /** The three lists' base queries, built once (Kysely builders are immutable; building one per request cost ~0.06 ms). */
  private readonly lists = new Map<OrderListKind, ReturnType<typeof listQuery>>();

  /** A page of ProductionOrderListRow, its rows as PostgreSQL keeps them (JSON text, never parsed here). */
  async list(scope: Scope, params: ListParams, kind: OrderListKind = 'all'): Promise<JsonText> {
    let base = this.lists.get(kind);
    if (!base) this.lists.set(kind, (base = listQuery(this.db, kind)));
    const narrowBy = kind === 'all' ? ALL_ORDERS_BY_CUSTOMER : ORDER_CUSTOMERS;
    const page = await runList(this.db, base, ORDER_LIST, scope, params, (row) => row.listRow, {
      oneRowPerKey: true,
      coveredFilters: ORDER_COVERED_FILTERS,
      narrowBy,
    });
    return pageAsJson(page);
  }

  /** Whole orders (the export's columns) of the list's filters. */
  rows(scope: Scope, params: ListParams): AsyncIterable<ProductionOrderRow> {
    return streamList(orderQuery(this.db).where('o.revoked', '=', false), ORDER_LIST, scope, params, toOrder);
  }

  async detail(scope: Scope, id: number): Promise<ProductionOrderRow> {
    return toOrder(await requireOne(orderQuery(this.db), 'o', scope, id, OrderMessages.notFound));
  }

  /** The order's operations in flow order, with machine name and the good quantity reported but not yet audited. */
  async operations(scope: Scope, id: number): Promise<OrderOperation[]> {
    await requireOne(this.db.selectFrom('production_order as o').select('o.id'), 'o', scope, id, OrderMessages.notFound);
    const rows = await this.db
      .selectFrom('production_order_operation as op')
      .leftJoin('device as d', 'd.id', 'op.device_id')
      .select((eb) => [
        'op.id',
        'op.order_id as orderId',
        'op.seq',
        'op.process_id as processId',
        'op.process_name as processName',
        'op.planned_qty as plannedQty',
        'op.waste_qty as wasteQty',
        'op.status',
        'op.device_id as deviceId',
        'd.name as deviceName',
        'op.issued',
        'op.planned_start as plannedStart',
        'op.planned_end as plannedEnd',
        'op.good_qty as goodQty',
        'op.defect_qty as defectQty',
        eb
          .selectFrom('work_report as r')
          .select(sql<number>`coalesce(sum(r.good_qty), 0)::int`.as('n'))
          .whereRef('r.operation_id', '=', 'op.id')
          .where('r.audit_state', '=', 1)
          .as('pendingQty'),
      ])
      .where(inScope(scope, 'op'))
      .where('op.order_id', '=', id)
      .orderBy('op.seq')
      .execute();
    return rows.map((row) => ({
      ...row,
      deviceName: row.deviceName ?? '',
      plannedStart: row.plannedStart ? formatDateTime(row.plannedStart) : null,
      plannedEnd: row.plannedEnd ? formatDateTime(row.plannedEnd) : null,
      pendingQty: Number(row.pendingQty ?? 0),
    }));
  }

  /** Who changed what, when: newest first. */
  async history(scope: Scope, id: number): Promise<OrderHistoryEntry[]> {
    await requireOne(this.db.selectFrom('production_order as o').select('o.id'), 'o', scope, id, OrderMessages.notFound);
    const rows = await this.db
      .selectFrom('production_order_history')
      .select(['id', 'user_name', 'action', 'content', 'changes', 'created_at'])
      .where(inScope(scope))
      .where('order_id', '=', id)
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({ id: row.id, userName: row.user_name, action: row.action, content: row.content, changes: row.changes, createTime: formatDateTime(row.created_at) }));
  }

  create(scope: Scope, request: CreateProductionOrderRequest, context: OperationContext): Promise<{ id: number }> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await createOrder(trx, scope, request, { source: 1, actor: { userId: scope.userId }, context });
      return { id };
    });
  }

  /**
   * Edits an order the state machine lets be edited. A new quantity or flow re-plans the
   * operations while none is issued or reported; after that it is refused (4009).
   */
  async update(scope: Scope, request: UpdateProductionOrderRequest, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const { order, facts } = await lockOrder(trx, scope, request.id);
      const legal = orderTransition(facts, 'edit');
      if (!legal.ok) throw conflict(`${order.order_no}：${legal.message}`);
      const { id: _id, orderNo, ...input } = request;
      if (orderNo !== undefined && orderNo !== order.order_no) {
        const taken = await trx.selectFrom('production_order').select('id').where(inScope(scope)).where('order_no', '=', orderNo).where('id', '!=', order.id).executeTakeFirst();
        if (taken) throw conflict(OrderMessages.orderNoTaken(orderNo));
      }
      const { columns, operations } = await draftOrder(trx, scope, input, { requireFlow: order.status !== 8 });
      const replan = columns.quantity !== order.quantity || (columns.flow_id ?? null) !== (order.flow_id ?? null);
      if (replan) {
        if (facts.hasIssued) throw conflict(ProductionOrderMessages.replanIssued(order.order_no));
        if (facts.hasReports) throw conflict(ProductionOrderMessages.replanReported(order.order_no));
      }
      const changes = changesOf(order as unknown as Record<string, unknown>, columns as Record<string, unknown>);
      if (orderNo !== undefined && orderNo !== order.order_no) changes.unshift({ field: 'order_no', label: '订单号', from: order.order_no, to: orderNo });
      const entered = order.status === 8 && operations.length > 0;
      const { created_at: _created, updated_at: _updated, ...editable } = columns;
      await trx
        .updateTable('production_order')
        .set({ ...editable, ...(orderNo ? { order_no: orderNo } : {}), ...(entered ? { status: 0 } : {}), updated_at: new Date() })
        .where('id', '=', order.id)
        .execute();
      // Carton scheduling: the stored times of its queued tasks (and those after them) are now wrong.
      if (changes.length > 0) await flagAnewTime(trx, scope, { orderIds: [order.id] }, ANEW_TIME_REASONS.orderEdited);
      if (replan || entered) {
        await trx.deleteFrom('production_order_operation').where('order_id', '=', order.id).execute();
        await insertOperations(trx, scope, order.id, operations);
      }
      const actor = { userId: scope.userId };
      const content = `${describeChanges(changes)}${replan ? '（工序已重新计划）' : ''}`;
      await addOrderHistory(trx, scope, order.id, actor, 'edit', content, changes);
      // A 待录入 (8) order whose flow is now entered is an order like any other (state machine: enter).
      if (entered) await addOrderHistory(trx, scope, order.id, actor, 'enter', ORDER_ACTION_LABEL.enter, [{ field: 'status', label: '订单状态', from: 8, to: 0 }]);
      await recordOperation(trx, context, { ...scope, content: `编辑生产订单：${orderNo ?? order.order_no}` });
      await followProductionOrder(trx, scope, order.id);
    });
  }

  /** Deletes orders the state machine lets be deleted: all of them, or none (4009 naming the first refused). */
  async deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const numbers: string[] = [];
      for (const id of [...ids].sort((a, b) => a - b)) {
        const { order, facts } = await lockOrder(trx, scope, id);
        const legal = orderTransition(facts, 'delete');
        if (!legal.ok) throw conflict(`${order.order_no}：${legal.message}`);
        numbers.push(order.order_no);
      }
      await trx.deleteFrom('production_order').where(inScope(scope)).where('id', 'in', ids).execute();
      await recordOperation(trx, context, { ...scope, content: `删除生产订单：${summary(numbers)}` });
      return { deleted: ids.length };
    });
  }

  /** A status action on orders, in one transaction: every order moves, or none (4009 naming the first refused). */
  async act(scope: Scope, action: OrderScreenAction, ids: number[], note: string | undefined, context: OperationContext): Promise<{ moved: number }> {
    if (action === 'approve' || action === 'reject') await this.requireAuditor(scope);
    return this.db.transaction().execute(async (trx) => {
      for (const id of [...ids].sort((a, b) => a - b)) {
        const { to } = await moveOrder(trx, scope, id, action as OrderAction, { actor: { userId: scope.userId }, context, note: note?.trim() || undefined });
        if (action === 'end') {
          // 结束生产: done when the good quantity reaches the order less its under-run tolerance, else short (欠数).
          await trx
            .updateTable('production_order')
            .set({ production_state: sql`case when good_qty >= quantity * (1 - under_percent / 100) then 3 else 4 end`, completed_at: new Date() })
            .where('id', '=', id)
            .execute();
          await endOperations(trx, scope, id);
        }
        if (action === 'recycle' || action === 'recover') await trx.updateTable('production_order').set({ production_state: to === 7 ? 2 : 1 }).where('id', '=', id).execute();
        // A suspended or recycled order keeps its queued tasks (it may resume, or recover with its work
        // in progress) but the planner sees them in 时间待重算.
        if (action === 'suspend') await flagAnewTime(trx, scope, { orderIds: [id] }, ANEW_TIME_REASONS.orderSuspended);
        if (action === 'recycle') await flagAnewTime(trx, scope, { orderIds: [id] }, ANEW_TIME_REASONS.orderRecycled);
        if (['suspend', 'resume', 'end', 'recycle', 'recover'].includes(action)) await followProductionOrder(trx, scope, id);
      }
      return { moved: ids.length };
    });
  }

  import(scope: Scope, filePath: string, context: OperationContext): Promise<ImportResult> {
    return importOrders(this.db, scope, filePath, context);
  }

  /** 订单审核配置: when auditors are named, only they approve or reject. */
  private async requireAuditor(scope: Scope): Promise<void> {
    const { orderAuditConfig } = await enterpriseSections(this.db, scope);
    if (orderAuditConfig.needAudit && orderAuditConfig.auditorUserIds.length > 0 && !orderAuditConfig.auditorUserIds.includes(scope.userId)) {
      throw new AppError(ResultCode.NO_AUTHORITY, ProductionOrderMessages.notAuditor);
    }
  }

  /** A new delivery date on orders that may be edited (all or none), with a history line each. */
  batchDeliveryDate(scope: Scope, ids: number[], deliveryDate: string, context: OperationContext): Promise<{ moved: number }> {
    return this.batchSet(scope, ids, context, {
      refusal: (facts) => {
        const legal = orderTransition(facts, 'edit');
        return legal.ok ? undefined : legal.message.replace('不能编辑', '不能修改交期');
      },
      field: 'delivery_date',
      fieldLabel: '交货日期',
      value: deliveryDate,
      action: 'delivery_date',
      log: (numbers) => `批量修改交期：${summary(numbers)} → ${deliveryDate}`,
    });
  }

  /** Marks orders urgent (or back to normal) until they are finished (all or none). */
  urgent(scope: Scope, ids: number[], urgency: number, context: OperationContext): Promise<{ moved: number }> {
    const urgencyLabel = URGENCY.label(urgency) ?? String(urgency);
    return this.batchSet(scope, ids, context, {
      refusal: urgencyRefusal,
      field: 'urgency',
      fieldLabel: '紧急程度',
      value: urgency,
      action: 'urgent',
      log: (numbers) => `订单加急：${summary(numbers)} → ${urgencyLabel}`,
    });
  }

  private batchSet(
    scope: Scope,
    ids: number[],
    context: OperationContext,
    spec: {
      refusal: (facts: Awaited<ReturnType<typeof lockOrder>>['facts']) => string | undefined;
      field: 'delivery_date' | 'urgency';
      fieldLabel: string;
      value: string | number;
      action: string;
      log: (numbers: string[]) => string;
    },
  ): Promise<{ moved: number }> {
    return this.db.transaction().execute(async (trx) => {
      const numbers: string[] = [];
      const actor = { userId: scope.userId };
      for (const id of [...ids].sort((a, b) => a - b)) {
        const { order, facts } = await lockOrder(trx, scope, id);
        const refused = spec.refusal(facts);
        if (refused) throw conflict(`${order.order_no}：${refused}`);
        numbers.push(order.order_no);
        const from = dayText(order[spec.field]);
        if (from === spec.value) continue;
        await trx.updateTable('production_order').set({ ...(spec.field === 'urgency' ? { urgency: Number(spec.value) } : { delivery_date: String(spec.value) }), updated_at: new Date() }).where('id', '=', id).execute();
        const shown = (value: unknown) => (spec.field === 'urgency' ? (URGENCY.label(Number(value)) ?? String(value)) : String(value));
        await addOrderHistory(trx, scope, id, actor, spec.action, `${spec.fieldLabel}：${shown(from)} → ${shown(spec.value)}`, [
          { field: spec.field, label: spec.fieldLabel, from, to: spec.value },
        ]);
        // As an edit: carton scheduling's stored times are flagged, the board order takes the new due date.
        await flagAnewTime(trx, scope, { orderIds: [id] }, ANEW_TIME_REASONS.orderEdited);
        await followProductionOrder(trx, scope, id);
      }
      await recordOperation(trx, context, { ...scope, content: spec.log(numbers) });
      return { moved: ids.length };
    });
  }
}

/**
 * 结束生产 ends the order's operations not yet ended (已结束, as the scheduling screen's 关闭 of an
 * unfinished task): they leave the machine queues, and the tasks after them on those machines are
 * flagged for recalculation (their stored times assumed the order's tasks ahead of them).
 */
async function endOperations(trx: Db, scope: Scope, orderId: number): Promise<void> {
  const open = await trx
    .selectFrom('production_order_operation')
    .select(['id', 'queue_pos'])
    .where(inScope(scope))
    .where('order_id', '=', orderId)
    .where('status', '<>', 3)
    .execute();
  if (open.length === 0) return;
  const queued = open.filter((operation) => operation.queue_pos !== null).map((operation) => operation.id);
  if (queued.length > 0) await flagAnewTime(trx, scope, { operationIds: queued }, ANEW_TIME_REASONS.orderEnded);
  await trx
    .updateTable('production_order_operation')
    .set({ status: 3, queue_pos: null, anew_time_flag: false, anew_time_reason: '', updated_at: new Date() })
    .where('id', 'in', open.map((operation) => operation.id))
    .execute();
}

// ---- import -----------------------------------------------------------------------------------------

type OrderImportKey = 'orderNo' | 'customerName' | 'customerPo' | 'productNo' | 'quantity' | 'unit' | 'deliveryDate' | 'urgency' | 'remark';
export const ORDER_IMPORT_COLUMNS: ReadonlyArray<ImportColumn<OrderImportKey>> = [
  { key: 'orderNo', header: '订单号', maxLength: 30 },
  { key: 'customerName', header: '客户名称', required: true, maxLength: 50 },
  { key: 'customerPo', header: '客户PO号', maxLength: 50 },
  { key: 'productNo', header: '产品编号', required: true },
  { key: 'quantity', header: '订单数量', required: true },
  { key: 'unit', header: '单位', maxLength: 10 },
  { key: 'deliveryDate', header: '交货日期', required: true },
  { key: 'urgency', header: '紧急程度' },
  { key: 'remark', header: '备注', maxLength: 200 },
];

const ORDER_NO = new RegExp(ORDER_NO_PATTERN);

/**
 * 导入生产订单: each row an order of a product of the factory (its dimensions, board and flow come
 * from the product file), created as a planner would; every row checked first, all orders created
 * in one transaction or none.
 */
export async function importOrders(db: Db, scope: Scope, filePath: string, context: OperationContext): Promise<ImportResult> {
  const products = await db.selectFrom('product').select(['id', 'product_no', 'length_mm', 'width_mm', 'height_mm', 'process_flow_id']).where(inScope(scope)).execute();
  const productByNo = new Map(products.map((product) => [product.product_no, product]));
  const result = await runImport<OrderImportKey, CreateProductionOrderRequest>(db, filePath, {
    columns: ORDER_IMPORT_COLUMNS,
    maxRows: ORDER_IMPORT_MAX_ROWS,
    validateRow: (values) => {
      if (values.orderNo && !ORDER_NO.test(values.orderNo)) return '订单号只能包含字母、数字、_ 和 -';
      const product = productByNo.get(values.productNo);
      if (!product) return `产品编号「${values.productNo}」不存在`;
      if (product.process_flow_id === null) return `产品「${values.productNo}」未设置工艺路线`;
      const quantity = /^\d{1,8}$/.test(values.quantity) ? Number(values.quantity) : 0;
      if (quantity < 1 || quantity > ORDER_MAX_QUANTITY) return `订单数量必须是1-${ORDER_MAX_QUANTITY}的整数`;
      const deliveryDate = importDay(values.deliveryDate);
      if (!deliveryDate) return '交货日期格式不正确（如 2026-12-20）';
      const urgency = values.urgency === '' ? 0 : URGENCY.options.find((option) => option.label === values.urgency)?.value;
      if (urgency === undefined) return `紧急程度只能是${URGENCY.options.map((option) => option.label).join('、')}`;
      return {
        ...(values.orderNo ? { orderNo: values.orderNo } : {}),
        customerName: values.customerName,
        customerPo: values.customerPo,
        productId: product.id,
        lengthMm: product.length_mm,
        widthMm: product.width_mm,
        heightMm: product.height_mm,
        quantity,
        ...(values.unit ? { unit: values.unit } : {}),
        deliveryDate,
        urgency: urgency as CreateProductionOrderRequest['urgency'],
        remark: values.remark,
      };
    },
    validateAll: (records) =>
      importKeyErrors(db, 'production_order', 'order_no', scope, records.filter(({ record }) => record.orderNo !== undefined), (record) => record.orderNo!, '订单号'),
    write: async (trx, records) => {
      for (const record of records) await createOrder(trx, scope, record, { source: 3, actor: { userId: scope.userId }, context });
      await recordOperation(trx, context, { ...scope, content: `导入生产订单：${records.length}个` });
    },
  });
  return { ...result, message: result.failures.length > 0 ? ImportMessages.failed(new Set(result.failures.map((failure) => failure.row)).size) : '导入成功' };
}
