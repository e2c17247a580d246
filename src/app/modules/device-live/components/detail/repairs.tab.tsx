import { useState } from 'react';
import { Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { Repair } from '@core/contracts/device-repair';
import { REPAIR_STATUS } from '@core/enums';
import { useLoaded } from '@app/components/use-loaded';
import { deviceLiveApi } from '../../device-live.api';

const STATUS_COLOR: Record<number, string> = { 1: 'orange', 2: 'blue', 4: 'purple', 3: 'green' };
const PAGE_SIZE = 10;

/** 维修记录: the device's repair orders (device-repair), newest fault first; an order number opens it in 设备维修. */
export function RepairsTab({ deviceId }: { deviceId: number }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const { data, loading } = useLoaded(() => deviceLiveApi.repairs(deviceId, page, PAGE_SIZE), `repairs:${deviceId}:${page}`, null);
  return (
    <Table<Repair>
      className="mes-detail-repairs"
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={data?.list ?? []}
      locale={{ emptyText: '暂无维修记录' }}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showTotal: (total) => `共 ${total} 条` }}
      columns={[
        { title: '维修单号', dataIndex: 'repairNo', width: 150, render: (value: string) => <Typography.Link onClick={() => navigate(`/repair-cfg?repairNo=${encodeURIComponent(value)}`)}>{value}</Typography.Link> },
        { title: '状态', dataIndex: 'status', width: 90, render: (value: number) => <Tag color={STATUS_COLOR[value]}>{REPAIR_STATUS.label(value)}</Tag> },
        { title: '故障时间', dataIndex: 'faultTime', width: 160 },
        { title: '故障描述', dataIndex: 'faultDescription', ellipsis: true },
        { title: '维修人', dataIndex: 'repairerNames', width: 120 },
        { title: '验收人', dataIndex: 'acceptorName', width: 100 },
        { title: '完成时间', dataIndex: 'finishTime', width: 160, render: (value: string | null) => value ?? '—' },
        { title: '备件', dataIndex: 'partCount', width: 60 },
        { title: '费用（元）', dataIndex: 'cost', width: 100, render: (value: number) => value.toFixed(2) },
      ]}
    />
  );
}
