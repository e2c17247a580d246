import type { PageResult } from '@core/contracts/common';
import type { ImportResult } from '@core/contracts/files';
import type { CreateDeviceRequest, Device, DeviceDetail, DeviceSpeedEntry, UpdateDeviceRequest } from '@core/contracts/modeling';
import { DEVICE_STATUS, deviceUseLabel } from '@core/enums';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import type { ExportColumn } from '../../lib/excel-export';
import { ImportMessages, runImport, type ImportColumn } from '../../lib/excel-import';
import { runList, splitValues, streamList, type ListParams } from '../../lib/list-query';
import type { Scope } from '../../plugins/auth';
import { guardUnique, UNIQUE_MESSAGES } from './common';
import { conflict, notFound, validation } from '../../lib/errors';
import { stampsOf } from '../../lib/datetime';
import { namesOf, requireIds, requireImages, summary, text } from '../../lib/rows';
import { lazyStream, withDescendants } from './tree-filter';
import { deleteLogged, factoryList, importKeyErrors, inScope, insertRow, refuseTaken, requireOne, type RowOf, updateRow, writeUnique } from '../../lib/scoped';

export const DeviceMessages = {
  notFound: '设备不存在',
  noTaken: '设备编号已存在',
  typeNotFound: '设备类型不存在',
  workshopNotFound: '车间不存在',
  processNotFound: '工序不存在',
  pictureNotFound: '设备图片不存在，请重新上传',
  duplicateSpeed: '同一工序只能设置一个理论速度',
  usedByFlow: (devices: string, flows: string) => `设备「${devices}」已被工艺路线「${flows}」设为默认设备，无法删除`,
} as const;

export const DEVICE_LIST = factoryList('d', {
  filters: {
    deviceNo: { column: 'd.device_no', kind: 'like', label: '设备编号' },
    deviceName: { column: 'd.name', kind: 'like', label: '设备名称' },
    brand: { column: 'd.brand', kind: 'like', label: '品牌' },
    model: { column: 'd.model', kind: 'like', label: '型号' },
    deviceTypeId: { column: 'd.device_type_id', kind: 'in', label: '设备类型', integer: true },
    workshopId: { column: 'd.workshop_id', kind: 'in', label: '车间', integer: true },
    deviceUse: { column: 'd.device_use', kind: 'in', label: '设备用途', integer: true },
    status: { column: 'd.status', kind: 'in', label: '设备状态', integer: true },
  },
  sorts: { id: 'd.id', deviceNo: 'd.device_no', deviceName: 'd.name', status: 'd.status', createTime: 'd.created_at', updateTime: 'd.updated_at' },
  defaultSort: { field: 'deviceNo', direction: 'asc' },
});

export const DEVICE_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<Device>> = [
  { header: '设备编号', value: (device) => device.deviceNo },
  { header: '设备名称', value: (device) => device.deviceName, width: 24 },
  { header: '设备类型', value: (device) => device.deviceTypeName },
  { header: '车间', value: (device) => device.workshopName },
  { header: '设备用途', value: (device) => deviceUseLabel(device.deviceUse) },
  { header: '品牌', value: (device) => device.brand },
  { header: '型号', value: (device) => device.model },
  { header: '设备状态', value: (device) => DEVICE_STATUS.label(device.status) },
  { header: '备注', value: (device) => device.remark },
  { header: '创建时间', value: (device) => device.createTime, width: 22 },
];

type DeviceImportKey = 'deviceNo' | 'deviceName' | 'deviceType' | 'workshop' | 'deviceUse' | 'brand' | 'model' | 'status' | 'remark';
export const DEVICE_IMPORT_COLUMNS: ReadonlyArray<ImportColumn<DeviceImportKey>> = [
  { key: 'deviceNo', header: '设备编号', required: true, maxLength: 20 },
  { key: 'deviceName', header: '设备名称', required: true, maxLength: 30 },
  { key: 'deviceType', header: '设备类型' },
  { key: 'workshop', header: '车间' },
  { key: 'deviceUse', header: '设备用途' },
  { key: 'brand', header: '品牌', maxLength: 30 },
  { key: 'model', header: '型号', maxLength: 30 },
  { key: 'status', header: '设备状态' },
  { key: 'remark', header: '备注', maxLength: 200 },
];

