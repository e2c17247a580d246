import { definePages, TAB_QUERY } from '../page-declaration';

/** 设备点检 and 设备保养 (console module device-care), in the /device-run-cfg group: one implementation, two kinds. */
export const DEVICE_CARE_PAGES = definePages('device-care', 'DEVICE', {
  CHECK: { path: '/device-check-cfg', title: '设备点检', keepQuery: TAB_QUERY },
  MAINTENANCE: { path: '/maintenance-cfg', title: '设备保养', keepQuery: TAB_QUERY },
});
