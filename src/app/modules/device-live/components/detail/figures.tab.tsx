import { useState } from 'react';
import { Card, DatePicker, Space, Statistic, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useLoaded } from '@app/components/use-loaded';
import { deviceLiveApi } from '../../device-live.api';

const hours = (value: number | null) => (value === null ? '—' : value.toFixed(1));
const PRESETS = [
  { label: '今天', value: [dayjs().startOf('day'), dayjs()] as [Dayjs, Dayjs] },
  { label: '近7天', value: [dayjs().subtract(7, 'day'), dayjs()] as [Dayjs, Dayjs] },
  { label: '近30天', value: [dayjs().subtract(30, 'day'), dayjs()] as [Dayjs, Dayjs] },
  { label: '本月', value: [dayjs().startOf('month'), dayjs()] as [Dayjs, Dayjs] },
];

/** 设备指标: run time, downtime, availability, failures, MTBF and MTTR of the device over a chosen period, and its downtime by reason. */
export function FiguresTab({ deviceId }: { deviceId: number }) {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(30, 'day').startOf('day'), dayjs()]);
  const from = range[0].valueOf();
  const to = range[1].valueOf();
  const { data: f, loading } = useLoaded(() => deviceLiveApi.figures({ deviceId, from, to }), `figures:${deviceId}:${from}:${to}`, null);
  return (
    <div className="mes-detail-figures" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Space wrap>
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowClear={false}
          presets={PRESETS}
          value={range}
          onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
        />
        <Typography.Text type="secondary">可用率 = 运行时长 ÷ 时段时长；MTBF = 运行时长 ÷ 故障次数；MTTR = 故障时长 ÷ 故障次数</Typography.Text>
      </Space>
      <Card size="small" loading={loading && !f}>
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
      </Card>
      <Table
        size="small"
        rowKey="reason"
        pagination={false}
        locale={{ emptyText: '该时段没有停机' }}
        dataSource={f?.downtimeByReason ?? []}
        columns={[
          { title: '停机原因', dataIndex: 'reason' },
          { title: '时长（小时）', dataIndex: 'hours', render: (value: number) => value.toFixed(2) },
          { title: '次数', dataIndex: 'count' },
          { title: '累计占比', dataIndex: 'cumulativeShare', render: (value: number) => `${(value * 100).toFixed(1)}%` },
        ]}
      />
    </div>
  );
}
