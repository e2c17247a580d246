import { Descriptions, Drawer, Empty, Image, Space, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { REPAIR_STATUS, type RepairDetail, type RepairHistory, type RepairPart } from '@core/contracts/device-repair';
import { useLoaded, useStoredFileUrls } from '@app/components';
import { repairsApi } from '../device-repair.api';
import { REPAIR } from '../device-repair.fields';
import { REPAIR_STATUS_COLORS } from '../repair.list';
import { downtimeLabel, missingDowntimeLabel } from './downtime-label';

const orDash = (value: string | null | undefined) => (value ? value : '—');

function StatusTag({ status }: { status: number }) {
  return <Tag color={REPAIR_STATUS_COLORS[status]}>{REPAIR_STATUS.label(status)}</Tag>;
}

function Photos({ urls }: { urls: readonly string[] }) {
  const shown = useStoredFileUrls(urls);
  if (urls.length === 0) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space wrap>
        {urls.map((url) => (shown[url] ? <Image key={url} src={shown[url]} width={96} height={96} style={{ objectFit: 'cover' }} /> : <Spin key={url} size="small" />))}
      </Space>
    </Image.PreviewGroup>
  );
}

const PART_COLUMNS = [
  { title: '备件', dataIndex: 'partName', render: (_: string, part: RepairPart) => `${part.partName}${part.partNo ? `（${part.partNo}）` : ''}` },
  { title: '规格', dataIndex: 'spec', render: orDash },
  { title: '用量', dataIndex: 'quantity', width: 80, render: (_: number, part: RepairPart) => `${part.quantity}${part.unit}` },
  {
    title: '当前库存',
    dataIndex: 'stock',
    width: 100,
    render: (_: number | null, part: RepairPart) => (part.stock === null ? <Typography.Text type="secondary">设备已移除该备件</Typography.Text> : `${part.stock}${part.unit}`),
  },
];

function historyItem(entry: RepairHistory) {
  return {
    color: REPAIR_STATUS_COLORS[entry.toStatus] ?? 'gray',
    content: (
      <div className="mes-repair-history-entry">
        <Space size={6} wrap>
          <Typography.Text strong>{entry.action}</Typography.Text>
          {entry.fromStatus !== null && entry.fromStatus !== entry.toStatus && (
            <span>
              <StatusTag status={entry.fromStatus} />→ <StatusTag status={entry.toStatus} />
            </span>
          )}
        </Space>
        <div>
          <Typography.Text type="secondary">
            {entry.time} · {entry.operatorName || '—'}
          </Typography.Text>
        </div>
        {entry.remark && <div>说明：{entry.remark}</div>}
      </div>
    ),
  };
}

function DowntimeLink({ detail }: { detail: RepairDetail }) {
  if (detail.downtimeLink) return <span className="mes-repair-downtime-link">{downtimeLabel(detail.downtimeLink)}</span>;
  if (detail.downtimeLinkStart !== null) return <Typography.Text type="warning">{missingDowntimeLabel(detail.downtimeLinkStart)}</Typography.Text>;
  return <Typography.Text type="secondary">未关联（停机时段为手工填写）</Typography.Text>;
}

function Content({ detail }: { detail: RepairDetail }) {
  return (
    <Space orientation="vertical" size={20} style={{ width: '100%' }}>
      <Descriptions
        size="small"
        column={2}
        bordered
        items={[
          { key: 'no', label: REPAIR.repairNo.label, children: detail.repairNo },
          { key: 'status', label: REPAIR.status.label, children: <StatusTag status={detail.status} /> },
          { key: 'device', label: REPAIR.deviceName.label, children: `${detail.deviceName}（${detail.deviceNo}）`, span: 2 },
          { key: 'fault', label: REPAIR.faultDescription.label, children: detail.faultDescription, span: 2 },
          { key: 'time', label: REPAIR.faultTime.label, children: detail.faultTime },
          { key: 'reporter', label: REPAIR.reporterName.label, children: orDash(detail.reporterName) },
          { key: 'repairers', label: REPAIR.repairerNames.label, children: orDash(detail.repairerNames) },
          { key: 'acceptor', label: REPAIR.acceptorName.label, children: orDash(detail.acceptorName) },
          { key: 'downtime', label: REPAIR.downtime.label, children: detail.downtimeStart ? `${detail.downtimeStart} 至 ${detail.downtimeEnd ?? '今'}` : '—', span: 2 },
          { key: 'downtimeLink', label: REPAIR.downtimeLinkStart.label, children: <DowntimeLink detail={detail} />, span: 2 },
          { key: 'finish', label: REPAIR.finishTime.label, children: orDash(detail.finishTime) },
          { key: 'cost', label: `${REPAIR.cost.label}（元）`, children: detail.cost.toFixed(2) },
          { key: 'remark', label: REPAIR.remark.label, children: orDash(detail.remark), span: 2 },
        ]}
      />
      <section className="mes-repair-photos">
        <Typography.Title level={5}>{REPAIR.photos.label}</Typography.Title>
        <Photos urls={detail.photos} />
      </section>
      <section className="mes-repair-used-parts">
        <Typography.Title level={5}>{REPAIR.parts.label}</Typography.Title>
        <Table<RepairPart>
          size="small"
          rowKey={(part) => `${part.sparePartId ?? 'x'}-${part.partName}`}
          columns={PART_COLUMNS}
          dataSource={detail.parts}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未使用备件" /> }}
        />
      </section>
      <section className="mes-repair-history">
        <Typography.Title level={5}>处理记录</Typography.Title>
        <Timeline items={detail.history.map(historyItem)} />
      </section>
    </Space>
  );
}

/** The order's detail beside the list: fields, photos, parts used with their stock now, and who did what when. */
export function RepairDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data: detail, loading } = useLoaded(() => (id === null ? Promise.resolve(null) : repairsApi.detail(id)), String(id), null);
  return (
    <Drawer open={id !== null} title={detail ? `维修单 ${detail.repairNo}` : '维修单详情'} size={640} onClose={onClose} className="mes-repair-drawer" destroyOnHidden>
      <Spin spinning={loading}>{detail ? <Content detail={detail} /> : <div style={{ minHeight: 200 }} />}</Spin>
    </Drawer>
  );
}
