import type { PageResult } from '@core/contracts/common';
import { ModelingPaths, type Device } from '@core/contracts/modeling';
import { http } from '@core/http';
import { ALL } from './api';

/** A device as people name it: 名称（编号）. */
export const deviceLabel = (device: Pick<Device, 'deviceName' | 'deviceNo'>) => `${device.deviceName}（${device.deviceNo}）`;

/** Every device of the factory (for pickers). */
export const allDevices = () => http.get<PageResult<Device>>(ModelingPaths.deviceList, ALL).then((page) => page.list);

/** Select options of devices: value id, label 名称（编号）. */
export const deviceOptions = (devices: readonly Device[]) => devices.map((device) => ({ value: device.id, label: deviceLabel(device) }));
