import { DEVICE_LEDGER_PAGES, DEVICE_LEDGER_PUBLIC_PAGES } from '@core/access/pages/device-ledger';
import { defineModule, type ModuleRegistration } from '../define-module';

const ledger = defineModule(DEVICE_LEDGER_PAGES, { LEDGER: () => import('./pages/device-ledger.page') });

/**
 * 设备台账 (/device-info, tabs 设备台账 / 知识库 / 一体机异常) and its two public pages: the phone
 * upload of device pictures (/upload-device-img) and the kiosk's 一体机异常日志 (/machineLog).
 */
export const deviceLedgerModule: ModuleRegistration = {
  ...ledger,
  pages: {
    ...ledger.pages,
    [DEVICE_LEDGER_PUBLIC_PAGES.UPLOAD.path]: () => import('./pages/upload-device-img.page'),
    [DEVICE_LEDGER_PUBLIC_PAGES.MACHINE_LOG.path]: () => import('./pages/machine-log.page'),
  },
};

/** 图片 of a device with the phone-upload QR code, for the device-detail page's tab: `lazy(loadDevicePicturesTab)`, props `{ deviceId }`. */
export const loadDevicePicturesTab = () => import('./components/device-pictures.tab');
