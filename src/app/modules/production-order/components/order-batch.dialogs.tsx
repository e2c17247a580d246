import { useEffect } from 'react';
import { DatePicker, Form, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { URGENCY } from '@core/enums';
import { DATE_FORMAT } from '@core/format';
import type { ProductionOrderListRow } from '@core/contracts/work-order/order';
import { FormDialog } from '@app/components';
import { ordersApi } from '../production-order.api';

export interface BatchDialogProps {
  /** The selected orders; null closes the dialog. */
  rows: readonly ProductionOrderListRow[] | null;
  onClose: () => void;
  onSaved: () => void;
}

const numbers = (rows: readonly ProductionOrderListRow[]) => {
  const shown = rows.slice(0, 3).map((row) => row.orderNo).join('、');
  return rows.length > 3 ? `${shown} 等 ${rows.length} 个订单` : shown;
};

/** 批量修改交期: one new delivery date for the selected orders (all change, or none). */
export function DeliveryDateDialog({ rows, onClose, onSaved }: BatchDialogProps) {
  const [form] = Form.useForm<{ deliveryDate?: Dayjs }>();
  useEffect(() => {
    if (rows) form.resetFields();
  }, [rows, form]);
  const save = async () => {
    const { deliveryDate } = await form.validateFields();
    await ordersApi.deliveryDate(rows!.map((row) => row.id), deliveryDate!.format(DATE_FORMAT));
  };
  return (
    <FormDialog open={!!rows} title="批量修改交期" save={save} successText="交期已修改" onClose={onClose} onSaved={onSaved}>
      <Form form={form} layout="vertical" className="mes-order-delivery-date">
        <Form.Item label="所选订单">{rows && numbers(rows)}</Form.Item>
        <Form.Item name="deliveryDate" label="新交货日期" rules={[{ required: true, message: '请选择新交货日期' }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

/** 加急: the urgency of the selected orders (all change, or none). */
export function UrgencyDialog({ rows, onClose, onSaved }: BatchDialogProps) {
  const [form] = Form.useForm<{ urgency?: number }>();
  useEffect(() => {
    if (rows) form.setFieldsValue({ urgency: 2 });
  }, [rows, form]);
  const save = async () => {
    const { urgency } = await form.validateFields();
    await ordersApi.urgent(rows!.map((row) => row.id), urgency!);
  };
  return (
    <FormDialog open={!!rows} title="订单加急" save={save} successText="紧急程度已修改" onClose={onClose} onSaved={onSaved}>
      <Form form={form} layout="vertical" className="mes-order-urgency">
        <Form.Item label="所选订单">{rows && numbers(rows)}</Form.Item>
        <Form.Item name="urgency" label="紧急程度" rules={[{ required: true, message: '请选择紧急程度' }]}>
          <Radio.Group options={URGENCY.options.map(({ value, label }) => ({ value, label }))} optionType="button" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
