import { sql } from 'kysely';
import type { ImportResult } from '@core/contracts/files';
import { LEDGER_LIMITS, type LedgerOptions, type LedgerRow, type StoredDocument, type UpdateLedgerRequest } from '@core/contracts/device-ledger';
import { DEVICE_STATUS, deviceUseLabel } from '@core/enums';
import { isCalendarDate } from '@core/contracts/common';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { formatDateTime } from '../../lib/datetime';
import { conflict, notFound } from '../../lib/errors';
import type { ExportColumn } from '../../lib/excel-export';
import { ImportMessages, runImport, type ImportColumn } from '../../lib/excel-import';
import type { ListParams } from '../../lib/list-query';
import { factoryUsers, num, text } from '../../lib/rows';
import { FactoryEntity, factoryList, inScope, requireRow, type RowOf, writeUnique } from '../../lib/scoped';
import { guardUnique } from '../../lib/unique';
import type { Scope } from '../../plugins/auth';
import { DEVICE_LIST, lazyStream, withDescendants } from '../modeling';
import { storedDocuments } from './documents';

export const LedgerMessages = {
  deviceNotFound: '设备不存在',
  assetNoTaken: '资产编号已存在',
  userNotFound: '责任人不在本工厂',
  warrantyBeforePurchase: '保修截止不能早于购置日期',
} as const;

const UNIQUE_MESSAGES = { device_asset_no_uq: LedgerMessages.assetNoTaken };

// The device list's filters and sorts (the same alias `d`), and the ledger's own.
const { deviceNo, deviceName, workshopId, deviceTypeId, status, deviceUse } = DEVICE_LIST.filters;
export const LEDGER_LIST = factoryList('d', {
  filters: {
    deviceNo,
    deviceName,
    workshopId,
    deviceTypeId,
    status,
    deviceUse,
    assetNo: { column: 'a.asset_no', kind: 'like', label: '资产编号' },
    supplier: { column: 'a.supplier', kind: 'like', label: '供应商' },
  },
  sorts: {
    ...DEVICE_LIST.sorts,
    assetNo: 'a.asset_no',
    purchaseDate: 'a.purchase_date',
    warrantyEnd: 'a.warranty_end',
    price: 'a.price',
  },
  defaultSort: { field: 'deviceNo', direction: 'asc' },
});

function ledgerQuery(db: Db) {
  return db
    .selectFrom('device as d')
    .leftJoin('device_asset as a', 'a.device_id', 'd.id')
    .leftJoin('workshop as w', 'w.id', 'd.workshop_id')
    .leftJoin('device_type as t', 't.id', 'd.device_type_id')
    .leftJoin('app_user as u', 'u.id', 'a.responsible_user_id')
    .select((eb) => [
      'd.id',
      'd.device_no as deviceNo',
      'd.name as deviceName',
      'd.device_type_id as deviceTypeId',
      't.name as deviceTypeName',
      'd.workshop_id as workshopId',
      'w.name as workshopName',
      'd.device_use as deviceUse',
      'd.status',
      'd.brand',
      'd.model',
      'a.asset_no as assetNo',
      sql<string | null>`to_char(a.purchase_date, 'YYYY-MM-DD')`.as('purchaseDate'),
      'a.supplier',
      'a.price',
      sql<string | null>`to_char(a.warranty_end, 'YYYY-MM-DD')`.as('warrantyEnd'),
      'a.location',
      'a.responsible_user_id as responsibleUserId',
      'u.nick_name as responsibleName',
      'a.documents',
      'a.remark',
      eb.selectFrom('device_picture as p').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('p.device_id', '=', 'd.id').as('pictureCount'),
      'd.created_at as createdAt',
      sql<Date>`greatest(d.updated_at, coalesce(a.updated_at, d.updated_at))`.as('updatedAt'),
    ]);
}
type LedgerDbRow = RowOf<typeof ledgerQuery>;

function toLedgerRow(row: LedgerDbRow): LedgerRow {
  const { deviceTypeName, workshopName, assetNo, supplier, price, location, responsibleUserId, responsibleName, documents, pictureCount, remark, createdAt, updatedAt, ...device } = row;
  return {
    ...device,
    deviceTypeName: deviceTypeName ?? '',
    workshopName: workshopName ?? '',
    assetNo: assetNo ?? '',
    supplier: supplier ?? '',
    price: num(price),
    location: location ?? '',
    responsibleUserId: responsibleUserId ?? null,
    responsibleName: responsibleName ?? '',
    documents: documents ?? [],
    pictureCount: Number(pictureCount ?? 0),
    remark: remark ?? '',
    createTime: formatDateTime(createdAt),
    updateTime: formatDateTime(updatedAt),
  };
}

