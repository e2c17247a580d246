import type { ImportResult } from '@core/contracts/files';
import {
  STENCIL_IMPORT_MAX_ROWS,
  STENCIL_MAX_IMPRESSIONS,
  STENCIL_NO_PATTERN,
  STENCIL_PLATE_TYPE,
  STENCIL_STATUS,
  stencilLabel,
  type CreateStencilRequest,
  type Stencil,
  type UpdateStencilRequest,
} from '@core/contracts/stencil';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { formatDateTime } from '../../lib/datetime';
import { notFound } from '../../lib/errors';
import type { ExportColumn } from '../../lib/excel-export';
import { ImportMessages, importInteger as integerIn, runImport, type ImportColumn } from '../../lib/excel-import';
import { requireIds, summary, text } from '../../lib/rows';
import { guardUnique } from '../../lib/unique';
import type { Scope } from '../../plugins/auth';
import { FactoryEntity, factoryList, importKeyErrors, inScope, insertRow, refuseTaken, type RowOf, updateRow, writeUnique } from '../../lib/scoped';

export const StencilMessages = {
  notFound: '印版不存在',
  noTaken: '印版编号已存在',
  productNotFound: '产品不存在',
} as const;

/** Unique index → the 4009 a concurrent duplicate gets. */
const UNIQUE_MESSAGES = { stencil_code_uq: StencilMessages.noTaken };

export const STENCIL_LIST = factoryList('s', {
  filters: {
    stencilNo: { column: 's.code', kind: 'like', label: '印版编号' },
    customerName: { column: 's.customer_name', kind: 'like', label: '客户名称' },
    productName: { column: 'p.name', kind: 'like', label: '产品' },
    color: { column: 's.color', kind: 'like', label: '颜色' },
    plateType: { column: 's.plate_type', kind: 'in', label: '版材类型' },
    status: { column: 's.status', kind: 'in', label: '状态', integer: true },
  },
  sorts: {
    id: 's.id',
    stencilNo: 's.code',
    customerName: 's.customer_name',
    usedCount: 's.used_count',
    lifeCount: 's.life_count',
    createTime: 's.created_at',
    updateTime: 's.updated_at',
  },
  defaultSort: { field: 'id', direction: 'desc' },
});


export const STENCIL_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<Stencil>> = [
  { header: '印版编号', value: (row) => row.stencilNo },
  { header: '客户名称', value: (row) => row.customerName, width: 24 },
  { header: '产品编号', value: (row) => row.productNo },
  { header: '产品名称', value: (row) => row.productName, width: 24 },
  { header: '颜色', value: (row) => row.color },
  { header: '版材类型', value: (row) => STENCIL_PLATE_TYPE.label(row.plateType) },
  { header: '宽(mm)', value: (row) => row.widthMm },
  { header: '高(mm)', value: (row) => row.heightMm },
  { header: '库位', value: (row) => row.location },
  { header: '状态', value: (row) => STENCIL_STATUS.label(row.status) },
  { header: '已印次数', value: (row) => row.usedCount },
  { header: '寿命次数', value: (row) => row.lifeCount },
  { header: '备注', value: (row) => row.remark },
];

type StencilImportKey =
  | 'stencilNo'
  | 'customerName'
  | 'productNo'
  | 'color'
  | 'plateType'
  | 'widthMm'
  | 'heightMm'
  | 'location'
  | 'status'
  | 'usedCount'
  | 'lifeCount'
  | 'remark';
export const STENCIL_IMPORT_COLUMNS: ReadonlyArray<ImportColumn<StencilImportKey>> = [
  { key: 'stencilNo', header: '印版编号', required: true, maxLength: 30 },
  { key: 'customerName', header: '客户名称', required: true, maxLength: 50 },
  { key: 'productNo', header: '产品编号' },
  { key: 'color', header: '颜色', required: true, maxLength: 20 },
  { key: 'plateType', header: '版材类型', required: true },
  { key: 'widthMm', header: '宽(mm)', required: true },
  { key: 'heightMm', header: '高(mm)', required: true },
  { key: 'location', header: '库位', maxLength: 30 },
  { key: 'status', header: '状态' },
  { key: 'usedCount', header: '已印次数' },
  { key: 'lifeCount', header: '寿命次数', required: true },
  { key: 'remark', header: '备注', maxLength: 200 },
];

