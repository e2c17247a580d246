import { useEffect } from 'react';
import { Col, DatePicker, Form, Input, InputNumber, Row, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { LEDGER_LIMITS, type LedgerRow, type UpdateLedgerRequest } from '@core/contracts/device-ledger';
import { FileUpload, FormDialog, UserSelect, type UploadedFile } from '@app/components';
import { ledgerApi } from '../device-ledger.api';
import { LEDGER } from '../device-ledger.fields';

const DATE = 'YYYY-MM-DD';

interface LedgerFormValues {
  assetNo?: string;
  purchaseDate?: Dayjs | null;
  supplier?: string;
  price?: number | null;
  warrantyEnd?: Dayjs | null;
  location?: string;
  responsibleUserId?: number | null;
  documents?: UploadedFile[];
  remark?: string;
}

const formValuesOf = (row: LedgerRow): LedgerFormValues => ({
  assetNo: row.assetNo,
  purchaseDate: row.purchaseDate ? dayjs(row.purchaseDate, DATE) : null,
  supplier: row.supplier,
  price: row.price,
  warrantyEnd: row.warrantyEnd ? dayjs(row.warrantyEnd, DATE) : null,
  location: row.location,
  responsibleUserId: row.responsibleUserId,
  documents: row.documents.map((document) => ({ url: document.url, fileName: document.name, originalName: document.name })),
  remark: row.remark,
});

const requestOf = (id: number, values: LedgerFormValues): UpdateLedgerRequest => ({
  id,
  assetNo: values.assetNo?.trim() ?? '',
  purchaseDate: values.purchaseDate ? values.purchaseDate.format(DATE) : null,
  supplier: values.supplier?.trim() ?? '',
  price: values.price ?? null,
  warrantyEnd: values.warrantyEnd ? values.warrantyEnd.format(DATE) : null,
  location: values.location?.trim() ?? '',
  responsibleUserId: values.responsibleUserId ?? null,
  documents: (values.documents ?? []).map((file) => ({ url: file.url, name: file.originalName })),
  remark: values.remark?.trim() ?? '',
});

/** 编辑台账: the asset fields of one device (number, name, type and workshop stay in /modeling). */
export function LedgerEditorDialog({ row, onClose, onSaved }: { row: LedgerRow | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<LedgerFormValues>();
  useEffect(() => {
    if (!row) return;
    form.resetFields();
    form.setFieldsValue(formValuesOf(row));
  }, [row, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !row) return false;
    return ledgerApi.update(requestOf(row.id, values));
  };

  const text = (name: 'assetNo' | 'supplier' | 'location', placeholder: string) => (
    <Form.Item name={name} label={LEDGER[name].label}>
      <Input maxLength={LEDGER[name].max} placeholder={placeholder} autoComplete="off" />
    </Form.Item>
  );
  return (
    <FormDialog open={row !== null} title="编辑台账" width={760} editing save={save} onClose={onClose} onSaved={onSaved}>
      <Form form={form} layout="vertical" className="mes-ledger-form">
        {row && (
          <Typography.Paragraph type="secondary">
            {row.deviceName}（{row.deviceNo}）· {row.workshopName || '未分配车间'} · {row.deviceTypeName || '未分类'}
          </Typography.Paragraph>
        )}
        <Row gutter={16}>
          <Col span={12}>{text('assetNo', '如 ZC-2024-001')}</Col>
          <Col span={12}>{text('supplier', '请输入供应商')}</Col>
          <Col span={12}>
            <Form.Item name="purchaseDate" label={LEDGER.purchaseDate.label}>
              <DatePicker style={{ width: '100%' }} placeholder="请选择购置日期" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="warrantyEnd"
              label={LEDGER.warrantyEnd.label}
              dependencies={['purchaseDate']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_rule, value: Dayjs | null) => {
                    const bought = getFieldValue('purchaseDate') as Dayjs | null;
                    return value && bought && value.isBefore(bought, 'day') ? Promise.reject(new Error('保修截止不能早于购置日期')) : Promise.resolve();
                  },
                }),
              ]}
            >
              <DatePicker style={{ width: '100%' }} placeholder="请选择保修截止日期" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="price" label={`${LEDGER.price.label}（元）`}>
              <InputNumber min={0} max={LEDGER_LIMITS.price} precision={2} style={{ width: '100%' }} placeholder="请输入购置价格" />
            </Form.Item>
          </Col>
          <Col span={12}>{text('location', '如 印刷车间A区')}</Col>
          <Col span={12}>
            <Form.Item name="responsibleUserId" label={LEDGER.responsibleUserId.label}>
              {/* The chosen person's name comes with the factory's list, loaded at once for a chosen id. */}
              <UserSelect placeholder="请选择责任人" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="remark" label={LEDGER.remark.label}>
              <Input maxLength={LEDGER.remark.max} placeholder="请输入备注" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="documents" label={LEDGER.documents.label} extra={`说明书、合同、验收单等，最多${LEDGER_LIMITS.documents}个文件，单个不超过6MB`}>
              <FileUpload maxCount={LEDGER_LIMITS.documents} buttonText="上传文档" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormDialog>
  );
}
