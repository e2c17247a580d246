import type { StatusEvent } from './types';

/** The event's reason trimmed, null when empty. */
export function reasonOf(event: Pick<StatusEvent, 'reason'>): string | null {
  const reason = event.reason?.trim();
  return reason ? reason : null;
}

/** What an event says (time, status, reason, counter), as comparable text. */
export function eventContent(event: StatusEvent): string {
  return JSON.stringify([event.at, event.status, reasonOf(event), event.counter ?? null]);
}

/** Identity of an event for storage: its eventId when given, else its whole content. */
export function eventKey(event: StatusEvent): string {
  return event.eventId ? `id:${event.deviceNo}\u0000${event.eventId}` : `at:${event.deviceNo}\u0000${eventContent(event)}`;
}
