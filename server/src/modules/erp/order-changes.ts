import { IMPORTANCE, PRIORITY, URGENCY } from '@core/enums';
import { ANEW_TIME_REASONS, flagAnewTime } from '../../lib/anew-time';
import type { ErpOrderFields, FieldChangeView } from '@core/contracts/work-order/erp';
import { sheetSize } from '@core/contracts/work-order/sheet-size';
import type { Db } from '../../db';
import type { FieldChange, ProductionOrderTable } from '../../db/schema';
import { inScope } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';
import { followProductionOrder } from '../paperboard';
import { flowSteps, insertOperations, plannedQuantities, type PlannedOperation } from '../production-order';

/**
 * What an ERP change does to an order: the field-by-field difference between the order and the
 * message (old → new, the product found again in the product file), and applying such changes to
 * the order — directly for an order not yet scheduled, or when a planner accepts a change warning
 * — re-planning only the operations nothing has been issued or reported on.
 */

/** A change as stored on a warning: `value` is what is written when it differs from the shown `to` (the product). */
export interface ErpFieldChange extends FieldChange {
  value?: { productId: number | null; productNo: string; productName: string; flowId: number | null };
}

type Column = keyof ProductionOrderTable & string;
interface PlainField {
  field: keyof ErpOrderFields & string;
  column: Column;
  label: string;
  kind?: 'number' | 'date' | 'urgency' | 'priority' | 'importance';
}

/** The order fields an ERP message may change besides the product, with their Chinese labels. */
const PLAIN_FIELDS: PlainField[] = [
  { field: 'customerName', column: 'customer_name', label: '客户名称' },
  { field: 'customerPo', column: 'customer_po', label: '客户PO号' },
  { field: 'boxStyle', column: 'box_style', label: '箱型' },
  { field: 'lengthMm', column: 'length_mm', label: '长（mm）', kind: 'number' },
  { field: 'widthMm', column: 'width_mm', label: '宽（mm）', kind: 'number' },
  { field: 'heightMm', column: 'height_mm', label: '高（mm）', kind: 'number' },
  { field: 'boardCode', column: 'board_code', label: '纸板编码' },
  { field: 'flute', column: 'flute', label: '楞型' },
  { field: 'printColors', column: 'print_colors', label: '印色数', kind: 'number' },
  { field: 'quantity', column: 'quantity', label: '订单数量', kind: 'number' },
  { field: 'unit', column: 'unit', label: '单位' },
  { field: 'overPercent', column: 'over_percent', label: '超交比例（%）', kind: 'number' },
  { field: 'underPercent', column: 'under_percent', label: '欠交比例（%）', kind: 'number' },
  { field: 'deliveryDate', column: 'delivery_date', label: '交货日期', kind: 'date' },
  { field: 'urgency', column: 'urgency', label: '紧急程度', kind: 'urgency' },
  { field: 'priority', column: 'priority', label: '优先级', kind: 'priority' },
  { field: 'importance', column: 'importance', label: '重要程度', kind: 'importance' },
  { field: 'remark', column: 'remark', label: '备注' },
];
const PRODUCT = 'product';
/** Fields whose change re-plans the operations (quantities per step, or the steps themselves). */
const REPLANS = new Set(['quantity', PRODUCT]);
/** Fields whose change computes the sheet size again. */
const RESIZES = new Set(['boxStyle', 'lengthMm', 'widthMm', 'heightMm', 'flute', PRODUCT]);

const ENUMS = { urgency: URGENCY, priority: PRIORITY, importance: IMPORTANCE };

type OrderRow = Pick<ProductionOrderTable, Column> & { id: number };
type StoredOrder = { [K in Column]: unknown } & { id: number; product_id: number | null; flow_id: number | null };

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A date column read without to_char (a row of selectAll) as yyyy-mm-dd: PGlite gives UTC midnight,
 * node-postgres local midnight.
 */
