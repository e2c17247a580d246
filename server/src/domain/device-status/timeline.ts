import { eventKey, reasonOf } from './event';
import { DEVICE_STATUS_CODE, OFFLINE_REASON, type DeviceStatus, type Segment, type StatusEvent, type TimelineOptions } from './types';

interface Point {
  at: number;
  status: DeviceStatus;
  reason: string | null;
}

/**
 * Which of two events at the same instant decides the status: the higher status code, then a
 * reason over none, then the reason that sorts first. Fixed, so arrival order never matters.
 */
function beats(a: Point, b: Point): boolean {
  if (a.status !== b.status) return a.status > b.status;
  if (a.reason === null || b.reason === null) return b.reason === null && a.reason !== null;
  return a.reason < b.reason;
}

/** The deciding event of every instant, in time order. */
function points(events: readonly StatusEvent[]): Point[] {
  const byInstant = new Map<number, Point>();
  for (const event of events) {
    const point: Point = { at: event.at, status: event.status, reason: reasonOf(event) };
    const held = byInstant.get(point.at);
    if (!held || beats(point, held)) byInstant.set(point.at, point);
  }
  return [...byInstant.values()].sort((a, b) => a.at - b.at);
}

/**
 * A device's timeline from its events (any order, duplicates allowed): each event's status lasts
 * until the next event; a gap longer than `offlineAfterMs` turns 6 at last event + offlineAfterMs
 * (the open tail too, measured against `now`); runs of the same status merge, keeping the first
 * reason of the run.
 */
export function buildTimeline(deviceNo: string, events: readonly StatusEvent[], options: TimelineOptions): Segment[] {
  const list = points(events);
  const pieces: Segment[] = [];
  list.forEach((point, index) => {
    const next = list[index + 1]?.at ?? null;
    const until = next ?? options.now;
    if (until - point.at > options.offlineAfterMs) {
      const offlineAt = point.at + options.offlineAfterMs;
      pieces.push({ deviceNo, start: point.at, end: offlineAt, status: point.status, reason: point.reason });
      pieces.push({ deviceNo, start: offlineAt, end: next, status: DEVICE_STATUS_CODE.notOnline, reason: OFFLINE_REASON });
    } else {
      pieces.push({ deviceNo, start: point.at, end: next, status: point.status, reason: point.reason });
    }
  });
  const merged: Segment[] = [];
  for (const piece of pieces) {
    const last = merged[merged.length - 1];
    if (last && last.status === piece.status) {
      last.end = piece.end;
      last.reason ??= piece.reason;
    } else {
      merged.push({ ...piece });
    }
  }
  return merged;
}

/** Timelines of several devices at once, by device number. */
export function buildTimelines(events: readonly StatusEvent[], options: TimelineOptions): Map<string, Segment[]> {
  const byDevice = new Map<string, StatusEvent[]>();
  for (const event of events) {
    const list = byDevice.get(event.deviceNo);
    if (list) list.push(event);
    else byDevice.set(event.deviceNo, [event]);
  }
  return new Map([...byDevice].map(([deviceNo, list]) => [deviceNo, buildTimeline(deviceNo, list, options)]));
}

export interface ApplyInput {
  /**
   * The device's stored events from the latest stored instant strictly before the earliest
   * incoming event onward (all of them when there is none before).
   */
  stored: readonly StatusEvent[];
  /** The device's stored segments that are open or end after that instant (all when none before). */
  segments: readonly Segment[];
  /** New events of this one device (already validated). */
  incoming: readonly StatusEvent[];
}

export interface ApplyResult {
  /** Incoming events not stored yet (duplicates by eventKey left out): insert these. */
  insert: StatusEvent[];
  /** Segments to insert or update, identified by (deviceNo, start). */
  upsert: Segment[];
  /** Stored segments to delete (their start is no longer a segment start). */
  remove: Segment[];
}

function sameSegment(a: Segment, b: Segment): boolean {
  return a.end === b.end && a.status === b.status && a.reason === b.reason;
}

/**
 * Incremental form of buildTimeline for the server: recomputes the timeline from the window's
 * first instant onward and returns the difference to store. Storing `insert`, `upsert` and
 * deleting `remove` leaves exactly buildTimeline(all events) in the database.
 */
export function applyEvents(deviceNo: string, input: ApplyInput, options: TimelineOptions): ApplyResult {
  const known = new Set(input.stored.map(eventKey));
  const insert: StatusEvent[] = [];
  for (const event of input.incoming) {
    const key = eventKey(event);
    if (known.has(key)) continue;
    known.add(key);
    insert.push(event);
  }
  const computed = buildTimeline(deviceNo, [...input.stored, ...insert], options);
  const first = computed[0];
  if (first) {
    // The run holding the window's first instant may have started before it: keep its start and reason.
    const holder = input.segments.find((segment) => segment.start < first.start && (segment.end === null || segment.end > first.start));
    if (holder && holder.status === first.status) {
      first.start = holder.start;
      first.reason = holder.reason ?? first.reason;
    }
  }
  const from = first?.start ?? Number.POSITIVE_INFINITY;
  const existing = new Map(input.segments.filter((segment) => segment.start >= from).map((segment) => [segment.start, segment]));
  const upsert = computed.filter((segment) => {
    const held = existing.get(segment.start);
    return !held || !sameSegment(held, segment);
  });
  const starts = new Set(computed.map((segment) => segment.start));
  const remove = [...existing.values()].filter((segment) => !starts.has(segment.start));
  return { insert, upsert, remove };
}
