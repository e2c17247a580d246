import { describe, expect, it } from 'vitest';
import { seededRandom } from '../rng';
import { eventKey } from './event';
import { applyEvents, buildTimeline } from './timeline';
import { OFFLINE_REASON, type DeviceStatus, type Segment, type StatusEvent } from './types';

const MIN = 60_000;
const T0 = Date.UTC(2026, 4, 6, 0, 0); // 2026-05-06 08:00 China time
const at = (minutes: number) => T0 + minutes * MIN;
const OPTIONS = { offlineAfterMs: 10 * MIN, now: at(60) };
const ev = (minutes: number, status: DeviceStatus, reason?: string, extra: Partial<StatusEvent> = {}): StatusEvent => ({ deviceNo: 'M01', at: at(minutes), status, reason, ...extra });
const seg = (start: number, end: number | null, status: DeviceStatus, reason: string | null = null): Segment => ({ deviceNo: 'M01', start: at(start), end: end === null ? null : at(end), status, reason });

describe('timeline from events', () => {
  it('lasts each status until the next event and merges runs of one status, keeping the first reason', () => {
    const events = [ev(0, 3), ev(5, 3), ev(8, 5, '断纸'), ev(12, 5, '卡纸'), ev(15, 3), ev(20, 4)];
    expect(buildTimeline('M01', events, { offlineAfterMs: 10 * MIN, now: at(25) })).toEqual([
      seg(0, 8, 3),
      seg(8, 15, 5, '断纸'),
      seg(15, 20, 3),
      seg(20, null, 4),
    ]);
  });

  it('takes the first reason given in a run even when its first event has none', () => {
    expect(buildTimeline('M01', [ev(0, 5), ev(3, 5, '  '), ev(4, 5, '缺料'), ev(6, 5, '停电')], { offlineAfterMs: 10 * MIN, now: at(8) })).toEqual([seg(0, null, 5, '缺料')]);
  });

  it('decides two events at one instant by the higher status, whatever came first', () => {
    const options = { offlineAfterMs: 10 * MIN, now: at(5) };
    const expected = [seg(0, 2, 3), seg(2, null, 5, '断纸')];
    expect(buildTimeline('M01', [ev(0, 3), ev(2, 3), ev(2, 5, '断纸')], options)).toEqual(expected);
    expect(buildTimeline('M01', [ev(2, 5, '断纸'), ev(2, 3), ev(0, 3)], options)).toEqual(expected);
  });

  it('turns a device not online at last event + offlineAfterMs when the gap is longer, not when equal', () => {
    const events = [ev(0, 3), ev(10, 3), ev(30, 4), ev(35, 6, '网关断开'), ev(50, 6)];
    expect(buildTimeline('M01', events, { offlineAfterMs: 10 * MIN, now: at(58) })).toEqual([
      // 0 → 10 is exactly 10 min: still running; 10 → 30 is longer: 6 from 20.
      seg(0, 20, 3),
      seg(20, 30, 6, OFFLINE_REASON),
      seg(30, 35, 4),
      // An explicit 6 continues into the not-online tail; it keeps its own first reason.
      seg(35, null, 6, '网关断开'),
    ]);
  });

  it('closes the open tail into 6 once now passes the offline time', () => {
    expect(buildTimeline('M01', [ev(0, 3)], { offlineAfterMs: 10 * MIN, now: at(10) })).toEqual([seg(0, null, 3)]);
    expect(buildTimeline('M01', [ev(0, 3)], { offlineAfterMs: 10 * MIN, now: at(11) })).toEqual([seg(0, 10, 3), seg(10, null, 6, OFFLINE_REASON)]);
    expect(buildTimeline('M01', [], OPTIONS)).toEqual([]);
  });
});

/** Random events of one device within the first `span` minutes, some at the same instant. */
function randomEvents(random: () => number, count: number, span: number): StatusEvent[] {
  const reasons = [undefined, '断纸', '缺料', '换单'];
  return Array.from({ length: count }, (_, index) =>
    ev(Math.floor(random() * span), (1 + Math.floor(random() * 6)) as DeviceStatus, reasons[Math.floor(random() * reasons.length)], { eventId: `e${index}`, counter: index }),
  );
}

function shuffled<T>(random: () => number, items: readonly T[]): T[] {
  const list = [...items];
  for (let index = list.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [list[index], list[other]] = [list[other]!, list[index]!];
  }
  return list;
}

/** Independent reading of the rules: the status at time x straight from the events. */
function statusAt(events: readonly StatusEvent[], x: number, offlineAfterMs: number): DeviceStatus | null {
  const before = events.filter((event) => event.at <= x);
  if (!before.length) return null;
  const last = Math.max(...before.map((event) => event.at));
  if (x - last >= offlineAfterMs) return 6;
  return Math.max(...before.filter((event) => event.at === last).map((event) => event.status)) as DeviceStatus;
}

function segmentAt(segments: readonly Segment[], x: number): Segment | undefined {
  return segments.find((segment) => segment.start <= x && (segment.end === null || x < segment.end));
}

