import { sql } from 'kysely';
import type { PageResult } from '@core/contracts/common';
import type { ImportResult } from '@core/contracts/files';
import {
  FLUTES,
  PRODUCT_IMPORT_MAX_ROWS,
  type CreateProductClassifyRequest,
  type CreateProductRequest,
  type Product,
  type ProductClassifyNode,
  type UpdateProductClassifyRequest,
  type UpdateProductRequest,
} from '@core/contracts/modeling';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import type { ExportColumn } from '../../lib/excel-export';
import { ImportMessages, importInteger, runImport, type ImportColumn } from '../../lib/excel-import';
import { runList, streamList, type ListParams } from '../../lib/list-query';
import type { Scope } from '../../plugins/auth';
import { guardUnique, UNIQUE_MESSAGES } from './common';
import { buildTree, namesOf, requireIds, summary, text } from '../../lib/rows';
import { conflict, notFound } from '../../lib/errors';
import { stampsOf } from '../../lib/datetime';
import { lazyStream, rolledUpCounts, withDescendants } from './tree-filter';
import { factoryList, importKeyErrors, inScope, insertRow, refuseTaken, requireOne, type RowOf, updateRow, writeUnique } from '../../lib/scoped';

export const ProductMessages = {
  notFound: '产品不存在',
  noTaken: '产品编号已存在',
  classifyNotFound: '产品分类不存在',
  parentNotFound: '上级分类不存在',
  ownParent: '上级分类不能是自己或自己的下级',
  classifyNameTaken: '同级分类下已存在该名称',
  flowNotFound: '工艺路线不存在',
  flowOfOtherProduct: (flow: string, owner: string) => `工艺路线「${flow}」是产品「${owner}」的专用路线，不能用于其他产品`,
  classifyHasChildren: (names: string) => `产品分类「${names}」下存在子分类，无法删除`,
  classifyHasProducts: (names: string) => `产品分类「${names}」下存在产品，无法删除`,
} as const;

export const PRODUCT_LIST = factoryList('p', {
  filters: {
    productNo: { column: 'p.product_no', kind: 'like', label: '产品编号' },
    productName: { column: 'p.name', kind: 'like', label: '产品名称' },
    customerName: { column: 'p.customer_name', kind: 'like', label: '客户' },
    boardCode: { column: 'p.board_code', kind: 'like', label: '纸板编码' },
    classifyId: { column: 'p.classify_id', kind: 'in', label: '产品分类', integer: true },
    flute: { column: 'p.flute', kind: 'in', label: '楞型' },
    boxStyle: { column: 'p.box_style', kind: 'in', label: '箱型' },
    processFlowId: { column: 'p.process_flow_id', kind: 'in', label: '工艺路线', integer: true },
  },
  sorts: {
    id: 'p.id',
    productNo: 'p.product_no',
    productName: 'p.name',
    customerName: 'p.customer_name',
    createTime: 'p.created_at',
    updateTime: 'p.updated_at',
  },
  defaultSort: { field: 'id', direction: 'desc' },
});

export const PRODUCT_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<Product>> = [
  { header: '产品编号', value: (product) => product.productNo },
  { header: '产品名称', value: (product) => product.productName, width: 28 },
  { header: '客户', value: (product) => product.customerName, width: 24 },
  { header: '产品分类', value: (product) => product.classifyName },
  { header: '箱型', value: (product) => product.boxStyle },
  { header: '内长(mm)', value: (product) => product.lengthMm },
  { header: '内宽(mm)', value: (product) => product.widthMm },
  { header: '内高(mm)', value: (product) => product.heightMm },
  { header: '纸板编码', value: (product) => product.boardCode },
  { header: '楞型', value: (product) => product.flute },
  { header: '印刷颜色数', value: (product) => product.colors },
  { header: '工艺路线', value: (product) => product.processFlowName, width: 20 },
  { header: '备注', value: (product) => product.remark },
];

type ProductImportKey =
  | 'productNo'
  | 'productName'
  | 'customerName'
  | 'classify'
  | 'boxStyle'
  | 'lengthMm'
  | 'widthMm'
  | 'heightMm'
  | 'boardCode'
  | 'flute'
  | 'colors'
  | 'processFlow'
  | 'remark';
