import {
  DOWNTIME_REASON_DICT,
  type DeviceFigures,
  type Downtime,
  type DowntimeListQuery,
  type DowntimeReasonRequest,
  type DowntimeSplitRequest,
  type FiguresQuery,
  type LiveDevice,
  type Overview,
  type TimelineQuery,
  type TimelineSegment,
} from '@core/contracts/device-status';
import type { PageResult } from '@core/contracts/common';
import { DEVICE_STATUS_CODE, deviceFigures, type DeviceStatus, type Segment } from '../../domain/device-status';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { formatDateTime } from '../../lib/datetime';
import { conflict, notFound, validation } from '../../lib/errors';
import type { Scope } from '../../plugins/auth';

export const DeviceStatusMessages = {
  deviceNotFound: '设备不存在',
  workshopNotFound: '车间不存在',
  downtimeNotFound: '停机记录不存在',
  periodOrder: '结束时间必须晚于开始时间',
  periodTooLong: '查询时段不能超过 366 天',
  boardPeriodTooLong: '看板时段不能超过 31 天',
  splitOutside: '拆分时间必须在该停机记录的开始和结束之间',
  splitTaken: '该停机记录在这个时间已经拆分过',
  reasonNotInDict: '停机原因不在停机原因字典中',
} as const;

const DAY = 86_400_000;
const DOWNTIME_STATUSES: readonly number[] = [DEVICE_STATUS_CODE.standby, DEVICE_STATUS_CODE.fault];

interface DeviceRef {
  id: number;
  deviceNo: string;
  name: string;
}

interface Note {
  start: number;
  split: boolean;
  reason: string | null;
}

/** A downtime piece of one device: a downtime segment cut at the split points people set. */
interface Piece {
  device: DeviceRef;
  start: number;
  end: number | null;
  status: number;
  reason: string | null;
  reasonEdited: boolean;
}

/** A piece as the downtime list shows it (an open piece counts up to now). */
const toDowntime = (piece: Piece, now: number): Downtime => ({
  deviceId: piece.device.id,
  deviceNo: piece.device.deviceNo,
  deviceName: piece.device.name,
  start: piece.start,
  end: piece.end,
  status: piece.status,
  reason: piece.reason,
  reasonEdited: piece.reasonEdited,
  hours: ((piece.end ?? now) - piece.start) / 3_600_000,
});

const time = (ms: number) => formatDateTime(new Date(ms));

function checkPeriod(from: number, to: number): void {
  if (to <= from) throw validation(DeviceStatusMessages.periodOrder);
  if (to - from > 366 * DAY) throw validation(DeviceStatusMessages.periodTooLong);
}

