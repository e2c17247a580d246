import { Space, Table, Tag, Typography } from 'antd';
import { ScheduleAuthorities as A } from '@core/access/authorities/schedule';
import type { ProductionDetail, ScheduleOrder, ScheduleTask } from '@core/contracts/schedule';
import { useLoaded, type ListColumn, type ListSpec, type RowAction, type ToolbarAction } from '@app/components';
import { OrderChangeWarnings } from '@app/shared';
import { scheduleApi } from './schedule.api';
import { OPERATION_STATUS_OPTIONS, SCHEDULE_STATE_OPTIONS, TASK_TYPE_OPTIONS, URGENCY_OPTIONS } from './schedule.options';
import { ChangeTag, EnumTag, PartyCell, PlannedTime } from './components/cells';

/** What the page does for the order list's buttons. */
export interface OrderListHandlers {
  /** 自动排产 of the selected orders' operations that may still be scheduled. */
  autoSchedule: (orders: readonly ScheduleOrder[]) => Promise<unknown>;
  reload: () => void;
}

const HOLDABLE = new Set([0, 1]);

function OrderNo({ order }: { order: ScheduleOrder }) {
  return (
    <Space size={2} wrap className="mes-task-order">
      <span>{order.orderNo}</span>
      <ChangeTag count={order.changeWarnings} />
      {order.late && <Tag color="red">延期</Tag>}
    </Space>
  );
}

const NO_DETAIL: ProductionDetail | null = null;

/** The row expand of 待排订单: the order's operations as tasks, and its ERP change warnings with accept / keep. */
export function OrderTasks({ orderId, onHandled }: { orderId: number; onHandled: () => void }) {
  const { data, loading, reload } = useLoaded(() => scheduleApi.orderDetail(orderId), String(orderId), NO_DETAIL);
  return (
    <div className="mes-schedule-order-expand" data-order={orderId} style={{ padding: '4px 0', display: 'flex', flexDirection: 'column', gap: 8 }}>
      <OrderChangeWarnings
        orderId={orderId}
        onHandled={() => {
          reload();
          onHandled();
        }}
      />
      <Table<ScheduleTask>
        className="mes-schedule-order-tasks"
        size="small"
        rowKey="id"
        loading={loading}
        pagination={false}
        dataSource={data?.tasks ?? []}
        columns={[
          { key: 'seq', title: '序号', dataIndex: 'seq', width: 56 },
          { key: 'processName', title: '工序', dataIndex: 'processName', width: 110 },
          { key: 'deviceName', title: '机台', dataIndex: 'deviceName', width: 130, render: (value: string) => value || '未分配' },
          { key: 'taskType', title: '排产', dataIndex: 'taskType', width: 90, render: (value: number | null) => (value === null ? <Tag>待排</Tag> : <EnumTag options={TASK_TYPE_OPTIONS} value={value} />) },
          { key: 'status', title: '工序状态', dataIndex: 'status', width: 90, render: (value: number) => <EnumTag options={OPERATION_STATUS_OPTIONS} value={value} /> },
          { key: 'plannedQty', title: '计划数量', dataIndex: 'plannedQty', width: 90, align: 'right' },
          { key: 'plannedStart', title: '计划开始', dataIndex: 'plannedStart', width: 110, render: (value: string | null) => <PlannedTime value={value} late={false} /> },
          { key: 'plannedEnd', title: '计划结束', width: 110, render: (_: unknown, task) => <PlannedTime value={task.plannedEnd} late={task.late} /> },
          { key: 'reason', title: '说明', dataIndex: 'unscheduledReason', render: (value: string) => value && <Typography.Text type="danger">未排入：{value}</Typography.Text> },
        ]}
      />
    </div>
  );
}