export function dayText(value: unknown): string {
  if (!(value instanceof Date)) return String(value ?? '');
  const utc = value.getUTCHours() === 0 && value.getUTCMinutes() === 0;
  return utc
    ? `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`
    : `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

function normalised(value: unknown, kind: PlainField['kind']): string | number {
  if (kind === 'date') return dayText(value);
  if (kind) return Number(value);
  return typeof value === 'string' ? value.trim() : String(value ?? '');
}

/** A product of the factory by number, else by exact name. */
export async function findProduct(db: Db, scope: Scope, order: ErpOrderFields) {
  const query = () => db.selectFrom('product').select(['id', 'product_no', 'name', 'process_flow_id', 'length_mm', 'width_mm', 'height_mm', 'box_style', 'flute', 'board_code', 'colors']).where(inScope(scope));
  if (order.productNo?.trim()) {
    const byNo = await query().where('product_no', '=', order.productNo.trim()).executeTakeFirst();
    if (byNo) return byNo;
  }
  if (order.productName?.trim()) return query().where('name', '=', order.productName.trim()).orderBy('id').limit(1).executeTakeFirst();
  return undefined;
}

/** What the message changes on the order, old → new (empty: nothing). */
export async function diffOrder(db: Db, scope: Scope, order: StoredOrder, fields: ErpOrderFields): Promise<ErpFieldChange[]> {
  const changes: ErpFieldChange[] = [];
  if (fields.productNo?.trim() || fields.productName?.trim()) {
    const product = await findProduct(db, scope, fields);
    const name = product?.name ?? fields.productName?.trim() ?? String(order.product_name);
    if ((product?.id ?? null) !== order.product_id || name !== order.product_name) {
      changes.push({
        field: PRODUCT,
        label: '产品',
        from: order.product_name,
        to: name,
        value: { productId: product?.id ?? null, productNo: product?.product_no ?? '', productName: name, flowId: product?.process_flow_id ?? null },
      });
    }
  }
  for (const plain of PLAIN_FIELDS) {
    const next = fields[plain.field];
    if (next === undefined) continue;
    const from = normalised(order[plain.column], plain.kind);
    const to = normalised(next, plain.kind);
    if (from !== to) changes.push({ field: plain.field, label: plain.label, from, to });
  }
  return changes;
}

/** A change as the console shows it: enum values by their labels, text as is. */
export function changeView(change: FieldChange): FieldChangeView {
  const kind = PLAIN_FIELDS.find((plain) => plain.field === change.field)?.kind;
  const show = (value: unknown) => {
    if (kind === 'urgency' || kind === 'priority' || kind === 'importance') return ENUMS[kind].label(Number(value)) ?? String(value);
    return value === null || value === undefined || value === '' ? '（空）' : String(value);
  };
  return { field: change.field, label: change.label, from: show(change.from), to: show(change.to) };
}

/**
 * Writes `changes` onto the order (in the caller's transaction, the order locked): the columns, the
 * sheet size when box style, dimensions or product changed, and — when quantity or product changed —
 * the operations re-planned from the order's flow: operations issued or reported on keep theirs,
 * the others take the new plan (steps no longer in it are removed, new ones added). Returns whether
 * the order now has operations (a 待录入 order whose product became known).
 */
export async function applyOrderChanges(trx: Db, scope: Scope, order: StoredOrder, changes: ErpFieldChange[]): Promise<{ hasOperations: boolean }> {
  const values: Record<string, unknown> = { updated_at: new Date() };
  let flowId = order.flow_id;
  for (const change of changes) {
    if (change.field === PRODUCT && change.value) {
      Object.assign(values, { product_id: change.value.productId, product_no: change.value.productNo, product_name: change.value.productName });
      if (change.value.flowId !== null) flowId = change.value.flowId;
      continue;
    }
    const plain = PLAIN_FIELDS.find((field) => field.field === change.field);
    if (plain) values[plain.column] = change.to;
  }
  const merged = { ...order, ...values } as unknown as OrderRow;
  const fields = new Set(changes.map((change) => change.field));
  if ([...fields].some((field) => RESIZES.has(field))) {
    const size = sheetSize(String(merged.box_style), { lengthMm: Number(merged.length_mm), widthMm: Number(merged.width_mm), heightMm: Number(merged.height_mm) }, String(merged.flute), null);
    if (size.widthMm >= 1 && size.lengthMm >= 1 && size.widthMm <= 5000 && size.lengthMm <= 5000) Object.assign(values, { sheet_width_mm: size.widthMm, sheet_length_mm: size.lengthMm });
  }
  let planned: PlannedOperation[] | null = null;
  if ([...fields].some((field) => REPLANS.has(field)) && flowId !== null) {
    const flow = await flowSteps(trx, scope, flowId);
    planned = plannedQuantities(Number(merged.quantity), flow.steps);
    Object.assign(values, { flow_id: flowId, flow_name: flow.name });
  }
  await trx.updateTable('production_order').set(values as never).where('id', '=', order.id).execute();
  // Carton scheduling: the stored times of its queued tasks (and those after them) are now wrong.
  if (changes.length > 0) await flagAnewTime(trx, scope, { orderIds: [order.id] }, ANEW_TIME_REASONS.orderEdited);
  if (planned) await replanOperations(trx, scope, order.id, planned);
  await followProductionOrder(trx, scope, order.id, 'ERP');
  const any = await trx.selectFrom('production_order_operation').select('id').where('order_id', '=', order.id).limit(1).executeTakeFirst();
  return { hasOperations: any !== undefined };
}

/** Operations not yet issued nor reported on take the plan; the rest keep what they have. */
async function replanOperations(trx: Db, scope: Scope, orderId: number, planned: PlannedOperation[]): Promise<void> {
  const existing = await trx
    .selectFrom('production_order_operation as op')
    .select(['op.id', 'op.seq', 'op.issued'])
    .select((eb) => eb.exists(eb.selectFrom('work_report as r').select('r.id').whereRef('r.operation_id', '=', 'op.id')).as('reported'))
    .where('op.order_id', '=', orderId)
    .execute();
  const bySeq = new Map(existing.map((operation) => [operation.seq, operation]));
  const fixed = (operation: (typeof existing)[number]) => operation.issued || Boolean(operation.reported);
  const additions: PlannedOperation[] = [];
  for (const step of planned) {
    const current = bySeq.get(step.seq);
    if (!current) additions.push(step);
    else if (!fixed(current)) {
      await trx
        .updateTable('production_order_operation')
        .set({ process_id: step.processId, process_name: step.processName, planned_qty: step.plannedQty, waste_qty: step.wasteQty, updated_at: new Date() })
        .where('id', '=', current.id)
        .execute();
    }
  }
  const dropped = existing.filter((operation) => !fixed(operation) && !planned.some((step) => step.seq === operation.seq)).map((operation) => operation.id);
  if (dropped.length > 0) await trx.deleteFrom('production_order_operation').where('id', 'in', dropped).execute();
  await insertOperations(trx, scope, orderId, additions);
}
