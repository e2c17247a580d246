import { Type, type Static } from '@sinclair/typebox';
import { WorkOrderAuthorities as A } from '../../access/authorities/work-order';
import { MultiFilter, PageFields, PageResult, Text, TextFilter } from '../common';
import { get, pathsOf } from '../endpoint';
import { TicketTemplate } from '../sys-cfg/ticket-template';
import { OrderOperation, ProductionOrder } from './order';

/**
 * Reads over production orders that no single order page owns: 订单工序进度 (/order-process-progress:
 * per order and per process, planned / good / defect and how far along), the 流转卡 print data
 * (/print-production-order) and the order figures of the /home tiles.
 *
 * Quantities are the audited sums kept on each operation (production_order_operation.good_qty /
 * defect_qty, maintained by the review); reported but not yet audited good quantities are shown
 * apart as `pendingQty` and never count towards progress.
 */

/**
 * Order statuses that count as done (已完成, 已核对): an order is overdue when its delivery date has
 * passed and it is in none of them (and not revoked).
 */
export const DONE_ORDER_STATUSES: readonly number[] = [5, 6];

/** Share of `planned` that `good` reached, in percent with one decimal (0 when nothing is planned). */
export function progressPercent(good: number, planned: number): number {
  if (planned <= 0) return 0;
  return Math.round((good / planned) * 1000) / 10;
}

const DateBound = (title: string) => Type.Optional(Type.String({ title, maxLength: 20 }));

/** Filters of the progress list (also what the per-process totals sum over). */
export const OrderProgressFilters = {
  orderNo: TextFilter('订单号'),
  customerName: TextFilter('客户名称'),
  deliveryDateStart: DateBound('交货日期'),
  deliveryDateEnd: DateBound('交货日期'),
  status: MultiFilter('订单状态'),
  /** '1' overdue only, '0' not overdue. */
  overdue: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')], { title: '是否逾期' })),
};
export const OrderProgressQuery = Type.Object({ ...PageFields, ...OrderProgressFilters });
export type OrderProgressQuery = Static<typeof OrderProgressQuery>;
export const OrderProgressTotalsQuery = Type.Object(OrderProgressFilters);
export type OrderProgressTotalsQuery = Static<typeof OrderProgressTotalsQuery>;

/** One operation of an order with its audited figures (pending: reported, not yet audited, good). */
export const OperationProgress = Type.Composite([
  Type.Pick(OrderOperation, ['id', 'seq', 'processName', 'deviceName', 'status', 'plannedQty', 'goodQty', 'defectQty', 'pendingQty']),
  Type.Object({ percent: Type.Number() }),
]);
export type OperationProgress = Static<typeof OperationProgress>;

/** An order with its operations' progress. */
export const OrderProgressRow = Type.Composite([
  Type.Pick(ProductionOrder, ['id', 'orderNo', 'customerName', 'productName', 'quantity', 'unit', 'deliveryDate', 'status', 'productionState']),
  Type.Object({
    overdue: Type.Boolean(),
    /** Audited good quantity of the last operation (what leaves the line). */
    goodQty: Type.Integer(),
    /** goodQty against the ordered quantity. */
    percent: Type.Number(),
    operations: Type.Array(OperationProgress),
  }),
]);
export type OrderProgressRow = Static<typeof OrderProgressRow>;

/** One process summed over every order the filters select. */
export const ProcessTotal = Type.Object({
  processName: Type.String(),
  orders: Type.Integer(),
  plannedQty: Type.Integer(),
  goodQty: Type.Integer(),
  defectQty: Type.Integer(),
  pendingQty: Type.Integer(),
  percent: Type.Number(),
});
export type ProcessTotal = Static<typeof ProcessTotal>;

export const OrderProgressTotals = Type.Object({
  orders: Type.Integer(),
  overdue: Type.Integer(),
  processes: Type.Array(ProcessTotal),
});
export type OrderProgressTotals = Static<typeof OrderProgressTotals>;

// ---- 流转卡 print data ------------------------------------------------------------------------------

/** The most orders one print may carry. */
export const PRINT_MAX_ORDERS = 200;

export const OrderPrintQuery = Type.Object({
  /** Comma-joined order ids (the page's `ids=1,2,3`). */
  ids: Text({ title: '订单', minLength: 1, maxLength: 2000, pattern: '^\\d{1,10}(,\\d{1,10})*$' }),
  /** A template of the factory; none: the default 工单流转卡 template. */
  templateId: Type.Optional(Type.Integer({ title: '模板', minimum: 1, maximum: 2_147_483_647 })),
});
export type OrderPrintQuery = Static<typeof OrderPrintQuery>;

export const PrintOperation = Type.Pick(OrderOperation, ['id', 'seq', 'processName', 'deviceName', 'plannedQty']);
export type PrintOperation = Static<typeof PrintOperation>;

/** An order as the ticket prints it. */
export const PrintOrder = Type.Composite([
  Type.Pick(ProductionOrder, [
    'id',
    'orderNo',
    'erpOrderNo',
    'customerPo',
    'customerName',
    'productNo',
    'productName',
    'boxStyle',
    'lengthMm',
    'widthMm',
    'heightMm',
    'sheetWidthMm',
    'sheetLengthMm',
    'boardCode',
    'flute',
    'printColors',
    'quantity',
    'unit',
    'deliveryDate',
    'flowName',
    'remark',
  ]),
  Type.Object({ operations: Type.Array(PrintOperation) }),
]);
export type PrintOrder = Static<typeof PrintOrder>;

/** The orders in the order asked for, and the template they print with. */
export const OrderPrintData = Type.Object({ template: TicketTemplate, orders: Type.Array(PrintOrder) });
export type OrderPrintData = Static<typeof OrderPrintData>;

export const OrderPrintMessages = {
  tooMany: `一次最多打印${PRINT_MAX_ORDERS}个订单`,
  orderNotFound: '订单不存在',
  noTemplate: '当前工厂没有默认的工单流转卡模板，请先在流转卡模板中设置',
  templateNotFound: '流转卡模板不存在',
} as const;

// ---- /home figures -------------------------------------------------------------------------------

/**
 * Order figures of the home page for the session's user: null where the user may not see them
 * (order figures need 订单工序进度, pending reviews the right to audit reports). Dates are the
 * server's calendar days the figures were counted for (the tiles link to lists filtered by them).
 */
export const HomeOrderFigures = Type.Object({
  today: Type.String(),
  weekStart: Type.String(),
  weekEnd: Type.String(),
  dueToday: Type.Union([Type.Integer(), Type.Null()]),
  dueThisWeek: Type.Union([Type.Integer(), Type.Null()]),
  overdue: Type.Union([Type.Integer(), Type.Null()]),
  pendingReviews: Type.Union([Type.Integer(), Type.Null()]),
});
export type HomeOrderFigures = Static<typeof HomeOrderFigures>;

export const OrderProgressApi = {
  list: get('/dps-server/order_progress/list', { query: OrderProgressQuery, response: PageResult(OrderProgressRow), authority: A.processProgress }),
  totals: get('/dps-server/order_progress/totals', { query: OrderProgressTotalsQuery, response: OrderProgressTotals, authority: A.processProgress }),
  print: get('/dps-server/order_print/data', { query: OrderPrintQuery, response: OrderPrintData, authority: A.orderPrint }),
  homeFigures: get('/dps-server/home/order_figures', { response: HomeOrderFigures, session: true }),
};
export const OrderProgressPaths = pathsOf(OrderProgressApi);
