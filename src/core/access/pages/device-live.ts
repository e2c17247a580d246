import { definePages } from '../page-declaration';

/** 设备总览 (console module device-live): the factory's devices by workshop, live. */
export const DEVICE_LIVE_PAGES = definePages('device-live', 'HOME', {
  NEW_HOME: { path: '/new-home', title: '设备总览', home: true },
});

/** 设备详情 (hidden, opened from a tile of /new-home): basics, status timeline, figures. */
export const DEVICE_DETAIL_PAGES = definePages('device-live', 'DEVICE', {
  DETAIL: { path: '/device-detail', title: '设备详情', hidden: true, keepQuery: ['id', 'tab', 'activeName'] },
});
