import { sql } from 'kysely';
import {
  REPAIR_STATUS,
  repairAlertText,
  type CreateRepairRequest,
  type MyRepairs,
  type Repair,
  type RepairActionRequest,
  type RepairDetail,
  type RepairDowntime,
  type RepairPartRequest,
  type SparePartStock,
  type UpdateRepairRequest,
} from '@core/contracts/device-repair';
import type { PageResult } from '@core/contracts/common';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { REPAIR_ACTION_LABELS, REPAIR_STATE, transition, type RepairActionType, type RepairState } from '../../domain/device-status/repair';
import { formatDateTime } from '../../lib/datetime';
import { conflict, notFound, validation } from '../../lib/errors';
import type { ExportColumn } from '../../lib/excel-export';
import { parseDateBound, runList, streamList, type ListParams } from '../../lib/list-query';
import { factoryUsers, flag, num, requireImages, summary, text } from '../../lib/rows';
import { FactoryEntity, factoryList, inScope, requireRows, type RowOf, writeUnique } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';
import { DeviceStatusService } from '../device-status';
import type { WebhookService } from './webhook.service';

export const RepairMessages = {
  notFound: '维修单不存在',
  noTaken: '维修单号已存在，请重试',
  deviceNotFound: '设备不存在',
  reporterNotFound: '报修人不是本工厂人员',
  repairerNotFound: '维修人不是本工厂人员',
  photoNotFound: '故障照片不存在，请重新上传',
  partNotFound: '备件不存在或不属于该设备',
  duplicatePart: (name: string) => `备件「${name}」重复，请合并为一行`,
  shortOfStock: (name: string, stock: number, unit: string, wanted: number) => `备件「${name}」库存不足：当前库存${stock}${unit}，本次需领用${wanted}${unit}`,
  downtimeOrder: '停机结束不能早于停机开始',
  downtimeHalf: '停机开始和停机结束需同时填写',
  downtimeLinkNotFound: '停机记录不存在或不属于该设备',
  noRepairer: '请先指定维修人再开始维修',
  rejectReason: '请填写驳回原因',
  notEditable: (status: number) => `维修单状态为「${REPAIR_STATUS.label(status)}」，不能编辑`,
  notDeletable: (status: number) => `维修单状态为「${REPAIR_STATUS.label(status)}」，不能删除`,
} as const;

const UNIQUE_MESSAGES = { repair_order_no_uq: RepairMessages.noTaken };
/** Orders whose content may still change: 待处理 and 处理中. */
const EDITABLE: readonly number[] = [REPAIR_STATE.pending, REPAIR_STATE.processing];

export const REPAIR_LIST = factoryList('r', {
  filters: {
    repairNo: { column: 'r.repair_no', kind: 'like', label: '维修单号' },
    deviceName: { column: 'r.device_search', kind: 'like', label: '设备' },
    status: { column: 'r.status', kind: 'in', label: '状态', integer: true },
    faultTime: { column: 'r.fault_time', kind: 'dateRange', label: '故障时间' },
    deviceId: { column: 'r.device_id', kind: 'eq', label: '设备', integer: true },
  },
  sorts: { id: 'r.id', repairNo: 'r.repair_no', faultTime: 'r.fault_time', status: 'r.status', cost: 'r.cost', createTime: 'r.created_at' },
  defaultSort: { field: 'faultTime', direction: 'desc' },
});

export const REPAIR_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<Repair>> = [
  { header: '维修单号', value: (row) => row.repairNo, width: 18 },
  { header: '设备编号', value: (row) => row.deviceNo },
  { header: '设备名称', value: (row) => row.deviceName, width: 20 },
  { header: '状态', value: (row) => REPAIR_STATUS.label(row.status) },
  { header: '故障时间', value: (row) => row.faultTime, width: 20 },
  { header: '故障描述', value: (row) => row.faultDescription, width: 40 },
  { header: '报修人', value: (row) => row.reporterName },
  { header: '维修人', value: (row) => row.repairerNames, width: 20 },
  { header: '验收人', value: (row) => row.acceptorName },
  { header: '完成时间', value: (row) => row.finishTime ?? '', width: 20 },
  { header: '停机开始', value: (row) => row.downtimeStart ?? '', width: 20 },
  { header: '停机结束', value: (row) => row.downtimeEnd ?? '', width: 20 },
  { header: '备件种数', value: (row) => row.partCount },
  { header: '维修费用(元)', value: (row) => row.cost },
  { header: '备注', value: (row) => row.remark, width: 30 },
];

