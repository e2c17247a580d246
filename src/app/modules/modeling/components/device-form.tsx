import { Button, Card, Col, Empty, Form, Input, InputNumber, Row, Select, Space, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CreateDeviceRequest, DeviceDetail, DeviceSpeed, Process, SparePart } from '@core/contracts/modeling';
import { ImageUpload, uploadedFromUrl, type UploadedFile } from '@app/components';
import { EditFormFields, type FieldOption } from '@app/components/form-dialog';
import { DEVICE_FIELDS } from '../modeling.forms';
import { optionsOf } from './options';
import { processesForType, type TypeCapabilities } from './type-processes';

/** Form values of the device editor: pictures as uploaded files. */
export type DeviceFormValues = Omit<CreateDeviceRequest, 'pictures'> & { pictures?: UploadedFile[] };

const SPEED_UNITS = ['张/小时', '个/小时', '米/分钟', '捆/小时'].map((unit) => ({ value: unit, label: unit }));

/** A new device: production use, idle, with the type chosen in the tree. */
export const newDeviceValues = (deviceTypeId: number | null): DeviceFormValues => ({
  deviceNo: '',
  deviceName: '',
  deviceTypeId,
  deviceUse: 1,
  status: 1,
  speeds: [],
  spareParts: [],
  pictures: [],
});

/** Form values of a saved device. */
export const deviceFormValues = (detail: DeviceDetail): DeviceFormValues => ({
  ...detail,
  speeds: detail.speeds.map(({ processId, speed, unit }) => ({ processId, speed, unit })),
  spareParts: detail.spareParts,
  pictures: detail.pictures.map(uploadedFromUrl),
});

/** The request the form's values become. */
export const deviceRequestOf = (values: DeviceFormValues): CreateDeviceRequest => ({
  ...values,
  deviceTypeId: values.deviceTypeId ?? null,
  workshopId: values.workshopId ?? null,
  pictures: (values.pictures ?? []).map((file) => file.url),
  speeds: values.speeds ?? [],
  spareParts: values.spareParts ?? [],
});

export interface DeviceFormProps {
  form: FormInstance<DeviceFormValues>;
  typeOptions: FieldOption[];
  workshopOptions: FieldOption[];
  processes: readonly Process[];
  /** What each device type does (its devices' speeds): the speed rows offer only the chosen type's processes. */
  capabilities: TypeCapabilities;
  /** The device being edited (not counted when judging its own type). */
  deviceId?: number;
  onValuesChange?: () => void;
}

/** The device editor: 基本信息, 理论速度 per process and unit, 设备图片 and 备品备件, one card each. */
export function DeviceForm({ form, typeOptions, workshopOptions, processes, capabilities, deviceId, onValuesChange }: DeviceFormProps) {
  const deviceTypeId = Form.useWatch('deviceTypeId', form);
  const speeds = Form.useWatch('speeds', form);
  const processOptions = optionsOf(
    processesForType(deviceTypeId, processes, capabilities, (speeds ?? []).map((speed) => speed?.processId), deviceId),
    (p) => p.processName,
  );
  const basicOptions = { deviceTypeId: typeOptions, workshopId: workshopOptions };
  return (
    <Form form={form} layout="vertical" className="mes-device-form" onValuesChange={onValuesChange}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card size="small" title="基本信息" className="mes-device-basic">
          <Row gutter={24}>
            {DEVICE_FIELDS.map((field) => (
              <Col key={field.name} xs={24} md={field.kind === 'textarea' ? 24 : 12} xl={field.kind === 'textarea' ? 24 : 8}>
                <EditFormFields fields={[field]} options={basicOptions} />
              </Col>
            ))}
          </Row>
        </Card>
        <Card size="small" title="理论速度" className="mes-device-speeds">
          <Form.List name="speeds">
            {(items, { add, remove }) => (
              <>
                {items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无理论速度，请按工序添加" />}
                {items.map(({ key, name }, index) => (
                  <Space key={key} align="baseline" className="mes-device-speed" data-row={index + 1}>
                    <Form.Item name={[name, 'processId']} rules={[{ required: true, message: '请选择工序' }]}>
                      <Select
                        placeholder="工序"
                        aria-label={`第${index + 1}行工序`}
                        style={{ width: 180 }}
                        options={processOptions}
                        showSearch={{ optionFilterProp: 'label' }}
                      />
                    </Form.Item>
                    <Form.Item name={[name, 'speed']} rules={[{ required: true, message: '请输入速度' }]}>
                      <InputNumber<number> placeholder="速度" aria-label={`第${index + 1}行速度`} min={0.01} style={{ width: 140 }} />
                    </Form.Item>
                    <Form.Item name={[name, 'unit']} rules={[{ required: true, message: '请选择单位' }]}>
                      <Select placeholder="单位" aria-label={`第${index + 1}行单位`} style={{ width: 120 }} options={SPEED_UNITS} />
                    </Form.Item>
                    <Button type="text" aria-label="删除速度" icon={<DeleteOutlined />} onClick={() => remove(name)} />
                  </Space>
                ))}
                <div>
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ unit: '张/小时' } satisfies Partial<DeviceSpeed>)}>
                    添加理论速度
                  </Button>
                </div>
              </>
            )}
          </Form.List>
        </Card>
        <Card size="small" title="设备图片" className="mes-device-pictures">
          <Form.Item name="pictures" extra="支持 jpg、png，最多 4 张" style={{ marginBottom: 0 }}>
            <ImageUpload multiple />
          </Form.Item>
        </Card>
        <Card size="small" title="备品备件" className="mes-device-parts">
          <Form.List name="spareParts">
            {(items, { add, remove }) => (
              <>
                {items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无备品备件" />}
                {items.map(({ key, name }) => (
                  <Space key={key} align="baseline" wrap className="mes-device-part">
                    <Form.Item name={[name, 'partNo']}>
                      <Input placeholder="备件编号" maxLength={30} style={{ width: 130 }} />
                    </Form.Item>
                    <Form.Item name={[name, 'partName']} rules={[{ required: true, whitespace: true, message: '请输入备件名称' }]}>
                      <Input placeholder="备件名称" maxLength={30} style={{ width: 160 }} />
                    </Form.Item>
                    <Form.Item name={[name, 'spec']}>
                      <Input placeholder="规格" maxLength={50} style={{ width: 140 }} />
                    </Form.Item>
                    <Form.Item name={[name, 'quantity']}>
                      <InputNumber<number> placeholder="数量" min={0} precision={0} style={{ width: 90 }} />
                    </Form.Item>
                    <Form.Item name={[name, 'unit']}>
                      <Input placeholder="单位" maxLength={10} style={{ width: 80 }} />
                    </Form.Item>
                    <Button type="text" aria-label="删除备件" icon={<DeleteOutlined />} onClick={() => remove(name)} />
                  </Space>
                ))}
                <div>
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quantity: 1 } satisfies Partial<SparePart>)}>
                    添加备件
                  </Button>
                </div>
              </>
            )}
          </Form.List>
        </Card>
      </Space>
    </Form>
  );
}
