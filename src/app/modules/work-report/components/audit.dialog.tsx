import { useEffect, useState } from 'react';
import { Checkbox, Descriptions, Form, InputNumber, Modal, Spin, Tag, Timeline, Button, App, Space } from 'antd';
import { WorkOrderAuthorities as A } from '@core/access/authorities/work-order';
import { REPORT_SOURCE, SHIFT, WORK_ORDER_AUDIT } from '@core/enums';
import { reportQuantityError, type AuditWorkReportRequest, type WorkReport, type WorkReportDetail } from '@core/contracts/work-order/report';
import { useCan, type ListEditorProps } from '@app/components';
import { workReportApi } from '../work-report.api';

interface AuditValues {
  goodQty: number;
  inspectQty: number;
  /** Quantity per defect line (0 drops the line). */
  defects: number[];
  defectQty: number;
  confirmOverReport: boolean;
}

/**
 * 审核 a pending report: its facts, the quantities a reviewer may correct before approving (good,
 * each defect line, to-be-inspected; the change goes into the report's history) and 审核通过. For
 * an audited or canceled report the same dialog shows the report and its history read-only.
 */
export function AuditDialog({ editing, onClose, onSaved }: ListEditorProps<WorkReport>) {
  const { message } = App.useApp();
  const can = useCan();
  const [form] = Form.useForm<AuditValues>();
  const [loaded, setLoaded] = useState<WorkReportDetail | null>(null);
  const [saving, setSaving] = useState(false);
  const row = editing?.row;
  const detail = loaded && loaded.id === row?.id ? loaded : null;
  const pending = row?.auditState === 1 && can(A.reviewAudit);
  const defectValues = Form.useWatch('defects', form);

  useEffect(() => {
    if (!row) return;
    let live = true;
    workReportApi
      .detail(row.id)
      .then((report) => {
        if (!live) return;
        setLoaded(report);
        form.setFieldsValue({ goodQty: report.goodQty, inspectQty: report.inspectQty, defects: report.defects.map((defect) => defect.qty), defectQty: report.defectQty, confirmOverReport: false });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [row, form]);

  const lines = detail?.defects ?? [];
  const defectQty = lines.length > 0 ? (defectValues ?? []).reduce((sum, qty) => sum + (Number(qty) || 0), 0) : undefined;

  const approve = async () => {
    if (!detail) return;
    const values = await form.validateFields();
    const request: AuditWorkReportRequest = { id: detail.id };
    const defects = lines
      .map((line, index) => ({ badPhenomenonId: line.badPhenomenonId, qty: Number(values.defects?.[index]) || 0 }))
      .filter((defect): defect is { badPhenomenonId: number; qty: number } => defect.badPhenomenonId !== null && defect.qty > 0);
    const corrected = { goodQty: values.goodQty, defectQty: defectQty ?? values.defectQty, inspectQty: values.inspectQty, defects };
    const changed =
      corrected.goodQty !== detail.goodQty ||
      corrected.defectQty !== detail.defectQty ||
      corrected.inspectQty !== detail.inspectQty ||
      lines.some((line, index) => (Number(values.defects?.[index]) || 0) !== line.qty);
    if (changed) {
      const problem = reportQuantityError(corrected);
      if (problem) {
        form.setFields([{ name: 'goodQty', errors: [problem] }]);
        return;
      }
      Object.assign(request, corrected, { confirmOverReport: values.confirmOverReport || undefined });
    }
    setSaving(true);
    try {
      await workReportApi.audit(request);
      void message.success('审核成功');
      onSaved();
      onClose();
    } catch {
      // the http layer has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  const footer = pending
    ? [
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="approve" type="primary" loading={saving} disabled={!detail} onClick={() => void approve()}>
          审核通过
        </Button>,
      ]
    : [
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
      ];

  return (
    <Modal open={!!row} title={pending ? '审核报工' : '报工详情'} width={760} onCancel={onClose} footer={footer} mask={{ closable: false }} forceRender>
      <Spin spinning={!!row && !detail}>
        {detail && (
          <div className="mes-report-audit">
            <Descriptions size="small" column={3} bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label="报工单号">{detail.reportNo}</Descriptions.Item>
              <Descriptions.Item label="订单号">{detail.orderNo}</Descriptions.Item>
              <Descriptions.Item label="审核状态">
                <Tag color={detail.auditState === 2 ? 'green' : detail.auditState === 1 ? 'orange' : 'default'}>{WORK_ORDER_AUDIT.label(detail.auditState)}</Tag>
                {detail.overReport && <Tag color="red">超报</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label="工序">{`${detail.seq}. ${detail.processName}（计划${detail.plannedQty}）`}</Descriptions.Item>
              <Descriptions.Item label="机台">{detail.deviceName || '-'}</Descriptions.Item>
              <Descriptions.Item label="来源">{REPORT_SOURCE.label(detail.source)}</Descriptions.Item>
              <Descriptions.Item label="时间" span={2}>{`${detail.startTime} 至 ${detail.endTime}`}</Descriptions.Item>
              <Descriptions.Item label="班次">{SHIFT.label(detail.shift)}</Descriptions.Item>
              <Descriptions.Item label="班组">{detail.teamName || '-'}</Descriptions.Item>
              <Descriptions.Item label="操作员" span={2}>{detail.operatorNames}</Descriptions.Item>
            </Descriptions>
            <Form form={form} layout="inline" disabled={!pending} className="mes-report-audit-form" style={{ rowGap: 8, marginBottom: 16 }}>
              <Form.Item name="goodQty" label="良品数" rules={[{ required: true, message: '请输入良品数' }]}>
                <InputNumber min={0} precision={0} style={{ width: 120 }} />
              </Form.Item>
              {lines.length > 0 ? (
                <Form.Item label={`不良数 ${defectQty ?? 0}`}>
                  <Space wrap>
                    {lines.map((line, index) => (
                      <Form.Item key={`${line.badPhenomenonId}-${index}`} name={['defects', index]} noStyle>
                        <InputNumber min={0} precision={0} addonBefore={line.reasonName} aria-label={`不良现象-${line.reasonName}`} style={{ width: 170 }} />
                      </Form.Item>
                    ))}
                  </Space>
                </Form.Item>
              ) : (
                <Form.Item name="defectQty" label="不良数">
                  <InputNumber min={0} precision={0} style={{ width: 120 }} />
                </Form.Item>
              )}
              <Form.Item name="inspectQty" label="待检数">
                <InputNumber min={0} precision={0} style={{ width: 120 }} />
              </Form.Item>
              {pending && (
                <Form.Item name="confirmOverReport" valuePropName="checked">
                  <Checkbox>修改后超过计划上限时确认超报</Checkbox>
                </Form.Item>
              )}
            </Form>
            <Timeline
              className="mes-report-history"
              items={detail.history.map((entry) => ({ content: `${entry.createTime} ${entry.userName}：${entry.content}` }))}
            />
          </div>
        )}
      </Spin>
    </Modal>
  );
}
