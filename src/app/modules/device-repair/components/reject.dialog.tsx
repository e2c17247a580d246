import { useEffect } from 'react';
import { Form, Input, Typography } from 'antd';
import type { Repair } from '@core/contracts/device-repair';
import { FormDialog } from '@app/components';
import { repairsApi } from '../device-repair.api';

/** 驳回: the order goes back to 处理中 with the reason, which the repairer reads in its history. */
export function RejectDialog({ row, onClose, onSaved }: { row: Repair | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<{ remark: string }>();
  useEffect(() => {
    if (row) form.resetFields();
  }, [row, form]);
  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !row) return false;
    return repairsApi.step('reject', row.id, values.remark.trim());
  };
  return (
    <FormDialog open={row !== null} title="驳回维修单" save={save} successText="已驳回" onClose={onClose} onSaved={onSaved}>
      <Typography.Paragraph>
        驳回后「{row?.repairNo}」回到处理中，由维修人继续处理。
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item name="remark" label="驳回原因" rules={[{ required: true, whitespace: true, message: '请输入驳回原因' }]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="如 试机仍有异响，请复查" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
