import { createHash } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { IngestRequest, IngestResult, StatusChange, StatusEventInput } from '@core/contracts/device-status';
import { DEVICE_STATUS_CODE, applyEvents, checkBatch, eventKey, reasonOf, storedConflicts, type DeviceStatus, type EventProblem, type Segment, type StatusEvent } from '../../domain/device-status';
import type { Db } from '../../db';
import type { DeviceStatusEventTable, DeviceStatusSegmentTable } from '../../db/schema';
import { validation } from '../../lib/errors';
import type { MachineIdentity } from '../../lib/machine-key';

/**
 * The stored status timeline (tables of migration 0014): events as they arrived and the segments
 * domain/device-status derives from them, written with `applyEvents` so the segments are always
 * `buildTimeline(all events of the device)`. Every write locks the device rows it touches (ordered
 * by id), so concurrent batches of one device — from one process or several — apply one after the
 * other. Returns the changes of the devices' current status (for live screens).
 */

export interface TimelineOptions {
  offlineAfterMs: number;
  futureToleranceMs: number;
}

/** The stored identity of an event: a digest of domain `eventKey` (which holds NUL separators, not storable as text). */
export function storedEventKey(event: StatusEvent): string {
  return createHash('sha256').update(eventKey(event)).digest('base64url');
}

/** Below every time: "no earlier instant" in the window queries. */
const NO_ANCHOR = -1;
const MAX_LISTED_PROBLEMS = 20;
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** An event's time in epoch ms; NaN when it is none (the domain refuses it as 事件时间无效). */
function millisOf(at: number | string): number {
  if (typeof at === 'number') return Number.isFinite(at) && at >= 0 ? Math.round(at) : Number.NaN;
  return ISO_WITH_ZONE.test(at.trim()) ? Date.parse(at.trim()) : Number.NaN;
}

function toEvent(input: StatusEventInput): StatusEvent {
  return {
    deviceNo: input.deviceNo.trim(),
    status: input.status as DeviceStatus,
    at: millisOf(input.at),
    reason: input.reason ?? null,
    counter: input.counter ?? null,
    eventId: input.eventId?.trim() || null,
  };
}

/** The refusal of a batch: every bad event by its position, nothing stored. */
function refusal(problems: EventProblem[]): Error {
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS).map((problem) => `第${problem.index + 1}条：${problem.message}`);
  const more = problems.length > MAX_LISTED_PROBLEMS ? `；另有 ${problems.length - MAX_LISTED_PROBLEMS} 条有误` : '';
  return validation(`事件未保存：${listed.join('；')}${more}`);
}

type EventRow = Pick<Selectable<DeviceStatusEventTable>, 'device_id' | 'at' | 'status' | 'reason' | 'counter' | 'event_id'>;
type SegmentRow = Pick<Selectable<DeviceStatusSegmentTable>, 'device_id' | 'start_at' | 'end_at' | 'status' | 'reason'>;

const eventOf = (deviceNo: string, row: EventRow): StatusEvent => ({
  deviceNo,
  at: Number(row.at),
  status: row.status as DeviceStatus,
  reason: row.reason,
  counter: row.counter,
  eventId: row.event_id,
});
const segmentOf = (deviceNo: string, row: SegmentRow): Segment => ({
  deviceNo,
  start: Number(row.start_at),
  end: row.end_at === null ? null : Number(row.end_at),
  status: row.status as DeviceStatus,
  reason: row.reason,
});

interface DeviceWork {
  id: number;
  deviceNo: string;
  stored: StatusEvent[];
  segments: Segment[];
  incoming: StatusEvent[];
}

/** The open segment after the write: the one upserted open, else the one that stayed open. */
function currentAfter(work: DeviceWork, upsert: Segment[], remove: Segment[]): Segment | null {
  const opened = upsert.find((segment) => segment.end === null);
  if (opened) return opened;
  const open = work.segments.find((segment) => segment.end === null);
  return open && !remove.some((segment) => segment.start === open.start) && !upsert.some((segment) => segment.start === open.start) ? open : null;
}

function sameCurrent(a: Segment | undefined | null, b: Segment | null): boolean {
  return !!a && !!b && a.start === b.start && a.status === b.status && a.reason === b.reason;
}

export class TimelineStore {
  constructor(
    private readonly db: Db,
    private readonly options: TimelineOptions,
  ) {}

