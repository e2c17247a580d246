import type { HomeTileFigure } from '@app/shared/home-tiles';
import type { MyRepairs } from '@core/contracts/device-repair';
import type { Overview } from '@core/contracts/device-status';
import { deviceLiveApi } from './device-live.api';
import { liveCounts } from './components/board-figures';
import { applyChange } from './components/use-live-devices';
import { durationLabel, statusLabel } from './components/status-style';

const DAY = 86_400_000;

/** One request per source for all tiles of a visit (concurrent loads share it). */
function shared<T>(load: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () => {
    inFlight ??= load().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}
const overview = shared<Overview>(deviceLiveApi.overview);
const repairs = shared<MyRepairs>(deviceLiveApi.myRepairs);

const figure = (value: number, to: string, hint: string, tone: HomeTileFigure['tone'] = 'default'): HomeTileFigure => ({ value, to, hint, tone: value > 0 ? tone : 'default' });

/** Running devices, the count of every other status under it. */
function runningFigure({ devices }: Overview): HomeTileFigure {
  const counts = liveCounts(devices);
  const others = counts.byStatus.filter((entry) => entry.status !== 3 && entry.count > 0).map((entry) => `${statusLabel(entry.status)} ${entry.count}`);
  return figure(counts.byStatus.find((entry) => entry.status === 3)!.count, '/new-home', [`共 ${counts.total} 台`, ...others].join(' · '));
}

/** Devices in fault now, the longest one named. */
function faultFigure({ now, devices }: Overview): HomeTileFigure {
  const [longest] = liveCounts(devices).faults;
  const hint = longest ? `${longest.name}${longest.since === null ? '' : ` 已故障 ${durationLabel(now - longest.since)}`}` : '当前没有故障设备';
  return figure(liveCounts(devices).faults.length, '/device-kanban-detail', hint, 'danger');
}

export const runningDevices = async () => runningFigure(await overview());
export const faultDevices = async () => faultFigure(await overview());

type OverviewListener = (current: Overview) => void;
const listeners = new Set<OverviewListener>();
interface LiveOverview {
  close(): void;
  current: Overview | null;
  /** Server clock minus ours, from the last snapshot. */
  offset: number;
}
let live: LiveOverview | null = null;

/**
 * The factory's overview kept live by the status stream, for every tile that watches it: one
 * stream while any tile listens (a snapshot on each reconnect, then each change), closed after the last.
 */
function watchOverview(listener: OverviewListener): () => void {
  listeners.add(listener);
  const publish = () => {
    if (!live?.current) return;
    const current = { ...live.current, now: Date.now() + live.offset };
    for (const each of listeners) each(current);
  };
  if (!live) {
    const state: LiveOverview = { current: null, offset: 0, close: () => undefined };
    live = state;
    state.close = deviceLiveApi.stream({
      snapshot: (next) => {
        state.current = next;
        state.offset = next.now - Date.now();
        publish();
      },
      status: (change) => {
        if (!state.current) return;
        state.current = { ...state.current, devices: applyChange(state.current.devices, change) };
        publish();
      },
      connected: () => undefined,
    }).close;
  } else if (live.current) listener({ ...live.current, now: Date.now() + live.offset });
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && live) {
      live.close();
      live = null;
    }
  };
}

export const watchRunningDevices = (show: (figure: HomeTileFigure) => void) => watchOverview((current) => show(runningFigure(current)));
export const watchFaultDevices = (show: (figure: HomeTileFigure) => void) => watchOverview((current) => show(faultFigure(current)));

/** Failures that began in the last 24 hours, the latest one named. */
export async function recentFaults(): Promise<HomeTileFigure> {
  const to = Date.now();
  const from = to - DAY;
  const [figures, downtime] = await Promise.all([deviceLiveApi.figures({ from, to }), deviceLiveApi.downtime({ from, to, page: 1, limit: 50 })]);
  const latest = downtime.list.find((row) => row.status === 5);
  return figure(figures.failures, '/new-home', latest ? `最近：${latest.deviceName} ${latest.reason ?? '未填写原因'}` : '近24小时无故障', 'danger');
}

export async function repairsAssigned(): Promise<HomeTileFigure> {
  return figure((await repairs()).assigned, '/repair-cfg?mine=1&status=1&status=2', '待处理、处理中且由我维修', 'warning');
}

export async function repairsToAccept(): Promise<HomeTileFigure> {
  return figure((await repairs()).toAccept, '/repair-cfg?status=4', '已提交验收，等待验收', 'warning');
}
