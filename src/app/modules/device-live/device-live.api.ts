import {
  DeviceStatusPaths as P,
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
} from '@core/contracts/device-status';
import type { PageResult } from '@core/contracts/common';
import { http } from '@core/http';

export interface LiveStreamHandlers {
  snapshot(overview: Overview): void;
  status(change: StatusChange): void;
  /** Connected or lost (the stream reconnects by itself and sends a fresh snapshot). */
  connected(online: boolean): void;
}

/** The only HTTP of 设备总览 / 设备详情. */
export const deviceLiveApi = {
  overview: () => http.get<Overview>(P.overview),
  /** The factory's live status: a snapshot on every (re)connect, then each change. Returns close(). */
  stream(handlers: LiveStreamHandlers): { close(): void } {
    return http.eventStream(P.stream, {
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
};
