import { defineAuthorities, entityActions } from '../module';

/**
 * Authority codes of 设备台账 (/device-info) and its tabs 知识库 / 一体机异常, declared once. The
 * ledger sits on the master-data devices of /modeling: devices are added and deleted there; here
 * their asset fields are edited, imported and exported, labels printed and pictures kept.
 */
const deviceLedger = defineAuthorities({
  group: 'MENU_DEVICE',
  page: 'MENU_DEVICE_LEDGER',
  ...entityActions('', 'ACTION_DEVICE_LEDGER', '设备台账', ['edit', 'import', 'export']),
  print: { code: 'ACTION_DEVICE_LEDGER_PRINT', name: '设备台账-打印标签' },
  picture: { code: 'ACTION_DEVICE_LEDGER_PICTURE', name: '设备台账-上传图片' },
  ...entityActions('knowledge', 'ACTION_DEVICE_KNOWLEDGE', '设备知识库', ['add', 'edit', 'delete']),
});
export const DeviceLedgerAuthorities = deviceLedger.codes;
/** The button actions above with their permission-tree names. */
export const DEVICE_LEDGER_ACTIONS = deviceLedger.actions;
