import { sql } from 'kysely';
import {
  BOARD_ORDER_IMPORT_MAX_ROWS,
  BOARD_ORDER_MAX_SHEETS,
  BOARD_SHEET_MM,
  BOARD_ORDER_SOURCE,
  BOARD_ORDER_STATE,
  CORRUGATOR_PROCESS_CODE,
  type BoardOrder,
  type BoardOrderListQuery,
  type CreateBoardOrderRequest,
  type StandbyGroup,
  type UpdateBoardOrderRequest,
} from '@core/contracts/paperboard';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { formatDateTime } from '../../lib/datetime';
import { conflict, notFound } from '../../lib/errors';
import type { ExportColumn } from '../../lib/excel-export';
import { ImportMessages, importDay, importInteger, runImport, type ImportColumn, type ImportResult } from '../../lib/excel-import';
import { guardUnique } from '../../lib/unique';
import { summary, text } from '../../lib/rows';
import type { Scope } from '../../plugins/auth';
import { FactoryEntity, factoryList, inScope, insertRow, requireRow, type RowOf, updateRow, writeUnique } from '../../lib/scoped';
import type { BoardConfigService } from './config.service';
import { estimatedMetres } from './plan';

export const BoardOrderMessages = {
  notFound: '纸板订单不存在',
  noTaken: '订单号已存在',
  notWaiting: (orderNo: string) => `订单 ${orderNo} 已排产，不能修改或删除`,
  derived: (orderNo: string) => `订单 ${orderNo} 来自生产订单，请在生产订单中修改`,
} as const;

export const BOARD_ORDER_LIST = factoryList('b', {
  filters: {
    orderNo: { column: 'b.order_no', kind: 'like', label: '订单号' },
    customerName: { column: 'b.customer_name', kind: 'like', label: '客户名称' },
    boardCode: { column: 'b.board_code', kind: 'like', label: '纸板编码' },
    flute: { column: 'b.flute', kind: 'in', label: '楞型' },
    state: { column: 'b.state', kind: 'in', label: '状态', integer: true },
    source: { column: 'b.source', kind: 'in', label: '来源', integer: true },
    dueDate: { column: 'b.due_date', kind: 'dateRange', label: '交期', day: true },
  },
  sorts: {
    id: 'b.id',
    orderNo: 'b.order_no',
    customerName: 'b.customer_name',
    boardCode: 'b.board_code',
    widthMm: 'b.width_mm',
    lengthMm: 'b.length_mm',
    quantity: 'b.quantity',
    dueDate: 'b.due_date',
    createTime: 'b.created_at',
  },
  defaultSort: { field: 'dueDate', direction: 'desc' },
});

function boardOrderQuery(db: Db) {
  return db
    .selectFrom('board_order as b')
    .leftJoin('production_order as o', 'o.id', 'b.production_order_id')
    .leftJoin('board_schedule as s', 's.id', 'b.schedule_id')
    .leftJoin('work_report as w', 'w.id', 'b.source_report_id')
    .select([
      'b.id',
      'b.order_no',
      'b.production_order_id',
      'o.order_no as production_order_no',
      'b.source',
      'b.customer_name',
      'b.product_name',
      'b.board_code',
      'b.flute',
      'b.width_mm',
      'b.length_mm',
      'b.quantity',
      sql<string>`to_char(b.due_date, 'YYYY-MM-DD')`.as('due_date'),
      'b.state',
      'b.schedule_id',
      's.schedule_no',
      'b.remark',
      'b.revoked',
      'b.change_note',
      'w.report_no as source_report_no',
      'b.created_at',
      'b.updated_at',
    ]);
}
type BoardOrderRow = RowOf<typeof boardOrderQuery>;

function toBoardOrder(row: BoardOrderRow): BoardOrder {
  return {
    id: row.id,
    orderNo: row.order_no,
    productionOrderId: row.production_order_id,
    productionOrderNo: row.production_order_no ?? '',
    source: row.source,
    customerName: row.customer_name,
    productName: row.product_name,
    boardCode: row.board_code,
    flute: row.flute,
    widthMm: row.width_mm,
    lengthMm: row.length_mm,
    quantity: row.quantity,
    areaM2: Math.round((row.width_mm * row.length_mm * row.quantity) / 1000) / 1000,
    dueDate: row.due_date,
    state: row.state,
    scheduleId: row.schedule_id,
    scheduleNo: row.schedule_no ?? '',
    remark: row.remark,
    revoked: row.revoked,
    changeNote: row.change_note,
    sourceReportNo: row.source_report_no ?? '',
    createTime: formatDateTime(row.created_at),
    updateTime: formatDateTime(row.updated_at),
  };
}

