import { useEffect, useState } from 'react';
import type { LiveDevice, Overview, StatusChange } from '@core/contracts/device-status';
import { deviceLiveApi, type LiveSource } from '../device-live.api';

export interface LiveState {
  overview: Overview | null;
  devices: LiveDevice[];
  /** The stream is connected (false while it reconnects). */
  online: boolean;
  /** Server clock now, estimated from the snapshot's `now` (durations count from it). */
  serverNow: () => number;
}

/** Applies one change; a change older than what the device shows already is ignored (it arrived late). */
export function applyChange(devices: LiveDevice[], change: StatusChange): LiveDevice[] {
  return devices.map((device) => {
    if (device.id !== change.deviceId) return device;
    if (device.since !== null && change.since !== null && change.since < device.since && change.status !== device.status) return device;
    return { ...device, status: change.status, since: change.since, reason: change.reason };
  });
}

/**
 * The factory's devices with their live status: the stream's snapshot on every (re)connect replaces
 * everything (a gap is resynchronised), each change updates one device.
 */
export function useLiveDevices(source: LiveSource = 'overview'): LiveState {
  const [overview, setOverview] = useState<Overview | null>(null);
  const [devices, setDevices] = useState<LiveDevice[]>([]);
  const [online, setOnline] = useState(false);
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    const stream = deviceLiveApi.stream({
      snapshot: (next) => {
        setOverview(next);
        setDevices(next.devices);
        setOffset(next.now - Date.now());
      },
      status: (change) => setDevices((current) => applyChange(current, change)),
      connected: setOnline,
    }, source);
    return () => stream.close();
  }, [source]);
  return { overview, devices, online, serverNow: () => Date.now() + offset };
}

/** Re-renders every `ms` (durations on tiles). */
export function useTicker(ms: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((value) => value + 1), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return tick;
}