export const PRODUCT_IMPORT_COLUMNS: ReadonlyArray<ImportColumn<ProductImportKey>> = [
  { key: 'productNo', header: '产品编号', required: true, maxLength: 30 },
  { key: 'productName', header: '产品名称', required: true, maxLength: 50 },
  { key: 'customerName', header: '客户', maxLength: 50 },
  { key: 'classify', header: '产品分类' },
  { key: 'boxStyle', header: '箱型' },
  { key: 'lengthMm', header: '内长(mm)', required: true },
  { key: 'widthMm', header: '内宽(mm)', required: true },
  { key: 'heightMm', header: '内高(mm)' },
  { key: 'boardCode', header: '纸板编码', maxLength: 30 },
  { key: 'flute', header: '楞型' },
  { key: 'colors', header: '印刷颜色数' },
  { key: 'processFlow', header: '工艺路线' },
  { key: 'remark', header: '备注', maxLength: 200 },
];

const PRODUCT_NO = /^[A-Za-z0-9_.-]{1,30}$/;
const BOX_STYLE = /^\d{4}$/;
const FLUTE_SET = new Set<string>(FLUTES);

// ---- queries ------------------------------------------------------------------------------------

function productQuery(db: Db) {
  return db
    .selectFrom('product as p')
    .leftJoin('product_classify as c', 'c.id', 'p.classify_id')
    .leftJoin('process_flow as f', 'f.id', 'p.process_flow_id')
    .select([
      'p.id',
      'p.product_no as productNo',
      'p.name as productName',
      'p.customer_name as customerName',
      'p.classify_id as classifyId',
      'c.name as classifyName',
      'p.box_style as boxStyle',
      'p.length_mm as lengthMm',
      'p.width_mm as widthMm',
      'p.height_mm as heightMm',
      'p.board_code as boardCode',
      'p.flute',
      'p.colors',
      'p.score_allowance_mm as scoreAllowanceMm',
      'p.process_flow_id as processFlowId',
      'f.name as processFlowName',
      'p.remark',
      'p.created_at as createdAt',
      'p.updated_at as updatedAt',
    ]);
}
type ProductRow = RowOf<typeof productQuery>;

function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    productNo: row.productNo,
    productName: row.productName,
    customerName: row.customerName,
    classifyId: row.classifyId,
    classifyName: row.classifyName ?? '',
    boxStyle: row.boxStyle,
    lengthMm: row.lengthMm,
    widthMm: row.widthMm,
    heightMm: row.heightMm,
    boardCode: row.boardCode,
    flute: row.flute,
    colors: row.colors,
    scoreAllowanceMm: row.scoreAllowanceMm,
    processFlowId: row.processFlowId,
    processFlowName: row.processFlowName ?? '',
    remark: row.remark,
    ...stampsOf(row),
  };
}