export const BOARD_ORDER_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<BoardOrder>> = [
  { header: '订单号', value: (row) => row.orderNo, width: 18 },
  { header: '来源', value: (row) => BOARD_ORDER_SOURCE.label(row.source) },
  { header: '生产订单', value: (row) => row.productionOrderNo, width: 18 },
  { header: '客户名称', value: (row) => row.customerName, width: 24 },
  { header: '品名', value: (row) => row.productName, width: 24 },
  { header: '纸板编码', value: (row) => row.boardCode, width: 26 },
  { header: '楞型', value: (row) => row.flute },
  { header: '宽(mm)', value: (row) => row.widthMm },
  { header: '长(mm)', value: (row) => row.lengthMm },
  { header: '数量(张)', value: (row) => row.quantity },
  { header: '面积(㎡)', value: (row) => row.areaM2 },
  { header: '交期', value: (row) => row.dueDate },
  { header: '状态', value: (row) => BOARD_ORDER_STATE.label(row.state) },
  { header: '排程号', value: (row) => row.scheduleNo, width: 18 },
  { header: '备注', value: (row) => row.remark, width: 24 },
  { header: '来源报工', value: (row) => row.sourceReportNo, width: 20 },
  { header: '变更提示', value: (row) => (row.revoked ? '生产订单已撤销' : row.changeNote), width: 30 },
];

type BoardOrderImportKey = 'source' | 'customerName' | 'productName' | 'boardCode' | 'flute' | 'widthMm' | 'lengthMm' | 'quantity' | 'dueDate' | 'remark';

/** 纸板订单导入 columns (board sold as board, or re-makes): as the editor's fields. */
export const BOARD_ORDER_IMPORT_COLUMNS: ReadonlyArray<ImportColumn<BoardOrderImportKey>> = [
  { key: 'customerName', header: '客户名称', required: true, maxLength: 50 },
  { key: 'productName', header: '品名', maxLength: 50 },
  { key: 'boardCode', header: '纸板编码', required: true, maxLength: 40 },
  { key: 'flute', header: '楞型', required: true, maxLength: 4 },
  { key: 'widthMm', header: '宽(mm)', required: true },
  { key: 'lengthMm', header: '长(mm)', required: true },
  { key: 'quantity', header: '数量(张)', required: true },
  { key: 'dueDate', header: '交期', required: true },
  { key: 'source', header: '来源' },
  { key: 'remark', header: '备注', maxLength: 200 },
];
/** Sources an import may give (a derived order comes from its production order only). */
const IMPORT_SOURCES = BOARD_ORDER_SOURCE.options.filter((option) => option.value !== 1);

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const dayKey = (date: Date) => `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}`;

/** The next number of a daily series `<prefix><yyyymmdd><nnn>` in `table`'s `column` of the factory. */
export async function nextDailyNo(db: Db, table: 'board_order' | 'board_schedule', column: 'order_no' | 'schedule_no', scope: Scope, prefix: string, now = new Date()): Promise<string> {
  return (await nextDailyNos(db, table, column, scope, prefix, 1, now))[0]!;
}

/** The next `count` numbers of the daily series (an import's rows, in order). */
async function nextDailyNos(db: Db, table: 'board_order' | 'board_schedule', column: 'order_no' | 'schedule_no', scope: Scope, prefix: string, count: number, now = new Date()): Promise<string[]> {
  const stem = `${prefix}${dayKey(now)}`;
  const row = await db
    .selectFrom(table as 'board_order')
    .select(sql<string | null>`max(${sql.ref(column)})`.as('last'))
    .where(inScope(scope))
    .where(sql.ref(column), 'like', `${stem}%`)
    .executeTakeFirst();
  const last = row?.last ? Number(row.last.slice(stem.length)) || 0 : 0;
  return Array.from({ length: count }, (_, index) => `${stem}${pad(last + 1 + index, 3)}`);
}

/** Production-order statuses whose board the corrugator makes (审核通过 onward, not 待审核/驳回/回收). */
export const BOARD_ORDER_STATUSES = [2, 3, 4, 5, 6, 10] as const;

/**
 * Board orders of production orders whose flow makes board on the corrugator (瓦线生产): the sheet
 * of the order, the corrugator operation's planned quantity, the order's due date. Idempotent: an
 * order gets its board order once (its state then belongs to the board schedules). An order whose
 * corrugator operation has ended starts as 完工, any other as 待排.
 */
