import { describe, expect, it } from 'vitest';
import type { Process } from '@core/contracts/modeling';
import { processesForType } from './type-processes';

const process = (id: number, processName: string) => ({ id, processName }) as Process;
const PROCESSES = [process(1, '瓦线生产'), process(2, '水印开槽'), process(3, '印刷开槽模切'), process(4, '糊箱')];
// Devices 10, 11 are printers (type 4), 20 the corrugator (type 2); type 9 has a device without speeds.
const KNOWN = {
  devices: [
    { id: 10, deviceTypeId: 4 },
    { id: 11, deviceTypeId: 4 },
    { id: 20, deviceTypeId: 2 },
    { id: 30, deviceTypeId: 9 },
  ],
  speeds: [
    { deviceId: 10, processId: 2 },
    { deviceId: 11, processId: 3 },
    { deviceId: 20, processId: 1 },
  ],
};
const names = (list: readonly Process[]) => list.map((p) => p.processName);

describe('processes offered for a device type', () => {
  it('offers a printer what printers do, never 瓦线生产', () => {
    expect(names(processesForType(4, PROCESSES, KNOWN))).toEqual(['水印开槽', '印刷开槽模切']);
  });
  it('keeps what the device already has, and ignores the device itself when judging its type', () => {
    expect(names(processesForType(4, PROCESSES, KNOWN, [4]))).toEqual(['水印开槽', '印刷开槽模切', '糊箱']);
    expect(names(processesForType(4, PROCESSES, KNOWN, [], 11))).toEqual(['水印开槽']);
  });
  it('offers every process without a type or when nothing is known of the type', () => {
    expect(processesForType(null, PROCESSES, KNOWN)).toBe(PROCESSES);
    expect(processesForType(9, PROCESSES, KNOWN)).toBe(PROCESSES);
  });
});
