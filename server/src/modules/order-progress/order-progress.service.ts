import { sql, type SqlBool } from 'kysely';
import type { PageResult } from '@core/contracts/common';
import {
  DONE_ORDER_STATUSES,
  progressPercent,
  type OperationProgress,
  type OrderProgressRow,
  type OrderProgressTotals,
} from '@core/contracts/work-order/progress';
import type { Db } from '../../db';
import { applyConditions, parseDateBound, prepareList, runList, type ListParams } from '../../lib/list-query';
import { factoryList, inScope } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';
import { formatDate } from '../../lib/datetime';

export const ORDER_PROGRESS_LIST = factoryList('o', {
  filters: {
    orderNo: { column: 'o.order_no', kind: 'like', label: '订单号' },
    customerName: { column: 'o.customer_name', kind: 'like', label: '客户名称' },
    status: { column: 'o.status', kind: 'in', label: '订单状态', integer: true },
  },
  sorts: { id: 'o.id', orderNo: 'o.order_no', customerName: 'o.customer_name', deliveryDate: 'o.delivery_date' },
  defaultSort: { field: 'deliveryDate', direction: 'asc' },
});

const DONE = sql.join(DONE_ORDER_STATUSES);
/** `o` is overdue on `today`: delivery date passed and the order not done. */
const overdueOn = (today: string) => sql<SqlBool>`(o.delivery_date < ${today}::date and o.status not in (${DONE}))`;

/** A date bound of the request as the calendar day it names (4000 naming 交货日期 when malformed). */
function dayBound(value: unknown, bound: 'start' | 'end'): string | null {
  if (value === undefined || value === null || value === '') return null;
  return formatDate(parseDateBound(value, bound, '交货日期'));
}

/**
 * The factory's orders (not revoked) narrowed by the filters the list builder does not know: the
 * delivery date range as calendar days (a date column, compared as dates) and overdue or not.
 */
function ordersQuery(db: Db, params: ListParams, today: string) {
  let query = db.selectFrom('production_order as o').where('o.revoked', '=', false);
  const start = dayBound(params.deliveryDateStart, 'start');
  const end = dayBound(params.deliveryDateEnd, 'end');
  if (start) query = query.where(sql<SqlBool>`o.delivery_date >= ${start}::date`);
  if (end) query = query.where(sql<SqlBool>`o.delivery_date <= ${end}::date`);
  if (params.overdue === '1') query = query.where(overdueOn(today));
  if (params.overdue === '0') query = query.where(sql<SqlBool>`not ${overdueOn(today)}`);
  return query;
}

function withOrderColumns(db: Db, params: ListParams, today: string) {
  return ordersQuery(db, params, today).select([
    'o.id',
    'o.order_no as orderNo',
    'o.customer_name as customerName',
    'o.product_name as productName',
    'o.quantity',
    'o.unit',
    sql<string>`to_char(o.delivery_date, 'YYYY-MM-DD')`.as('deliveryDate'),
    'o.status',
    'o.production_state as productionState',
    sql<boolean>`${overdueOn(today)}`.as('overdue'),
  ]);
}

/** Reported good quantity not yet audited, per operation (work-order audit 1 待审核). */
function pendingByOperation(db: Db, scope: Scope) {
  return db
    .selectFrom('work_report as r')
    .select(['r.operation_id', sql<number>`sum(r.good_qty)::bigint`.as('pending')])
    .where(inScope(scope, 'r'))
    .where('r.audit_state', '=', 1)
    .groupBy('r.operation_id');
}

async function operationsOf(db: Db, scope: Scope, orderIds: number[]): Promise<Map<number, OperationProgress[]>> {
  const byOrder = new Map<number, OperationProgress[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('production_order_operation as op')
    .leftJoin('device as d', 'd.id', 'op.device_id')
    .leftJoin(pendingByOperation(db, scope).where('r.order_id', 'in', orderIds).as('p'), 'p.operation_id', 'op.id')
    .select([
      'op.id',
      'op.order_id as orderId',
      'op.seq',
      'op.process_name as processName',
      sql<string>`coalesce(d.name, '')`.as('deviceName'),
      'op.status',
      'op.planned_qty as plannedQty',
      'op.good_qty as goodQty',
      'op.defect_qty as defectQty',
      sql<number>`coalesce(p.pending, 0)`.as('pendingQty'),
    ])
    .where(inScope(scope, 'op'))
    .where('op.order_id', 'in', orderIds)
    .orderBy('op.order_id')
    .orderBy('op.seq')
    .execute();
  for (const { orderId, ...operation } of rows) {
    const list = byOrder.get(orderId) ?? [];
    list.push({ ...operation, percent: progressPercent(operation.goodQty, operation.plannedQty) });
    byOrder.set(orderId, list);
  }
  return byOrder;
}

/** 订单工序进度: orders with their operations' audited progress, and per-process totals. */
export class OrderProgressService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async list(scope: Scope, params: ListParams): Promise<PageResult<OrderProgressRow>> {
    const today = formatDate(this.now());
    const page = await runList(this.db, withOrderColumns(this.db, params, today), ORDER_PROGRESS_LIST, scope, params);
    const operations = await operationsOf(this.db, scope, page.list.map((row) => row.id));
    return {
      ...page,
      list: page.list.map((row) => {
        const steps = operations.get(row.id) ?? [];
        const goodQty = steps.at(-1)?.goodQty ?? 0;
        return { ...row, goodQty, percent: progressPercent(goodQty, row.quantity), operations: steps };
      }),
    };
  }

  /** Every process of the orders the filters select, summed (in flow order), with the order and overdue counts. */
  async totals(scope: Scope, params: ListParams): Promise<OrderProgressTotals> {
    const today = formatDate(this.now());
    const prepared = prepareList(ORDER_PROGRESS_LIST, scope, { ...params, page: undefined, limit: undefined, sort: undefined });
    const orders = applyConditions(ordersQuery(this.db, params, today), prepared);
    const counts = await orders
      .select([sql<number>`count(*)::int`.as('orders'), sql<number>`count(*) filter (where ${overdueOn(today)})::int`.as('overdue')])
      .executeTakeFirstOrThrow();
    const processes = await this.db
      .selectFrom('production_order_operation as op')
      .leftJoin(pendingByOperation(this.db, scope).as('p'), 'p.operation_id', 'op.id')
      .select([
        'op.process_name as processName',
        sql<number>`count(distinct op.order_id)::int`.as('orders'),
        sql<number>`sum(op.planned_qty)::bigint`.as('plannedQty'),
        sql<number>`sum(op.good_qty)::bigint`.as('goodQty'),
        sql<number>`sum(op.defect_qty)::bigint`.as('defectQty'),
        sql<number>`coalesce(sum(p.pending), 0)::bigint`.as('pendingQty'),
      ])
      .where(inScope(scope, 'op'))
      .where('op.order_id', 'in', orders.select('o.id'))
      .groupBy('op.process_name')
      .orderBy(sql`min(op.seq)`)
      .orderBy('op.process_name')
      .execute();
    return {
      ...counts,
      processes: processes.map((row) => ({ ...row, percent: progressPercent(row.goodQty, row.plannedQty) })),
    };
  }
}
