import { App, Card, Empty, Space, Spin, Table, Tag } from 'antd';
import { WorkOrderAuthorities } from '@core/access/authorities/work-order';
import { ErpPaths, type ChangeWarning, type FieldChangeView } from '@core/contracts/work-order/erp';
import { http } from '@core/http';
import { AuthButton, useLoaded } from '@app/components';

export const orderChangeApi = {
  pending: (orderId: number) => http.get<ChangeWarning[]>(ErpPaths.warningList, { orderId }),
  accept: (ids: number[]) => http.post<null>(ErpPaths.warningAccept, { ids }),
  keep: (ids: number[]) => http.post<null>(ErpPaths.warningKeep, { ids }),
};

const NONE: ChangeWarning[] = [];

export interface OrderChangeWarningsProps {
  orderId: number;
  /** After a warning was accepted or kept (the order may have changed). */
  onHandled?: () => void;
  /** Shows 暂无待处理的变更 when there is none (default: nothing at all). */
  showEmpty?: boolean;
}

/**
 * The ERP change warnings of one order waiting for a planner: each change old → new, and
 * 接受变更 (the order takes the new values; operations not yet issued are planned again) or 保持原样
 * (the order stays as it is), each confirmed first. Mounted by the order, scheduling and sync-log screens.
 */
export function OrderChangeWarnings({ orderId, onHandled, showEmpty = false }: OrderChangeWarningsProps) {
  const { modal, message } = App.useApp();
  const { data: warnings, loading, reload } = useLoaded(() => orderChangeApi.pending(orderId), String(orderId), NONE);

  const handle = (warning: ChangeWarning, accept: boolean) => {
    const what = warning.changes.map((change) => change.label).join('、');
    modal.confirm({
      title: '提示',
      content: accept
        ? `确定接受ERP变更（${what}）吗？订单将按新内容更新，未下发的工序将重新计划。`
        : `确定保持原样吗？订单不采用ERP变更（${what}），此提醒将关闭。`,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        (accept ? orderChangeApi.accept([warning.id]) : orderChangeApi.keep([warning.id])).then(
          () => {
            void message.success(accept ? '已接受变更' : '已保持原样');
            reload();
            onHandled?.();
          },
          // Refused (already handled elsewhere, no authority): the http layer said why; show what is pending now.
          () => reload(),
        ),
    });
  };

  if (loading && warnings.length === 0) return <Spin size="small" />;
  if (warnings.length === 0) return showEmpty ? <Empty className="mes-order-change-warnings" description="暂无待处理的变更" image={Empty.PRESENTED_IMAGE_SIMPLE} /> : null;
  return (
    <Space className="mes-order-change-warnings" direction="vertical" style={{ width: '100%' }}>
      {warnings.map((warning) => (
        <Card
          key={warning.id}
          size="small"
          className="mes-order-change-warning"
          data-warning-id={warning.id}
          title={
            <Space>
              <Tag color="orange">ERP变更待处理</Tag>
              <span>
                {warning.orderNo} · 版本{warning.erpVersion} · {warning.createTime}
              </span>
            </Space>
          }
          extra={
            <Space>
              <AuthButton size="small" type="primary" authority={WorkOrderAuthorities.orderChange} onClick={() => handle(warning, true)}>
                接受变更
              </AuthButton>
              <AuthButton size="small" authority={WorkOrderAuthorities.orderChange} onClick={() => handle(warning, false)}>
                保持原样
              </AuthButton>
            </Space>
          }
        >
          <Table<FieldChangeView>
            size="small"
            pagination={false}
            rowKey="field"
            dataSource={warning.changes}
            columns={[
              { title: '变更项', dataIndex: 'label', width: 140 },
              { title: '原值', dataIndex: 'from', render: (value: string) => <span style={{ color: '#8c8c8c', textDecoration: 'line-through' }}>{value}</span> },
              { title: '新值', dataIndex: 'to', render: (value: string) => <span style={{ color: '#d46b08', fontWeight: 500 }}>{value}</span> },
            ]}
          />
        </Card>
      ))}
    </Space>
  );
}