const STENCIL_NO = new RegExp(STENCIL_NO_PATTERN);

// ---- queries ------------------------------------------------------------------------------------

function stencilQuery(db: Db) {
  return db
    .selectFrom('stencil as s')
    .leftJoin('product as p', 'p.id', 's.product_id')
    .select([
      's.id',
      's.code',
      's.customer_name as customerName',
      's.product_id as productId',
      'p.product_no as productNo',
      'p.name as productName',
      's.color',
      's.plate_type as plateType',
      's.width_mm as widthMm',
      's.height_mm as heightMm',
      's.location',
      's.status',
      's.used_count as usedCount',
      's.life_count as lifeCount',
      's.remark',
      's.created_at as createdAt',
      's.updated_at as updatedAt',
    ]);
}
type StencilRow = RowOf<typeof stencilQuery>;

function toStencil(row: StencilRow): Stencil {
  const { code, productNo, productName, createdAt, updatedAt, ...rest } = row;
  return {
    ...rest,
    stencilNo: code,
    productNo: productNo ?? '',
    productName: productName ?? '',
    createTime: formatDateTime(createdAt),
    updateTime: formatDateTime(updatedAt),
  };
}

/** A plate as stored; also what an import row becomes. */
interface StencilRecord {
  code: string;
  customer_name: string;
  product_id: number | null;
  color: string;
  plate_type: string;
  width_mm: number;
  height_mm: number;
  location: string;
  status: number;
  used_count: number;
  life_count: number;
  remark: string;
}

function stencilValues(request: CreateStencilRequest): StencilRecord {
  return {
    code: request.stencilNo,
    customer_name: request.customerName.trim(),
    product_id: request.productId ?? null,
    color: request.color.trim(),
    plate_type: request.plateType,
    width_mm: request.widthMm,
    height_mm: request.heightMm,
    location: text(request.location),
    status: request.status,
    used_count: request.usedCount ?? 0,
    life_count: request.lifeCount,
    remark: text(request.remark),
  };
}

async function labelsOf(db: Db, scope: Scope, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('stencil')
    .select(['code as stencilNo', 'color'])
    .where(inScope(scope))
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows.map(stencilLabel);
}

function byLabel<V>(options: ReadonlyArray<{ value: V; label: string }>, label: string): V | undefined {
  return options.find((option) => option.label === label)?.value;
}

// ---- service --------------------------------------------------------------------------------------