async function classifyRows(db: Db, scope: Scope) {
  return db
    .selectFrom('product_classify')
    .select(['id', 'name', 'parent_id as parentId'])
    .where(inScope(scope))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** A product as stored; also the record an import row becomes. */
interface ProductRecord {
  product_no: string;
  name: string;
  customer_name: string;
  classify_id: number | null;
  box_style: string;
  length_mm: number;
  width_mm: number;
  height_mm: number;
  board_code: string;
  flute: string;
  colors: number;
  process_flow_id: number | null;
  remark: string;
}

function productValues(request: CreateProductRequest): ProductRecord {
  return {
    product_no: request.productNo,
    name: request.productName.trim(),
    customer_name: text(request.customerName),
    classify_id: request.classifyId ?? null,
    box_style: text(request.boxStyle),
    length_mm: request.lengthMm,
    width_mm: request.widthMm,
    height_mm: request.heightMm,
    board_code: text(request.boardCode),
    flute: request.flute ?? '',
    colors: request.colors ?? 0,
    process_flow_id: request.processFlowId ?? null,
    remark: text(request.remark),
  };
}

/**
 * Inserts many products with one statement per chunk: columns travel as arrays and unnest turns
 * them into rows (about twice as fast as multi-row VALUES, RECIPES.md).
 */
export async function bulkInsertProducts(db: Db, scope: Scope, records: ProductRecord[], chunkSize = 5000): Promise<void> {
  for (let start = 0; start < records.length; start += chunkSize) {
    const chunk = records.slice(start, start + chunkSize);
    const column = <K extends keyof ProductRecord>(key: K) => chunk.map((record) => record[key]);
    await sql`
      insert into product (enterprise_id, org_id, product_no, name, customer_name, classify_id, box_style,
        length_mm, width_mm, height_mm, board_code, flute, colors, process_flow_id, remark)
      select ${scope.enterpriseId}::bigint, ${scope.orgId}::bigint, u.*
      from unnest(${column('product_no')}::text[], ${column('name')}::text[], ${column('customer_name')}::text[],
        ${column('classify_id')}::bigint[], ${column('box_style')}::text[], ${column('length_mm')}::int[],
        ${column('width_mm')}::int[], ${column('height_mm')}::int[], ${column('board_code')}::text[],
        ${column('flute')}::text[], ${column('colors')}::smallint[], ${column('process_flow_id')}::bigint[],
        ${column('remark')}::text[]) as u
    `.execute(db);
  }
}

const integerIn = (value: string, min: number, max: number) => importInteger(value, min, max, 6);

// ---- service --------------------------------------------------------------------------------------

/** Products (产品档案) and the product classify tree. */
export class ProductService {
  constructor(private readonly db: Db) {}

  async list(scope: Scope, params: ListParams): Promise<PageResult<Product>> {
    return runList(this.db, productQuery(this.db), PRODUCT_LIST, scope, await withDescendants(this.db, 'product_classify', scope, params, 'classifyId'), toProduct);
  }

  rows(scope: Scope, params: ListParams): AsyncIterable<Product> {
    // Built once now so a bad filter is refused before the download starts.
    streamList(productQuery(this.db), PRODUCT_LIST, scope, params, toProduct);
    return lazyStream(async () => streamList(productQuery(this.db), PRODUCT_LIST, scope, await withDescendants(this.db, 'product_classify', scope, params, 'classifyId'), toProduct));
  }

  async detail(scope: Scope, id: number): Promise<Product> {
    const row = await requireOne(productQuery(this.db), 'p', scope, id, ProductMessages.notFound);
    return toProduct(row);
  }

  /** Classify and flow exist in this factory; a dedicated (产品专用) flow only for its own product. */
  private async checkReferences(db: Db, scope: Scope, request: CreateProductRequest, productId?: number): Promise<void> {
    await requireIds(db, 'product_classify', scope, [request.classifyId], ProductMessages.classifyNotFound);
    if (request.processFlowId === null || request.processFlowId === undefined) return;
    const flow = await db
      .selectFrom('process_flow as f')
      .leftJoin('product as owner', 'owner.id', 'f.product_id')
      .select(['f.name', 'f.product_id as ownerId', 'owner.product_no as ownerNo'])
      .where(inScope(scope, 'f'))
      .where('f.id', '=', request.processFlowId)
      .executeTakeFirst();
    if (!flow) throw notFound(ProductMessages.flowNotFound);
    if (flow.ownerId !== null && flow.ownerId !== productId) throw conflict(ProductMessages.flowOfOtherProduct(flow.name, flow.ownerNo ?? ''));
  }

  async create(scope: Scope, request: CreateProductRequest, context: OperationContext): Promise<{ id: number }> {
    return writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      await this.checkReferences(trx, scope, request);
      await refuseTaken(trx, 'product', 'product_no', scope, request.productNo, ProductMessages.noTaken);
      const id = await insertRow(trx, 'product', scope, { ...productValues(request), score_allowance_mm: request.scoreAllowanceMm ?? null });
      await recordOperation(trx, context, { ...scope, content: `新增产品：${request.productNo} ${request.productName.trim()}` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdateProductRequest, context: OperationContext): Promise<void> {
    await writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      const [old] = await namesOf(trx, 'product', 'product_no', scope, [request.id]);
      if (old === undefined) throw notFound(ProductMessages.notFound);
      await this.checkReferences(trx, scope, request, request.id);
      await refuseTaken(trx, 'product', 'product_no', scope, request.productNo, ProductMessages.noTaken, request.id);
      await updateRow(trx, 'product', scope, request.id, { ...productValues(request), score_allowance_mm: request.scoreAllowanceMm ?? null });
      const renamed = old === request.productNo ? '' : `（原编号 ${old}）`;
      await recordOperation(trx, context, { ...scope, content: `编辑产品：${request.productNo} ${request.productName.trim()}${renamed}` });
    });
  }

  /** A product's own dedicated (产品专用) flows go with it (process_flow.product_id cascades). */
  async deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const numbers = await namesOf(trx, 'product', 'product_no', scope, ids);
      if (numbers.length !== ids.length) throw notFound(ProductMessages.notFound);
      const ownFlows = await trx
        .selectFrom('process_flow')
        .select('name')
        .where(inScope(scope))
        .where('product_id', 'in', ids)
        .orderBy('id')
        .execute();
      await trx
        .deleteFrom('product')
        .where(inScope(scope))
        .where('id', 'in', ids)
        .execute();
      const withFlows = ownFlows.length > 0 ? `（同时删除专用工艺路线：${summary(ownFlows.map((flow) => flow.name))}）` : '';
      await recordOperation(trx, context, { ...scope, content: `删除产品：${summary(numbers)}${withFlows}` });
      return { deleted: ids.length };
    });
  }

  /**
   * Up to 10,000 rows: every row is checked first (lookups from maps loaded once, one query for
   * numbers already taken), then all rows go in with bulk unnest inserts in one transaction — or
   * none, with every refused row reported.
   */
  async import(scope: Scope, filePath: string, context: OperationContext): Promise<ImportResult> {
    const [classifies, flows] = await Promise.all([
      classifyRows(this.db, scope),
      this.db
        .selectFrom('process_flow')
        .select(['id', 'code', 'name', 'product_id'])
        .where(inScope(scope))
        .execute(),
    ]);
    const classifyByName = new Map<string, number[]>();
    for (const row of classifies) classifyByName.set(row.name, [...(classifyByName.get(row.name) ?? []), row.id]);
    const flowByKey = new Map<string, (typeof flows)[number]>();
    for (const flow of flows) flowByKey.set(flow.code, flow);
    for (const flow of flows) if (!flowByKey.has(flow.name)) flowByKey.set(flow.name, flow);

    const result = await runImport<ProductImportKey, ProductRecord>(this.db, filePath, {
      columns: PRODUCT_IMPORT_COLUMNS,
      maxRows: PRODUCT_IMPORT_MAX_ROWS,
      validateRow: (values) => {
        if (!PRODUCT_NO.test(values.productNo)) return '产品编号只能包含字母、数字、_、. 和 -';
        let classifyId: number | null = null;
        if (values.classify) {
          const ids = classifyByName.get(values.classify) ?? [];
          if (ids.length === 0) return `产品分类「${values.classify}」不存在`;
          if (ids.length > 1) return `产品分类「${values.classify}」有重名，请先在分类树中改为不同名称`;
          classifyId = ids[0]!;
        }
        const boxStyle = values.boxStyle.replace(/^FEFCO\s*/i, '');
        if (boxStyle && !BOX_STYLE.test(boxStyle)) return '箱型请填写4位FEFCO编码，如0201';
        const lengthMm = integerIn(values.lengthMm, 1, 10_000);
        if (lengthMm === null) return '内长(mm)必须是1-10000的整数';
        const widthMm = integerIn(values.widthMm, 1, 10_000);
        if (widthMm === null) return '内宽(mm)必须是1-10000的整数';
        const heightMm = values.heightMm === '' ? 0 : integerIn(values.heightMm, 0, 10_000);
        if (heightMm === null) return '内高(mm)必须是0-10000的整数';
        const flute = values.flute.toUpperCase();
        if (flute && !FLUTE_SET.has(flute)) return `楞型只能是${FLUTES.join('、')}`;
        const colors = values.colors === '' ? 0 : integerIn(values.colors, 0, 8);
        if (colors === null) return '印刷颜色数必须是0-8的整数';
        const flow = values.processFlow ? flowByKey.get(values.processFlow) : null;
        if (flow === undefined) return `工艺路线「${values.processFlow}」不存在`;
        // A new product cannot be the owner of an existing dedicated flow.
        if (flow && flow.product_id !== null) return `工艺路线「${values.processFlow}」是其他产品的专用路线，不能用于导入的产品`;
        const processFlowId = flow ? flow.id : null;
        return {
          product_no: values.productNo,
          name: values.productName,
          customer_name: values.customerName,
          classify_id: classifyId,
          box_style: boxStyle,
          length_mm: lengthMm,
          width_mm: widthMm,
          height_mm: heightMm,
          board_code: values.boardCode,
          flute,
          colors,
          process_flow_id: processFlowId,
          remark: values.remark,
        };
      },
      validateAll: (records) => importKeyErrors(this.db, 'product', 'product_no', scope, records, (record) => record.product_no, '产品编号'),
      write: async (trx, records) => {
        await guardUnique(() => bulkInsertProducts(trx, scope, records));
        await recordOperation(trx, context, { ...scope, content: `导入产品：${records.length}个` });
      },
    });
    return { ...result, message: result.failures.length > 0 ? ImportMessages.failed(new Set(result.failures.map((f) => f.row)).size) : '导入成功' };
  }

  // ---- classify tree ----

  async classifyTree(scope: Scope): Promise<ProductClassifyNode[]> {
    const [rows, counts] = await Promise.all([
      classifyRows(this.db, scope),
      this.db
        .selectFrom('product')
        .select(['classify_id', sql<number>`count(*)`.as('n')])
        .where(inScope(scope))
        .where('classify_id', 'is not', null)
        .groupBy('classify_id')
        .execute(),
    ]);
    // A node counts the products of its whole subtree.
    const countOf = rolledUpCounts(rows, new Map(counts.map((row) => [row.classify_id!, Number(row.n)])));
    return buildTree(
      rows,
      (row): ProductClassifyNode => ({ id: row.id, classifyName: row.name, parentId: row.parentId, productCount: countOf.get(row.id) ?? 0, children: [] }),
      (node) => node.children,
    );
  }

  private async checkClassify(db: Db, scope: Scope, request: CreateProductClassifyRequest, id?: number): Promise<void> {
    const rows = await classifyRows(db, scope);
    const byId = new Map(rows.map((row) => [row.id, row]));
    if (id !== undefined && !byId.has(id)) throw notFound(ProductMessages.classifyNotFound);
    const parentId = request.parentId ?? null;
    if (parentId !== null && !byId.has(parentId)) throw notFound(ProductMessages.parentNotFound);
    for (let cursor = parentId; cursor !== null && id !== undefined; cursor = byId.get(cursor)?.parentId ?? null) {
      if (cursor === id) throw conflict(ProductMessages.ownParent);
    }
    const name = request.classifyName.trim();
    if (rows.some((row) => row.name === name && row.parentId === parentId && row.id !== id)) throw conflict(ProductMessages.classifyNameTaken);
  }

  async createClassify(scope: Scope, request: CreateProductClassifyRequest, context: OperationContext): Promise<{ id: number }> {
    return this.db.transaction().execute(async (trx) => {
      await this.checkClassify(trx, scope, request);
      const id = await insertRow(trx, 'product_classify', scope, {
        parent_id: request.parentId ?? null,
        name: request.classifyName.trim(),
        sort: request.sort ?? 0,
      });
      await recordOperation(trx, context, { ...scope, content: `新增产品分类：${request.classifyName.trim()}` });
      return { id };
    });
  }

  async updateClassify(scope: Scope, request: UpdateProductClassifyRequest, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.checkClassify(trx, scope, request, request.id);
      await updateRow(trx, 'product_classify', scope, request.id, { parent_id: request.parentId ?? null, name: request.classifyName.trim(), sort: request.sort ?? 0 });
      await recordOperation(trx, context, { ...scope, content: `编辑产品分类：${request.classifyName.trim()}` });
    });
  }

  async deleteClassifies(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await classifyRows(trx, scope);
      const wanted = new Set(ids);
      const targets = rows.filter((row) => wanted.has(row.id));
      if (targets.length !== ids.length) throw notFound(ProductMessages.classifyNotFound);
      const withChildren = targets.filter((target) => rows.some((row) => row.parentId === target.id));
      if (withChildren.length > 0) throw conflict(ProductMessages.classifyHasChildren(summary(withChildren.map((row) => row.name))));
      const used = await trx
        .selectFrom('product')
        .select('classify_id')
        .distinct()
        .where(inScope(scope))
        .where('classify_id', 'in', ids)
        .execute();
      if (used.length > 0) {
        const usedIds = new Set(used.map((row) => row.classify_id));
        throw conflict(ProductMessages.classifyHasProducts(summary(targets.filter((row) => usedIds.has(row.id)).map((row) => row.name))));
      }
      await trx
        .deleteFrom('product_classify')
        .where(inScope(scope))
        .where('id', 'in', ids)
        .execute();
      await recordOperation(trx, context, { ...scope, content: `删除产品分类：${summary(targets.map((row) => row.name))}` });
      return { deleted: targets.length };
    });
  }
}