// ---- queries ------------------------------------------------------------------------------------

function repairQuery(db: Db) {
  return db
    .selectFrom('repair_order as r')
    .leftJoin('device as d', 'd.id', 'r.device_id')
    .select([
      'r.id',
      'r.repair_no as repairNo',
      'r.device_id as deviceId',
      sql<string>`coalesce(d.device_no, r.device_no)`.as('deviceNo'),
      sql<string>`coalesce(d.name, r.device_name)`.as('deviceName'),
      'r.status',
      'r.fault_time as faultTime',
      'r.fault_description as faultDescription',
      'r.reporter_id as reporterId',
      'r.reporter_name as reporterName',
      'r.repairer_ids as repairerIds',
      'r.repairer_names as repairerNames',
      'r.acceptor_name as acceptorName',
      'r.finish_time as finishTime',
      'r.photos',
      'r.downtime_start as downtimeStart',
      'r.downtime_end as downtimeEnd',
      'r.downtime_link_start as downtimeLinkStart',
      'r.cost',
      sql<number>`(select count(*) from repair_part p where p.repair_id = r.id)::int`.as('partCount'),
      'r.remark',
      'r.created_at as createdAt',
      'r.updated_at as updatedAt',
    ]);
}
type RepairRow = RowOf<typeof repairQuery>;

const timeOrNull = (value: Date | null) => (value ? formatDateTime(value) : null);

function toRepair(row: RepairRow): Repair {
  const { faultTime, finishTime, downtimeStart, downtimeEnd, downtimeLinkStart, cost, repairerIds, photos, createdAt, updatedAt, ...rest } = row;
  return {
    ...rest,
    faultTime: formatDateTime(faultTime),
    finishTime: timeOrNull(finishTime),
    downtimeStart: timeOrNull(downtimeStart),
    downtimeEnd: timeOrNull(downtimeEnd),
    downtimeLinkStart: downtimeLinkStart === null ? null : Number(downtimeLinkStart),
    cost: num(cost) ?? 0,
    repairerIds: (repairerIds ?? []).map(Number),
    photos: photos ?? [],
    createTime: formatDateTime(createdAt),
    updateTime: formatDateTime(updatedAt),
  };
}

/** The order row a write works on, locked for the rest of its transaction; 4004 outside the factory. */
async function lockOrder(trx: Db, scope: Scope, id: number) {
  const row = await trx
    .selectFrom('repair_order')
    .select(['id', 'repair_no', 'status', 'repairer_ids', 'device_id'])
    .where(inScope(scope))
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(RepairMessages.notFound);
  return { ...row, repairer_ids: (row.repairer_ids ?? []).map(Number) };
}

/** The name the history and log give the acting user. */
async function actorName(db: Db, scope: Scope): Promise<string> {
  return (await factoryUsers(db, scope, [scope.userId])).get(scope.userId) ?? '';
}

async function addHistory(trx: Db, scope: Scope, entry: { repairId: number; action: string; from: number | null; to: number; remark?: string }): Promise<void> {
  await trx
    .insertInto('repair_log')
    .values({
      repair_id: entry.repairId,
      action: entry.action,
      from_status: entry.from,
      to_status: entry.to,
      operator_id: scope.userId,
      operator_name: await actorName(trx, scope),
      remark: text(entry.remark),
    })
    .execute();
}

/** A wire time (`YYYY-MM-DD HH:mm:ss`) as a Date, or 4000 naming the field. */
const timeOf = (value: string, label: string) => parseDateBound(value, 'start', label);