/** Reads of the stored timeline for screens: the live picture, timelines, downtime and figures. */
export class DeviceStatusService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
    private readonly offlineAfterMinutes: number,
  ) {}

  /** Every device of the factory with its current status, and the workshops and types to filter by. */
  async overview(scope: Pick<Scope, 'enterpriseId' | 'orgId'>): Promise<Overview> {
    const devices = await this.liveDevices(scope);
    const [workshops, deviceTypes] = await Promise.all([
      this.db.selectFrom('workshop').select(['id', 'name']).where('enterprise_id', '=', scope.enterpriseId).where('org_id', '=', scope.orgId).orderBy('sort').orderBy('id').execute(),
      this.db.selectFrom('device_type').select(['id', 'name']).where('enterprise_id', '=', scope.enterpriseId).where('org_id', '=', scope.orgId).orderBy('sort').orderBy('id').execute(),
    ]);
    return { now: this.clock(), offlineAfterMinutes: this.offlineAfterMinutes, workshops, deviceTypes, devices };
  }

  async device(scope: Scope, deviceId: number): Promise<LiveDevice> {
    const [device] = await this.liveDevices(scope, deviceId);
    if (!device) throw notFound(DeviceStatusMessages.deviceNotFound);
    return device;
  }

  private async liveDevices(scope: Pick<Scope, 'enterpriseId' | 'orgId'>, deviceId?: number): Promise<LiveDevice[]> {
    let query = this.db
      .selectFrom('device as d')
      .leftJoin('workshop as w', 'w.id', 'd.workshop_id')
      .leftJoin('device_type as t', 't.id', 'd.device_type_id')
      .leftJoin('device_status_segment as s', (join) => join.onRef('s.device_id', '=', 'd.id').on('s.end_at', 'is', null))
      .select(['d.id', 'd.device_no', 'd.name', 'd.workshop_id', 'w.name as workshop_name', 'd.device_type_id', 't.name as type_name', 'd.status', 's.start_at', 's.status as segment_status', 's.reason'])
      .where('d.enterprise_id', '=', scope.enterpriseId)
      .where('d.org_id', '=', scope.orgId)
      .orderBy('d.device_no');
    if (deviceId !== undefined) query = query.where('d.id', '=', deviceId);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      deviceNo: row.device_no,
      name: row.name,
      workshopId: row.workshop_id,
      workshopName: row.workshop_name ?? '',
      deviceTypeId: row.device_type_id,
      deviceTypeName: row.type_name ?? '',
      status: row.segment_status ?? row.status,
      since: row.start_at === null ? null : Number(row.start_at),
      reason: row.reason ?? null,
    }));
  }

  /** The devices a figures or downtime query covers: one device, a workshop's, or the factory's. */
  private async devicesOf(scope: Pick<Scope, 'enterpriseId' | 'orgId'>, filter: { deviceId?: number; workshopId?: number }, db: Db = this.db): Promise<DeviceRef[]> {
    if (filter.workshopId !== undefined) {
      const workshop = await db.selectFrom('workshop').select('id').where('id', '=', filter.workshopId).where('enterprise_id', '=', scope.enterpriseId).where('org_id', '=', scope.orgId).executeTakeFirst();
      if (!workshop) throw notFound(DeviceStatusMessages.workshopNotFound);
    }
    let query = db.selectFrom('device').select(['id', 'device_no', 'name']).where('enterprise_id', '=', scope.enterpriseId).where('org_id', '=', scope.orgId).orderBy('device_no');
    if (filter.deviceId !== undefined) query = query.where('id', '=', filter.deviceId);
    if (filter.workshopId !== undefined) query = query.where('workshop_id', '=', filter.workshopId);
    const rows = await query.execute();
    if (filter.deviceId !== undefined && rows.length === 0) throw notFound(DeviceStatusMessages.deviceNotFound);
    return rows.map((row) => ({ id: row.id, deviceNo: row.device_no, name: row.name }));
  }

  /** Segments of the devices overlapping [from, to), keyed by device id, in time order. */
  async segmentsOf(deviceIds: number[], from: number, to: number, statuses?: readonly number[], db: Db = this.db): Promise<Map<number, Segment[]>> {
    const out = new Map<number, Segment[]>();
    if (deviceIds.length === 0) return out;
    let query = db
      .selectFrom('device_status_segment')
      .select(['device_id', 'start_at', 'end_at', 'status', 'reason'])
      .where('device_id', 'in', deviceIds)
      .where('start_at', '<', to)
      .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', from)]))
      .orderBy('device_id')
      .orderBy('start_at');
    if (statuses) query = query.where('status', 'in', [...statuses]);
    for (const row of await query.execute()) {
      const list = out.get(row.device_id) ?? [];
      list.push({ deviceNo: String(row.device_id), start: Number(row.start_at), end: row.end_at === null ? null : Number(row.end_at), status: row.status as DeviceStatus, reason: row.reason });
      out.set(row.device_id, list);
    }
    return out;
  }

  private async notesOf(deviceIds: number[], from: number, to: number, db: Db = this.db): Promise<Map<number, Map<number, Note>>> {
    const out = new Map<number, Map<number, Note>>();
    if (deviceIds.length === 0) return out;
    // A note before `from` can still name the reason of a segment that crosses into the period.
    const rows = await db
      .selectFrom('device_downtime_note')
      .select(['device_id', 'start_at', 'split', 'reason'])
      .where('device_id', 'in', deviceIds)
      .where('start_at', '<', to)
      .where('start_at', '>=', from - 366 * DAY)
      .execute();
    for (const row of rows) {
      const notes = out.get(row.device_id) ?? new Map<number, Note>();
      notes.set(Number(row.start_at), { start: Number(row.start_at), split: row.split, reason: row.reason });
      out.set(row.device_id, notes);
    }
    return out;
  }

  /** A downtime segment cut at its split points; each piece's reason: the person's, else the machine's. */
  private piecesOf(device: DeviceRef, segment: Segment, notes: Map<number, Note> | undefined, now: number): Piece[] {
    const end = segment.end ?? now;
    const cuts = [...(notes?.values() ?? [])].filter((note) => note.split && note.start > segment.start && note.start < end).map((note) => note.start).sort((a, b) => a - b);
    const starts = [segment.start, ...cuts];
    return starts.map((start, index) => {
      const note = notes?.get(start);
      return {
        device,
        start,
        end: index + 1 < starts.length ? starts[index + 1]! : segment.end,
        status: segment.status,
        reason: note?.reason ?? segment.reason,
        reasonEdited: !!note?.reason,
      };
    });
  }

  async timeline(scope: Scope, query: TimelineQuery): Promise<TimelineSegment[]> {
    checkPeriod(query.from, query.to);
    const [device] = await this.devicesOf(scope, { deviceId: query.deviceId });
    const segments = (await this.segmentsOf([device!.id], query.from, query.to)).get(device!.id) ?? [];
    const notes = (await this.notesOf([device!.id], query.from, query.to)).get(device!.id);
    const now = this.clock();
    return segments.flatMap((segment) =>
      DOWNTIME_STATUSES.includes(segment.status)
        ? this.piecesOf(device!, segment, notes, now).map((piece) => ({ start: piece.start, end: piece.end, status: piece.status, reason: piece.reason }))
        : [{ start: segment.start, end: segment.end, status: segment.status, reason: segment.reason }],
    );
  }

  private async downtimePieces(scope: Scope, filter: { deviceId?: number; workshopId?: number }, from: number, to: number, db: Db = this.db): Promise<Piece[]> {
    const devices = await this.devicesOf(scope, filter, db);
    const ids = devices.map((device) => device.id);
    const segments = await this.segmentsOf(ids, from, to, DOWNTIME_STATUSES, db);
    const notes = await this.notesOf(ids, from, to, db);
    const now = this.clock();
    return devices.flatMap((device) =>
      (segments.get(device.id) ?? []).flatMap((segment) => this.piecesOf(device, segment, notes.get(device.id), now)).filter((piece) => piece.start < to && (piece.end ?? now) > from),
    );
  }

  async downtimeList(scope: Scope, query: DowntimeListQuery): Promise<PageResult<Downtime>> {
    checkPeriod(query.from, query.to);
    const now = this.clock();
    const pieces = (await this.downtimePieces(scope, query, query.from, query.to)).sort((a, b) => b.start - a.start || a.device.deviceNo.localeCompare(b.device.deviceNo));
    const page = query.page ?? 1;
    const limit = query.limit ?? 10;
    const list = pieces.slice((page - 1) * limit, page * limit).map((piece) => toDowntime(piece, now));
    return { list, total: pieces.length, page, limit };
  }

  /**
   * The downtime record (piece) of a device that starts exactly at `start`, as the downtime list
   * shows it; null when the factory's device has none there (4004 for a device outside the factory).
   * Other modules link a record by device + start (维修单 停机记录).
   */
  async downtimeAt(scope: Pick<Scope, 'enterpriseId' | 'orgId'>, deviceId: number, start: number, db: Db = this.db): Promise<Downtime | null> {
    const [device] = await this.devicesOf(scope, { deviceId }, db);
    const [segment] = (await this.segmentsOf([device!.id], start, start + 1, DOWNTIME_STATUSES, db)).get(device!.id) ?? [];
    if (!segment) return null;
    const now = this.clock();
    const notes = (await this.notesOf([device!.id], segment.start, (segment.end ?? now) + 1, db)).get(device!.id);
    const piece = this.piecesOf(device!, segment, notes, now).find((candidate) => candidate.start === start);
    return piece ? toDowntime(piece, now) : null;
  }

  /** Enabled labels of the factory's downtime-reason dictionary (系统配置 → 数据字典 downtime_reason). */
  async downtimeReasons(scope: Scope): Promise<string[]> {
    const rows = await this.db
      .selectFrom('dict_item as i')
      .innerJoin('dict_type as t', 't.id', 'i.dict_type_id')
      .select('i.item_label')
      .where('t.enterprise_id', '=', scope.enterpriseId)
      .where('t.org_id', '=', scope.orgId)
      .where('t.dict_type', '=', DOWNTIME_REASON_DICT)
      .where('i.enabled', '=', true)
      .orderBy('i.sort')
      .orderBy('i.id')
      .execute();
    return rows.map((row) => row.item_label);
  }

  /** The downtime piece of a device starting exactly at `start` (4004 when there is none). */
  private async requirePiece(db: Db, scope: Scope, deviceId: number, start: number): Promise<Piece> {
    const pieces = await this.downtimePieces(scope, { deviceId }, start, start + 1, db);
    const piece = pieces.find((candidate) => candidate.start === start);
    if (!piece) throw notFound(DeviceStatusMessages.downtimeNotFound);
    return piece;
  }

  /** Sets (or corrects) the reason of one downtime record; logged. */
  async setReason(scope: Scope, request: DowntimeReasonRequest, context: OperationContext): Promise<void> {
    const reason = request.reason.trim();
    const allowed = await this.downtimeReasons(scope);
    if (allowed.length && !allowed.includes(reason)) throw validation(DeviceStatusMessages.reasonNotInDict);
    await this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('device').select('id').where('id', '=', request.deviceId).forUpdate().execute();
      const piece = await this.requirePiece(trx, scope, request.deviceId, request.start);
      await trx
        .insertInto('device_downtime_note')
        .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, device_id: request.deviceId, start_at: request.start, reason, updated_by: scope.userId })
        .onConflict((oc) => oc.columns(['device_id', 'start_at']).doUpdateSet({ reason, updated_by: scope.userId, updated_at: new Date() }))
        .execute();
      await recordOperation(trx, context, { ...scope, content: `设置停机原因：${piece.device.deviceNo} ${time(piece.start)} 起，${piece.reason ?? '未填写'} → ${reason}` });
    });
  }

  /** Splits one downtime record in two at `at` (each part then takes its own reason); logged. */
  async split(scope: Scope, request: DowntimeSplitRequest, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('device').select('id').where('id', '=', request.deviceId).forUpdate().execute();
      const piece = await this.requirePiece(trx, scope, request.deviceId, request.start);
      const end = piece.end ?? this.clock();
      if (request.at <= piece.start || request.at >= end) throw validation(DeviceStatusMessages.splitOutside);
      const held = await trx.selectFrom('device_downtime_note').select(['id', 'split']).where('device_id', '=', request.deviceId).where('start_at', '=', request.at).executeTakeFirst();
      if (held?.split) throw conflict(DeviceStatusMessages.splitTaken);
      await trx
        .insertInto('device_downtime_note')
        .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, device_id: request.deviceId, start_at: request.at, split: true, reason: null, updated_by: scope.userId })
        .onConflict((oc) => oc.columns(['device_id', 'start_at']).doUpdateSet({ split: true, updated_by: scope.userId, updated_at: new Date() }))
        .execute();
      await recordOperation(trx, context, { ...scope, content: `拆分停机记录：${piece.device.deviceNo} ${time(piece.start)} 起，于 ${time(request.at)} 拆分` });
    });
  }

  /**
   * Run time, downtime by reason (Pareto), availability, failures, MTBF and MTTR of one device, a
   * workshop or the factory over [from, to) (domain figures.ts; the whole period counts as planned).
   * Reasons are the people's where they set one; a split never makes a second failure.
   */
  async figures(scope: Scope, query: FiguresQuery): Promise<DeviceFigures> {
    checkPeriod(query.from, query.to);
    const devices = await this.devicesOf(scope, query);
    const ids = devices.map((device) => device.id);
    const now = this.clock();
    const [segments, notes] = await Promise.all([this.segmentsOf(ids, query.from, query.to), this.notesOf(ids, query.from, query.to)]);
    const whole: Segment[] = [];
    const pieces: Segment[] = [];
    for (const device of devices) {
      for (const segment of segments.get(device.id) ?? []) {
        const named = { ...segment, deviceNo: device.deviceNo };
        if (!DOWNTIME_STATUSES.includes(segment.status)) {
          whole.push(named);
          pieces.push(named);
          continue;
        }
        const parts = this.piecesOf(device, named, notes.get(device.id), now);
        whole.push({ ...named, reason: parts[0]!.reason });
        for (const part of parts) pieces.push({ deviceNo: device.deviceNo, start: part.start, end: part.end, status: named.status, reason: part.reason });
      }
    }
    const numbers = devices.map((device) => device.deviceNo);
    const figures = deviceFigures({ segments: whole, devices: numbers, from: query.from, to: query.to, now });
    const byReason = deviceFigures({ segments: pieces, devices: numbers, from: query.from, to: query.to, now }).downtimeByReason;
    return { devices: devices.length, ...figures, downtimeByReason: byReason };
  }
}
