import { Type, type Static } from '@sinclair/typebox';
import { DeviceLiveAuthorities as A } from '../access/authorities/device-live';
import { Id, NoData, PageFields, PageResult, Text, titled } from './common';
import { EVENT_STREAM, get, pathsOf, post } from './endpoint';
import { DeviceCalendarOverride, DeviceMonthQuery } from './shifts';

/**
 * Live device status (issue 10): shop-floor machines post status events with their machine key;
 * the server keeps a status timeline per device, pushes changes to screens by server-sent events,
 * and computes downtime and figures from it. Times are epoch milliseconds; figures are hours.
 * Statuses are spec §4 (DEVICE_STATUS in @core/enums: 1 空闲 … 6 不在线).
 */

/** Most events one request may carry. */
export const MAX_EVENTS_PER_BATCH = 1000;

/**
 * One status event. Loose on purpose where the server checks the meaning itself (status 1–6, time,
 * counter), so every bad event gets its own Chinese message (domain/device-status validate.ts).
 */
export const StatusEventInput = Type.Object({
  deviceNo: Text({ title: '设备编号', maxLength: 50 }),
  status: Type.Number({ title: '设备状态' }),
  /** Epoch milliseconds, or an ISO 8601 time with its zone (2026-03-01T08:00:00+08:00). */
  at: Type.Union([Type.Number(), Text({ maxLength: 40 })], { title: '事件时间' }),
  reason: Type.Optional(Type.Union([Text({ maxLength: 100 }), Type.Null()], { title: '原因' })),
  counter: Type.Optional(Type.Union([Type.Number(), Type.Null()], { title: '计数' })),
  /** The sender's own id of the event: a resend with the same id is recognised as the same event. */
  eventId: Type.Optional(Type.Union([Text({ maxLength: 64 }), Type.Null()], { title: '事件编号' })),
});
export type StatusEventInput = Static<typeof StatusEventInput>;

/** A single event is a batch of one. */
export const IngestRequest = Type.Object({
  events: Type.Array(StatusEventInput, { title: '事件', minItems: 1, maxItems: MAX_EVENTS_PER_BATCH }),
});
export type IngestRequest = Static<typeof IngestRequest>;
export const IngestResult = Type.Object({
  /** Events stored now. */
  accepted: Type.Integer(),
  /** Events already stored before (resends): nothing changed for them. */
  duplicates: Type.Integer(),
});
export type IngestResult = Static<typeof IngestResult>;

