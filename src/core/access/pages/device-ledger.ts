import { definePages, TAB_QUERY } from '../page-declaration';

/** 设备台账 (console module device-ledger) in the /device-run-cfg group: ledger, 知识库 and 一体机异常 tabs. */
export const DEVICE_LEDGER_PAGES = definePages('device-ledger', 'DEVICE', {
  LEDGER: { path: '/device-info', title: '设备台账', keepQuery: TAB_QUERY },
});

/** The public pages of the same module (spec §2): no session; the catalogue lists them in PUBLIC_ROUTES. */
export const DEVICE_LEDGER_PUBLIC_PAGES: Record<'UPLOAD' | 'MACHINE_LOG', { path: string; title: string; requiredQuery?: string[]; module: string }> = {
  /** A phone opens it from the QR code of a device's pictures: uploads photos with a short-lived upload token. */
  UPLOAD: {
    path: '/upload-device-img',
    title: '上传设备图片',
    requiredQuery: ['uuId', 'token', 'appId', 'orgId', 'userId'],
    module: 'device-ledger',
  },
  /** 一体机异常日志 on the kiosk itself, read with the machine's key. */
  MACHINE_LOG: { path: '/machineLog', title: '一体机异常日志', module: 'device-ledger' },
};
