import { definePages } from '../page-declaration';

/** 设备总览 (console module device-live): the factory's devices by workshop, live. */
export const DEVICE_LIVE_PAGES = definePages('device-live', 'HOME', {
  NEW_HOME: { path: '/new-home', title: '设备总览', home: true },
});

/** 设备详情 (hidden, opened from a tile of /new-home): basics, status timeline, figures. */
export const DEVICE_DETAIL_PAGES = definePages('device-live', 'DEVICE', {
  DETAIL: { path: '/device-detail', title: '设备详情', hidden: true, keepQuery: ['id', 'tab', 'activeName'] },
});

/** 设备看板 (/kanban group): the big-screen board of the factory's devices, live. */
export const DEVICE_KANBAN_PAGES = definePages('device-live', 'KANBAN', {
  DEVICE_DETAIL: { path: '/device-kanban-detail', title: '设备看板', bare: true },
});

/** 工单日历: per device per day, the planned hours of its calendar and the hours it ran. */
export const WORKORDER_CALENDAR_PAGES = definePages('device-live', 'DEVICE', {
  WORKORDER_CALENDAR: { path: '/workorder-calendar', title: '工单日历' },
});
