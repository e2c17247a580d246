import { Descriptions, Drawer, Empty, Flex, Tabs, Tag, Typography } from 'antd';
import { DEVICE_STATUS, deviceUseLabel } from '@core/enums';
import type { LedgerRow } from '@core/contracts/device-ledger';
import { FilePreview } from '@app/components';
import { LEDGER } from '../device-ledger.fields';
import { DevicePicturesTab } from './device-pictures.tab';

export type LedgerDrawerTab = 'basics' | 'pictures';

const money = (value: number | null) => (value === null ? '—' : `¥${value.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);

/** A device's ledger card: master data and asset fields, its documents, and its pictures with the phone upload. */
function Basics({ row }: { row: LedgerRow }) {
  const items: Array<[string, React.ReactNode]> = [
    [LEDGER.deviceNo.label, row.deviceNo],
    [LEDGER.deviceName.label, row.deviceName],
    [LEDGER.deviceTypeName.label, row.deviceTypeName || '—'],
    [LEDGER.workshopName.label, row.workshopName || '—'],
    [LEDGER.deviceUse.label, deviceUseLabel(row.deviceUse)],
    [LEDGER.status.label, <Tag key="status">{DEVICE_STATUS.label(row.status)}</Tag>],
    [LEDGER.brand.label, row.brand || '—'],
    [LEDGER.model.label, row.model || '—'],
    [LEDGER.assetNo.label, row.assetNo || '—'],
    [LEDGER.supplier.label, row.supplier || '—'],
    [LEDGER.purchaseDate.label, row.purchaseDate ?? '—'],
    [`${LEDGER.price.label}`, money(row.price)],
    [LEDGER.warrantyEnd.label, row.warrantyEnd ?? '—'],
    [LEDGER.location.label, row.location || '—'],
    [LEDGER.responsibleName.label, row.responsibleName || '—'],
    [LEDGER.remark.label, row.remark || '—'],
  ];
  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" bordered column={2} items={items.map(([label, children]) => ({ key: label, label, children }))} />
      <div className="mes-ledger-documents">
        <h4 style={{ margin: '0 0 8px' }}>{LEDGER.documents.label}</h4>
        {row.documents.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无文档" />
        ) : (
          <Flex vertical gap={4}>
            {row.documents.map((document) => (
              <Flex key={document.url} vertical gap={4}>
                <Typography.Text>{document.name}</Typography.Text>
                <FilePreview url={document.url} fileName={document.name} height={280} />
              </Flex>
            ))}
          </Flex>
        )}
      </div>
    </Flex>
  );
}

/** 设备详情 drawer of the ledger: 基本信息 and 图片 (with the QR code a phone uploads through). */
export function LedgerDrawer({ row, tab, onTab, onClose }: { row: LedgerRow | null; tab: LedgerDrawerTab; onTab: (tab: LedgerDrawerTab) => void; onClose: () => void }) {
  return (
    <Drawer open={row !== null} onClose={onClose} size={960} title={row ? `${row.deviceName}（${row.deviceNo}）` : ''} className="mes-ledger-drawer" destroyOnHidden>
      {row && (
        <Tabs
          activeKey={tab}
          onChange={(key) => onTab(key as LedgerDrawerTab)}
          items={[
            { key: 'basics', label: '基本信息', children: <Basics row={row} /> },
            { key: 'pictures', label: '图片', children: <DevicePicturesTab deviceId={row.id} /> },
          ]}
        />
      )}
    </Drawer>
  );
}
