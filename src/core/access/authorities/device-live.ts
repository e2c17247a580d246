import { defineAuthorities } from '../module';

/** Authority codes of live device status (/new-home 设备总览, /device-detail, /device-kanban-detail, /workorder-calendar), declared once. */
const deviceLive = defineAuthorities({
  group: 'MENU_HOME',
  page: 'MENU_HOME_NEW_HOME',
  detail: 'MENU_DEVICE_DETAIL',
  /** /device-kanban-detail 设备看板 (big screen). */
  kanban: 'MENU_KANBAN_DEVICE_DETAIL',
  /** /workorder-calendar 工单日历. */
  calendar: 'MENU_DEVICE_WORKORDER_CALENDAR',
  downtimeEdit: { code: 'ACTION_DEVICE_DOWNTIME_EDIT', name: '设备停机-编辑' },
});
export const DeviceLiveAuthorities = deviceLive.codes;
/** The button actions above with their permission-tree names. */
export const DEVICE_LIVE_ACTIONS = deviceLive.actions;
