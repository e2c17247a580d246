import { DEVICE_DETAIL_PAGES, DEVICE_LIVE_PAGES } from '@core/access/pages/device-live';
import { defineModule, type ModuleRegistration } from '../define-module';

const overview = defineModule(DEVICE_LIVE_PAGES, { NEW_HOME: () => import('./pages/new-home.page') });
const detail = defineModule(DEVICE_DETAIL_PAGES, { DETAIL: () => import('./pages/device-detail.page') });

/** 设备总览 (/new-home, live by server-sent events) and 设备详情 (/device-detail, hidden). */
export const deviceLiveModule: ModuleRegistration = { module: overview.module, pages: { ...overview.pages, ...detail.pages } };
