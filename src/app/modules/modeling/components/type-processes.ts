import type { Device, DeviceSpeedEntry, Process } from '@core/contracts/modeling';

/** What a device type can do, as known from the data: which processes its devices have theoretical speeds for. */
export interface TypeCapabilities {
  devices: readonly Pick<Device, 'id' | 'deviceTypeId'>[];
  speeds: readonly Pick<DeviceSpeedEntry, 'deviceId' | 'processId'>[];
}

/**
 * The processes a device of this type is offered for its theoretical speeds. There is no explicit
 * process ↔ device-type relation, so it is derived: the processes that other devices of the same
 * type have speeds for (a printer: 水印开槽, 印刷开槽模切 …, never 瓦线生产). Processes the device
 * already has (`keep`) stay offered. With no type, or a type none of whose devices has a speed yet
 * (a new kind of machine), every process is offered.
 */
export function processesForType(
  deviceTypeId: number | null | undefined,
  processes: readonly Process[],
  known: TypeCapabilities,
  keep: readonly (number | undefined)[] = [],
  deviceId?: number,
): readonly Process[] {
  if (deviceTypeId === null || deviceTypeId === undefined) return processes;
  const sameType = new Set(known.devices.filter((device) => device.deviceTypeId === deviceTypeId && device.id !== deviceId).map((device) => device.id));
  const capable = new Set(known.speeds.filter((entry) => sameType.has(entry.deviceId)).map((entry) => entry.processId));
  if (capable.size === 0) return processes;
  for (const processId of keep) if (processId !== undefined) capable.add(processId);
  return processes.filter((process) => capable.has(process.id));
}