describe('timeline properties (seeded random)', () => {
  it('is the same for every arrival order with duplicates, matches the rules at every minute, and never repeats a status', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const random = seededRandom(seed);
      const events = randomEvents(random, 4 + Math.floor(random() * 16), 55);
      const expected = buildTimeline('M01', events, OPTIONS);
      for (let round = 0; round < 10; round += 1) {
        const withDuplicates = [...events, ...events.filter(() => random() < 0.3)];
        expect(buildTimeline('M01', shuffled(random, withDuplicates), OPTIONS)).toEqual(expected);
      }
      const first = Math.min(...events.map((event) => event.at));
      for (let x = first; x < OPTIONS.now; x += MIN / 2) {
        expect(segmentAt(expected, x)?.status, `seed ${seed} at ${(x - T0) / MIN} min`).toBe(statusAt(events, x, OPTIONS.offlineAfterMs));
      }
      expected.forEach((segment, index) => {
        const next = expected[index + 1];
        if (next) {
          expect(segment.end).toBe(next.start);
          expect(segment.status).not.toBe(next.status);
        } else expect(segment.end).toBeNull();
      });
    }
  });

  it('applied incrementally in random late batches, stores exactly the batch timeline and each event once', () => {
    for (let seed = 100; seed < 140; seed += 1) {
      const random = seededRandom(seed);
      const events = randomEvents(random, 5 + Math.floor(random() * 20), 55);
      const arrivals = shuffled(random, [...events, ...events.filter(() => random() < 0.4)]);
      let storedEvents: StatusEvent[] = [];
      let storedSegments: Segment[] = [];
      while (arrivals.length) {
        const batch = arrivals.splice(0, 1 + Math.floor(random() * 5));
        // What the server would load: the window from the latest stored instant before the batch.
        const earliest = Math.min(...batch.map((event) => event.at));
        const anchor = Math.max(...storedEvents.filter((event) => event.at < earliest).map((event) => event.at));
        const stored = Number.isFinite(anchor) ? storedEvents.filter((event) => event.at >= anchor) : storedEvents;
        const segments = Number.isFinite(anchor) ? storedSegments.filter((segment) => segment.end === null || segment.end > anchor) : storedSegments;
        const result = applyEvents('M01', { stored, segments, incoming: batch }, OPTIONS);
        storedEvents = [...storedEvents, ...result.insert];
        const removed = new Set(result.remove.map((segment) => segment.start));
        const upserted = new Map(result.upsert.map((segment) => [segment.start, segment]));
        storedSegments = [...storedSegments.filter((segment) => !removed.has(segment.start) && !upserted.has(segment.start)), ...upserted.values()].sort((a, b) => a.start - b.start);
        // Applying the same batch again changes nothing.
        const again = applyEvents('M01', { stored: storedEvents, segments: storedSegments, incoming: batch }, OPTIONS);
        expect(again).toEqual({ insert: [], upsert: [], remove: [] });
      }
      expect(storedSegments, `seed ${seed}`).toEqual(buildTimeline('M01', events, OPTIONS));
      expect(new Set(storedEvents.map(eventKey)).size).toBe(storedEvents.length);
      expect(storedEvents.length).toBe(events.length);
    }
  });

  it('splits a stored segment when a late event lands inside it, and merges when the late event closes a gap', () => {
    const segments = [seg(0, null, 3)];
    // The gateway reconnects and reports a fault between 6 and 8.
    const late = applyEvents('M01', { stored: [ev(5, 3), ev(9, 3)], segments, incoming: [ev(6, 5, '断纸'), ev(8, 3)] }, { offlineAfterMs: 10 * MIN, now: at(12) });
    expect(late.insert).toHaveLength(2);
    expect(late.remove).toEqual([]);
    expect(late.upsert).toEqual([seg(0, 6, 3), seg(6, 8, 5, '断纸'), seg(8, null, 3)]);
    // A late heartbeat inside a not-online gap removes the 6 segment.
    const gap = applyEvents('M01', { stored: [ev(0, 3), ev(20, 3)], segments: [seg(0, 10, 3), seg(10, 20, 6, OFFLINE_REASON), seg(20, null, 3)], incoming: [ev(10, 3)] }, { offlineAfterMs: 10 * MIN, now: at(25) });
    expect(gap.upsert).toEqual([seg(0, null, 3)]);
    expect(gap.remove).toEqual([seg(10, 20, 6, OFFLINE_REASON), seg(20, null, 3)]);
  });

  it('counts an event resent with the same eventId but nothing else as a duplicate', () => {
    const result = applyEvents('M01', { stored: [ev(0, 3, undefined, { eventId: 'a' })], segments: [seg(0, null, 3)], incoming: [ev(0, 3, undefined, { eventId: 'a' }), ev(0, 3)] }, { offlineAfterMs: 10 * MIN, now: at(5) });
    expect(result.insert).toEqual([ev(0, 3)]);
    expect(result.upsert).toEqual([]);
  });

  it('closes the open tail into 6 when the periodic job applies nothing new after the offline time', () => {
    const last = [ev(30, 3)];
    const open = [seg(0, null, 3)];
    expect(applyEvents('M01', { stored: last, segments: open, incoming: [] }, { offlineAfterMs: 10 * MIN, now: at(40) })).toEqual({ insert: [], upsert: [], remove: [] });
    const closed = applyEvents('M01', { stored: last, segments: open, incoming: [] }, { offlineAfterMs: 10 * MIN, now: at(41) });
    expect(closed).toEqual({ insert: [], upsert: [seg(0, 40, 3), seg(40, null, 6, OFFLINE_REASON)], remove: [] });
  });
});
