import { defineAuthorities } from '../module';

/** Authority codes of live device status (/new-home 设备总览, /device-detail), declared once. */
const deviceLive = defineAuthorities({
  group: 'MENU_HOME',
  page: 'MENU_HOME_NEW_HOME',
  detail: 'MENU_DEVICE_DETAIL',
  downtimeEdit: { code: 'ACTION_DEVICE_DOWNTIME_EDIT', name: '设备停机-编辑' },
});
export const DeviceLiveAuthorities = deviceLive.codes;
/** The button actions above with their permission-tree names. */
export const DEVICE_LIVE_ACTIONS = deviceLive.actions;
