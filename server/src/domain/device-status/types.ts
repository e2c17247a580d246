/** Device statuses of spec §4 (labels in @core/enums DEVICE_STATUS). */
export const DEVICE_STATUS_CODE = {
  idle: 1,
  inUse: 2,
  running: 3,
  standby: 4,
  fault: 5,
  notOnline: 6,
} as const;

export type DeviceStatus = (typeof DEVICE_STATUS_CODE)[keyof typeof DEVICE_STATUS_CODE];

/** One status event from a gateway or 一体机; `at` in epoch milliseconds. */
export interface StatusEvent {
  deviceNo: string;
  status: DeviceStatus;
  at: number;
  reason?: string | null;
  counter?: number | null;
  eventId?: string | null;
}

/** A piece of a device's status timeline: [start, end), end null while still open. */
export interface Segment {
  deviceNo: string;
  start: number;
  end: number | null;
  status: DeviceStatus;
  reason: string | null;
}

export interface TimelineOptions {
  /** No event for longer than this → 6 not online from the last event + this. */
  offlineAfterMs: number;
  /** The clock: the open tail turns 6 when now − last event > offlineAfterMs. */
  now: number;
}

/** Reason written on the 6 segments the offline rule adds. */
export const OFFLINE_REASON = '超时未上报';
