import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { App, Badge, Card, Descriptions, Empty, Modal, Segmented, Select, Space, Spin, Statistic, Table, DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { Downtime } from '@core/contracts/device-status';
import { DeviceLiveAuthorities as A } from '@core/access/authorities/device-live';
import { AuthButton } from '@app/components/auth-button';
import { useLoaded } from '@app/components/use-loaded';
import { deviceLiveApi } from '../device-live.api';
import { STATUS_COLORS, STATUS_LIST, durationLabel, statusLabel } from '../components/status-style';
import { TimelineBand } from '../components/timeline-band';

const PERIODS = [
  { value: 1, label: '近24小时' },
  { value: 7, label: '近7天' },
  { value: 30, label: '近30天' },
];
const hours = (value: number | null) => (value === null ? '—' : value.toFixed(1));
const positive = (value: string | null) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null);
const time = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');
/** The last `days` days up to now. */
const periodOf = (days: number) => {
  const to = Date.now();
  return { days, from: to - days * 86_400_000, to };
};

/** 设置原因 / 拆分 of one downtime record. */
function DowntimeActions({ row, reasons, onDone }: { row: Downtime; reasons: string[]; onDone: () => void }) {
  const { message } = App.useApp();
  const [mode, setMode] = useState<'reason' | 'split' | null>(null);
  const [reason, setReason] = useState<string | undefined>(row.reason ?? undefined);
  const [at, setAt] = useState<Dayjs | null>(null);
  const save = async () => {
    if (mode === 'reason') {
      if (!reason) return void message.warning('请选择停机原因');
      await deviceLiveApi.setReason({ deviceId: row.deviceId, start: row.start, reason });
    } else {
      if (!at) return void message.warning('请选择拆分时间');
      await deviceLiveApi.split({ deviceId: row.deviceId, start: row.start, at: at.valueOf() });
    }
    message.success('保存成功');
    setMode(null);
    onDone();
  };
  return (
    <>
      <Space size={4}>
        <AuthButton type="link" size="small" authority={A.downtimeEdit} onClick={() => setMode('reason')}>
          设置原因
        </AuthButton>
        <AuthButton type="link" size="small" authority={A.downtimeEdit} onClick={() => setMode('split')}>
          拆分
        </AuthButton>
      </Space>
      <Modal open={mode !== null} title={mode === 'reason' ? '设置停机原因' : '拆分停机记录'} onCancel={() => setMode(null)} onOk={() => void save()} okText="确定" cancelText="取消" destroyOnHidden>
        <p>
          {statusLabel(row.status)}：{time(row.start)} – {row.end === null ? '至今' : time(row.end)}
        </p>
        {mode === 'reason' ? (
          <Select style={{ width: '100%' }} placeholder="停机原因" value={reason} onChange={setReason} options={reasons.map((value) => ({ value, label: value }))} showSearch />
        ) : (
          <DatePicker showTime style={{ width: '100%' }} placeholder="拆分时间" value={at} onChange={setAt} />
        )}
      </Modal>
    </>
  );
}

