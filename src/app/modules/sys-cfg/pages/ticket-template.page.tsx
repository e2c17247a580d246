import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { App, Button, Card, Col, Row, Space, Spin, Tag } from 'antd';
import { SysCfgAuthorities as A } from '@core/access/authorities/sys-cfg';
import { TICKET_PRINT_TYPE, ticketFieldsProblem, type TicketField, type TicketPrintType, type TicketTemplate } from '@core/contracts/sys-cfg';
import { AuthButton, useLeaveGuard } from '@app/components';
import { TicketFieldArranger, TicketFieldPalette } from '../components/ticket-fields.editor';
import { printTicket, TicketPreview, ticketPage } from '@app/shared/ticket';
import { TicketSettingsForm, type TicketDraft } from '../components/ticket-settings.form';
import { ticketTemplatesApi } from '../ticket-template.api';

const f = (fieldKey: string, span: TicketField['span'], bold = false): TicketField => ({ fieldKey, span, bold });
/** What a new template starts with, per print type. */
function newDraft(printType: TicketPrintType): TicketDraft {
  const label = printType === 2;
  return {
    templateName: '',
    printType,
    paperSize: label ? 'LABEL_100X80' : 'A4',
    orientation: label ? 'landscape' : 'portrait',
    title: label ? '成品标签' : '生产工单流转卡',
    fields: label
      ? [f('customerName', 'full', true), f('productName', 'full'), f('bundleQuantity', 'half', true), f('workOrderNo', 'half')]
      : [f('workOrderNo', 'half', true), f('orderNo', 'half'), f('customerName', 'full'), f('productName', 'full'), f('planQuantity', 'half', true), f('deliveryDate', 'half')],
    showQrCode: true,
    qrPosition: label ? 'bottomRight' : 'topRight',
    showProcessTable: !label,
    remark: '',
  };
}
function draftOf(row: TicketTemplate): TicketDraft {
  const { templateName, printType, paperSize, orientation, title, fields, showQrCode, qrPosition, showProcessTable, remark } = row;
  return { templateName, printType, paperSize, orientation, title, fields, showQrCode, qrPosition, showProcessTable, remark } as TicketDraft;
}
const BACK = '/base-cfg?tab=ticketTemplate';

/** 流转卡模板 editor (/ticket-temp-cfg?id&printType&isDefault): fields, paper, QR code, live preview and print. */
export default function TicketTemplatePage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const printType: TicketPrintType = params.get('printType') === '2' ? 2 : 1;
  const [draft, setDraft] = useState<TicketDraft>(() => newDraft(printType));
  const [saved, setSaved] = useState<string>(() => JSON.stringify(newDraft(printType)));
  const [isDefault, setIsDefault] = useState(params.get('isDefault') === '1' || params.get('isDefault') === 'true');
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const loading = id !== null && loadedId !== id;
  const [busy, setBusy] = useState(false);
  const previewRef = useRef<HTMLDivElement>(null);
  const dirty = JSON.stringify(draft) !== saved;
  useLeaveGuard(dirty, '模板有未保存的修改，离开后修改将丢失。');

  useEffect(() => {
    if (id === null) return;
    let live = true;
    ticketTemplatesApi.detail(id).then(
      (row) => {
        if (!live) return;
        setDraft(draftOf(row));
        setSaved(JSON.stringify(draftOf(row)));
        setIsDefault(row.isDefault);
        setLoadedId(id);
      },
      () => live && setLoadedId(id),
    );
    return () => {
      live = false;
    };
  }, [id]);

  const change = (patch: Partial<TicketDraft>) => setDraft((previous) => ({ ...previous, ...patch }));

  /** Saves the draft; returns the template id, or null when the draft is not valid. */
  const save = async (): Promise<number | null> => {
    const problem = !draft.templateName.trim() ? '请输入模板名称' : draft.fields.length === 0 ? '请至少选择一个打印字段' : ticketFieldsProblem(draft.fields);
    if (problem) {
      void message.warning(problem);
      return null;
    }
    let savedId = id;
    if (id === null) {
      savedId = (await ticketTemplatesApi.create({ ...draft, isDefault })).id;
    } else {
      await ticketTemplatesApi.update({ ...draft, id });
    }
    setSaved(JSON.stringify(draft));
    void message.success('保存成功');
    return savedId;
  };
  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    action()
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  const afterSave = (savedId: number, nowDefault: boolean) => {
    if (savedId !== id || nowDefault !== isDefault) navigate(`/ticket-temp-cfg?id=${savedId}&printType=${draft.printType}&isDefault=${nowDefault ? 1 : 0}`, { replace: true });
  };
  const onSave = () =>
    run(async () => {
      const savedId = await save();
      if (savedId !== null) afterSave(savedId, isDefault);
    });
  const onSetDefault = () =>
    run(async () => {
      const savedId = dirty || id === null ? await save() : id;
      if (savedId === null) return;
      await ticketTemplatesApi.setDefault(savedId);
      setIsDefault(true);
      void message.success('已设为默认模板');
      afterSave(savedId, true);
    });
  const onPrint = () => {
    const sheet = previewRef.current?.querySelector<HTMLElement>('.mes-ticket');
    if (!previewRef.current || !sheet) return;
    void printTicket(previewRef.current, sheet, ticketPage(draft), draft.templateName || TICKET_PRINT_TYPE.label(draft.printType));
  };
  const onBack = () => navigate(BACK);

  return (
    <Spin spinning={loading}>
      <div className="mes-ticket-template-page" data-loading={loading || busy ? 'true' : 'false'} data-template-id={loadedId ?? ''}>
        <Card size="small" style={{ marginBottom: 12 }}>
          <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
            <Space>
              <strong>{id === null ? `新增${TICKET_PRINT_TYPE.label(draft.printType)}模板` : draft.templateName || '编辑模板'}</strong>
              <Tag>{TICKET_PRINT_TYPE.label(draft.printType)}</Tag>
              {isDefault && <Tag color="green">默认</Tag>}
              {dirty && <Tag color="orange">未保存</Tag>}
            </Space>
            <Space>
              <Button onClick={onBack}>返回</Button>
              <Button onClick={onPrint}>打印</Button>
              <AuthButton authority={A.ticketTemplateDefault} loading={busy} disabledReason={isDefault && !dirty ? '已是默认模板' : undefined} onClick={onSetDefault}>
                设为默认
              </AuthButton>
              <AuthButton authority={id === null ? A.ticketTemplateAdd : A.ticketTemplateEdit} type="primary" loading={busy} onClick={onSave}>
                保存
              </AuthButton>
            </Space>
          </Space>
        </Card>
        <Row gutter={12} wrap={false}>
          <Col flex="0 0 170px">
            <TicketFieldPalette fields={draft.fields} onChange={(fields) => change({ fields })} />
          </Col>
          <Col flex="1 1 0" style={{ minWidth: 0 }}>
            <TicketFieldArranger fields={draft.fields} onChange={(fields) => change({ fields })} />
          </Col>
          <Col flex="0 0 470px">
            <Card size="small" title="打印预览（示例工单）" style={{ marginBottom: 12 }}>
              <div ref={previewRef} style={{ display: 'flex', justifyContent: 'center' }}>
                <TicketPreview layout={draft} maxWidth={440} maxHeight={420} />
              </div>
            </Card>
            <TicketSettingsForm draft={draft} onChange={change} printTypeLocked={id !== null} />
          </Col>
        </Row>
      </div>
    </Spin>
  );
}