/** Printing plates (印版) of the session's factory. */
export class StencilService extends FactoryEntity({ query: stencilQuery, alias: 's', list: STENCIL_LIST, toView: toStencil, notFound: StencilMessages.notFound }) {
  async create(scope: Scope, request: CreateStencilRequest, context: OperationContext): Promise<{ id: number }> {
    return writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
        await requireIds(trx, 'product', scope, [request.productId], StencilMessages.productNotFound);
        await refuseTaken(trx, 'stencil', 'code', scope, request.stencilNo, StencilMessages.noTaken);
        const values = stencilValues(request);
        const id = await insertRow(trx, 'stencil', scope, values);
        await recordOperation(trx, context, { ...scope, content: `新增印版：${stencilLabel(request)} 客户 ${values.customer_name}` });
        return { id };
    });
  }

  async update(scope: Scope, request: UpdateStencilRequest, context: OperationContext): Promise<void> {
    await writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
        const [old] = await labelsOf(trx, scope, [request.id]);
        if (old === undefined) throw notFound(StencilMessages.notFound);
        await requireIds(trx, 'product', scope, [request.productId], StencilMessages.productNotFound);
        await refuseTaken(trx, 'stencil', 'code', scope, request.stencilNo, StencilMessages.noTaken, request.id);
        await updateRow(trx, 'stencil', scope, request.id, stencilValues(request));
        const label = stencilLabel(request);
        await recordOperation(trx, context, { ...scope, content: old === label ? `编辑印版：${label}` : `编辑印版：${old} → ${label}` });
    });
  }

  async deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const labels = await labelsOf(trx, scope, ids);
      if (labels.length !== ids.length) throw notFound(StencilMessages.notFound);
      await trx
        .deleteFrom('stencil')
        .where(inScope(scope))
        .where('id', 'in', ids)
        .execute();
      await recordOperation(trx, context, { ...scope, content: `删除印版：${summary(labels)}` });
      return { deleted: ids.length };
    });
  }

  /** Every row is checked first; all rows go in in one transaction, or none with every refused row reported. */
  async import(scope: Scope, filePath: string, context: OperationContext): Promise<ImportResult> {
    const products = await this.db
      .selectFrom('product')
      .select(['id', 'product_no'])
      .where(inScope(scope))
      .execute();
    const productByNo = new Map(products.map((product) => [product.product_no, product.id]));

    const result = await runImport<StencilImportKey, StencilRecord>(this.db, filePath, {
      columns: STENCIL_IMPORT_COLUMNS,
      maxRows: STENCIL_IMPORT_MAX_ROWS,
      validateRow: (values) => {
        if (!STENCIL_NO.test(values.stencilNo)) return '印版编号只能包含字母、数字、_、. 和 -';
        const productId = values.productNo ? productByNo.get(values.productNo) : null;
        if (productId === undefined) return `产品编号「${values.productNo}」不存在`;
        const plateType = byLabel(STENCIL_PLATE_TYPE.options, values.plateType);
        if (plateType === undefined) return `版材类型只能是${STENCIL_PLATE_TYPE.options.map((type) => type.label).join('、')}`;
        const widthMm = integerIn(values.widthMm, 1, 5000);
        if (widthMm === null) return '宽(mm)必须是1-5000的整数';
        const heightMm = integerIn(values.heightMm, 1, 5000);
        if (heightMm === null) return '高(mm)必须是1-5000的整数';
        const status = values.status === '' ? 1 : byLabel(STENCIL_STATUS.options, values.status);
        if (status === undefined) return `状态只能是${STENCIL_STATUS.options.map((item) => item.label).join('、')}`;
        const usedCount = values.usedCount === '' ? 0 : integerIn(values.usedCount, 0, STENCIL_MAX_IMPRESSIONS);
        if (usedCount === null) return `已印次数必须是0-${STENCIL_MAX_IMPRESSIONS}的整数`;
        const lifeCount = integerIn(values.lifeCount, 1, STENCIL_MAX_IMPRESSIONS);
        if (lifeCount === null) return `寿命次数必须是1-${STENCIL_MAX_IMPRESSIONS}的整数`;
        return {
          code: values.stencilNo,
          customer_name: values.customerName,
          product_id: productId,
          color: values.color,
          plate_type: plateType,
          width_mm: widthMm,
          height_mm: heightMm,
          location: values.location,
          status,
          used_count: usedCount,
          life_count: lifeCount,
          remark: values.remark,
        };
      },
      validateAll: (records) => importKeyErrors(this.db, 'stencil', 'code', scope, records, (record) => record.code, '印版编号'),
      write: async (trx, records) => {
        // 1,000 rows per statement stays well below PostgreSQL's 65,535 bound parameters.
        for (let start = 0; start < records.length; start += 1000) {
          const chunk = records.slice(start, start + 1000).map((record) => ({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, ...record }));
          await guardUnique(() => trx.insertInto('stencil').values(chunk).execute(), UNIQUE_MESSAGES);
        }
        await recordOperation(trx, context, { ...scope, content: `导入印版：${records.length}块` });
      },
    });
    return { ...result, message: result.failures.length > 0 ? ImportMessages.failed(new Set(result.failures.map((f) => f.row)).size) : '导入成功' };
  }
}