const DEVICE_NO = /^[A-Za-z0-9_-]{1,20}$/;

// ---- queries ------------------------------------------------------------------------------------

function deviceQuery(db: Db) {
  return db
    .selectFrom('device as d')
    .leftJoin('device_type as t', 't.id', 'd.device_type_id')
    .leftJoin('workshop as w', 'w.id', 'd.workshop_id')
    .select([
      'd.id',
      'd.device_no as deviceNo',
      'd.name as deviceName',
      'd.device_type_id as deviceTypeId',
      't.name as deviceTypeName',
      'd.workshop_id as workshopId',
      'w.name as workshopName',
      'd.device_use as deviceUse',
      'd.brand',
      'd.model',
      'd.status',
      'd.pictures',
      'd.remark',
      'd.created_at as createdAt',
      'd.updated_at as updatedAt',
    ]);
}
type DeviceRow = RowOf<typeof deviceQuery>;

function toDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    deviceNo: row.deviceNo,
    deviceName: row.deviceName,
    deviceTypeId: row.deviceTypeId,
    deviceTypeName: row.deviceTypeName ?? '',
    workshopId: row.workshopId,
    workshopName: row.workshopName ?? '',
    deviceUse: row.deviceUse,
    brand: row.brand,
    model: row.model,
    status: row.status,
    pictures: row.pictures ?? [],
    remark: row.remark,
    ...stampsOf(row),
  };
}

async function replaceChildren(db: Db, deviceId: number, request: CreateDeviceRequest, replace: boolean): Promise<void> {
  if (request.speeds) {
    if (replace) await db.deleteFrom('device_speed').where('device_id', '=', deviceId).execute();
    if (request.speeds.length > 0) {
      await db
        .insertInto('device_speed')
        .values(request.speeds.map((speed) => ({ device_id: deviceId, process_id: speed.processId, speed: speed.speed, unit: speed.unit.trim() })))
        .execute();
    }
  }
  if (request.spareParts) {
    if (replace) await db.deleteFrom('device_spare_part').where('device_id', '=', deviceId).execute();
    if (request.spareParts.length > 0) {
      await db
        .insertInto('device_spare_part')
        .values(
          request.spareParts.map((part) => ({
            device_id: deviceId,
            part_no: text(part.partNo),
            name: part.partName.trim(),
            spec: text(part.spec),
            quantity: part.quantity ?? 0,
            unit: text(part.unit) || '个',
            remark: text(part.remark),
          })),
        )
        .execute();
    }
  }
}

// ---- service --------------------------------------------------------------------------------------

/** Devices (设备) with theoretical speeds per process, spare parts and pictures. */
export class DeviceService {
  constructor(private readonly db: Db) {}

  async list(scope: Scope, params: ListParams): Promise<PageResult<Device>> {
    return runList(this.db, deviceQuery(this.db), DEVICE_LIST, scope, await withDescendants(this.db, 'device_type', scope, params, 'deviceTypeId'), toDevice);
  }

  rows(scope: Scope, params: ListParams): AsyncIterable<Device> {
    // Built once now so a bad filter is refused before the download starts.
    streamList(deviceQuery(this.db), DEVICE_LIST, scope, params, toDevice);
    return lazyStream(async () => streamList(deviceQuery(this.db), DEVICE_LIST, scope, await withDescendants(this.db, 'device_type', scope, params, 'deviceTypeId'), toDevice));
  }

  async detail(scope: Scope, id: number): Promise<DeviceDetail> {
    const row = await requireOne(deviceQuery(this.db), 'd', scope, id, DeviceMessages.notFound);
    const [speeds, parts] = await Promise.all([
      this.db
        .selectFrom('device_speed as s')
        .innerJoin('process as p', 'p.id', 's.process_id')
        .select(['s.process_id as processId', 'p.name as processName', 's.speed', 's.unit'])
        .where('s.device_id', '=', id)
        .orderBy('p.sort')
        .orderBy('p.id')
        .execute(),
      this.db.selectFrom('device_spare_part').selectAll().where('device_id', '=', id).orderBy('id').execute(),
    ]);
    return {
      ...toDevice(row),
      speeds: speeds.map((speed) => ({ ...speed, speed: Number(speed.speed) })),
      spareParts: parts.map((part) => ({
        id: part.id,
        partNo: part.part_no,
        partName: part.name,
        spec: part.spec,
        quantity: part.quantity,
        unit: part.unit,
        remark: part.remark,
      })),
    };
  }

