import { Descriptions, Drawer, Divider, Spin, Tag, Typography } from 'antd';
import { ERP_MESSAGE_TYPE, type ErpLogDetail, type ErpLogEntry } from '@core/contracts/work-order/erp';
import { useLoaded } from '@app/components';
import { OrderChangeWarnings } from '@app/shared';
import { erpLogApi } from '../erp-log.api';
import { SYNC_STATUS_OPTIONS } from '../erp-log.list';

const NOTHING: ErpLogDetail | null = null;

/** One message: who sent what (payload as received), the outcome, and the order's ERP changes waiting for a planner. */
export function ErpLogDrawer({ entry, onClose, onChanged }: { entry: ErpLogEntry | null; onClose: () => void; onChanged: () => void }) {
  return (
    <Drawer open={!!entry} width={720} title={entry ? `同步详情 - ${entry.erpOrderNo}${entry.erpLine ? `/${entry.erpLine}` : ''}` : ''} onClose={onClose} destroyOnHidden className="mes-erp-log-drawer">
      {entry && <ErpLogDetailView id={entry.id} onChanged={onChanged} />}
    </Drawer>
  );
}

function ErpLogDetailView({ id, onChanged }: { id: number; onChanged: () => void }) {
  const { data: detail, loading } = useLoaded(() => erpLogApi.detail(id), String(id), NOTHING);
  if (loading || !detail) return <Spin />;
  const status = SYNC_STATUS_OPTIONS.find((option) => option.value === detail.status);
  return (
    <>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="ERP订单号">{detail.erpOrderNo}</Descriptions.Item>
        <Descriptions.Item label="行号 / 版本">
          {detail.erpLine || '-'} / {detail.erpVersion}
        </Descriptions.Item>
        <Descriptions.Item label="消息类型">{ERP_MESSAGE_TYPE.label(detail.messageType)}</Descriptions.Item>
        <Descriptions.Item label="同步状态">
          <Tag color={status?.color}>{status?.label}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="订单号">{detail.orderNo || '-'}</Descriptions.Item>
        <Descriptions.Item label="尝试次数">{detail.attempts}</Descriptions.Item>
        <Descriptions.Item label="同步时间">{detail.createTime}</Descriptions.Item>
        <Descriptions.Item label="更新时间">{detail.updateTime}</Descriptions.Item>
        <Descriptions.Item label="结果" span={2}>
          {detail.error ? <Typography.Text type="danger">{detail.error}</Typography.Text> : detail.result || '-'}
        </Descriptions.Item>
      </Descriptions>
      <Divider titlePlacement="start">报文</Divider>
      <pre className="mes-erp-payload" style={{ background: '#fafafa', padding: 12, maxHeight: 320, overflow: 'auto', fontSize: 12 }}>
        {JSON.stringify(detail.payload, null, 2)}
      </pre>
      {detail.orderId !== null && (
        <>
          <Divider titlePlacement="start">变更提醒</Divider>
          <OrderChangeWarnings orderId={detail.orderId} showEmpty onHandled={onChanged} />
        </>
      )}
    </>
  );
}
