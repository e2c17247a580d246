import type { LiveDevice } from '@core/contracts/device-status';

/** A device of 印刷车间 as the live picture gives it, for the unit tests of this folder. */
export const liveDevice = (id: number, status: number, since: number | null): LiveDevice => ({
  id,
  deviceNo: `D-${id}`,
  name: `设备${id}`,
  workshopId: 1,
  workshopName: '印刷车间',
  deviceTypeId: null,
  deviceTypeName: '',
  status,
  since,
  reason: null,
});