  /** Theoretical speeds of the factory's devices, for some processes (all when none named). */
  async speeds(scope: Scope, processIds: unknown): Promise<DeviceSpeedEntry[]> {
    const ids = splitValues(processIds, '工序').map(Number);
    if (ids.some((id) => !Number.isInteger(id) || id < 1)) throw validation('工序格式不正确');
    let query = this.db
      .selectFrom('device_speed as s')
      .innerJoin('device as d', 'd.id', 's.device_id')
      .innerJoin('process as p', 'p.id', 's.process_id')
      .leftJoin('workshop as w', 'w.id', 'd.workshop_id')
      .select([
        'd.id as deviceId',
        'd.device_no as deviceNo',
        'd.name as deviceName',
        'w.name as workshopName',
        'd.status',
        's.process_id as processId',
        'p.name as processName',
        's.speed',
        's.unit',
      ])
      .where('d.enterprise_id', '=', scope.enterpriseId)
      .where('d.org_id', '=', scope.orgId);
    if (ids.length > 0) query = query.where('s.process_id', 'in', ids);
    const rows = await query.orderBy('p.sort').orderBy('p.id').orderBy('d.device_no').execute();
    return rows.map((row) => ({ ...row, workshopName: row.workshopName ?? '', speed: Number(row.speed) }));
  }

  /** References of the request: type, workshop, processes of speeds and uploaded pictures. */
  private async checkReferences(db: Db, scope: Scope, request: CreateDeviceRequest): Promise<void> {
    await requireIds(db, 'device_type', scope, [request.deviceTypeId], DeviceMessages.typeNotFound);
    await requireIds(db, 'workshop', scope, [request.workshopId], DeviceMessages.workshopNotFound);
    const processIds = (request.speeds ?? []).map((speed) => speed.processId);
    if (new Set(processIds).size !== processIds.length) throw validation(DeviceMessages.duplicateSpeed);
    await requireIds(db, 'process', scope, processIds, DeviceMessages.processNotFound);
    await requireImages(db, scope, request.pictures ?? [], DeviceMessages.pictureNotFound);
  }

  private values(request: CreateDeviceRequest) {
    return {
      device_no: request.deviceNo,
      name: request.deviceName.trim(),
      device_type_id: request.deviceTypeId ?? null,
      workshop_id: request.workshopId ?? null,
      device_use: request.deviceUse ?? 1,
      brand: text(request.brand),
      model: text(request.model),
      status: request.status ?? 1,
      pictures: [...new Set(request.pictures ?? [])],
      remark: text(request.remark),
    };
  }

  /** Like values(), but pictures absent from the request are kept (as speeds and spare parts are). */
  private updateValues(request: UpdateDeviceRequest) {
    const { pictures, ...rest } = this.values(request);
    return request.pictures === undefined ? rest : { ...rest, pictures };
  }

  async create(scope: Scope, request: CreateDeviceRequest, context: OperationContext): Promise<{ id: number }> {
    return writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      await this.checkReferences(trx, scope, request);
      await refuseTaken(trx, 'device', 'device_no', scope, request.deviceNo, DeviceMessages.noTaken);
      const id = await insertRow(trx, 'device', scope, this.values(request));
      await replaceChildren(trx, id, request, false);
      await recordOperation(trx, context, { ...scope, content: `新增设备：${request.deviceNo} ${request.deviceName.trim()}` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdateDeviceRequest, context: OperationContext): Promise<void> {
    await writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      const [old] = await namesOf(trx, 'device', 'device_no', scope, [request.id]);
      if (old === undefined) throw notFound(DeviceMessages.notFound);
      await this.checkReferences(trx, scope, request);
      await refuseTaken(trx, 'device', 'device_no', scope, request.deviceNo, DeviceMessages.noTaken, request.id);
      await updateRow(trx, 'device', scope, request.id, this.updateValues(request));
      await replaceChildren(trx, request.id, request, true);
      const renamed = old === request.deviceNo ? '' : `（原编号 ${old}）`;
      await recordOperation(trx, context, { ...scope, content: `编辑设备：${request.deviceNo} ${request.deviceName.trim()}${renamed}` });
    });
  }

  deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    const before = async (trx: Db): Promise<void> => {
      const used = await trx
        .selectFrom('process_flow_step as s')
        .innerJoin('process_flow as f', 'f.id', 's.flow_id')
        .innerJoin('device as d', 'd.id', 's.default_device_id')
        .select(['d.device_no', 'f.name'])
        .where(inScope(scope, 'f'))
        .where('s.default_device_id', 'in', ids)
        .orderBy('d.device_no')
        .orderBy('f.id')
        .execute();
      if (used.length > 0) {
        throw conflict(DeviceMessages.usedByFlow(summary([...new Set(used.map((row) => row.device_no))]), summary([...new Set(used.map((row) => row.name))], 3)));
      }
    };
    return deleteLogged(this.db, { table: 'device', label: 'device_no', log: '设备', notFound: DeviceMessages.notFound, before }, scope, ids, context);
  }

  async import(scope: Scope, filePath: string, context: OperationContext): Promise<ImportResult> {
    const [types, workshops] = await Promise.all([
      this.db.selectFrom('device_type').select(['id', 'code', 'name']).where(inScope(scope)).execute(),
      this.db.selectFrom('workshop').select(['id', 'name']).where(inScope(scope)).execute(),
    ]);
    const typeByKey = new Map<string, number>();
    for (const type of types) {
      typeByKey.set(type.code, type.id);
      if (!typeByKey.has(type.name)) typeByKey.set(type.name, type.id);
    }
    const workshopByName = new Map(workshops.map((workshop) => [workshop.name, workshop.id]));
    const statusByLabel = new Map(DEVICE_STATUS.options.map((option) => [option.label, option.value]));
    const result = await runImport<DeviceImportKey, ReturnType<DeviceService['values']>>(this.db, filePath, {
      columns: DEVICE_IMPORT_COLUMNS,
      validateRow: (values) => {
        if (!DEVICE_NO.test(values.deviceNo)) return '设备编号只能包含字母、数字、_ 和 -';
        const typeId = values.deviceType ? typeByKey.get(values.deviceType) : null;
        if (typeId === undefined) return `设备类型「${values.deviceType}」不存在`;
        const workshopId = values.workshop ? workshopByName.get(values.workshop) : null;
        if (workshopId === undefined) return `车间「${values.workshop}」不存在`;
        const use = values.deviceUse === '' || values.deviceUse === '生产设备' ? 1 : values.deviceUse === '辅助设备' ? 2 : null;
        if (use === null) return '设备用途只能填写生产设备或辅助设备';
        const status = values.status === '' ? 1 : statusByLabel.get(values.status);
        if (status === undefined) return `设备状态「${values.status}」不正确`;
        return this.values({
          deviceNo: values.deviceNo,
          deviceName: values.deviceName,
          deviceTypeId: typeId,
          workshopId,
          deviceUse: use,
          brand: values.brand,
          model: values.model,
          status,
          remark: values.remark,
        });
      },
      validateAll: (records) => importKeyErrors(this.db, 'device', 'device_no', scope, records, (record) => record.device_no, '设备编号'),
      write: async (trx, records) => {
        await guardUnique(() =>
          trx
            .insertInto('device')
            .values(records.map((record) => ({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, ...record })))
            .execute(),
        );
        await recordOperation(trx, context, { ...scope, content: `导入设备：${records.length}台` });
      },
    });
    return { ...result, message: result.failures.length > 0 ? ImportMessages.failed(new Set(result.failures.map((f) => f.row)).size) : '导入成功' };
  }
}