/** The cascader's path (comma-joined ids, root first) → its last type and every type below it. */
async function typeFilter(db: Db, scope: Scope, params: ListParams): Promise<ListParams> {
  const { deviceTypePath, ...rest } = params;
  const path = typeof deviceTypePath === 'string' ? deviceTypePath.split(',').map((part) => part.trim()).filter(Boolean) : [];
  if (path.length === 0) return rest;
  return withDescendants(db, 'device_type', scope, { ...rest, deviceTypeId: path[path.length - 1] }, 'deviceTypeId');
}

export const LEDGER_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<LedgerRow>> = [
  { header: '设备编号', value: (row) => row.deviceNo },
  { header: '设备名称', value: (row) => row.deviceName, width: 24 },
  { header: '设备类型', value: (row) => row.deviceTypeName },
  { header: '车间', value: (row) => row.workshopName },
  { header: '设备用途', value: (row) => deviceUseLabel(row.deviceUse) },
  { header: '设备状态', value: (row) => DEVICE_STATUS.label(row.status) },
  { header: '品牌', value: (row) => row.brand },
  { header: '型号', value: (row) => row.model },
  { header: '资产编号', value: (row) => row.assetNo },
  { header: '购置日期', value: (row) => row.purchaseDate ?? '' },
  { header: '供应商', value: (row) => row.supplier, width: 24 },
  { header: '购置价格', value: (row) => row.price },
  { header: '保修截止', value: (row) => row.warrantyEnd ?? '' },
  { header: '存放位置', value: (row) => row.location },
  { header: '责任人', value: (row) => row.responsibleName },
  { header: '图片数', value: (row) => row.pictureCount },
  { header: '备注', value: (row) => row.remark },
];

type LedgerImportKey = 'deviceNo' | 'assetNo' | 'purchaseDate' | 'supplier' | 'price' | 'warrantyEnd' | 'location' | 'responsible' | 'remark';
export const LEDGER_IMPORT_COLUMNS: ReadonlyArray<ImportColumn<LedgerImportKey>> = [
  { key: 'deviceNo', header: '设备编号', required: true, maxLength: 50 },
  { key: 'assetNo', header: '资产编号', maxLength: 30 },
  { key: 'purchaseDate', header: '购置日期' },
  { key: 'supplier', header: '供应商', maxLength: 50 },
  { key: 'price', header: '购置价格' },
  { key: 'warrantyEnd', header: '保修截止' },
  { key: 'location', header: '存放位置', maxLength: 50 },
  { key: 'responsible', header: '责任人账号', maxLength: 50 },
  { key: 'remark', header: '备注', maxLength: 200 },
];

/** The asset fields as stored (what an edit and an import row become). */
interface AssetRecord {
  device_id: number;
  asset_no: string;
  purchase_date: string | null;
  supplier: string;
  price: number | null;
  warranty_end: string | null;
  location: string;
  responsible_user_id: number | null;
  documents: StoredDocument[];
  remark: string;
}

/** Inserts or replaces the asset rows of devices of the factory (one statement per 500 rows). */
async function upsertAssets(trx: Db, scope: Scope, records: AssetRecord[]): Promise<void> {
  for (let start = 0; start < records.length; start += 500) {
    const chunk = records.slice(start, start + 500).map((record) => ({
      enterprise_id: scope.enterpriseId,
      org_id: scope.orgId,
      ...record,
      documents: JSON.stringify(record.documents),
    }));
    await guardUnique(
      () =>
        trx
          .insertInto('device_asset')
          .values(chunk)
          .onConflict((oc) =>
            oc.column('device_id').doUpdateSet((eb) => ({
              asset_no: eb.ref('excluded.asset_no'),
              purchase_date: eb.ref('excluded.purchase_date'),
              supplier: eb.ref('excluded.supplier'),
              price: eb.ref('excluded.price'),
              warranty_end: eb.ref('excluded.warranty_end'),
              location: eb.ref('excluded.location'),
              responsible_user_id: eb.ref('excluded.responsible_user_id'),
              documents: eb.ref('excluded.documents'),
              remark: eb.ref('excluded.remark'),
              updated_at: sql<Date>`now()`,
            })),
          )
          .execute(),
      UNIQUE_MESSAGES,
    );
  }
}

