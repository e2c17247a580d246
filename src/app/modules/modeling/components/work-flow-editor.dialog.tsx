import { deviceLabel } from '@app/shared';
import { App, Button, Empty, Form, Radio, Select, Space, Tag } from 'antd';
import { FormDialog } from '@app/components/form-dialog';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CreateWorkFlowRequest, WorkFlow } from '@core/contracts/modeling';
import { devicesApi, processesApi, workFlowsApi } from '../modeling.api';
import { WORK_FLOW_FIELDS } from '../modeling.forms';
import { EditFormFields } from '@app/components/form-dialog';
import { optionsOf } from './options';
import { ProductPicker } from './product-picker';

const [BASIC_FIELDS, REMARK_FIELDS] = [WORK_FLOW_FIELDS.filter((field) => field.name !== 'remark'), WORK_FLOW_FIELDS.filter((field) => field.name === 'remark')];
const TYPE_OPTIONS = [
  { value: true, label: '通用模板' },
  { value: false, label: '产品专用' },
];
import { useEditorForm, useLoaded } from '@app/components/use-loaded';

export interface WorkFlowEditorProps {
  /** `{}` adds a flow, a row edits it, null closes the dialog. */
  editing: { row?: WorkFlow } | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 新增工艺路线 / 编辑工艺路线: code, name, type (通用模板, or 产品专用 with its one product picked by
 * search) and the ordered process steps (up/down), each with an optional default device.
 */
export function WorkFlowEditorDialog({ editing, onClose, onSaved }: WorkFlowEditorProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateWorkFlowRequest>();
  const row = editing?.row;
  const { open, loading, data: detail } = useEditorForm(
    form,
    editing,
    (id) => (id ? workFlowsApi.detail(id) : Promise.resolve(null)),
    (flow) =>
      flow
        ? { ...flow, steps: flow.steps.map(({ processId, defaultDeviceId, remark }) => ({ processId, defaultDeviceId, remark })) }
        : { isTemplate: true, steps: [] },
  );
  const key = open ? 'open' : 'closed';
  const processes = useLoaded(processesApi.all, key, []).data;
  const speeds = useLoaded(devicesApi.speeds, key, []).data;
  // The loaded flow's own product, for the picker's label.
  const owner = detail && detail.productId !== null ? detail : null;
  const steps = Form.useWatch('steps', form);
  const isTemplate = Form.useWatch('isTemplate', form) ?? true;
  // A step's default device is one that can run its process (has a theoretical speed for it).
  const deviceOptions = (index: number) =>
    speeds
      .filter((entry) => entry.processId === steps?.[index]?.processId)
      .map((entry) => ({ value: entry.deviceId, label: deviceLabel(entry) }));

  const save = async () => {
    const values = await form.validateFields();
    if (!values.steps?.length) {
      void message.warning('请至少添加一道工序');
      return false;
    }
    const template = values.isTemplate ?? true;
    const request = {
      ...values,
      isTemplate: template,
      productId: template ? null : (values.productId ?? null),
      steps: values.steps.map((step) => ({ ...step, defaultDeviceId: step.defaultDeviceId ?? null })),
    };
    if (row) await workFlowsApi.update({ ...request, id: row.id });
    else await workFlowsApi.create(request);
  };

  return (
    <FormDialog open={open} title={row ? '编辑工艺路线' : '新增工艺路线'} width={760} editing={!!row} save={save} onClose={onClose} onSaved={onSaved} loading={loading}>
      <Form form={form} layout="horizontal" labelCol={{ span: 5 }} className="mes-work-flow-editor">
        <EditFormFields fields={BASIC_FIELDS} />
        <Form.Item name="isTemplate" label="类型">
          <Radio.Group options={TYPE_OPTIONS} optionType="button" buttonStyle="solid" aria-label="工艺路线类型" />
        </Form.Item>
        {!isTemplate && (
          <Form.Item
            name="productId"
            label="所属产品"
            rules={[{ required: true, message: '请选择所属产品' }]}
            extra="产品专用的路线只属于这一个产品，保存后该产品的工艺路线即为本路线"
          >
            <ProductPicker initial={owner ? { id: owner.productId!, productNo: owner.productNo, productName: owner.productName } : null} />
          </Form.Item>
        )}
        <EditFormFields fields={REMARK_FIELDS} />
        <Form.Item label="工序步骤" required>
          <Form.List name="steps">
            {(items, { add, remove, move }) => (
              <div className="mes-flow-steps" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
                {items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无工序，请添加" />}
                {items.map(({ key: itemKey, name }, index) => (
                  <Space key={itemKey} align="baseline" className="mes-flow-step" data-step={index + 1}>
                    <Tag color="blue" style={{ width: 36, textAlign: 'center' }}>
                      {index + 1}
                    </Tag>
                    <Form.Item name={[name, 'processId']} rules={[{ required: true, message: '请选择工序' }]}>
                      <Select
                        placeholder="请选择工序"
                        aria-label={`第${index + 1}道工序`}
                        style={{ width: 180 }}
                        options={optionsOf(processes, (p) => p.processName)}
                        showSearch={{ optionFilterProp: 'label' }}
                      />
                    </Form.Item>
                    <Form.Item name={[name, 'defaultDeviceId']}>
                      <Select
                        placeholder="默认设备（可选）"
                        aria-label={`第${index + 1}道工序默认设备`}
                        style={{ width: 200 }}
                        allowClear
                        options={deviceOptions(index)}
                        notFoundContent="暂无可执行该工序的设备"
                        showSearch={{ optionFilterProp: 'label' }}
                      />
                    </Form.Item>
                    <Button type="text" aria-label="上移" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} />
                    <Button type="text" aria-label="下移" icon={<ArrowDownOutlined />} disabled={index === items.length - 1} onClick={() => move(index, index + 1)} />
                    <Button type="text" danger aria-label="移除工序" icon={<DeleteOutlined />} onClick={() => remove(name)} />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} style={{ width: 180 }}>
                  添加工序
                </Button>
              </div>
            )}
          </Form.List>
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