/**
 * Takes the order's parts from stock in the caller's transaction: the difference between what the
 * order had and what it has now per spare part, in part order (so two orders never wait on each
 * other). A part short of stock refuses the whole write with its stock and the quantity wanted.
 */
async function applyParts(trx: Db, scope: Scope, repairId: number, deviceId: number, parts: readonly RepairPartRequest[]): Promise<void> {
  const wanted = new Map<number, number>();
  const ids = parts.map((part) => part.sparePartId);
  const stock = ids.length
    ? await trx
        .selectFrom('device_spare_part as sp')
        .innerJoin('device as d', 'd.id', 'sp.device_id')
        .select(['sp.id', 'sp.part_no', 'sp.name', 'sp.spec', 'sp.unit', 'sp.quantity'])
        .where(inScope(scope, 'd'))
        .where('sp.device_id', '=', deviceId)
        .where('sp.id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(stock.map((part) => [part.id, part]));
  for (const part of parts) {
    const spare = byId.get(part.sparePartId);
    if (!spare) throw notFound(RepairMessages.partNotFound);
    if (wanted.has(part.sparePartId)) throw validation(RepairMessages.duplicatePart(spare.name));
    wanted.set(part.sparePartId, part.quantity);
  }
  const before = await trx.selectFrom('repair_part').select(['spare_part_id', 'quantity']).where('repair_id', '=', repairId).where('spare_part_id', 'is not', null).execute();
  const had = new Map<number, number>();
  for (const line of before) had.set(line.spare_part_id!, (had.get(line.spare_part_id!) ?? 0) + line.quantity);

  for (const sparePartId of [...new Set([...had.keys(), ...wanted.keys()])].sort((a, b) => a - b)) {
    const delta = (wanted.get(sparePartId) ?? 0) - (had.get(sparePartId) ?? 0);
    if (delta === 0) continue;
    const taken = await trx
      .updateTable('device_spare_part')
      .set({ quantity: sql`quantity - ${delta}` })
      .where('id', '=', sparePartId)
      .where('quantity', '>=', delta)
      .returning('id')
      .executeTakeFirst();
    if (!taken) {
      const spare = byId.get(sparePartId)!;
      throw conflict(RepairMessages.shortOfStock(spare.name, spare.quantity, spare.unit, delta));
    }
  }
  await trx.deleteFrom('repair_part').where('repair_id', '=', repairId).where('spare_part_id', 'is not', null).execute();
  if (parts.length > 0) {
    await trx
      .insertInto('repair_part')
      .values(
        parts.map((part) => {
          const spare = byId.get(part.sparePartId)!;
          return { repair_id: repairId, spare_part_id: spare.id, part_no: spare.part_no, part_name: spare.name, spec: spare.spec, unit: spare.unit, quantity: part.quantity };
        }),
      )
      .execute();
  }
}

/** Every part of the order goes back to stock (a deleted order). */
async function returnParts(trx: Db, repairIds: number[]): Promise<void> {
  await sql`
    update device_spare_part sp set quantity = sp.quantity + used.quantity
    from (select spare_part_id, sum(quantity)::int as quantity from repair_part
          where repair_id in (${sql.join(repairIds)}) and spare_part_id is not null group by spare_part_id) used
    where sp.id = used.spare_part_id`.execute(trx);
}

/** Advisory-lock class of repair numbering (one lock per factory, held to the end of the transaction). */
const REPAIR_NO_LOCK = 7015;

/**
 * The next 维修单号 of the factory for today: WX + yyyyMMdd + a three-digit sequence. Two orders
 * created at once in one factory take turns here, so they never draw the same number.
 */
async function nextRepairNo(trx: Db, scope: Scope, now: Date): Promise<string> {
  await sql`select pg_advisory_xact_lock(${REPAIR_NO_LOCK}, ${scope.orgId}::int)`.execute(trx);
  const prefix = `WX${formatDateTime(now).slice(0, 10).replaceAll('-', '')}`;
  const last = await trx
    .selectFrom('repair_order')
    .select('repair_no')
    .where(inScope(scope))
    .where('repair_no', 'like', `${prefix}%`)
    .orderBy('repair_no', 'desc')
    .limit(1)
    .executeTakeFirst();
  const sequence = last ? Number(last.repair_no.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(sequence).padStart(3, '0')}`;
}

/**
 * The device's downtime record starting at `start`, read from the device-status timeline in the
 * caller's factory; null when there is none (gone, or never this device's / this factory's).
 */
async function downtimeOf(db: Db, scope: Scope, deviceId: number, start: number, now: Date): Promise<RepairDowntime | null> {
  const record = await new DeviceStatusService(db, () => now.getTime(), 0).downtimeAt(scope, deviceId, start);
  return record && { start: record.start, end: record.end, status: record.status, reason: record.reason };
}

/**
 * The 停机 columns from a request: a linked record (checked to be the device's in the factory,
 * 4004 otherwise) sets the range from the timeline; without a link, the range as typed.
 */
async function downtimeValues(trx: Db, scope: Scope, request: CreateRepairRequest | UpdateRepairRequest, now: Date) {
  const linkStart = request.downtimeLinkStart ?? null;
  if (linkStart !== null) {
    const record = await downtimeOf(trx, scope, request.deviceId, linkStart, now);
    if (!record) throw notFound(RepairMessages.downtimeLinkNotFound);
    return { downtime_start: new Date(record.start), downtime_end: record.end === null ? null : new Date(record.end), downtime_link_start: linkStart };
  }
  const downtimeStart = request.downtimeStart ? timeOf(request.downtimeStart, '停机开始') : null;
  const downtimeEnd = request.downtimeEnd ? timeOf(request.downtimeEnd, '停机结束') : null;
  if ((downtimeStart === null) !== (downtimeEnd === null)) throw validation(RepairMessages.downtimeHalf);
  if (downtimeStart && downtimeEnd && downtimeEnd < downtimeStart) throw validation(RepairMessages.downtimeOrder);
  return { downtime_start: downtimeStart, downtime_end: downtimeEnd, downtime_link_start: null };
}

/** The order's columns from a request, its references checked in the factory. */
async function repairValues(trx: Db, scope: Scope, request: CreateRepairRequest | UpdateRepairRequest, now: Date) {
  const [device] = await requireRows(trx, 'device', ['device_no', 'name'], scope, [request.deviceId], RepairMessages.deviceNotFound);
  const repairerIds = [...new Set(request.repairerIds ?? [])];
  const people = await factoryUsers(trx, scope, [request.reporterId, ...repairerIds]);
  if (!people.has(request.reporterId)) throw notFound(RepairMessages.reporterNotFound);
  if (repairerIds.some((id) => !people.has(id))) throw notFound(RepairMessages.repairerNotFound);
  const photos = [...new Set(request.photos ?? [])];
  await requireImages(trx, scope, photos, RepairMessages.photoNotFound);
  const downtime = await downtimeValues(trx, scope, request, now);
  return {
    device_id: request.deviceId,
    device_no: device!.device_no,
    device_name: device!.name,
    fault_time: timeOf(request.faultTime, '故障时间'),
    fault_description: request.faultDescription.trim(),
    reporter_id: request.reporterId,
    reporter_name: people.get(request.reporterId)!,
    repairer_ids: JSON.stringify(repairerIds),
    repairer_names: repairerIds.map((id) => people.get(id)!).join('、'),
    photos,
    ...downtime,
    cost: request.cost ?? 0,
    remark: text(request.remark),
  };
}

/**
 * A new 待处理 order in the caller's transaction: its number, parts taken from stock, history and
 * log line (another module's write may raise a repair inside its own transaction this way).
 */
export async function insertRepair(trx: Db, scope: Scope, request: CreateRepairRequest, context: OperationContext, now: Date): Promise<{ id: number; repairNo: string }> {
  const repairNo = await nextRepairNo(trx, scope, now);
  const values = await repairValues(trx, scope, request, now);
  const { id } = await trx
    .insertInto('repair_order')
    .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, repair_no: repairNo, status: REPAIR_STATE.pending, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  await applyParts(trx, scope, id, request.deviceId, request.parts ?? []);
  await addHistory(trx, scope, { repairId: id, action: '新建', from: null, to: REPAIR_STATE.pending });
  await recordOperation(trx, context, { ...scope, content: `新增维修单：${repairNo} ${values.device_name}` });
  return { id, repairNo };
}

// ---- service ------------------------------------------------------------------------------------

interface RepairDeps {
  webhooks: WebhookService;
  now: () => Date;
}

/** Repair orders (维修单) of the session's factory: content, parts taken from stock, state changes and their history. */
export class RepairService extends FactoryEntity({ query: repairQuery, alias: 'r', list: REPAIR_LIST, toView: toRepair, notFound: RepairMessages.notFound }) {
  constructor(
    db: Db,
    private readonly deps: RepairDeps,
  ) {
    super(db);
  }

  /** `mine`: only the orders the caller repairs (where 指派给我的维修单 on /home leads). */
  override list(scope: Scope, params: ListParams): Promise<PageResult<Repair>> {
    const { mine, ...rest } = params;
    return flag(mine) ? runList(this.db, this.mineQuery(scope), REPAIR_LIST, scope, rest, toRepair) : super.list(scope, rest);
  }

  override rows(scope: Scope, params: ListParams): AsyncIterable<Repair> {
    const { mine, ...rest } = params;
    return flag(mine) ? streamList(this.mineQuery(scope), REPAIR_LIST, scope, rest, toRepair) : super.rows(scope, rest);
  }

  private mineQuery(scope: Scope) {
    return repairQuery(this.db).where(sql<boolean>`r.repairer_ids @> ${JSON.stringify([scope.userId])}::jsonb`);
  }

  async detail(scope: Scope, id: number): Promise<RepairDetail> {
    const repair = await super.detail(scope, id);
    const [parts, history] = await Promise.all([
      this.db
        .selectFrom('repair_part as p')
        .leftJoin('device_spare_part as sp', 'sp.id', 'p.spare_part_id')
        .select(['p.spare_part_id as sparePartId', 'p.part_no as partNo', 'p.part_name as partName', 'p.spec', 'p.unit', 'p.quantity', 'sp.quantity as stock'])
        .where('p.repair_id', '=', id)
        .orderBy('p.id')
        .execute(),
      this.db.selectFrom('repair_log').selectAll().where('repair_id', '=', id).orderBy('id').execute(),
    ]);
    const people = await this.db
      .selectFrom('app_user')
      .select(['id as userId', 'username', 'nick_name as nickName'])
      .where('enterprise_id', '=', scope.enterpriseId)
      .where('id', 'in', [...(repair.reporterId ? [repair.reporterId] : []), ...repair.repairerIds, 0])
      .execute();
    const downtimeLink = repair.downtimeLinkStart !== null && repair.deviceId !== null ? await downtimeOf(this.db, scope, repair.deviceId, repair.downtimeLinkStart, this.deps.now()) : null;
    return {
      ...repair,
      downtimeLink,
      parts: parts.map((part) => ({ ...part, stock: part.stock ?? null })),
      history: history.map((entry) => ({
        action: entry.action,
        fromStatus: entry.from_status,
        toStatus: entry.to_status,
        operatorName: entry.operator_name,
        remark: entry.remark,
        time: formatDateTime(entry.created_at),
      })),
      people,
    };
  }

  /** The caller's to-dos: open orders it repairs, and orders waiting for acceptance it did not repair (首页). */
  async mine(scope: Scope): Promise<MyRepairs> {
    const me = sql<boolean>`r.repairer_ids @> ${JSON.stringify([scope.userId])}::jsonb`;
    const row = await this.db
      .selectFrom('repair_order as r')
      .select([
        sql<number>`count(*) filter (where r.status in (${REPAIR_STATE.pending}, ${REPAIR_STATE.processing}) and ${me})::int`.as('assigned'),
        sql<number>`count(*) filter (where r.status = ${REPAIR_STATE.pendingAcceptance} and not ${me})::int`.as('toAccept'),
      ])
      .where(inScope(scope, 'r'))
      .executeTakeFirstOrThrow();
    return { assigned: row.assigned, toAccept: row.toAccept };
  }

  /** The device's spare parts with their stock (the parts picker). */
  async spareParts(scope: Scope, deviceId: number): Promise<SparePartStock[]> {
    await requireRows(this.db, 'device', ['id'], scope, [deviceId], RepairMessages.deviceNotFound);
    return this.db
      .selectFrom('device_spare_part')
      .select(['id', 'part_no as partNo', 'name as partName', 'spec', 'unit', 'quantity'])
      .where('device_id', '=', deviceId)
      .orderBy('id')
      .execute();
  }

  async create(scope: Scope, request: CreateRepairRequest, context: OperationContext): Promise<{ id: number }> {
    const created = await writeUnique(this.db, UNIQUE_MESSAGES, (trx) => insertRepair(trx, scope, request, context, this.deps.now()));
    if (request.notify) {
      const repair = await super.detail(scope, created.id);
      await this.deps.webhooks.alertAll(scope, repairAlertText(repair));
    }
    return { id: created.id };
  }

  async update(scope: Scope, request: UpdateRepairRequest, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, scope, request.id);
      if (!EDITABLE.includes(order.status)) throw conflict(RepairMessages.notEditable(order.status));
      const values = await repairValues(trx, scope, request, this.deps.now());
      await trx
        .updateTable('repair_order')
        .set({ ...values, updated_at: new Date() })
        .where(inScope(scope))
        .where('id', '=', request.id)
        .execute();
      await applyParts(trx, scope, request.id, request.deviceId, request.parts ?? []);
      await addHistory(trx, scope, { repairId: request.id, action: '编辑', from: order.status, to: order.status });
      await recordOperation(trx, context, { ...scope, content: `编辑维修单：${order.repair_no}` });
    });
  }

  /** Only 待处理 orders may be deleted; their parts go back to stock. */
  async deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await requireRows(trx, 'repair_order', ['repair_no', 'status'], scope, ids, RepairMessages.notFound);
      const locked = rows.find((row) => row.status !== REPAIR_STATE.pending);
      if (locked) throw conflict(RepairMessages.notDeletable(locked.status));
      await returnParts(trx, ids);
      await trx.deleteFrom('repair_order').where(inScope(scope)).where('id', 'in', ids).execute();
      await recordOperation(trx, context, { ...scope, content: `删除维修单：${summary(rows.map((row) => row.repair_no))}` });
      return { deleted: ids.length };
    });
  }

  /** 开始维修 / 提交验收 / 验收通过 / 驳回 through the state machine; a refused move changes nothing (4009). */
  async act(scope: Scope, type: RepairActionType, request: RepairActionRequest, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, scope, request.id);
      const from = order.status as RepairState;
      const judged = type === 'accept' || type === 'reject';
      const result = transition(from, judged ? { type, by: scope.userId, repairers: order.repairer_ids } : { type });
      if (!result.ok) throw conflict(result.message);
      if (type === 'start' && order.repairer_ids.length === 0) throw validation(RepairMessages.noRepairer);
      if (type === 'reject' && !text(request.remark)) throw validation(RepairMessages.rejectReason);
      const name = await actorName(trx, scope);
      await trx
        .updateTable('repair_order')
        .set({
          status: result.state,
          updated_at: new Date(),
          ...(type === 'accept' ? { acceptor_id: scope.userId, acceptor_name: name, finish_time: this.deps.now() } : {}),
          ...(type === 'reject' ? { acceptor_id: null, acceptor_name: '', finish_time: null } : {}),
        })
        .where(inScope(scope))
        .where('id', '=', order.id)
        .execute();
      const label = REPAIR_ACTION_LABELS[type];
      await addHistory(trx, scope, { repairId: order.id, action: label, from, to: result.state, remark: request.remark });
      await recordOperation(trx, context, { ...scope, content: `${label}：${order.repair_no}` });
    });
  }
}
