import { useState } from 'react';
import { App, DatePicker, Form, Input, InputNumber, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { BOARD_ORDER_MAX_SHEETS, type RemakeCandidate } from '@core/contracts/paperboard';
import { FormDialog, useLoaded } from '@app/components';
import { boardOrdersApi } from '../paperboard.api';

interface RemakeForm {
  quantity: number;
  dueDate: Dayjs;
  remark?: string;
}

const NONE: RemakeCandidate[] = [];

/**
 * 生成补单: the factory's recent audited reports with defects after the corrugator; pick one and the
 * re-make takes its order's board code, flute and sheet, with the defect quantity (editable) and a due date.
 */
export function RemakeDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RemakeForm>();
  const [picked, setPicked] = useState<RemakeCandidate | null>(null);
  const { data, loading } = useLoaded(() => (open ? boardOrdersApi.remakeCandidates() : Promise.resolve(NONE)), String(open), NONE);

  const pick = (row: RemakeCandidate) => {
    setPicked(row);
    form.setFieldsValue({ quantity: row.defectQty });
  };
  const close = () => {
    setPicked(null);
    form.resetFields();
    onClose();
  };
  const save = async () => {
    if (!picked) {
      void message.warning('请选择报工记录');
      return false;
    }
    const values = await form.validateFields();
    return boardOrdersApi.remake({ reportId: picked.reportId, quantity: values.quantity, dueDate: values.dueDate.format('YYYY-MM-DD'), remark: values.remark ?? '' });
  };

  return (
    <FormDialog open={open} title="生成补单" width={1200} save={save} successText="生成补单成功" onClose={close} onSaved={onSaved}>
      <div className="mes-board-remake">
        <Table<RemakeCandidate>
          className="mes-board-remake-reports"
          size="small"
          rowKey="reportId"
          loading={loading}
          dataSource={data}
          pagination={false}
          scroll={{ y: 300 }}
          rowSelection={{ type: 'radio', selectedRowKeys: picked ? [picked.reportId] : [], onChange: (_, rows) => rows[0] && pick(rows[0]), getCheckboxProps: (row) => ({ disabled: row.remakeOrderNo !== '' }) }}
          onRow={(row) => ({ onClick: () => row.remakeOrderNo === '' && pick(row) })}
          locale={{ emptyText: '没有可生成补单的不良报工（已审核、瓦线之后的工序、有不良数）' }}
          columns={[
            { title: '报工单号', dataIndex: 'reportNo', width: 140 },
            { title: '生产订单', dataIndex: 'productionOrderNo', width: 140 },
            { title: '客户名称', dataIndex: 'customerName', ellipsis: true },
            { title: '工序', dataIndex: 'processName', width: 90 },
            { title: '不良数', dataIndex: 'defectQty', width: 64, align: 'right' },
            { title: '纸板', key: 'board', width: 200, render: (_, row) => `${row.boardCode}（${row.flute}）${row.widthMm}×${row.lengthMm}` },
            { title: '审核时间', dataIndex: 'auditedAt', width: 160 },
            { title: '补单', dataIndex: 'remakeOrderNo', width: 170, render: (value: string) => (value ? <Tag>已生成 {value}</Tag> : '') },
          ]}
        />
        <Form form={form} layout="inline" style={{ marginTop: 16 }} initialValues={{ dueDate: dayjs() }}>
          <Form.Item label="数量（张）" name="quantity" rules={[{ required: true, message: '请输入数量（张）' }]}>
            <InputNumber min={1} max={BOARD_ORDER_MAX_SHEETS} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item label="交期" name="dueDate" rules={[{ required: true, message: '请选择交期' }]}>
            <DatePicker allowClear={false} />
          </Form.Item>
          <Form.Item label="备注" name="remark">
            <Input maxLength={200} placeholder="默认记下报工单号与不良数" style={{ width: 280 }} />
          </Form.Item>
        </Form>
      </div>
    </FormDialog>
  );
}
