import { useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Button, Layout, Menu, Select, Space, Tooltip, type MenuProps } from 'antd';
import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { findRoute, menuGroups, type RouteGroup } from '@core/access';
import { STORAGE_KEYS } from '@core/constants';
import { authApi, logout, setUser } from '@core/session';
import { localStorageOf } from '@core/storage';
import { menuIcon } from './menu-icons';
import { useSession } from './use-session';
import { ExpiryWatch } from './expiry.dialog';

function readCollapsed(): boolean {
  return localStorageOf().getItem(STORAGE_KEYS.sidebarCollapsed) === '1';
}

function OrgSwitch() {
  const user = useSession((state) => state.user);
  const [switching, setSwitching] = useState(false);
  const options = useMemo(() => {
    const list = user?.orgList?.length ? user.orgList : user ? [{ orgId: user.orgId, orgName: user.orgName }] : [];
    return list.map((org) => ({ value: org.orgId, label: org.orgName }));
  }, [user]);
  if (!user) return null;

  const onChange = async (orgId: number) => {
    if (orgId === user.orgId) return;
    setSwitching(true);
    try {
      await authApi.switchOrg(orgId);
      setUser(await authApi.fetchUserInfo());
    } catch {
      // The http client showed the error; stay in the current factory.
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Select
      data-testid="org-switch"
      aria-label="切换工厂"
      value={user.orgId}
      options={options}
      loading={switching}
      disabled={switching}
      onChange={onChange}
      style={{ minWidth: 150 }}
      popupMatchSelectWidth={false}
    />
  );
}

async function logoutByUser() {
  try {
    await Promise.race([authApi.logoutRemote(), new Promise((resolve) => setTimeout(resolve, 3000))]);
  } catch {
    // Best effort: the local logout below is what matters.
  }
  logout('user');
}

/** Sidebar menu (visible, non-hidden routes), header (user, factory switch, logout) and page outlet. */
export default function ConsoleLayout({ groups }: { groups: RouteGroup[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const nickName = useSession((state) => state.user?.nickName ?? state.user?.username ?? '');
  const orgId = useSession((state) => state.user?.orgId);
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const current = findRoute(groups, location.pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(current ? [current.group.path] : []);

  const currentGroup = current?.group.path;
  const [openedFor, setOpenedFor] = useState(currentGroup);
  if (openedFor !== currentGroup) {
    // Navigating into another group opens it in the menu (the user may close it again).
    setOpenedFor(currentGroup);
    if (currentGroup && !openKeys.includes(currentGroup)) setOpenKeys([...openKeys, currentGroup]);
  }

  const items: MenuProps['items'] = useMemo(
    () =>
      menuGroups(groups).map((group) => ({
        key: group.path,
        icon: menuIcon(group.icon),
        label: group.title,
        children: group.children.map((route) => ({ key: route.path, label: route.title })),
      })),
    [groups],
  );

  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    localStorageOf().setItem(STORAGE_KEYS.sidebarCollapsed, next ? '1' : '0');
  };

  return (
    <Layout className="mes-layout" hasSider>
      <Layout.Sider className="mes-sider" width={220} collapsedWidth={64} collapsed={collapsed} trigger={null}>
        <div className="mes-sider-logo">
          <span className="mes-sider-logo-mark">M</span>
          {!collapsed && <span>纸箱 MES</span>}
        </div>
        <Menu
          className="mes-sider-menu"
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={current ? [current.route.path] : []}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          onClick={({ key }) => navigate(key)}
        />
      </Layout.Sider>
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header className="mes-header">
          <Tooltip title={collapsed ? '展开菜单' : '收起菜单'}>
            <Button
              type="text"
              aria-label={collapsed ? '展开菜单' : '收起菜单'}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={toggle}
            />
          </Tooltip>
          <span className="mes-header-spacer" />
          <Space size={16}>
            <OrgSwitch />
            <span className="mes-header-user" data-testid="user-name">
              <UserOutlined />
              {nickName}
            </span>
            <Button icon={<LogoutOutlined />} onClick={logoutByUser}>
              退出登录
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="mes-content">
          {/* A factory switch remounts the page, so nothing of the previous factory stays on screen. */}
          <Outlet key={orgId} />
        </Layout.Content>
      </Layout>
      <ExpiryWatch />
    </Layout>
  );
}
