import { Card, Form, Input, Radio, Select, Switch } from 'antd';
import {
  TICKET_ORIENTATION,
  TICKET_PAPER_SIZE,
  TICKET_PRINT_TYPE,
  TICKET_QR_POSITION,
  type CreateTicketTemplateRequest,
} from '@core/contracts/sys-cfg';

export type TicketDraft = CreateTicketTemplateRequest;

const ITEM = { marginBottom: 8 };

/** 模板设置: name, print type (fixed once saved), paper, orientation, title, QR code and remark. */
export function TicketSettingsForm({ draft, onChange, printTypeLocked }: { draft: TicketDraft; onChange: (patch: Partial<TicketDraft>) => void; printTypeLocked: boolean }) {
  return (
    <Card size="small" title="模板设置" className="mes-ticket-settings">
      <Form layout="horizontal" labelCol={{ flex: '96px' }} size="small" colon={false}>
        <Form.Item label="模板名称" required style={ITEM}>
          <Input value={draft.templateName} maxLength={30} placeholder="请输入模板名称" onChange={(event) => onChange({ templateName: event.target.value })} />
        </Form.Item>
        <Form.Item label="打印类型" style={ITEM}>
          <Select aria-label="打印类型" value={draft.printType} disabled={printTypeLocked} options={[...TICKET_PRINT_TYPE.options]} onChange={(printType) => onChange({ printType })} />
        </Form.Item>
        <Form.Item label="纸张" style={ITEM}>
          <Select aria-label="纸张" value={draft.paperSize} options={[...TICKET_PAPER_SIZE.options]} onChange={(paperSize) => onChange({ paperSize })} />
        </Form.Item>
        <Form.Item label="纸张方向" style={ITEM}>
          <Radio.Group value={draft.orientation} options={[...TICKET_ORIENTATION.options]} onChange={(event) => onChange({ orientation: event.target.value as TicketDraft['orientation'] })} />
        </Form.Item>
        <Form.Item label="标题" style={ITEM}>
          <Input value={draft.title} maxLength={30} placeholder="打印在卡片顶部，如 生产工单流转卡" onChange={(event) => onChange({ title: event.target.value })} />
        </Form.Item>
        <Form.Item label="工单二维码" style={ITEM}>
          <Switch aria-label="工单二维码" checked={draft.showQrCode} onChange={(showQrCode) => onChange({ showQrCode })} />
        </Form.Item>
        <Form.Item label="二维码位置" style={ITEM}>
          <Select aria-label="二维码位置" value={draft.qrPosition} disabled={!draft.showQrCode} options={[...TICKET_QR_POSITION.options]} onChange={(qrPosition) => onChange({ qrPosition: qrPosition as TicketDraft['qrPosition'] })} />
        </Form.Item>
        <Form.Item label="工序流转记录" style={ITEM}>
          <Switch aria-label="工序流转记录" checked={draft.showProcessTable === true} onChange={(showProcessTable) => onChange({ showProcessTable })} />
        </Form.Item>
        <Form.Item label="备注" style={{ marginBottom: 0 }}>
          <Input.TextArea value={draft.remark ?? ''} maxLength={200} rows={2} placeholder="请输入备注" onChange={(event) => onChange({ remark: event.target.value })} />
        </Form.Item>
      </Form>
    </Card>
  );
}
