import { Descriptions, Drawer, Empty, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { IMPORTANCE, PRIORITY } from '@core/enums';
import { ORDER_SOURCE, type OrderHistoryEntry, type OrderOperation, type ProductionOrderRow } from '@core/contracts/work-order/order';
import { DownloadLink, useLoaded } from '@app/components';
import { OrderChangeWarnings } from '@app/shared/order-change-warnings';
import { ordersApi } from '../production-order.api';
import { ISSUE_STATE_OPTIONS, PRODUCTION_STATE_OPTIONS, STATUS_OPTIONS, URGENCY_OPTIONS } from '../production-order.options';
import { OperationsTable } from './order-operations';

interface OrderDetail {
  order: ProductionOrderRow | null;
  operations: OrderOperation[];
  history: OrderHistoryEntry[];
}
const EMPTY: OrderDetail = { order: null, operations: [], history: [] };

const loadDetail = (id: number | null): Promise<OrderDetail> =>
  id === null
    ? Promise.resolve(EMPTY)
    : Promise.all([ordersApi.detail(id), ordersApi.operations(id), ordersApi.history(id)]).then(([order, operations, history]) => ({ order, operations, history }));

function OptionTag({ options, value }: { options: ReadonlyArray<{ value: number; label: string; color?: string }>; value: number }) {
  const option = options.find((candidate) => candidate.value === value);
  return <Tag color={option?.color}>{option?.label ?? value}</Tag>;
}

/** A field change as people read it: 标签：旧 → 新. */
function changeText(change: OrderHistoryEntry['changes'][number]): string {
  const shown = (value: unknown) => (value === '' || value === null || value === undefined ? '（空）' : typeof value === 'object' ? JSON.stringify(value) : String(value));
  if (change.field === 'attachments') {
    const names = (value: unknown) => (Array.isArray(value) && value.length > 0 ? value.map((file: { name?: string }) => file.name ?? String(file)).join('、') : '（无）');
    return `${change.label}：${names(change.from)} → ${names(change.to)}`;
  }
  if (change.field === 'status') {
    const label = (value: unknown) => STATUS_OPTIONS.find((option) => option.value === value)?.label ?? shown(value);
    return `${change.label}：${label(change.from)} → ${label(change.to)}`;
  }
  return `${change.label}：${shown(change.from)} → ${shown(change.to)}`;
}

function Basics({ order }: { order: ProductionOrderRow }) {
  return (
    <Descriptions className="mes-order-basics" size="small" column={2} bordered styles={{ label: { width: 116, whiteSpace: 'nowrap' } }}>
      <Descriptions.Item label="订单号">{order.orderNo}</Descriptions.Item>
      <Descriptions.Item label="ERP单号">{order.erpOrderNo ? `${order.erpOrderNo}-${order.erpLine}（v${order.erpVersion}）` : '—'}</Descriptions.Item>
      <Descriptions.Item label="来源">{ORDER_SOURCE.label(order.source)}</Descriptions.Item>
      <Descriptions.Item label="客户">{order.customerName}</Descriptions.Item>
      <Descriptions.Item label="客户PO号">{order.customerPo || '—'}</Descriptions.Item>
      <Descriptions.Item label="订单状态">
        <OptionTag options={STATUS_OPTIONS} value={order.status} />
        {order.changeWarnings > 0 && <Tag color="orange">变更 {order.changeWarnings}</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label="产品">
        {order.productName}
        {order.productNo && <Typography.Text type="secondary">（{order.productNo}）</Typography.Text>}
      </Descriptions.Item>
      <Descriptions.Item label="箱型">{order.boxStyle || '平板'}</Descriptions.Item>
      <Descriptions.Item label="内径（mm）">{`${order.lengthMm}×${order.widthMm}×${order.heightMm}`}</Descriptions.Item>
      <Descriptions.Item label="纸板">{[order.boardCode, order.flute && `${order.flute}楞`].filter(Boolean).join(' · ') || '—'}</Descriptions.Item>
      <Descriptions.Item label="纸板规格（mm）">{`${order.sheetWidthMm}×${order.sheetLengthMm}`}</Descriptions.Item>
      <Descriptions.Item label="印色数">{order.printColors}</Descriptions.Item>
      <Descriptions.Item label="刀模 / 印版">{[order.dieNo, order.plateNo].filter(Boolean).join(' / ') || '—'}</Descriptions.Item>
      <Descriptions.Item label="工艺路线">{order.flowName || '—'}</Descriptions.Item>
      <Descriptions.Item label="订单数量">{`${order.quantity.toLocaleString('zh-CN')} ${order.unit}`}</Descriptions.Item>
      <Descriptions.Item label="良品数">{order.goodQty.toLocaleString('zh-CN')}</Descriptions.Item>
      <Descriptions.Item label="超交 / 欠交">{`${order.overPercent}% / ${order.underPercent}%`}</Descriptions.Item>
      <Descriptions.Item label="交货日期">{order.deliveryDate}</Descriptions.Item>
      <Descriptions.Item label="紧急程度">
        <OptionTag options={URGENCY_OPTIONS} value={order.urgency} />
      </Descriptions.Item>
      <Descriptions.Item label="优先级 / 重要程度">{`${PRIORITY.label(order.priority) ?? order.priority} / ${IMPORTANCE.label(order.importance) ?? order.importance}`}</Descriptions.Item>
      <Descriptions.Item label="下发状态">
        <OptionTag options={ISSUE_STATE_OPTIONS} value={order.issueState} />
      </Descriptions.Item>
      <Descriptions.Item label="生产状态">
        <OptionTag options={PRODUCTION_STATE_OPTIONS} value={order.productionState} />
      </Descriptions.Item>
      <Descriptions.Item label="创建时间">{order.createTime}</Descriptions.Item>
      <Descriptions.Item label="备注" span={2}>
        {order.remark || '—'}
      </Descriptions.Item>
      <Descriptions.Item label="附件" span={2}>
        {order.attachments.length === 0 ? (
          '—'
        ) : (
          <Space wrap className="mes-order-attachments">
            {order.attachments.map((file) => (
              <DownloadLink key={file.url} url={file.url} name={file.name} />
            ))}
          </Space>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** 订单详情: basics, operations with their progress, and the history (who changed what, when). */
export function OrderDetailDrawer({ orderId, onClose, onChanged }: { orderId: number | null; onClose: () => void; onChanged?: () => void }) {
  const { data, loading, reload } = useLoaded(() => loadDetail(orderId), String(orderId), EMPTY);
  const { order, operations, history } = data;
  return (
    <Drawer open={orderId !== null} onClose={onClose} size={960} title={order ? `订单详情 · ${order.orderNo}` : '订单详情'} className="mes-order-detail" destroyOnHidden>
      <Spin spinning={loading}>
        {order && <Basics order={order} />}
        {order && order.changeWarnings > 0 && (
          <>
            <Typography.Title level={5} style={{ marginTop: 20 }}>
              ERP变更待处理
            </Typography.Title>
            <OrderChangeWarnings
              orderId={order.id}
              onHandled={() => {
                reload();
                onChanged?.();
              }}
            />
          </>
        )}
        <Typography.Title level={5} style={{ marginTop: 20 }}>
          工序
        </Typography.Title>
        <OperationsTable operations={operations} />
        <Typography.Title level={5} style={{ marginTop: 20 }}>
          变更记录
        </Typography.Title>
        {history.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无记录" />
        ) : (
          <Timeline
            className="mes-order-history"
            items={history.map((entry) => ({
              key: entry.id,
              children: (
                <div data-action={entry.action}>
                  <div>
                    <Typography.Text strong>{entry.content}</Typography.Text>
                  </div>
                  <Typography.Text type="secondary">
                    {entry.userName || '系统'} · {entry.createTime}
                  </Typography.Text>
                  {entry.changes.length > 0 && (
                    <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
                      {entry.changes.map((change) => (
                        <li key={change.field}>{changeText(change)}</li>
                      ))}
                    </ul>
                  )}
                </div>
              ),
            }))}
          />
        )}
      </Spin>
    </Drawer>
  );
}
