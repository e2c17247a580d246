import { DeviceLiveAuthorities as A } from '@core/access/authorities/device-live';
import { DeviceRepairAuthorities as R } from '@core/access/authorities/device-repair';
import { lazyWatch, registerHomeTiles } from '@app/shared/home-tiles';

const figures = () => import('./device-figures');

/**
 * The device tiles of /home: running devices (with the count of every status) and devices in fault
 * (both kept live by the status stream), fault alerts of the last 24 hours, and the user's own
 * repairs — assigned to them, and waiting for their acceptance.
 */
registerHomeTiles(
  {
    key: 'devices-running',
    title: '运行中设备',
    authority: A.page,
    order: 100,
    load: () => figures().then((m) => m.runningDevices()),
    watch: (show) => lazyWatch(() => figures().then((m) => m.watchRunningDevices(show))),
  },
  {
    key: 'devices-fault',
    title: '故障设备',
    authority: A.page,
    order: 110,
    load: () => figures().then((m) => m.faultDevices()),
    watch: (show) => lazyWatch(() => figures().then((m) => m.watchFaultDevices(show))),
  },
  { key: 'device-fault-alerts', title: '近24小时故障报警', authority: A.detail, order: 120, load: () => figures().then((m) => m.recentFaults()) },
  { key: 'repairs-assigned', title: '指派给我的维修单', authority: R.page, order: 130, load: () => figures().then((m) => m.repairsAssigned()) },
  { key: 'repairs-to-accept', title: '待我验收的维修单', authority: R.accept, order: 140, load: () => figures().then((m) => m.repairsToAccept()) },
);
