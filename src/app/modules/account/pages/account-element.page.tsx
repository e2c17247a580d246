import { lazy, Suspense, useState } from 'react';
import { Spin, Tabs } from 'antd';
import { useCan } from '@app/components';

const StaffPage = lazy(() => import('./staff.page'));
const RolePage = lazy(() => import('./role.page'));

const TABS = [
  { key: 'staff', label: '人员管理', authority: 'MENU_ACCOUNT_STAFF', page: StaffPage },
  { key: 'role', label: '角色管理', authority: 'MENU_ACCOUNT_ROLE', page: RolePage },
] as const;

/** What `<mes-account>` shows: staff and roles as tabs, each only with its menu authority. */
export default function AccountElementPage() {
  const can = useCan();
  const tabs = TABS.filter((tab) => can(tab.authority));
  const [active, setActive] = useState<string | undefined>(tabs[0]?.key);
  if (tabs.length === 0) return <div className="mes-fill">当前账号暂无人员管理和角色管理权限</div>;
  return (
    <Tabs
      className="mes-account-element"
      activeKey={active}
      onChange={setActive}
      destroyOnHidden
      style={{ padding: 16, background: '#fff' }}
      items={tabs.map(({ key, label, page: Page }) => ({
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
