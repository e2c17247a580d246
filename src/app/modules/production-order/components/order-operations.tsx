import { Empty, Progress, Table, Tag } from 'antd';
import { OPERATION_STATUS } from '@core/enums';
import type { OrderOperation } from '@core/contracts/work-order/order';
import { useLoaded } from '@app/components';
import { ordersApi } from '../production-order.api';
import { progressPercent } from '../production-order.options';

const STATUS_COLOR: Record<number, string> = { 0: 'default', 1: 'blue', 2: 'processing', 3: 'green', 6: 'cyan', 7: 'geekblue' };
const NO_OPERATIONS: OrderOperation[] = [];
const qty = (value: number) => value.toLocaleString('zh-CN');

/** An order's operations with machine and progress (planned, good, defect, pending review, % bar). */
export function OperationsTable({ operations, loading = false }: { operations: readonly OrderOperation[]; loading?: boolean }) {
  return (
    <Table<OrderOperation>
      className="mes-order-operations"
      size="small"
      rowKey="id"
      loading={loading}
      pagination={false}
      dataSource={operations as OrderOperation[]}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无工序（待录入工艺路线）" /> }}
      columns={[
        { key: 'seq', title: '序号', dataIndex: 'seq', width: 56 },
        { key: 'processName', title: '工序', dataIndex: 'processName', width: 110 },
        { key: 'deviceName', title: '机台', dataIndex: 'deviceName', width: 130, render: (value: string) => value || '—' },
        {
          key: 'status',
          title: '状态',
          dataIndex: 'status',
          width: 90,
          render: (value: number, row) => (
            <>
              <Tag color={STATUS_COLOR[value]}>{OPERATION_STATUS.label(value) ?? value}</Tag>
              {row.issued && <Tag color="green">已下发</Tag>}
            </>
          ),
        },
        { key: 'plannedQty', title: '计划数', dataIndex: 'plannedQty', width: 90, align: 'right', render: qty },
        { key: 'goodQty', title: '良品', dataIndex: 'goodQty', width: 80, align: 'right', render: qty },
        { key: 'defectQty', title: '不良', dataIndex: 'defectQty', width: 70, align: 'right', render: qty },
        { key: 'pendingQty', title: '待审', dataIndex: 'pendingQty', width: 70, align: 'right', render: qty },
        {
          key: 'progress',
          title: '进度',
          width: 180,
          render: (_: unknown, row) => <Progress percent={progressPercent(row.goodQty, row.plannedQty)} size="small" status={row.status === 3 ? 'success' : 'normal'} />,
        },
      ]}
    />
  );
}

/** The row expand of an order list: its operations, loaded when the row opens. */
export function OrderOperations({ orderId }: { orderId: number }) {
  const { data, loading } = useLoaded(() => ordersApi.operations(orderId), String(orderId), NO_OPERATIONS);
  return (
    <div className="mes-order-expand" data-order={orderId} style={{ padding: '4px 0' }}>
      <OperationsTable operations={data} loading={loading} />
    </div>
  );
}
