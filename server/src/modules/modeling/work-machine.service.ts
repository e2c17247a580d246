import type { PageResult } from '@core/contracts/common';
import type { CreateWorkMachineRequest, IssuedMachineKey, UpdateWorkMachineRequest, WorkMachine } from '@core/contracts/modeling';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { runList, type ListParams } from '../../lib/list-query';
import type { Scope } from '../../plugins/auth';
import { notFound, validation } from '../../lib/errors';
import { issueMachineKey, liveKeys, revokeLiveKey } from '../../lib/machine-key';
import { formatDateTime, stampsOf } from '../../lib/datetime';
import { summary, text } from '../../lib/rows';
import { deleteLogged, factoryList, inScope, insertRow, refuseTaken, requireOne, requireRow, type RowOf, updateRow, writeUnique } from '../../lib/scoped';

export const WorkMachineMessages = {
  notFound: '一体机不存在',
  codeTaken: '一体机编码已存在',
  deviceMissing: '绑定的设备不存在',
  noLiveKey: '该一体机没有有效的密钥',
} as const;
const UNIQUE = { work_machine_code_uq: WorkMachineMessages.codeTaken };

export const WORK_MACHINE_LIST = factoryList('m', {
  filters: {
    machineCode: { column: 'm.machine_code', kind: 'like', label: '一体机编码' },
    machineName: { column: 'm.machine_name', kind: 'like', label: '一体机名称' },
  },
  sorts: { id: 'm.id', machineCode: 'm.machine_code', createTime: 'm.created_at' },
  defaultSort: { field: 'machineCode', direction: 'asc' },
});

function machineQuery(db: Db) {
  return db.selectFrom('work_machine as m').selectAll('m');
}
type MachineRow = RowOf<typeof machineQuery>;

async function devicesOf(db: Db, machineIds: number[]) {
  if (machineIds.length === 0) return [];
  return db
    .selectFrom('work_machine_device as md')
    .innerJoin('device as d', 'd.id', 'md.device_id')
    .select(['md.work_machine_id', 'd.id', 'd.device_no', 'd.name'])
    .where('md.work_machine_id', 'in', machineIds)
    .orderBy('md.seq')
    .execute();
}

type Keys = Awaited<ReturnType<typeof liveKeys>>;

function toMachine(row: MachineRow, devices: Awaited<ReturnType<typeof devicesOf>>, keys: Keys): WorkMachine {
  const key = keys.get(row.id);
  return {
    id: row.id,
    machineCode: row.machine_code,
    machineName: row.machine_name,
    ip: row.ip,
    remark: row.remark,
    devices: devices.filter((device) => device.work_machine_id === row.id).map((device) => ({ deviceId: device.id, deviceNo: device.device_no, deviceName: device.name })),
    keyHint: key?.keyHint ?? '',
    keyIssuedAt: key ? formatDateTime(key.issuedAt) : '',
    ...stampsOf(row),
  };
}

async function checkDevices(db: Db, scope: Scope, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('device')
    .select(['id', 'device_no'])
    .where(inScope(scope))
    .where('id', 'in', ids)
    .execute();
  if (rows.length !== ids.length) throw validation(WorkMachineMessages.deviceMissing);
  return ids.map((id) => rows.find((row) => row.id === id)!.device_no);
}

function values(request: CreateWorkMachineRequest) {
  return { machine_code: request.machineCode, machine_name: request.machineName.trim(), ip: text(request.ip), remark: text(request.remark) };
}

async function bindDevices(db: Db, machineId: number, deviceIds: number[]): Promise<void> {
  await db.deleteFrom('work_machine_device').where('work_machine_id', '=', machineId).execute();
  if (deviceIds.length === 0) return;
  await db
    .insertInto('work_machine_device')
    .values(deviceIds.map((deviceId, index) => ({ work_machine_id: machineId, device_id: deviceId, seq: index + 1 })))
    .execute();
}

/** All-in-one machines (一体机): shop-floor terminals bound to the devices they report for. */
export class WorkMachineService {
  constructor(private readonly db: Db) {}

  async list(scope: Scope, params: ListParams): Promise<PageResult<WorkMachine>> {
    const page = await runList(this.db, machineQuery(this.db), WORK_MACHINE_LIST, scope, params);
    const ids = page.list.map((row) => row.id);
    const [devices, keys] = await Promise.all([devicesOf(this.db, ids), liveKeys(this.db, ids)]);
    return { ...page, list: page.list.map((row) => toMachine(row, devices, keys)) };
  }

  async detail(scope: Scope, id: number): Promise<WorkMachine> {
    const row = await requireOne(machineQuery(this.db), 'm', scope, id, WorkMachineMessages.notFound);
    return toMachine(row, await devicesOf(this.db, [id]), await liveKeys(this.db, [id]));
  }

  /** A new machine key for the machine (its previous key stops working); logged without the key. */
  async issueKey(scope: Scope, id: number, context: OperationContext): Promise<IssuedMachineKey> {
    return this.db.transaction().execute(async (trx) => {
      const issued = await issueMachineKey(trx, scope, id);
      if (!issued) throw notFound(WorkMachineMessages.notFound);
      const { machine_code } = await requireRow(trx, 'work_machine', ['machine_code'], scope, id, WorkMachineMessages.notFound);
      await recordOperation(trx, context, { ...scope, content: `生成一体机密钥：${machine_code}（${issued.keyHint}）` });
      return issued;
    });
  }

  /** Revokes the machine's live key: the machine can no longer post. */
  async revokeKey(scope: Scope, id: number, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const { machine_code } = await requireRow(trx, 'work_machine', ['machine_code'], scope, id, WorkMachineMessages.notFound);
      if (!(await revokeLiveKey(trx, id))) throw validation(WorkMachineMessages.noLiveKey);
      await recordOperation(trx, context, { ...scope, content: `停用一体机密钥：${machine_code}` });
    });
  }

  async create(scope: Scope, request: CreateWorkMachineRequest, context: OperationContext): Promise<{ id: number }> {
    return writeUnique(this.db, UNIQUE, async (trx) => {
      await refuseTaken(trx, 'work_machine', 'machine_code', scope, request.machineCode, WorkMachineMessages.codeTaken);
      const deviceNos = await checkDevices(trx, scope, request.deviceIds);
      const id = await insertRow(trx, 'work_machine', scope, values(request));
      await bindDevices(trx, id, request.deviceIds);
      await recordOperation(trx, context, { ...scope, content: `新增一体机：${request.machineCode} ${request.machineName.trim()}（设备 ${summary(deviceNos) || '无'}）` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdateWorkMachineRequest, context: OperationContext): Promise<void> {
    await writeUnique(this.db, UNIQUE, async (trx) => {
      await requireRow(trx, 'work_machine', ['machine_code'], scope, request.id, WorkMachineMessages.notFound);
      await refuseTaken(trx, 'work_machine', 'machine_code', scope, request.machineCode, WorkMachineMessages.codeTaken, request.id);
      const deviceNos = await checkDevices(trx, scope, request.deviceIds);
      await updateRow(trx, 'work_machine', scope, request.id, values(request));
      await bindDevices(trx, request.id, request.deviceIds);
      await recordOperation(trx, context, { ...scope, content: `编辑一体机：${request.machineCode} ${request.machineName.trim()}（设备 ${summary(deviceNos) || '无'}）` });
    });
  }

  deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return deleteLogged(this.db, { table: 'work_machine', label: 'machine_code', orderBy: 'machine_code', log: '一体机', notFound: WorkMachineMessages.notFound }, scope, ids, context);
  }
}