export async function syncBoardOrders(db: Db, scope: Scope, productionOrderId?: number): Promise<number> {
  const one = productionOrderId === undefined ? sql`` : sql`and o.id = ${productionOrderId}`;
  const result = await sql`
    insert into board_order (enterprise_id, org_id, order_no, production_order_id, source, customer_name, product_name,
      board_code, flute, width_mm, length_mm, quantity, due_date, state)
    select o.enterprise_id, o.org_id, o.order_no, o.id, 1, o.customer_name, o.product_name, o.board_code, o.flute,
      o.sheet_width_mm, o.sheet_length_mm, op.planned_qty, o.delivery_date,
      case op.status when 3 then 4 else 1 end
    from production_order o
    join lateral (
      select x.planned_qty, x.status from production_order_operation x join process p on p.id = x.process_id
      where x.order_id = o.id and p.code = ${CORRUGATOR_PROCESS_CODE} order by x.seq limit 1
    ) op on true
    where o.enterprise_id = ${scope.enterpriseId} and o.org_id = ${scope.orgId} and not o.revoked ${one}
      and o.status in (${sql.join(BOARD_ORDER_STATUSES)}) and o.sheet_width_mm > 0 and o.sheet_length_mm > 0 and o.board_code <> '' and o.flute <> ''
      and op.planned_qty > 0
      and not exists (select 1 from board_order b where b.production_order_id = o.id)
    on conflict do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

function values(request: Omit<CreateBoardOrderRequest, 'source'>) {
  return {
    customer_name: request.customerName.trim(),
    product_name: text(request.productName),
    board_code: request.boardCode.trim(),
    flute: request.flute.trim().toUpperCase(),
    width_mm: request.widthMm,
    length_mm: request.lengthMm,
    quantity: request.quantity,
    due_date: request.dueDate,
    remark: text(request.remark),
  };
}

const label = (row: { order_no: string; board_code: string; width_mm: number; length_mm: number; quantity: number }) =>
  `${row.order_no}（${row.board_code} ${row.width_mm}×${row.length_mm} ${row.quantity}张）`;

/** Board orders (纸板订单) of the session's factory: the corrugator's demand. */
export class BoardOrderService extends FactoryEntity({ query: boardOrderQuery, alias: 'b', list: BOARD_ORDER_LIST, toView: toBoardOrder, notFound: BoardOrderMessages.notFound }) {
  constructor(
    db: Db,
    private readonly configs: BoardConfigService,
  ) {
    super(db);
  }

  override async list(scope: Scope, params: BoardOrderListQuery) {
    await syncBoardOrders(this.db, scope);
    return super.list(scope, params);
  }

  async create(scope: Scope, request: CreateBoardOrderRequest, context: OperationContext): Promise<{ id: number }> {
    return writeUnique(this.db, { board_order_no_uq: BoardOrderMessages.noTaken }, async (trx) => {
      const orderNo = await nextDailyNo(trx, 'board_order', 'order_no', scope, request.source === 3 ? 'BR' : 'BD');
      const row = { order_no: orderNo, source: request.source, state: 1, ...values(request) };
      const id = await insertRow(trx, 'board_order', scope, row);
      await recordOperation(trx, context, { ...scope, content: `新增纸板订单：${label(row)}` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdateBoardOrderRequest, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const old = await requireRow(trx, 'board_order', ['order_no', 'board_code', 'width_mm', 'length_mm', 'quantity', 'state', 'source'], scope, request.id, BoardOrderMessages.notFound);
      if (old.source === 1) throw conflict(BoardOrderMessages.derived(old.order_no));
      if (old.state !== 1) throw conflict(BoardOrderMessages.notWaiting(old.order_no));
      const next = values(request);
      await updateRow(trx, 'board_order', scope, request.id, next);
      await recordOperation(trx, context, { ...scope, content: `编辑纸板订单：${label(old)} → ${label({ ...next, order_no: old.order_no })}` });
    });
  }

  async deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('board_order').select(['id', 'order_no', 'board_code', 'width_mm', 'length_mm', 'quantity', 'state', 'source']).where(inScope(scope)).where('id', 'in', ids).orderBy('id').forUpdate().execute();
      if (rows.length !== ids.length) throw notFound(BoardOrderMessages.notFound);
      const derived = rows.find((row) => row.source === 1);
      if (derived) throw conflict(BoardOrderMessages.derived(derived.order_no));
      const busy = rows.find((row) => row.state !== 1);
      if (busy) throw conflict(BoardOrderMessages.notWaiting(busy.order_no));
      await trx.deleteFrom('board_order').where(inScope(scope)).where('id', 'in', ids).execute();
      await recordOperation(trx, context, { ...scope, content: `删除纸板订单：${summary(rows.map(label))}` });
      return { deleted: ids.length };
    });
  }

  /**
   * 导入纸板订单: each row a board order sold as board (or a re-make), checked like the editor's
   * fields; every row checked first, then all orders created in one transaction — or none, with every
   * refused row and why.
   */
  async import(scope: Scope, filePath: string, context: OperationContext): Promise<ImportResult & { message: string }> {
    const sheet = (value: string) => importInteger(value, BOARD_SHEET_MM.min, BOARD_SHEET_MM.max, 5);
    const result = await runImport<BoardOrderImportKey, Omit<CreateBoardOrderRequest, 'source'> & { source: number }>(this.db, filePath, {
      columns: BOARD_ORDER_IMPORT_COLUMNS,
      maxRows: BOARD_ORDER_IMPORT_MAX_ROWS,
      validateRow: (row) => {
        const widthMm = sheet(row.widthMm);
        if (widthMm === null) return `宽(mm)必须是${BOARD_SHEET_MM.min}-${BOARD_SHEET_MM.max}的整数`;
        const lengthMm = sheet(row.lengthMm);
        if (lengthMm === null) return `长(mm)必须是${BOARD_SHEET_MM.min}-${BOARD_SHEET_MM.max}的整数`;
        const quantity = importInteger(row.quantity, 1, BOARD_ORDER_MAX_SHEETS);
        if (quantity === null) return `数量(张)必须是1-${BOARD_ORDER_MAX_SHEETS}的整数`;
        const dueDate = importDay(row.dueDate);
        if (!dueDate) return '交期格式不正确（如 2026-12-20）';
        const source = row.source === '' ? 2 : IMPORT_SOURCES.find((option) => option.label === row.source)?.value;
        if (source === undefined) return `来源只能是${IMPORT_SOURCES.map((option) => option.label).join('、')}`;
        return { source, customerName: row.customerName, productName: row.productName, boardCode: row.boardCode, flute: row.flute, widthMm, lengthMm, quantity, dueDate, remark: row.remark };
      },
      write: async (trx, records) => {
        const numbers = new Map<number, string[]>();
        for (const source of [2, 3]) {
          const count = records.filter((record) => record.source === source).length;
          if (count) numbers.set(source, await nextDailyNos(trx, 'board_order', 'order_no', scope, source === 3 ? 'BR' : 'BD', count));
        }
        const rows = records.map((record) => ({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, order_no: numbers.get(record.source)!.shift()!, source: record.source, state: 1, ...values(record) }));
        for (let start = 0; start < rows.length; start += 1000) await guardUnique(() => trx.insertInto('board_order').values(rows.slice(start, start + 1000)).execute(), { board_order_no_uq: BoardOrderMessages.noTaken });
        await recordOperation(trx, context, { ...scope, content: `导入纸板订单：${rows.length}个（${summary(rows.map((row) => row.order_no))}）` });
      },
    });
    return { ...result, message: result.failures.length > 0 ? ImportMessages.failed(new Set(result.failures.map((failure) => failure.row)).size) : '导入成功' };
  }

  /** Waiting orders grouped by board code and flute, with totals; the groups due soonest first. */
  async standbyGroups(scope: Scope, today: string): Promise<StandbyGroup[]> {
    await syncBoardOrders(this.db, scope);
    const { config, rolls } = await this.configs.line(scope);
    const widest = rolls.at(-1) ?? config.maxWidthMm;
    const rows = await this.db
      .selectFrom('board_order')
      .select(['board_code', 'flute', 'width_mm', 'length_mm', 'quantity', sql<string>`to_char(due_date, 'YYYY-MM-DD')`.as('due')])
      .where(inScope(scope))
      .where('state', '=', 1)
      .where('revoked', '=', false)
      .execute();
    const groups = new Map<string, StandbyGroup>();
    for (const row of rows) {
      const key = `${row.board_code}\u0000${row.flute}`;
      const group = groups.get(key) ?? { boardCode: row.board_code, flute: row.flute, orders: 0, sheets: 0, areaM2: 0, metres: 0, earliestDue: row.due, dueOrders: 0 };
      group.orders += 1;
      group.sheets += row.quantity;
      group.areaM2 += (row.width_mm * row.length_mm * row.quantity) / 1e6;
      group.metres += estimatedMetres({ widthMm: row.width_mm, lengthMm: row.length_mm, quantity: row.quantity }, widest, config);
      if (row.due < group.earliestDue) group.earliestDue = row.due;
      if (row.due <= today) group.dueOrders += 1;
      groups.set(key, group);
    }
    return [...groups.values()]
      .map((group) => ({ ...group, areaM2: Math.round(group.areaM2 * 10) / 10, metres: Math.round(group.metres) }))
      .sort((a, b) => a.earliestDue.localeCompare(b.earliestDue) || b.orders - a.orders || a.boardCode.localeCompare(b.boardCode));
  }
}
