import { useRef } from 'react';
import { Button, Modal, QRCode, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { deviceLabelText, type LedgerRow } from '@core/contracts/device-ledger';
import { printDocument, printInFrame } from '@app/shared';

/** Label stock: 60 × 40 mm, one label per device. */
export const LABEL_PAGE = { widthMm: 60, heightMm: 40 } as const;

/** The label's own CSS (the print frame has nothing else; the preview in the dialog uses it too). */
export const LABEL_CSS = `
.mes-device-label { box-sizing: border-box; width: 60mm; height: 40mm; padding: 2.5mm; display: flex; gap: 2mm;
  font-family: "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; color: #000; background: #fff; overflow: hidden; }
.mes-device-label-qr { flex: none; width: 22mm; display: flex; flex-direction: column; align-items: center; justify-content: center; }
.mes-device-label-qr svg { width: 22mm !important; height: 22mm !important; }
.mes-device-label-body { flex: 1; min-width: 0; display: flex; flex-direction: column; justify-content: space-between; }
.mes-device-label-title { font-size: 9pt; font-weight: 700; border-bottom: 0.3mm solid #000; padding-bottom: 0.8mm; }
.mes-device-label-row { font-size: 7pt; line-height: 1.35; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.mes-device-label-row b { font-weight: 600; }
`;

/** One label: QR code of the device (number, name, asset number) and what a maintainer looks for. */
function DeviceLabel({ row }: { row: LedgerRow }) {
  const rows: Array<[string, string]> = [
    ['编号', row.deviceNo],
    ['资产', row.assetNo || '—'],
    ['位置', row.location || row.workshopName || '—'],
    ['责任人', row.responsibleName || '—'],
  ];
  return (
    <div className="mes-device-label" data-device-no={row.deviceNo}>
      <div className="mes-device-label-qr">
        <QRCode type="svg" value={deviceLabelText(row)} size={84} bordered={false} bgColor="#ffffff" color="#000000" />
      </div>
      <div className="mes-device-label-body">
        <div className="mes-device-label-title">{row.deviceName}</div>
        {rows.map(([label, value]) => (
          <div key={label} className="mes-device-label-row">
            <b>{label}：</b>
            {value}
          </div>
        ))}
      </div>
    </div>
  );
}

/** 打印标签: a preview of the selected devices' labels, printed one label per page. */
export function LabelPrintDialog({ rows, onClose }: { rows: readonly LedgerRow[] | null; onClose: () => void }) {
  const sheetsRef = useRef<HTMLDivElement>(null);
  const print = () => {
    const sheets = sheetsRef.current;
    if (!sheets) return;
    const html = [...sheets.querySelectorAll('.mes-device-label')].map((label) => label.outerHTML).join('');
    void printInFrame(sheets, printDocument(html, LABEL_PAGE, '设备标签', LABEL_CSS, 'mes-device-label'), '设备标签');
  };
  return (
    <Modal
      open={rows !== null}
      title={`打印设备标签（${rows?.length ?? 0}张）`}
      width={760}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          取消
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={print}>
          打印
        </Button>,
      ]}
    >
      <style>{LABEL_CSS}</style>
      <Typography.Paragraph type="secondary">标签尺寸 60×40mm，每台设备一张；扫码可看到设备编号、名称和资产编号。</Typography.Paragraph>
      <div ref={sheetsRef} className="mes-device-labels" style={{ display: 'flex', flexWrap: 'wrap', gap: 12, maxHeight: 480, overflow: 'auto', background: '#f0f2f5', padding: 12 }}>
        {rows?.map((row) => <DeviceLabel key={row.id} row={row} />)}
      </div>
    </Modal>
  );
}