/** Whether another device of the factory has this asset number. */
async function assetNoTaken(db: Db, scope: Scope, assetNo: string, deviceId: number): Promise<boolean> {
  if (!assetNo) return false;
  const row = await db.selectFrom('device_asset').select('id').where(inScope(scope)).where('asset_no', '=', assetNo).where('device_id', '<>', deviceId).executeTakeFirst();
  return row !== undefined;
}

const PRICE = /^\d{1,10}(\.\d{1,2})?$/;

/** 设备台账: the factory's devices with their asset fields, documents and picture count. */
export class LedgerService extends FactoryEntity({ query: ledgerQuery, alias: 'd', list: LEDGER_LIST, toView: toLedgerRow, notFound: LedgerMessages.deviceNotFound }) {
  override async list(scope: Scope, params: ListParams) {
    return super.list(scope, await typeFilter(this.db, scope, params));
  }

  override rows(scope: Scope, params: ListParams): AsyncIterable<LedgerRow> {
    return lazyStream(async () => super.rows(scope, await typeFilter(this.db, scope, params)));
  }

  async options(scope: Scope): Promise<LedgerOptions> {
    const [workshops, types] = await Promise.all([
      this.db.selectFrom('workshop').select(['id', 'name']).where(inScope(scope)).orderBy('sort').orderBy('id').execute(),
      this.db.selectFrom('device_type').select(['id', 'parent_id as parentId', 'name']).where(inScope(scope)).orderBy('sort').orderBy('id').execute(),
    ]);
    return { workshops, deviceTypes: types };
  }

