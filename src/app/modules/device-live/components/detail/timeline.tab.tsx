import { useState } from 'react';
import { Badge, Button, DatePicker, Segmented, Slider, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useLoaded } from '@app/components/use-loaded';
import { deviceLiveApi } from '../../device-live.api';
import { STATUS_COLORS, STATUS_LIST, durationLabel, statusLabel } from '../status-style';
import { TimelineBand } from '../timeline-band';
import { DowntimeActions, dateTime } from './downtime-actions';

type Span = 'day' | 'week';
const SPANS = [
  { value: 'day', label: '日' },
  { value: 'week', label: '周' },
];
/** The smallest window the zoom narrows to: a twentieth of the day or week. */
const MIN_ZOOM = 5;

/** The day or the week (Monday first) holding `anchor`. */
function periodOf(anchor: Dayjs, span: Span): { from: number; to: number } {
  const start = span === 'day' ? anchor.startOf('day') : anchor.subtract((anchor.day() + 6) % 7, 'day').startOf('day');
  return { from: start.valueOf(), to: start.add(span === 'day' ? 1 : 7, 'day').valueOf() };
}

/** 状态时间轴: the device's status over a day or a week as a band, zoomed by the range under it, and the downtime records of that period. */
export function TimelineTab({ deviceId }: { deviceId: number }) {
  const [span, setSpan] = useState<Span>('day');
  const [anchor, setAnchor] = useState<Dayjs>(() => dayjs());
  const [zoom, setZoom] = useState<[number, number]>([0, 100]);
  const { from, to } = periodOf(anchor, span);
  const key = `${deviceId}:${from}:${to}`;
  const timeline = useLoaded(() => deviceLiveApi.timeline({ deviceId, from, to }).then((segments) => ({ segments, now: Date.now() })), `timeline:${key}`, { segments: [], now: from });
  const downtime = useLoaded(() => deviceLiveApi.downtime({ deviceId, from, to, page: 1, limit: 100 }), `downtime:${key}`, null);
  const reasons = useLoaded(deviceLiveApi.downtimeReasons, 'reasons', []).data;
  const shown = { from: from + ((to - from) * zoom[0]) / 100, to: from + ((to - from) * zoom[1]) / 100 };
  const change = (next: { span?: Span; anchor?: Dayjs }) => {
    if (next.span) setSpan(next.span);
    if (next.anchor) setAnchor(next.anchor);
    setZoom([0, 100]);
  };
  const afterEdit = () => {
    timeline.reload();
    downtime.reload();
  };
  return (
    <div className="mes-detail-timeline" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Space wrap>
        <Segmented options={SPANS} value={span} onChange={(value) => change({ span: value as Span })} />
        <DatePicker picker={span === 'day' ? 'date' : 'week'} allowClear={false} value={anchor} onChange={(value) => value && change({ anchor: value })} />
        <Button onClick={() => change({ anchor: dayjs() })}>{span === 'day' ? '今天' : '本周'}</Button>
        <Typography.Text type="secondary">拖动下方滑块两端可放大查看某一段</Typography.Text>
      </Space>
      <TimelineBand segments={timeline.data.segments} from={shown.from} to={shown.to} now={timeline.data.now} />
      <Slider
        className="mes-timeline-zoom"
        range
        min={0}
        max={100}
        step={0.5}
        value={zoom}
        onChange={(value) => value[1] - value[0] >= MIN_ZOOM && setZoom([value[0]!, value[1]!])}
        tooltip={{ formatter: (value) => dayjs(from + ((to - from) * (value ?? 0)) / 100).format('MM-DD HH:mm') }}
      />
      <Space wrap size={[12, 4]}>
        {STATUS_LIST.map((status) => (
          <Badge key={status.value} color={status.color} text={status.label} />
        ))}
      </Space>
      <Table
        size="small"
        rowKey={(row) => `${row.deviceId}:${row.start}`}
        loading={downtime.loading}
        dataSource={downtime.data?.list ?? []}
        pagination={{ pageSize: 10, showTotal: (total) => `共 ${total} 条停机记录` }}
        columns={[
          { title: '状态', dataIndex: 'status', width: 90, render: (value: number) => <Badge color={STATUS_COLORS[value]} text={statusLabel(value)} /> },
          { title: '开始', dataIndex: 'start', width: 160, render: (value: number) => dateTime(value) },
          { title: '结束', dataIndex: 'end', width: 160, render: (value: number | null) => (value === null ? '至今' : dateTime(value)) },
          { title: '时长', dataIndex: 'hours', width: 110, render: (value: number) => durationLabel(value * 3_600_000) },
          { title: '原因', dataIndex: 'reason', render: (value: string | null, row) => `${value ?? '未填写原因'}${row.reasonEdited ? '（人工）' : ''}` },
          { title: '操作', key: 'actions', width: 150, render: (_, row) => <DowntimeActions row={row} reasons={reasons} onDone={afterEdit} /> },
        ]}
      />
    </div>
  );
}
