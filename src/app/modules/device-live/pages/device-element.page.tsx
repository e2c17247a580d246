import { lazy, Suspense, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Segmented, Spin } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { DeviceLiveAuthorities as A } from '@core/access/authorities/device-live';
import { useCan } from '@app/components';

interface View {
  path: string;
  label: string;
  authority: string;
  Page: ComponentType;
}

/** The device screens a host may show, each behind its page's menu code. */
const VIEWS: View[] = [
  { path: '/new-home', label: '设备总览', authority: A.page, Page: lazy(() => import('./new-home.page')) },
  { path: '/workorder-calendar', label: '工单日历', authority: A.calendar, Page: lazy(() => import('./workorder-calendar.page')) },
  { path: '/device-kanban-detail', label: '设备看板', authority: A.kanban, Page: lazy(() => import('./device-kanban.page')) },
];
const DeviceDetailPage = lazy(() => import('./device-detail.page'));

/**
 * What `<mes-device>` shows: the device screens the user may see (设备总览, 工单日历, 设备看板) under a
 * switcher, and 设备详情 when one of them opens a device (the element's own memory router; `path` picks the first screen).
 */
export default function DeviceElementPage() {
  const can = useCan();
  const location = useLocation();
  const navigate = useNavigate();
  const views = VIEWS.filter((view) => can(view.authority));
  if (views.length === 0) return <div className="mes-fill">当前账号暂无设备管理权限</div>;
  const detail = location.pathname === '/device-detail' && can(A.detail);
  const current = views.find((view) => view.path === location.pathname) ?? views[0]!;
  return (
    <div className="mes-device-element" style={{ padding: 16, background: '#fff', display: 'flex', flexDirection: 'column', gap: 12 }}>
      {detail ? (
        <Button icon={<LeftOutlined />} style={{ alignSelf: 'flex-start' }} onClick={() => navigate(-1)}>
          返回
        </Button>
      ) : (
        <Segmented className="mes-device-element-views" value={current.path} options={views.map((view) => ({ value: view.path, label: view.label }))} onChange={(path) => navigate(String(path))} />
      )}
      <Suspense fallback={<Spin />}>{detail ? <DeviceDetailPage /> : <current.Page />}</Suspense>
    </div>
  );
}