const columns: ListColumn<ScheduleOrder>[] = [
  { prop: 'orderNo', label: '订单号', filter: { type: 'tagInput' }, width: 160, render: (order) => <OrderNo order={order} /> },
  {
    prop: 'customerName',
    label: '客户 / 产品',
    filter: { type: 'input', label: '客户名称' },
    width: 160,
    render: (order) => <PartyCell customer={order.customerName} product={order.productName} width={146} />,
  },
  { prop: 'quantity', label: '数量', type: 'number', width: 84 },
  { prop: 'deliveryDate', label: '交货日期', width: 100, filter: { type: 'daterange' } },
  { prop: 'urgency', label: '紧急', type: 'tag', options: URGENCY_OPTIONS, width: 64, filter: { type: 'select', multiple: true } },
  {
    prop: 'operationCount',
    label: '已排/预排/工序',
    width: 116,
    render: (order) => (
      <span title={order.processNames}>
        {order.scheduledCount} / {order.preCount} / {order.operationCount}
      </span>
    ),
  },
  { prop: 'plannedEnd', label: '计划完工', width: 96, render: (order) => <PlannedTime value={order.plannedEnd} late={order.late} /> },
  { prop: 'scheduleState', label: '排产状态', type: 'tag', options: SCHEDULE_STATE_OPTIONS, width: 88, filter: { type: 'select', multiple: true } },
];

const holdRefusal = (orders: readonly ScheduleOrder[], hold: boolean) => {
  const refused = orders.find((order) => (hold ? !HOLDABLE.has(order.scheduleState) : order.scheduleState !== 3));
  return refused && `订单${refused.orderNo}当前不能${hold ? '暂不排产' : '恢复排产'}`;
};

/** 待排订单: orders still to schedule, their operations in the row expand, 自动排产 / 暂不排产 / 恢复排产. */
export function scheduleOrderList(handlers: OrderListHandlers): ListSpec<ScheduleOrder> {
  const hold: RowAction<ScheduleOrder> = {
    key: 'hold',
    label: '暂不排产',
    authority: A.hold,
    when: (order) => HOLDABLE.has(order.scheduleState),
    confirm: (order) => `确定订单${order.orderNo}暂不排产吗？其未排的工序不再出现在待排工序中。`,
    success: '操作成功',
    run: (order) => scheduleApi.holdOrders([order.id]),
  };
  const release: RowAction<ScheduleOrder> = {
    key: 'release',
    label: '恢复排产',
    authority: A.hold,
    when: (order) => order.scheduleState === 3,
    confirm: (order) => `确定恢复订单${order.orderNo}的排产吗？`,
    success: '操作成功',
    run: (order) => scheduleApi.releaseOrders([order.id]),
  };
  const toolbar: ToolbarAction<ScheduleOrder>[] = [
    {
      key: 'autoSchedule',
      label: '自动排产',
      primary: true,
      authority: A.autoSchedule,
      needsSelection: true,
      disabledReason: ({ selectedRows }) => {
        const held = selectedRows.find((order) => !HOLDABLE.has(order.scheduleState));
        return held && `订单${held.orderNo}没有待排的工序`;
      },
      confirm: '确定自动排产所选订单的待排工序吗？系统将为其选择机台和顺序，计算期间可查看进度或中止。',
      success: false,
      run: ({ selectedRows }) => handlers.autoSchedule(selectedRows),
    },
    {
      key: 'hold',
      label: '暂不排产',
      authority: A.hold,
      needsSelection: true,
      disabledReason: ({ selectedRows }) => holdRefusal(selectedRows, true),
      confirm: '确定所选订单暂不排产吗？其未排的工序不再出现在待排工序中。',
      success: '操作成功',
      run: ({ selectedRows }) => scheduleApi.holdOrders(selectedRows.map((order) => order.id)),
    },
    {
      key: 'release',
      label: '恢复排产',
      authority: A.hold,
      needsSelection: true,
      disabledReason: ({ selectedRows }) => holdRefusal(selectedRows, false),
      confirm: '确定恢复所选订单的排产吗？',
      success: '操作成功',
      run: ({ selectedRows }) => scheduleApi.releaseOrders(selectedRows.map((order) => order.id)),
    },
  ];
  return {
    rowKey: 'id',
    columns,
    filters: [
      { prop: 'productName', label: '产品名称', type: 'input' },
      { prop: 'late', label: '仅延期', type: 'select', options: [{ value: 'true', label: '是' }] },
    ],
    visibleFilters: 4,
    fetch: scheduleApi.orders,
    toolbar,
    rowActions: [hold, release],
    rowClassName: (order) => (order.late ? 'is-late' : undefined),
    expandable: { render: (order) => <OrderTasks orderId={order.id} onHandled={handlers.reload} /> },
    columnSettings: { pageKey: 'schedule:orders' },
  };
}
