import { useMemo, useState } from 'react';
import { Select, Table, Tag, Typography } from 'antd';
import type { ScheduleTask } from '@core/contracts/schedule';
import { OPERATION_STATUS } from '@core/enums';
import { shortDate } from '@core/format';
import { timeText, toMs } from './model';
import { ScheduleGantt } from './schedule-gantt';

const time = (value: string | null) => (value ? timeText(toMs(value)) : '—');

function OrderOperations({ tasks }: { tasks: readonly ScheduleTask[] }) {
  return (
    <Table
      className="mes-order-operations"
      size="small"
      rowKey="id"
      pagination={false}
      style={{ marginTop: 12 }}
      dataSource={[...tasks]}
      columns={[
        { title: '工序序号', dataIndex: 'seq', width: 80 },
        { title: '工序', dataIndex: 'processName', width: 110 },
        { title: '机台', dataIndex: 'deviceName', width: 150, render: (value: string) => value || <span style={{ color: '#bfbfbf' }}>未分配</span> },
        { title: '计划开始', dataIndex: 'plannedStart', width: 120, render: time },
        { title: '计划结束', dataIndex: 'plannedEnd', width: 120, render: (value: string | null, task) => <span style={task.late ? { color: '#cf1322' } : undefined}>{time(value)}</span> },
        { title: '准备/生产（分钟）', key: 'minutes', width: 130, render: (_, task) => `${task.setupMinutes} / ${task.runMinutes}` },
        { title: '状态', dataIndex: 'status', width: 100, render: (value: number) => OPERATION_STATUS.label(value) },
        { title: '', key: 'late', render: (_, task) => (task.late ? <Tag color="red">延期</Tag> : null) },
      ]}
    />
  );
}

/** 订单视图: one order's operations across machines — its machines' Gantt with its tasks highlighted, and the operations in order. */
export function OrderView() {
  const [orderNo, setOrderNo] = useState<string | null>(null);
  const highlight = useMemo(() => (orderNo ? (task: ScheduleTask) => task.orderNo === orderNo : (_task: ScheduleTask) => false), [orderNo]);
  return (
    <ScheduleGantt
      height={320}
      highlight={highlight}
      onlyHighlightedMachines
      extra={(tasks) => {
        const orders = new Map<string, ScheduleTask>();
        for (const task of tasks) if (!orders.has(task.orderNo)) orders.set(task.orderNo, task);
        return (
          <Select
            className="mes-order-picker"
            showSearch
            allowClear
            placeholder="选择订单"
            style={{ width: 300 }}
            value={orderNo}
            onChange={(value) => setOrderNo(value ?? null)}
            options={[...orders.values()].map((task) => ({ value: task.orderNo, label: `${task.orderNo} · ${task.customerName} · 交期 ${shortDate(task.deliveryDate)}` }))}
            optionFilterProp="label"
          />
        );
      }}
      below={(tasks) =>
        orderNo ? (
          <OrderOperations tasks={tasks.filter((task) => task.orderNo === orderNo).sort((a, b) => a.seq - b.seq)} />
        ) : (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            选择一个订单，查看它的各道工序在哪些机台、何时生产。
          </Typography.Paragraph>
        )
      }
    />
  );
}
