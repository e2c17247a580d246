import { definePages, TAB_QUERY } from '../page-declaration';

/** Pages of 设备维修 (console module device-repair), in the /device-run-cfg group. */
export const DEVICE_REPAIR_PAGES = definePages('device-repair', 'DEVICE', {
  REPAIR: { path: '/repair-cfg', title: '设备维修', keepQuery: TAB_QUERY },
});
