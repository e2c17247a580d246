import { DEVICE_DETAIL_PAGES, DEVICE_KANBAN_PAGES, DEVICE_LIVE_PAGES, WORKORDER_CALENDAR_PAGES } from '@core/access/pages/device-live';
import { defineModule, type ModuleRegistration } from '../define-module';
import './home-tiles';

const overview = defineModule(DEVICE_LIVE_PAGES, { NEW_HOME: () => import('./pages/new-home.page') });
const detail = defineModule(DEVICE_DETAIL_PAGES, { DETAIL: () => import('./pages/device-detail.page') });
const kanban = defineModule(DEVICE_KANBAN_PAGES, { DEVICE_DETAIL: () => import('./pages/device-kanban.page') });
const calendar = defineModule(WORKORDER_CALENDAR_PAGES, { WORKORDER_CALENDAR: () => import('./pages/workorder-calendar.page') });

/**
 * 设备总览 (/new-home, live by server-sent events), 设备详情 (/device-detail, hidden), 设备看板
 * (/device-kanban-detail, the big screen) and 工单日历 (/workorder-calendar); `<mes-device>` for hosts.
 */
export const deviceLiveModule: ModuleRegistration = {
  module: overview.module,
  pages: { ...overview.pages, ...detail.pages, ...kanban.pages, ...calendar.pages },
  element: { name: 'mes-device', load: () => import('./pages/device-element.page') },
};
