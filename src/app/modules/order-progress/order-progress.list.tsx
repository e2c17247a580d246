import { Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { ORDER_STATUS, OPERATION_STATUS } from '@core/enums';
import type { OperationProgress, OrderProgressRow } from '@core/contracts/work-order/progress';
import type { ListQuery, ListSpec } from '@app/components';

/** Statuses of an order not yet done: the home tiles open the list filtered by them. */
export const OPEN_ORDER_STATUSES = ORDER_STATUS.values.filter((value) => value !== 5 && value !== 6);

const OVERDUE_OPTIONS = [
  { value: '1', label: '已逾期' },
  { value: '0', label: '未逾期' },
];

const quantity = (value: number) => value.toLocaleString('en-US');

/** One operation: name, bar, audited good / planned, defect, and reported quantities waiting for review. */
function OperationLine({ operation }: { operation: OperationProgress }) {
  return (
    <div className="mes-op-line" data-process={operation.processName}>
      <Tooltip title={`${OPERATION_STATUS.label(operation.status)}${operation.deviceName ? ` · ${operation.deviceName}` : ''}`}>
        <span className="mes-op-name">{operation.processName}</span>
      </Tooltip>
      <Progress className="mes-op-bar" percent={Math.min(operation.percent, 100)} size="small" showInfo={false} status={operation.percent >= 100 ? 'success' : 'normal'} />
      <span className="mes-op-figures">
        <span className="mes-op-percent">{operation.percent}%</span> {quantity(operation.goodQty)}/{quantity(operation.plannedQty)}
        {operation.defectQty > 0 && <span className="mes-op-defect"> 不良 {quantity(operation.defectQty)}</span>}
        {operation.pendingQty > 0 && <span className="mes-op-pending"> 待审 {quantity(operation.pendingQty)}</span>}
      </span>
    </div>
  );
}

/** 订单工序进度: each order with every operation's planned, audited good and defect quantities and progress. */
export function orderProgressList(fetch: (query: ListQuery) => Promise<{ list: OrderProgressRow[]; total: number; page: number; limit: number }>): ListSpec<OrderProgressRow> {
  return {
    rowKey: 'id',
    defaultSort: { field: 'deliveryDate', direction: 'asc' },
    rowClassName: (row) => (row.overdue ? 'is-overdue' : undefined),
    columns: [
      {
        prop: 'orderNo',
        label: '订单号',
        filter: { type: 'tagInput' },
        sortable: true,
        width: 165,
        render: (row) => (
          <Space size={4}>
            <span>{row.orderNo}</span>
            {row.overdue && <Tag color="red">逾期</Tag>}
          </Space>
        ),
      },
      {
        prop: 'customerName',
        label: '客户 / 产品',
        filter: { type: 'input', label: '客户名称' },
        sortable: true,
        width: 180,
        render: (row) => (
          <div className="mes-order-party">
            <div>{row.customerName}</div>
            <Typography.Text type="secondary">{row.productName}</Typography.Text>
          </div>
        ),
      },
      { prop: 'quantity', label: '订单数量', type: 'number', width: 95, render: (row) => `${quantity(row.quantity)} ${row.unit}` },
      {
        prop: 'deliveryDate',
        label: '交货日期',
        sortable: true,
        width: 105,
        render: (row) => (row.overdue ? <Typography.Text type="danger">{row.deliveryDate}</Typography.Text> : row.deliveryDate),
      },
      { prop: 'status', label: '订单状态', type: 'enum', options: ORDER_STATUS.options, filter: { type: 'select', multiple: true }, width: 85 },
      {
        prop: 'operations',
        label: '工序进度（良品/计划）',
        width: 340,
        render: (row) => (row.operations.length === 0 ? <Typography.Text type="secondary">无工序</Typography.Text> : row.operations.map((operation) => <OperationLine key={operation.id} operation={operation} />)),
      },
      {
        prop: 'percent',
        label: '完成率',
        width: 80,
        render: (row) => <Progress type="circle" size={44} percent={Math.min(row.percent, 100)} format={() => `${row.percent}%`} />,
      },
    ],
    filters: [
      { prop: 'deliveryDate', label: '交货日期', type: 'daterange' },
      { prop: 'overdue', label: '是否逾期', type: 'select', options: OVERDUE_OPTIONS },
    ],
    visibleFilters: 4,
    fetch,
  };
}

/** The page's own styles (the console's shadow root has no stylesheet of the module). */
export const ORDER_PROGRESS_CSS = `
.mes-order-progress .is-overdue > td { background: #fff1f0; }
.mes-order-progress .is-overdue:hover > td { background: #ffe7e6 !important; }
.mes-op-line { display: grid; grid-template-columns: 80px 76px 1fr; align-items: center; gap: 8px; line-height: 22px; white-space: nowrap; }
.mes-op-name { overflow: hidden; text-overflow: ellipsis; }
.mes-op-line .ant-progress { margin: 0; }
.mes-op-figures { font-size: 12px; color: rgba(0, 0, 0, 0.65); }
.mes-op-percent { display: inline-block; min-width: 40px; color: rgba(0, 0, 0, 0.88); }
.mes-op-defect { color: #cf1322; }
.mes-op-pending { color: #d48806; }
.mes-process-totals .ant-card-body { display: grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 8px; padding: 8px 12px; }
.mes-process-total { border: 1px solid #f0f0f0; border-radius: 6px; padding: 4px 10px; font-size: 12px; line-height: 20px; }
.mes-process-total-name { display: flex; justify-content: space-between; }
.mes-process-total-name > :first-child { font-weight: 600; font-size: 13px; }
.mes-process-total .ant-progress { margin: 0; }
.mes-process-total-figures { color: rgba(0, 0, 0, 0.65); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.mes-order-party { line-height: 20px; }
`;
