import { eventContent, eventKey } from './event';
import type { StatusEvent } from './types';

export interface ValidationContext {
  /** Whether the device number is one of this factory's devices (another factory's reads as unknown). */
  isKnownDevice: (deviceNo: string) => boolean;
  now: number;
  /** How far ahead of `now` an event's time may be (gateway clocks drift). */
  futureToleranceMs: number;
}

export interface EventProblem {
  /** Position in the batch (0-based). */
  index: number;
  deviceNo: string;
  eventId: string | null;
  message: string;
}

export type BatchCheck = { ok: true; events: StatusEvent[] } | { ok: false; problems: EventProblem[] };

function formatTime(ms: number): string {
  // China time (UTC+8), the factories' clock, whatever the server's zone.
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Why one event is refused (Chinese), or null when it is acceptable. */
export function eventProblem(event: StatusEvent, context: ValidationContext): string | null {
  const deviceNo = typeof event.deviceNo === 'string' ? event.deviceNo.trim() : '';
  if (!deviceNo) return '设备编号不能为空';
  if (!context.isKnownDevice(deviceNo)) return `设备 ${deviceNo} 不存在`;
  if (!Number.isInteger(event.status) || event.status < 1 || event.status > 6) return `设备状态 ${String(event.status)} 无效，应为 1–6`;
  if (typeof event.at !== 'number' || !Number.isFinite(event.at)) return '事件时间无效';
  if (event.at > context.now + context.futureToleranceMs) {
    return `事件时间 ${formatTime(event.at)} 晚于服务器时间超过 ${Math.round(context.futureToleranceMs / 1000)} 秒`;
  }
  if (event.counter !== undefined && event.counter !== null && (!Number.isFinite(event.counter) || event.counter < 0)) return '计数必须是不小于 0 的数';
  return null;
}

/**
 * Checks a whole batch: every bad event is listed with its message, and the batch is accepted
 * only when none is bad, so the server can refuse it with nothing stored. Two events of the
 * batch with the same eventId but different content are both refused.
 */
export function checkBatch(events: readonly StatusEvent[], context: ValidationContext): BatchCheck {
  const problems: EventProblem[] = [];
  const byId = new Map<string, string>();
  const conflicting = new Set<string>();
  for (const event of events) {
    if (!event.eventId) continue;
    const id = eventKey(event);
    const content = eventContent(event);
    const held = byId.get(id);
    if (held === undefined) byId.set(id, content);
    else if (held !== content) conflicting.add(id);
  }
  events.forEach((event, index) => {
    const eventId = event.eventId ?? null;
    let message = eventProblem(event, context);
    if (!message && eventId && conflicting.has(eventKey(event))) message = `事件编号 ${eventId} 在本批中重复且内容不同`;
    if (message) problems.push({ index, deviceNo: String(event.deviceNo ?? ''), eventId, message });
  });
  return problems.length ? { ok: false, problems } : { ok: true, events: [...events] };
}

/**
 * Events of a batch that reuse a stored event's eventId with different content (the server loads
 * the stored events of the batch's eventIds). An exact resend is no problem: it is a duplicate.
 */
export function storedConflicts(stored: readonly StatusEvent[], events: readonly StatusEvent[]): EventProblem[] {
  const held = new Map(stored.filter((event) => event.eventId).map((event) => [eventKey(event), eventContent(event)]));
  const problems: EventProblem[] = [];
  events.forEach((event, index) => {
    if (!event.eventId) return;
    const content = held.get(eventKey(event));
    if (content !== undefined && content !== eventContent(event)) {
      problems.push({ index, deviceNo: event.deviceNo, eventId: event.eventId, message: `事件编号 ${event.eventId} 已存在且内容不同` });
    }
  });
  return problems;
}