/** A device's current status as screens show it. */
export const LiveDevice = Type.Object({
  id: Type.Integer(),
  deviceNo: Type.String(),
  name: Type.String(),
  workshopId: Type.Union([Type.Integer(), Type.Null()]),
  workshopName: Type.String(),
  deviceTypeId: Type.Union([Type.Integer(), Type.Null()]),
  deviceTypeName: Type.String(),
  status: Type.Integer(),
  /** Start of the current status (null: no event yet). */
  since: Type.Union([Type.Integer(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type LiveDevice = Static<typeof LiveDevice>;

export const Overview = Type.Object({
  /** Server clock when answered (durations on screen count from it). */
  now: Type.Integer(),
  offlineAfterMinutes: Type.Integer(),
  workshops: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  deviceTypes: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  devices: Type.Array(LiveDevice),
});
export type Overview = Static<typeof Overview>;

/**
 * What the stream (`text/event-stream`) sends: `event: snapshot` with an Overview on every connect
 * (so a client that reconnects after a gap is in sync again), then `event: status` with a
 * StatusChange per change of a device's current status.
 */
export const StatusChange = Type.Object({
  deviceId: Type.Integer(),
  status: Type.Integer(),
  since: Type.Union([Type.Integer(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type StatusChange = Static<typeof StatusChange>;

const Millis = (title: string) => Type.Integer({ title, minimum: 0, maximum: 8_640_000_000_000 });

export const DeviceIdQuery = Type.Object({ deviceId: titled(Id, '设备') });
export const PeriodFields = { from: Millis('开始时间'), to: Millis('结束时间') };

export const TimelineQuery = Type.Object({ deviceId: titled(Id, '设备'), ...PeriodFields });
export type TimelineQuery = Static<typeof TimelineQuery>;
export const TimelineSegment = Type.Object({
  start: Type.Integer(),
  end: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.Integer(),
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type TimelineSegment = Static<typeof TimelineSegment>;

/** A period and what it covers: one device, a workshop's devices, or (neither) the factory's. */
const CoverageFields = {
  ...PeriodFields,
  deviceId: Type.Optional(titled(Id, '设备')),
  workshopId: Type.Optional(titled(Id, '车间')),
};

export const FiguresQuery = Type.Object(CoverageFields);
export type FiguresQuery = Static<typeof FiguresQuery>;
export const DeviceFigures = Type.Object({
  devices: Type.Integer(),
  plannedHours: Type.Number(),
  runHours: Type.Number(),
  downtimeHours: Type.Number(),
  faultHours: Type.Number(),
  standbyHours: Type.Number(),
  downtimeByReason: Type.Array(Type.Object({ reason: Type.String(), hours: Type.Number(), count: Type.Integer(), cumulativeShare: Type.Number() })),
  availability: Type.Union([Type.Number(), Type.Null()]),
  failures: Type.Integer(),
  mtbfHours: Type.Union([Type.Number(), Type.Null()]),
  mttrHours: Type.Union([Type.Number(), Type.Null()]),
});
export type DeviceFigures = Static<typeof DeviceFigures>;

export const DowntimeListQuery = Type.Object({ ...PageFields, ...CoverageFields });
export type DowntimeListQuery = Static<typeof DowntimeListQuery>;
/** A downtime record: a fault (5) or standby (4) segment, or a piece of one a person split off. */
export const Downtime = Type.Object({
  deviceId: Type.Integer(),
  deviceNo: Type.String(),
  deviceName: Type.String(),
  start: Type.Integer(),
  end: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.Integer(),
  reason: Type.Union([Type.String(), Type.Null()]),
  /** The reason was set by a person (not the machine's). */
  reasonEdited: Type.Boolean(),
  hours: Type.Number(),
});
export type Downtime = Static<typeof Downtime>;

export const DowntimeReasonRequest = Type.Object({
  deviceId: titled(Id, '设备'),
  start: Millis('停机开始时间'),
  reason: Text({ title: '停机原因', minLength: 1, maxLength: 50 }),
});
export type DowntimeReasonRequest = Static<typeof DowntimeReasonRequest>;
export const DowntimeSplitRequest = Type.Object({
  deviceId: titled(Id, '设备'),
  start: Millis('停机开始时间'),
  at: Millis('拆分时间'),
});
export type DowntimeSplitRequest = Static<typeof DowntimeSplitRequest>;

/** Dictionary type (系统配置 → 数据字典) holding the downtime reasons a person picks from. */
export const DOWNTIME_REASON_DICT = 'downtime_reason';

/** Hours with the part of them planned (shift time) and the availability (run ÷ planned, null when nothing is planned). */
const PlannedFigures = {
  devices: Type.Integer(),
  plannedHours: Type.Number(),
  runHours: Type.Number(),
  availability: Type.Union([Type.Number(), Type.Null()]),
};

/** 设备看板 over a period (today on the board): run time inside the planned shifts per workshop and the factory's downtime. */
export const BoardQuery = Type.Object(PeriodFields);
export type BoardQuery = Static<typeof BoardQuery>;
export const BoardFigures = Type.Object({
  now: Type.Integer(),
  factory: Type.Object({ ...PlannedFigures, failures: Type.Integer(), downtimeHours: Type.Number() }),
  /** Workshops in their order; devices without a workshop under 未分配车间 (workshopId null). */
  workshops: Type.Array(Type.Object({ workshopId: Type.Union([Type.Integer(), Type.Null()]), workshopName: Type.String(), ...PlannedFigures })),
  downtimeByReason: DeviceFigures.properties.downtimeByReason,
});
export type BoardFigures = Static<typeof BoardFigures>;

/** 工单日历: a month of every device (or a workshop's): planned hours from the device calendar and the hours it ran. */
export const WorkCalendarQuery = Type.Object({ month: DeviceMonthQuery.properties.month, workshopId: Type.Optional(titled(Id, '车间')) });
export type WorkCalendarQuery = Static<typeof WorkCalendarQuery>;
export const WorkCalendarDay = Type.Object({
  date: Type.String(),
  workday: Type.Boolean(),
  holiday: Type.String(),
  down: Type.Boolean(),
  /** Names of the day's shifts (加班 ones marked). */
  shifts: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), start: Type.String(), end: Type.String(), extra: Type.Boolean() })),
  plannedHours: Type.Number(),
  runHours: Type.Number(),
  /** The device calendar entries of the day (停机 / 加班). */
  overrides: Type.Array(DeviceCalendarOverride),
});
export type WorkCalendarDay = Static<typeof WorkCalendarDay>;
export const WorkCalendar = Type.Object({
  month: Type.String(),
  now: Type.Integer(),
  /** The factory's workshops (the filter). */
  workshops: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** The factory's shifts (the 加班 picker). */
  shifts: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), start: Type.String(), end: Type.String() })),
  devices: Type.Array(
    Type.Object({
      id: Type.Integer(),
      deviceNo: Type.String(),
      name: Type.String(),
      workshopName: Type.String(),
      plannedHours: Type.Number(),
      runHours: Type.Number(),
      days: Type.Array(WorkCalendarDay),
    }),
  ),
});
export type WorkCalendar = Static<typeof WorkCalendar>;

export const DeviceStatusApi = {
  events: post('/dps-server/device_status/events', { body: IngestRequest, response: IngestResult, machine: true, name: '上报设备状态' }),
  /** One event without the batch around it: the same as `events` with a batch of one. */
  event: post('/dps-server/device_status/event', { body: StatusEventInput, response: IngestResult, machine: true, name: '上报设备状态' }),
  overview: get('/dps-server/device_status/overview', { response: Overview, authority: A.page }),
  /** 设备总览 and 设备详情 (its live status header) read it, each under its own page code. */
  stream: get('/dps-server/device_status/stream', { response: EVENT_STREAM, authority: [A.page, A.detail] }),
  device: get('/dps-server/device_status/device', { query: DeviceIdQuery, response: LiveDevice, authority: A.detail }),
  timeline: get('/dps-server/device_status/timeline', { query: TimelineQuery, response: Type.Array(TimelineSegment), authority: A.detail }),
  figures: get('/dps-server/device_status/figures', { query: FiguresQuery, response: DeviceFigures, authority: A.detail }),
  downtimeList: get('/dps-server/device_status/downtime/list', { query: DowntimeListQuery, response: PageResult(Downtime), authority: A.detail }),
  downtimeReasons: get('/dps-server/device_status/downtime/reasons', { response: Type.Array(Type.String()), authority: A.detail }),
  downtimeReason: post('/dps-server/device_status/downtime/reason', { body: DowntimeReasonRequest, response: NoData, authority: A.downtimeEdit }),
  downtimeSplit: post('/dps-server/device_status/downtime/split', { body: DowntimeSplitRequest, response: NoData, authority: A.downtimeEdit }),
  board: get('/dps-server/device_status/board', { query: BoardQuery, response: BoardFigures, authority: A.kanban }),
  /** The same stream as `stream`, for 设备看板 under its own page code. */
  boardStream: get('/dps-server/device_status/board/stream', { response: EVENT_STREAM, authority: A.kanban }),
  calendar: get('/dps-server/device_status/calendar', { query: WorkCalendarQuery, response: WorkCalendar, authority: A.calendar }),
};
export const DeviceStatusPaths = pathsOf(DeviceStatusApi);
