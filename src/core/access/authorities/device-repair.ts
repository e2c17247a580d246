import { CRUD, defineAuthorities, entityActions } from '../module';

/** Authority codes of 设备维修 (/repair-cfg), declared once. */
const deviceRepair = defineAuthorities({
  group: 'MENU_DEVICE',
  page: 'MENU_DEVICE_REPAIR',
  ...entityActions('', 'ACTION_REPAIR', '设备维修', CRUD),
  start: { code: 'ACTION_REPAIR_START', name: '设备维修-开始维修' },
  submit: { code: 'ACTION_REPAIR_SUBMIT', name: '设备维修-提交验收' },
  accept: { code: 'ACTION_REPAIR_ACCEPT', name: '设备维修-验收通过' },
  reject: { code: 'ACTION_REPAIR_REJECT', name: '设备维修-驳回' },
  ...entityActions('', 'ACTION_REPAIR', '设备维修', ['export']),
  alert: { code: 'ACTION_REPAIR_ALERT', name: '设备维修-发送故障告警' },
  webhook: { code: 'ACTION_REPAIR_WEBHOOK', name: '设备维修-告警群设置' },
});
export const DeviceRepairAuthorities = deviceRepair.codes;
/** The button actions above with their permission-tree names. */
export const DEVICE_REPAIR_ACTIONS = deviceRepair.actions;
