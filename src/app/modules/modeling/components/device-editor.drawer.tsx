import { useEffect, useState } from 'react';
import { App, Button, Drawer, Form, Input, InputNumber, Select, Space, Spin } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CreateDeviceRequest, Device, DeviceSpeed, SparePart } from '../../../../core/contracts/modeling';
import { ImageUpload, type UploadedFile } from '../../../components';
import { devicesApi, processesApi } from '../modeling.api';
import { DEVICE_FIELDS } from '../modeling.forms';
import { EditFormFields, type FieldOption } from '../../../components/form-dialog';
import { optionsOf } from './options';
import { useLoaded } from '../../../components/use-loaded';

type DeviceForm = Omit<CreateDeviceRequest, 'pictures'> & { pictures?: UploadedFile[] };

const SPEED_UNITS = ['张/小时', '个/小时', '米/分钟', '捆/小时'].map((unit) => ({ value: unit, label: unit }));
const asUploaded = (url: string): UploadedFile => ({ url, fileName: url.split('/').pop() ?? url, originalName: url.split('/').pop() ?? url });

export interface DeviceEditorProps {
  /** `{}` adds a device, a row edits it, null closes the drawer. */
  editing: { row?: Device } | null;
  /** Type preselected when adding. */
  deviceTypeId: number | null;
  typeOptions: FieldOption[];
  workshopOptions: FieldOption[];
  onClose: () => void;
  onSaved: () => void;
}

/** 新增设备 / 编辑设备: basic fields, theoretical speed per process and unit, spare parts and pictures. */
export function DeviceEditorDrawer({ editing, deviceTypeId, typeOptions, workshopOptions, onClose, onSaved }: DeviceEditorProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<DeviceForm>();
  const [saving, setSaving] = useState(false);
  // The editing request whose detail has arrived (a new open is a new object).
  const [loadedFor, setLoadedFor] = useState<object | null>(null);
  const processes = useLoaded(processesApi.all, editing ? 'open' : 'closed', []).data;
  const row = editing?.row;
  const loading = !!row && loadedFor !== editing;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (!row) {
      form.setFieldsValue({ deviceTypeId, deviceUse: 1, status: 1, speeds: [], spareParts: [], pictures: [] });
      return;
    }
    devicesApi
      .detail(row.id)
      .then((detail) =>
        form.setFieldsValue({
          ...detail,
          speeds: detail.speeds.map(({ processId, speed, unit }) => ({ processId, speed, unit })),
          spareParts: detail.spareParts,
          pictures: detail.pictures.map(asUploaded),
        }),
      )
      .catch(() => undefined)
      .finally(() => setLoadedFor(editing));
  }, [editing, row, deviceTypeId, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const request: CreateDeviceRequest = {
        ...values,
        deviceTypeId: values.deviceTypeId ?? null,
        workshopId: values.workshopId ?? null,
        pictures: (values.pictures ?? []).map((file) => file.url),
        speeds: values.speeds ?? [],
        spareParts: values.spareParts ?? [],
      };
      if (row) await devicesApi.update({ ...request, id: row.id });
      else await devicesApi.create(request);
      void message.success(row ? '修改成功' : '新增成功');
      onSaved();
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={!!editing}
      title={row ? '编辑设备' : '新增设备'}
      size={720}
      onClose={onClose}
      forceRender
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void submit().catch(() => undefined)}>
            确定
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        <Form form={form} layout="horizontal" labelCol={{ span: 5 }} className="mes-device-editor">
          <EditFormFields fields={DEVICE_FIELDS} options={{ deviceTypeId: typeOptions, workshopId: workshopOptions }} />
          <Form.Item label="理论速度">
            <Form.List name="speeds">
              {(items, { add, remove }) => (
                <>
                  {items.map(({ key, name }) => (
                    <Space key={key} align="baseline">
                      <Form.Item name={[name, 'processId']} rules={[{ required: true, message: '请选择工序' }]}>
                        <Select placeholder="工序" style={{ width: 160 }} options={optionsOf(processes, (p) => p.processName)} showSearch={{ optionFilterProp: 'label' }} />
                      </Form.Item>
                      <Form.Item name={[name, 'speed']} rules={[{ required: true, message: '请输入速度' }]}>
                        <InputNumber<number> placeholder="速度" min={0.01} style={{ width: 110 }} />
                      </Form.Item>
                      <Form.Item name={[name, 'unit']} rules={[{ required: true, message: '请选择单位' }]}>
                        <Select placeholder="单位" style={{ width: 110 }} options={SPEED_UNITS} />
                      </Form.Item>
                      <Button type="text" aria-label="删除速度" icon={<DeleteOutlined />} onClick={() => remove(name)} />
                    </Space>
                  ))}
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ unit: '张/小时' } satisfies Partial<DeviceSpeed>)}>
                    添加理论速度
                  </Button>
                </>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item label="备品备件">
            <Form.List name="spareParts">
              {(items, { add, remove }) => (
                <>
                  {items.map(({ key, name }) => (
                    <Space key={key} align="baseline" wrap>
                      <Form.Item name={[name, 'partName']} rules={[{ required: true, whitespace: true, message: '请输入备件名称' }]}>
                        <Input placeholder="备件名称" maxLength={30} style={{ width: 130 }} />
                      </Form.Item>
                      <Form.Item name={[name, 'spec']}>
                        <Input placeholder="规格" maxLength={50} style={{ width: 110 }} />
                      </Form.Item>
                      <Form.Item name={[name, 'quantity']}>
                        <InputNumber<number> placeholder="数量" min={0} precision={0} style={{ width: 80 }} />
                      </Form.Item>
                      <Form.Item name={[name, 'unit']}>
                        <Input placeholder="单位" maxLength={10} style={{ width: 70 }} />
                      </Form.Item>
                      <Button type="text" aria-label="删除备件" icon={<DeleteOutlined />} onClick={() => remove(name)} />
                    </Space>
                  ))}
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quantity: 1 } satisfies Partial<SparePart>)}>
                    添加备件
                  </Button>
                </>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item name="pictures" label="设备图片">
            <ImageUpload multiple />
          </Form.Item>
        </Form>
      </Spin>
    </Drawer>
  );
}