  /**
   * Stores a validated batch of a machine's factory: all or nothing. Bad events (unknown or
   * another factory's device, status outside 1–6, time invalid or too far ahead, negative counter,
   * an eventId reused with other content) refuse the whole batch with one message per event.
   */
  async ingest(machine: MachineIdentity, request: IngestRequest, now: number): Promise<{ result: IngestResult; changes: StatusChange[] }> {
    const events = request.events.map(toEvent);
    const numbers = [...new Set(events.map((event) => event.deviceNo).filter(Boolean))];
    return this.db.transaction().execute(async (trx) => {
      // The batch's devices of the machine's factory, locked (in id order) until the batch is stored:
      // batches of one device, from any process, apply one after the other. A refusal rolls back.
      const devices = numbers.length
        ? await trx
            .selectFrom('device')
            .select(['id', 'device_no'])
            .where('enterprise_id', '=', machine.enterpriseId)
            .where('org_id', '=', machine.orgId)
            .where('device_no', 'in', numbers)
            .orderBy('id')
            .forUpdate()
            .execute()
        : [];
      const idOf = new Map(devices.map((device) => [device.device_no, device.id]));
      const checked = checkBatch(events, { isKnownDevice: (no) => idOf.has(no), now, futureToleranceMs: this.options.futureToleranceMs });
      if (!checked.ok) throw refusal(checked.problems);

      const withIds = events.filter((event) => event.eventId);
      if (withIds.length) {
        const rows = await trx
          .selectFrom('device_status_event')
          .select(['device_id', 'at', 'status', 'reason', 'counter', 'event_id'])
          .where('device_id', 'in', [...new Set(withIds.map((event) => idOf.get(event.deviceNo)!))])
          .where('event_id', 'in', [...new Set(withIds.map((event) => event.eventId!))])
          .execute();
        const noOf = new Map(devices.map((device) => [device.id, device.device_no]));
        const conflicts = storedConflicts(rows.map((row) => eventOf(noOf.get(row.device_id)!, row)), events);
        if (conflicts.length) throw refusal(conflicts);
      }

      const byDevice = new Map<number, DeviceWork>();
      for (const event of events) {
        const id = idOf.get(event.deviceNo)!;
        const work = byDevice.get(id) ?? { id, deviceNo: event.deviceNo, stored: [], segments: [], incoming: [] };
        work.incoming.push(event);
        byDevice.set(id, work);
      }
      const works = [...byDevice.values()];
      await loadWindows(trx, works);
      const { inserted, changes } = await applyWork(trx, machine, works, now, this.options.offlineAfterMs);
      return { result: { accepted: inserted, duplicates: events.length - inserted }, changes };
    });
  }

  /**
   * The offline rule as time passes: every device whose last event is older than the silence
   * limit and whose open segment is not 6 yet gets its 6 不在线 segment. Any process may run it; the
   * device lock and the re-check inside the transaction make a second run do nothing.
   */
  async sweepOffline(now: number): Promise<Array<{ enterpriseId: number; orgId: number; change: StatusChange }>> {
    const silentSince = now - this.options.offlineAfterMs;
    const candidates = await this.db
      .selectFrom('device_status_segment as s')
      .select(['s.device_id', 's.enterprise_id', 's.org_id'])
      .where('s.end_at', 'is', null)
      .where('s.status', '<>', DEVICE_STATUS_CODE.notOnline)
      .where('s.start_at', '<', silentSince)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('device_status_event as e').select('e.id').whereRef('e.device_id', '=', 's.device_id').where('e.at', '>=', silentSince))),
      )
      .limit(500)
      .execute();
    const out: Array<{ enterpriseId: number; orgId: number; change: StatusChange }> = [];
    for (const candidate of candidates) {
      const machine = { enterpriseId: candidate.enterprise_id, orgId: candidate.org_id, workMachineId: 0 };
      const changes = await this.db.transaction().execute(async (trx) => {
        const device = await trx.selectFrom('device').select(['id', 'device_no']).where('id', '=', candidate.device_id).forUpdate().executeTakeFirst();
        if (!device) return [];
        const open = await trx.selectFrom('device_status_segment').select(['device_id', 'start_at', 'end_at', 'status', 'reason']).where('device_id', '=', device.id).where('end_at', 'is', null).executeTakeFirst();
        if (!open || open.status === DEVICE_STATUS_CODE.notOnline) return [];
        const last = await trx.selectFrom('device_status_event').select((eb) => eb.fn.max('at').as('at')).where('device_id', '=', device.id).executeTakeFirst();
        const lastAt = last?.at === null || last?.at === undefined ? null : Number(last.at);
        if (lastAt === null || lastAt >= silentSince) return [];
        const stored = await trx.selectFrom('device_status_event').select(['device_id', 'at', 'status', 'reason', 'counter', 'event_id']).where('device_id', '=', device.id).where('at', '=', lastAt).execute();
        const work: DeviceWork = { id: device.id, deviceNo: device.device_no, stored: stored.map((row) => eventOf(device.device_no, row)), segments: [segmentOf(device.device_no, open)], incoming: [] };
        return (await applyWork(trx, machine, [work], now, this.options.offlineAfterMs)).changes;
      });
      for (const change of changes) out.push({ enterpriseId: candidate.enterprise_id, orgId: candidate.org_id, change });
    }
    return out;
  }
}

/**
 * Applies the incoming events of each device (domain applyEvents) to its window of stored events
 * and segments, and writes the difference: new events, segments upserted and removed, the device's
 * current status. The caller holds the devices' locks.
 */
