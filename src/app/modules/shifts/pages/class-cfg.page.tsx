import { lazy, Suspense } from 'react';
import { Spin, Tabs } from 'antd';
import { useTabQuery } from '@app/shell/use-tab-query';

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
  const [tab, setTab] = useTabQuery('tab', CLASS_CFG_TABS[0].key);
  const active = CLASS_CFG_TABS.some((item) => item.key === tab) ? tab : CLASS_CFG_TABS[0].key;
  return (
    <Tabs
      className="mes-class-cfg"
      activeKey={active}
      onChange={setTab}
      destroyOnHidden
      items={CLASS_CFG_TABS.map(({ key, label, page: Page }) => ({
        key,
        label,
        children: (
          <Suspense fallback={<Spin />}>
            <Page />
          </Suspense>
        ),
      }))}
    />
  );
}