  async update(scope: Scope, request: UpdateLedgerRequest, context: OperationContext): Promise<void> {
    await writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      const device = await requireRow(trx, 'device', ['device_no', 'name'], scope, request.id, LedgerMessages.deviceNotFound);
      const assetNo = text(request.assetNo);
      if (await assetNoTaken(trx, scope, assetNo, request.id)) throw conflict(LedgerMessages.assetNoTaken);
      const userId = request.responsibleUserId ?? null;
      if (userId !== null && !(await factoryUsers(trx, scope, [userId])).has(userId)) throw notFound(LedgerMessages.userNotFound);
      const purchaseDate = request.purchaseDate ?? null;
      const warrantyEnd = request.warrantyEnd ?? null;
      if (purchaseDate && warrantyEnd && warrantyEnd < purchaseDate) throw conflict(LedgerMessages.warrantyBeforePurchase);
      const kept = await trx.selectFrom('device_asset').select('documents').where(inScope(scope)).where('device_id', '=', request.id).executeTakeFirst();
      const documents = await storedDocuments(trx, scope, request.documents ?? [], kept?.documents ?? []);
      await upsertAssets(trx, scope, [
        {
          device_id: request.id,
          asset_no: assetNo,
          purchase_date: purchaseDate,
          supplier: text(request.supplier),
          price: request.price ?? null,
          warranty_end: warrantyEnd,
          location: text(request.location),
          responsible_user_id: userId,
          documents,
          remark: text(request.remark),
        },
      ]);
      await recordOperation(trx, context, { ...scope, content: `编辑设备台账：${device.name}（${device.device_no}）` });
    });
  }

  /**
   * Asset fields by device number: every row checked first (the device exists in the factory, dates,
   * price, the responsible person's account, asset numbers unique), then all written or none. A
   * device's documents are kept; everything else the row has replaces what the ledger had.
   */
  async import(scope: Scope, filePath: string, context: OperationContext): Promise<ImportResult> {
    const [devices, users] = await Promise.all([
      this.db.selectFrom('device').select(['id', 'device_no']).where(inScope(scope)).execute(),
      this.db
        .selectFrom('user_org as uo')
        .innerJoin('app_user as u', 'u.id', 'uo.user_id')
        .select(['u.id', 'u.username'])
        .where('uo.enterprise_id', '=', scope.enterpriseId)
        .where('uo.org_id', '=', scope.orgId)
        .execute(),
    ]);
    const deviceByNo = new Map(devices.map((device) => [device.device_no, device.id]));
    const userByName = new Map(users.map((user) => [user.username, user.id]));
    const date = (value: string) => (value === '' ? null : isCalendarDate(value) ? value : undefined);

    const result = await runImport<LedgerImportKey, AssetRecord>(this.db, filePath, {
      columns: LEDGER_IMPORT_COLUMNS,
      maxRows: LEDGER_LIMITS.importRows,
      validateRow: (values) => {
        const deviceId = deviceByNo.get(values.deviceNo);
        if (deviceId === undefined) return `设备编号「${values.deviceNo}」不存在`;
        const purchaseDate = date(values.purchaseDate);
        if (purchaseDate === undefined) return '购置日期格式不正确，应为 2026-01-31';
        const warrantyEnd = date(values.warrantyEnd);
        if (warrantyEnd === undefined) return '保修截止格式不正确，应为 2026-01-31';
        if (purchaseDate && warrantyEnd && warrantyEnd < purchaseDate) return LedgerMessages.warrantyBeforePurchase;
        if (values.price !== '' && (!PRICE.test(values.price) || Number(values.price) > LEDGER_LIMITS.price)) return '购置价格必须是不超过10亿、最多两位小数的数字';
        const userId = values.responsible === '' ? null : userByName.get(values.responsible);
        if (userId === undefined) return `责任人账号「${values.responsible}」不在本工厂`;
        return {
          device_id: deviceId,
          asset_no: values.assetNo,
          purchase_date: purchaseDate,
          supplier: values.supplier,
          price: values.price === '' ? null : Number(values.price),
          warranty_end: warrantyEnd,
          location: values.location,
          responsible_user_id: userId,
          documents: [],
          remark: values.remark,
        };
      },
      validateAll: async (records) => this.importConflicts(scope, records, devices),
      write: async (trx, records) => {
        // Documents are not in the sheet: a device's are kept as they are.
        const kept = await trx.selectFrom('device_asset').select(['device_id', 'documents']).where(inScope(scope)).where('device_id', 'in', records.map((record) => record.device_id)).execute();
        const documentsOf = new Map(kept.map((row) => [row.device_id, row.documents]));
        await upsertAssets(trx, scope, records.map((record) => ({ ...record, documents: documentsOf.get(record.device_id) ?? [] })));
        await recordOperation(trx, context, { ...scope, content: `导入设备台账：${records.length}台` });
      },
    });
    return { ...result, message: result.failures.length > 0 ? ImportMessages.failed(new Set(result.failures.map((f) => f.row)).size) : '导入成功' };
  }

  /** A device twice in the file, an asset number twice, or one another device of the factory has. */
  private async importConflicts(scope: Scope, records: Array<{ row: number; record: AssetRecord }>, devices: Array<{ id: number; device_no: string }>) {
    const noOf = new Map(devices.map((device) => [device.id, device.device_no]));
    const errors: Array<{ row: number; message: string }> = [];
    const deviceRow = new Map<number, number>();
    const assetRow = new Map<string, number>();
    for (const { row, record } of records) {
      const firstDevice = deviceRow.get(record.device_id);
      if (firstDevice !== undefined) errors.push({ row, message: `设备编号「${noOf.get(record.device_id)}」与第${firstDevice}行重复` });
      else deviceRow.set(record.device_id, row);
      if (!record.asset_no) continue;
      const firstAsset = assetRow.get(record.asset_no);
      if (firstAsset !== undefined) errors.push({ row, message: `资产编号「${record.asset_no}」与第${firstAsset}行重复` });
      else assetRow.set(record.asset_no, row);
    }
    if (assetRow.size === 0) return errors;
    const taken = await this.db
      .selectFrom('device_asset')
      .select(['asset_no', 'device_id'])
      .where(inScope(scope))
      .where('asset_no', 'in', [...assetRow.keys()])
      .execute();
    const importedFor = new Map(records.map(({ record }) => [record.asset_no, record.device_id]));
    for (const row of taken) {
      // The same device keeping its number is no conflict; another device holding it is.
      if (importedFor.get(row.asset_no) !== row.device_id) errors.push({ row: assetRow.get(row.asset_no)!, message: `资产编号「${row.asset_no}」已存在` });
    }
    return errors;
  }
}
