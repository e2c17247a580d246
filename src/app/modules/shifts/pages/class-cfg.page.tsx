import { lazy } from 'react';
import { TabbedPage } from '@app/shared';

const ShiftsTab = lazy(() => import('./shifts.tab'));
const ClassUsersTab = lazy(() => import('./class-users.tab'));
const ExchangesTab = lazy(() => import('./exchanges.tab'));
const HolidaysTab = lazy(() => import('./holidays.tab'));
const DeviceCalendarTab = lazy(() => import('./device-calendar.tab'));

export const CLASS_CFG_TABS = [
  { key: 'shift', label: '班次', page: ShiftsTab },
  { key: 'classUser', label: '排班人员', page: ClassUsersTab },
  { key: 'exchange', label: '调班', page: ExchangesTab },
  { key: 'holiday', label: '节假日', page: HolidaysTab },
  { key: 'calendar', label: '设备日历', page: DeviceCalendarTab },
] as const;

/** 班次管理 (/classCfg): one tab each; the tab lives in the `tab` query. */
export default function ClassCfgPage() {
  return <TabbedPage tabs={CLASS_CFG_TABS} className="mes-class-cfg" />;
}
