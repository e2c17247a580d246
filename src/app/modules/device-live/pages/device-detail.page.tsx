import { lazy, Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge, Card, Descriptions, Empty, Spin, Tabs } from 'antd';
import dayjs from 'dayjs';
import { DeviceRepairAuthorities as R } from '@core/access/authorities/device-repair';
import { useCan } from '@app/components';
import { useLoaded } from '@app/components/use-loaded';
import { useTabQuery } from '@app/shell/use-tab-query';
import { DEVICE_DETAIL_TABS, type DeviceDetailTabProps } from '../../device-detail-tabs';
import type { LiveDevice } from '@core/contracts/device-status';
import { deviceLiveApi } from '../device-live.api';
import { useLiveDevices, useTicker } from '../components/use-live-devices';
import { STATUS_COLORS, durationLabel, statusLabel } from '../components/status-style';
import { FiguresTab } from '../components/detail/figures.tab';
import { RepairsTab } from '../components/detail/repairs.tab';
import { SparePartsTab } from '../components/detail/spare-parts.tab';
import { TimelineTab } from '../components/detail/timeline.tab';

const positive = (value: string | null) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null);

interface TabEntry {
  key: string;
  title: string;
  order: number;
  authority?: string;
  /** None for 基本信息, which shows the page's own live device. */
  Component?: ComponentType<DeviceDetailTabProps>;
}

/** This page's own tabs; tabs of other modules come from DEVICE_DETAIL_TABS (src/app/modules/device-detail-tabs.ts). */
const OWN_TABS: TabEntry[] = [
  { key: 'timeline', title: '状态时间轴', order: 20, Component: TimelineTab },
  { key: 'repairs', title: '维修记录', order: 40, authority: R.page, Component: RepairsTab },
  { key: 'parts', title: '备品备件', order: 50, authority: R.page, Component: SparePartsTab },
  { key: 'figures', title: '设备指标', order: 70, Component: FiguresTab },
];
const OTHER_TABS: TabEntry[] = DEVICE_DETAIL_TABS.map((tab) => ({
  ...tab,
  Component: lazy(() => tab.load().then((component) => ({ default: component }))),
}));

/** 基本信息: the device and its live status. */
function Basics({ device, now }: { device: LiveDevice; now: number }) {
  return (
    <Descriptions size="small" column={3} bordered className="mes-detail-basics">
      <Descriptions.Item label="设备编号">{device.deviceNo}</Descriptions.Item>
      <Descriptions.Item label="设备名称">{device.name}</Descriptions.Item>
      <Descriptions.Item label="车间">{device.workshopName || '—'}</Descriptions.Item>
      <Descriptions.Item label="设备类型">{device.deviceTypeName || '—'}</Descriptions.Item>
      <Descriptions.Item label="当前状态">
        <Badge color={STATUS_COLORS[device.status]} text={statusLabel(device.status)} />
      </Descriptions.Item>
      <Descriptions.Item label="状态开始">{device.since === null ? '—' : dayjs(device.since).format('YYYY-MM-DD HH:mm')}</Descriptions.Item>
      <Descriptions.Item label="已持续">{device.since === null ? '—' : durationLabel(now - device.since)}</Descriptions.Item>
      <Descriptions.Item label="原因" span={2}>
        {device.reason || '—'}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * /device-detail?id= (hidden) 设备详情: a header with the device's live status, then tabs — 基本信息,
 * 状态时间轴 (day/week band, zoomable, downtime records), 维修记录, 备品备件, 设备指标 (a chosen
 * period) and the tabs other modules add (点检保养记录, 设备图片).
 */
export default function DeviceDetailPage() {
  const [params] = useSearchParams();
  const id = positive(params.get('id'));
  const can = useCan();
  const [tab, setTab] = useTabQuery('tab', 'basics');
  const device = useLoaded(() => (id ? deviceLiveApi.device(id).catch(() => null) : Promise.resolve(null)), `device:${id}`, null);
  // The status comes live from the factory's stream (resynchronised on every reconnect); the first answer shows until it connects.
  const live = useLiveDevices();
  useTicker(60_000);
  const tabs = useMemo(
    () => [{ key: 'basics', title: '基本信息', order: 10 } as TabEntry, ...OWN_TABS, ...OTHER_TABS].filter((entry) => !entry.authority || can(entry.authority)).sort((a, b) => a.order - b.order),
    [can],
  );

  if (!id || (!device.loading && !device.data)) return <Empty description="设备不存在" style={{ padding: 48 }} />;
  if (!device.data) return <Spin style={{ display: 'block', padding: 48 }} />;
  const streamed = live.devices.find((entry) => entry.id === id);
  const current: LiveDevice = streamed ? { ...device.data, status: streamed.status, since: streamed.since, reason: streamed.reason } : device.data;
  const items = tabs.map(({ key, title, Component }): { key: string; label: string; children: ReactNode } => ({
    key,
    label: title,
    children: Component ? (
      <Suspense fallback={<Spin />}>
        <Component deviceId={current.id} />
      </Suspense>
    ) : (
      <Basics device={current} now={live.serverNow()} />
    ),
  }));
  return (
    <Card
      className="mes-device-detail"
      size="small"
      title={`${current.name}（${current.deviceNo}）`}
      extra={
        <span className="mes-device-detail-status" data-status={current.status}>
          <Badge color={STATUS_COLORS[current.status]} text={statusLabel(current.status)} />
          {current.reason ? `，${current.reason}` : ''}
        </span>
      }
    >
      <Tabs activeKey={tabs.some((entry) => entry.key === tab) ? tab : 'basics'} onChange={setTab} items={items} destroyOnHidden />
    </Card>
  );
}
