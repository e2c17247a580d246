import {
  DeviceStatusPaths as P,
  type BoardFigures,
  type BoardQuery,
  type DeviceFigures,
  type Downtime,
  type DowntimeListQuery,
  type DowntimeReasonRequest,
  type DowntimeSplitRequest,
  type FiguresQuery,
  type LiveDevice,
  type Overview,
  type StatusChange,
  type TimelineQuery,
  type TimelineSegment,
  type WorkCalendar,
  type WorkCalendarQuery,
} from '@core/contracts/device-status';
import { ShiftPaths, type CreateDeviceCalendarRequest } from '@core/contracts/shifts';
import { DeviceRepairPaths, type MyRepairs, type Repair, type SparePartStock } from '@core/contracts/device-repair';
import type { PageResult } from '@core/contracts/common';
import { http } from '@core/http';

/** Which page reads the live stream: 设备总览 or 设备看板 (each has its own authority). */
export type LiveSource = 'overview' | 'board';

export interface LiveStreamHandlers {
  snapshot(overview: Overview): void;
  status(change: StatusChange): void;
  /** Connected or lost (the stream reconnects by itself and sends a fresh snapshot). */
  connected(online: boolean): void;
}

/** The only HTTP of 设备总览 / 设备详情 / 设备看板 / 工单日历. */
export const deviceLiveApi = {
  overview: () => http.get<Overview>(P.overview),
  /** The factory's live status: a snapshot on every (re)connect, then each change. Returns close(). 设备看板 reads it under its own page code. */
  stream(handlers: LiveStreamHandlers, source: LiveSource = 'overview'): { close(): void } {
    return http.eventStream(source === 'board' ? P.boardStream : P.stream, {
      onOpen: () => handlers.connected(true),
      onDrop: () => handlers.connected(false),
      onEvent: (event, data) => {
        if (event === 'snapshot') handlers.snapshot(data as Overview);
        else if (event === 'status') handlers.status(data as StatusChange);
      },
    });
  },
  device: (deviceId: number) => http.get<LiveDevice>(P.device, { deviceId }),
  timeline: (query: TimelineQuery) => http.get<TimelineSegment[]>(P.timeline, query),
  figures: (query: FiguresQuery) => http.get<DeviceFigures>(P.figures, query),
  downtime: (query: DowntimeListQuery) => http.get<PageResult<Downtime>>(P.downtimeList, query),
  downtimeReasons: () => http.get<string[]>(P.downtimeReasons),
  setReason: (request: DowntimeReasonRequest) => http.post<null>(P.downtimeReason, request),
  split: (request: DowntimeSplitRequest) => http.post<null>(P.downtimeSplit, request),
  board: (query: BoardQuery) => http.get<BoardFigures>(P.board, query),
  calendar: (query: WorkCalendarQuery) => http.get<WorkCalendar>(P.calendar, query),
  /** A device calendar entry of a day (停机 / 加班), kept by the shifts module. */
  addCalendarDay: (request: CreateDeviceCalendarRequest) => http.post<{ id: number }>(ShiftPaths.deviceCalendarCreate, request),
  removeCalendarDays: (ids: number[]) => http.post<{ deleted: number }>(ShiftPaths.deviceCalendarDeleteBatch, { ids }),
  /** The device's repair orders (device-repair module), newest fault first. */
  repairs: (deviceId: number, page: number, limit: number) => http.get<PageResult<Repair>>(DeviceRepairPaths.list, { deviceId, page, limit }),
  spareParts: (deviceId: number) => http.get<SparePartStock[]>(DeviceRepairPaths.spareParts, { deviceId }),
  myRepairs: () => http.get<MyRepairs>(DeviceRepairPaths.mine),
};