/** /device-detail?id= (hidden): a device's basics and live status, its status timeline, downtime and figures for a period. */
export default function DeviceDetailPage() {
  const [params] = useSearchParams();
  const id = positive(params.get('id'));
  // A new period (or the same one again after an edit) reloads everything below.
  const [{ days, from, to }, setPeriod] = useState(() => periodOf(1));
  const key = `${id}:${from}`;
  const device = useLoaded(() => (id ? deviceLiveApi.device(id).catch(() => null) : Promise.resolve(null)), `device:${key}`, null);
  const timeline = useLoaded(() => (id ? deviceLiveApi.timeline({ deviceId: id, from, to }) : Promise.resolve([])), `timeline:${key}`, []);
  const figures = useLoaded(() => (id ? deviceLiveApi.figures({ deviceId: id, from, to }) : Promise.resolve(null)), `figures:${key}`, null);
  const downtime = useLoaded(() => (id ? deviceLiveApi.downtime({ deviceId: id, from, to, page: 1, limit: 100 }) : Promise.resolve(null)), `downtime:${key}`, null);
  const reasons = useLoaded(deviceLiveApi.downtimeReasons, 'reasons', []).data;

  if (!id || (!device.loading && !device.data)) return <Empty description="设备不存在" style={{ padding: 48 }} />;
  if (!device.data) return <Spin style={{ display: 'block', padding: 48 }} />;
  const current = device.data;
  const f = figures.data;
  return (
    <div className="mes-device-detail" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Card size="small" title={`${current.name}（${current.deviceNo}）`}>
        <Descriptions size="small" column={4}>
          <Descriptions.Item label="车间">{current.workshopName || '—'}</Descriptions.Item>
          <Descriptions.Item label="设备类型">{current.deviceTypeName || '—'}</Descriptions.Item>
          <Descriptions.Item label="当前状态">
            <Badge color={STATUS_COLORS[current.status]} text={statusLabel(current.status)} />
          </Descriptions.Item>
          <Descriptions.Item label="已持续">{current.since === null ? '—' : durationLabel(to - current.since)}</Descriptions.Item>
          {current.reason ? <Descriptions.Item label="原因">{current.reason}</Descriptions.Item> : null}
        </Descriptions>
      </Card>
      <Card size="small" title="状态时间轴" extra={<Segmented options={PERIODS} value={days} onChange={(value) => setPeriod(periodOf(Number(value)))} />}>
        <TimelineBand segments={timeline.data} from={from} to={to} now={to} />
        <Space wrap size={[12, 4]} style={{ marginTop: 8 }}>
          {STATUS_LIST.map((status) => (
            <Badge key={status.value} color={status.color} text={status.label} />
          ))}
        </Space>
      </Card>
      <Card size="small" title="设备指标" loading={figures.loading && !f}>
        {f ? (
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 32 }}>
            <Statistic title="运行时长（小时）" value={hours(f.runHours)} />
            <Statistic title="停机时长（小时）" value={hours(f.downtimeHours)} />
            <Statistic title="可用率" value={f.availability === null ? '—' : `${(f.availability * 100).toFixed(1)}%`} />
            <Statistic title="故障次数" value={f.failures} />
            <Statistic title="MTBF（小时）" value={f.mtbfHours === null ? '无故障' : hours(f.mtbfHours)} />
            <Statistic title="MTTR（小时）" value={f.mttrHours === null ? '无故障' : hours(f.mttrHours)} />
          </div>
        ) : null}
        {f && f.downtimeByReason.length ? (
          <Table
            style={{ marginTop: 12 }}
            size="small"
            rowKey="reason"
            pagination={false}
            dataSource={f.downtimeByReason}
            columns={[
              { title: '停机原因', dataIndex: 'reason' },
              { title: '时长（小时）', dataIndex: 'hours', render: (value: number) => value.toFixed(2) },
              { title: '次数', dataIndex: 'count' },
              { title: '累计占比', dataIndex: 'cumulativeShare', render: (value: number) => `${(value * 100).toFixed(1)}%` },
            ]}
          />
        ) : null}
      </Card>
      <Card size="small" title="停机记录">
        <Table
          size="small"
          rowKey={(row) => `${row.deviceId}:${row.start}`}
          loading={downtime.loading}
          dataSource={downtime.data?.list ?? []}
          pagination={{ pageSize: 10, showTotal: (total) => `共 ${total} 条` }}
          columns={[
            { title: '状态', dataIndex: 'status', width: 90, render: (value: number) => <Badge color={STATUS_COLORS[value]} text={statusLabel(value)} /> },
            { title: '开始', dataIndex: 'start', width: 160, render: (value: number) => time(value) },
            { title: '结束', dataIndex: 'end', width: 160, render: (value: number | null) => (value === null ? '至今' : time(value)) },
            { title: '时长', dataIndex: 'hours', width: 110, render: (value: number) => durationLabel(value * 3_600_000) },
            { title: '原因', dataIndex: 'reason', render: (value: string | null, row) => `${value ?? '未填写原因'}${row.reasonEdited ? '（人工）' : ''}` },
            { title: '操作', key: 'actions', width: 150, render: (_, row) => <DowntimeActions row={row} reasons={reasons} onDone={() => setPeriod(periodOf(days))} /> },
          ]}
        />
      </Card>
    </div>
  );
}