async function applyWork(trx: Db, machine: MachineIdentity, works: DeviceWork[], now: number, offlineAfterMs: number): Promise<{ inserted: number; changes: StatusChange[] }> {
  let inserted = 0;
  const changes: StatusChange[] = [];
  const eventRows: Array<Record<string, unknown>> = [];
  const segmentRows: Array<Record<string, unknown>> = [];
  const removed: { ids: number[]; starts: number[] } = { ids: [], starts: [] };
  for (const work of works) {
    const before = work.segments.find((segment) => segment.end === null);
    const { insert, upsert, remove } = applyEvents(work.deviceNo, { stored: work.stored, segments: work.segments, incoming: work.incoming }, { offlineAfterMs, now });
    inserted += insert.length;
    for (const event of insert) {
      eventRows.push({
        enterprise_id: machine.enterpriseId,
        org_id: machine.orgId,
        device_id: work.id,
        at: event.at,
        status: event.status,
        reason: reasonOf(event),
        counter: event.counter ?? null,
        event_id: event.eventId ?? null,
        event_key: storedEventKey(event),
        work_machine_id: machine.workMachineId || null,
      });
    }
    for (const segment of remove) {
      removed.ids.push(work.id);
      removed.starts.push(segment.start);
    }
    for (const segment of upsert) {
      segmentRows.push({ enterprise_id: machine.enterpriseId, org_id: machine.orgId, device_id: work.id, start_at: segment.start, end_at: segment.end, status: segment.status, reason: segment.reason });
    }
    const after = currentAfter(work, upsert, remove);
    if (after && !sameCurrent(before, after)) changes.push({ deviceId: work.id, status: after.status, since: after.start, reason: after.reason });
  }
  // One statement per kind for the whole batch (not per device): removed starts are never upserted.
  if (removed.ids.length) {
    await sql`delete from device_status_segment s using unnest(${removed.ids}::bigint[], ${removed.starts}::bigint[]) as r(device_id, start_at)
      where s.device_id = r.device_id and s.start_at = r.start_at`.execute(trx);
  }
  for (let index = 0; index < segmentRows.length; index += 1000) {
    await trx
      .insertInto('device_status_segment')
      .values(segmentRows.slice(index, index + 1000) as never)
      .onConflict((oc) => oc.columns(['device_id', 'start_at']).doUpdateSet((eb) => ({ end_at: eb.ref('excluded.end_at'), status: eb.ref('excluded.status'), reason: eb.ref('excluded.reason') })))
      .execute();
  }
  if (changes.length) {
    await sql`update device d set status = c.status from unnest(${changes.map((change) => change.deviceId)}::bigint[], ${changes.map((change) => change.status)}::smallint[]) as c(id, status)
      where d.id = c.id`.execute(trx);
  }
  for (let index = 0; index < eventRows.length; index += 1000) {
    await trx
      .insertInto('device_status_event')
      .values(eventRows.slice(index, index + 1000) as never)
      .onConflict((oc) => oc.columns(['device_id', 'event_key']).doNothing())
      .execute();
  }
  return { inserted, changes };
}

/**
 * Each device's window (domain README "Incremental use"): A = the latest stored instant before
 * the batch's earliest event; the events from A on, and the segments open or ending after A.
 */
async function loadWindows(trx: Db, works: DeviceWork[]): Promise<void> {
  const ids = works.map((work) => work.id);
  const earliest = works.map((work) => Math.min(...work.incoming.map((event) => event.at)));
  // One round trip: the anchors, then the window's events (kind 'e') and segments (kind 's').
  const { rows } = await sql<EventRow & { kind: 'e' | 's'; end_at: number | null }>`
    with w as (
      select w.device_id, coalesce((select max(e.at) from device_status_event e where e.device_id = w.device_id and e.at < w.earliest), ${NO_ANCHOR}) as anchor
      from unnest(${ids}::bigint[], ${earliest}::bigint[]) as w(device_id, earliest)
    )
    select 'e' as kind, e.device_id, e.at, e.status, e.reason, e.counter, e.event_id, null::bigint as end_at
    from device_status_event e join w on e.device_id = w.device_id and e.at >= w.anchor
    union all
    select 's' as kind, s.device_id, s.start_at, s.status, s.reason, null, null, s.end_at
    from device_status_segment s join w on s.device_id = w.device_id and (w.anchor = ${NO_ANCHOR} or s.end_at is null or s.end_at > w.anchor)`.execute(trx);
  const workOf = new Map(works.map((work) => [work.id, work]));
  for (const row of rows) {
    const work = workOf.get(Number(row.device_id))!;
    if (row.kind === 'e') work.stored.push(eventOf(work.deviceNo, row));
    else work.segments.push(segmentOf(work.deviceNo, { device_id: row.device_id, start_at: row.at, end_at: row.end_at, status: row.status, reason: row.reason }));
  }
}
