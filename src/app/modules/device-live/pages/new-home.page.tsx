import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Badge, Card, Empty, Select, Space, Spin, Tooltip, Typography } from 'antd';
import type { LiveDevice } from '@core/contracts/device-status';
import { DEVICE_DETAIL_PAGES } from '@core/access/pages/device-live';
import { STATUS_COLORS, STATUS_LIST, durationLabel, statusLabel } from '../components/status-style';
import { useLiveDevices, useTicker } from '../components/use-live-devices';

const NO_WORKSHOP = 0;

function DeviceTile({ device, now, onOpen }: { device: LiveDevice; now: number; onOpen: () => void }) {
  const color = STATUS_COLORS[device.status] ?? '#bfbfbf';
  return (
    <button
      type="button"
      className="mes-device-tile"
      data-device-no={device.deviceNo}
      data-status={device.status}
      onClick={onOpen}
      title={`${device.name}（${device.deviceNo}）`}
      style={{
        all: 'unset',
        boxSizing: 'border-box',
        cursor: 'pointer',
        width: 176,
        minHeight: 96,
        padding: '8px 10px',
        borderRadius: 8,
        background: `${color}1f`,
        border: `1px solid ${color}`,
        borderLeft: `6px solid ${color}`,
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
      }}
    >
      <span style={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{device.name}</span>
      <span style={{ color: '#666', fontSize: 12 }}>{device.deviceNo}</span>
      <span style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginTop: 'auto' }}>
        <span className="mes-device-tile-status" style={{ color, fontWeight: 600 }}>
          {statusLabel(device.status)}
        </span>
        <span style={{ color: '#666', fontSize: 12 }}>{device.since === null ? '—' : `已持续 ${durationLabel(now - device.since)}`}</span>
      </span>
      {device.reason ? <span style={{ fontSize: 12, color: '#8c8c8c', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>原因：{device.reason}</span> : null}
    </button>
  );
}

/** A filter of the overview: one value or (cleared) all. */
function FilterSelect(props: { className: string; placeholder: string; value: number | null; onChange: (value: number | null) => void; options: Array<{ value: number; label: string }> }) {
  return (
    <Select
      className={props.className}
      style={{ width: 180 }}
      placeholder={props.placeholder}
      allowClear
      value={props.value ?? undefined}
      onChange={(value: number | undefined) => props.onChange(value ?? null)}
      options={props.options}
    />
  );
}

/** /new-home 设备总览: the factory's workshops as areas, their devices as tiles by live status. */
export default function NewHomePage() {
  const navigate = useNavigate();
  const { overview, devices, online, serverNow } = useLiveDevices();
  useTicker(30_000);
  const [workshopId, setWorkshopId] = useState<number | null>(null);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [statuses, setStatuses] = useState<number[]>([]);

  const filtered = useMemo(
    () =>
      devices.filter(
        (device) =>
          (workshopId === null || (device.workshopId ?? NO_WORKSHOP) === workshopId) &&
          (typeId === null || device.deviceTypeId === typeId),
      ),
    [devices, workshopId, typeId],
  );
  const counts = useMemo(() => {
    const map = new Map<number, number>();
    for (const device of filtered) map.set(device.status, (map.get(device.status) ?? 0) + 1);
    return map;
  }, [filtered]);
  const shown = statuses.length ? filtered.filter((device) => statuses.includes(device.status)) : filtered;
  const areas = useMemo(() => {
    const list = [...(overview?.workshops ?? []), { id: NO_WORKSHOP, name: '未分配车间' }];
    return list
      .map((workshop) => ({ ...workshop, devices: shown.filter((device) => (device.workshopId ?? NO_WORKSHOP) === workshop.id) }))
      .filter((area) => area.devices.length > 0);
  }, [overview, shown]);
  const now = serverNow();
  const toggle = (status: number) => setStatuses((current) => (current.includes(status) ? current.filter((value) => value !== status) : [...current, status]));

  if (!overview) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin tip="正在连接实时状态…">
          <div style={{ height: 48 }} />
        </Spin>
      </div>
    );
  }
  return (
    <div className="mes-new-home" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Card size="small">
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'center', justifyContent: 'space-between' }}>
          <Space wrap>
            <FilterSelect
              className="mes-filter-workshop"
              placeholder="全部车间"
              value={workshopId}
              onChange={setWorkshopId}
              options={[...overview.workshops.map((workshop) => ({ value: workshop.id, label: workshop.name })), { value: NO_WORKSHOP, label: '未分配车间' }]}
            />
            <FilterSelect className="mes-filter-type" placeholder="全部设备类型" value={typeId} onChange={setTypeId} options={overview.deviceTypes.map((type) => ({ value: type.id, label: type.name }))} />
          </Space>
          <Space wrap size={[12, 8]} className="mes-status-legend">
            {STATUS_LIST.map((status) => {
              const active = statuses.length === 0 || statuses.includes(status.value);
              return (
                <Tooltip key={status.value} title={statuses.includes(status.value) ? '点击取消筛选' : '点击只看此状态'}>
                  <span
                    role="button"
                    tabIndex={0}
                    data-status={status.value}
                    onClick={() => toggle(status.value)}
                    onKeyDown={(event) => event.key === 'Enter' && toggle(status.value)}
                    style={{ cursor: 'pointer', opacity: active ? 1 : 0.4, userSelect: 'none' }}
                  >
                    <Badge color={status.color} text={`${status.label} ${counts.get(status.value) ?? 0}`} />
                  </span>
                </Tooltip>
              );
            })}
            <Typography.Text type={online ? 'success' : 'warning'} className="mes-live-state">
              {online ? '● 实时' : '○ 重新连接中…'}
            </Typography.Text>
          </Space>
        </div>
      </Card>
      {areas.length === 0 ? (
        <Card>
          <Empty description="没有符合条件的设备" />
        </Card>
      ) : (
        areas.map((area) => (
          <Card key={area.id} size="small" className="mes-workshop-area" data-workshop={area.name} title={`${area.name}（${area.devices.length} 台）`}>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
              {area.devices.map((device) => (
                <DeviceTile key={device.id} device={device} now={now} onOpen={() => navigate(`${DEVICE_DETAIL_PAGES.pages.DETAIL.path}?id=${device.id}`)} />
              ))}
            </div>
          </Card>
        ))
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        超过 {overview.offlineAfterMinutes} 分钟未上报状态的设备显示为不在线。
      </Typography.Text>
    </div>
  );
}
