import { Button, Checkbox, Col, DatePicker, Empty, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { UserBrief } from '@core/contracts/account';
import type { Device } from '@core/contracts/modeling';
import type { Downtime } from '@core/contracts/device-status';
import { DeviceLiveAuthorities } from '@core/access/authorities/device-live';
import { REPAIR_LIMITS, type CreateRepairRequest, type Repair, type RepairDetail, type RepairPartRequest, type SparePartStock } from '@core/contracts/device-repair';
import { FormDialog, ImageUpload, UserSelect, uploadedFromUrl, useCan, useEditorForm, useLoaded, type ListEditorProps, type UploadedFile } from '@app/components';
import { allDevices, deviceOptions } from '@app/shared';
import { useSession } from '@app/shell/use-session';
import { repairsApi } from '../device-repair.api';
import { REPAIR } from '../device-repair.fields';
import { downtimeLabel, missingDowntimeLabel } from './downtime-label';

const TIME = 'YYYY-MM-DD HH:mm:ss';

interface RepairFormValues {
  deviceId?: number;
  faultTime?: Dayjs;
  faultDescription?: string;
  reporterId?: number;
  repairerIds?: number[];
  downtime?: [Dayjs, Dayjs | null] | null;
  /** Start of the picked downtime record of the device; null: the range is typed by hand. */
  downtimeLinkStart?: number | null;
  photos?: UploadedFile[];
  parts?: Array<Partial<RepairPartRequest>>;
  cost?: number | null;
  remark?: string;
  notify?: boolean;
}

/** The request the form's values become. */
function requestOf(values: RepairFormValues): CreateRepairRequest {
  return {
    deviceId: values.deviceId!,
    faultTime: values.faultTime!.format(TIME),
    faultDescription: values.faultDescription ?? '',
    reporterId: values.reporterId!,
    repairerIds: values.repairerIds ?? [],
    photos: (values.photos ?? []).map((file) => file.url),
    downtimeStart: values.downtime ? values.downtime[0].format(TIME) : null,
    downtimeEnd: values.downtime?.[1] ? values.downtime[1].format(TIME) : null,
    downtimeLinkStart: values.downtimeLinkStart ?? null,
    parts: (values.parts ?? []).map((part) => ({ sparePartId: part.sparePartId!, quantity: part.quantity! })),
    cost: values.cost ?? 0,
    remark: values.remark ?? '',
  };
}

const NO_PARTS: SparePartStock[] = [];
const NO_DEVICES: Device[] = [];
const NO_PEOPLE: UserBrief[] = [];
const NO_DOWNTIME: Downtime[] = [];

/** Form values of a saved order (parts whose spare part the device no longer lists stay on the order as written). */
const formValuesOf = (detail: RepairDetail): RepairFormValues => ({
  deviceId: detail.deviceId ?? undefined,
  faultTime: dayjs(detail.faultTime, TIME),
  faultDescription: detail.faultDescription,
  reporterId: detail.reporterId ?? undefined,
  repairerIds: detail.repairerIds,
  downtime: detail.downtimeStart ? [dayjs(detail.downtimeStart, TIME), detail.downtimeEnd ? dayjs(detail.downtimeEnd, TIME) : null] : null,
  downtimeLinkStart: detail.downtimeLinkStart,
  photos: detail.photos.map(uploadedFromUrl),
  parts: detail.parts.filter((part) => part.sparePartId !== null).map((part) => ({ sparePartId: part.sparePartId!, quantity: part.quantity })),
  cost: detail.cost,
  remark: detail.remark,
});

const partLabel = (part: SparePartStock) => `${part.partName}${part.partNo ? `（${part.partNo}）` : ''}${part.spec ? ` ${part.spec}` : ''} · 库存${part.quantity}${part.unit}`;

/** 新增维修单 / 编辑维修单: device, fault, people, downtime, photos, the device's spare parts used, cost. */
export function RepairEditorDialog({ editing, onClose, onSaved }: ListEditorProps<Repair>) {
  const [form] = Form.useForm<RepairFormValues>();
  const userId = useSession((state) => state.user?.userId);
  const deviceId = Form.useWatch('deviceId', form);
  const row = editing?.row;
  // Devices (and the order being edited) each time the dialog opens.
  const loaded = useEditorForm(
    form,
    editing,
    (id) => Promise.all([allDevices(), id ? repairsApi.detail(id) : Promise.resolve(null)]),
    (data) =>
      data?.[1] ? formValuesOf(data[1]) : { faultTime: dayjs(), reporterId: userId, repairerIds: [], parts: [], photos: [], notify: true },
  );
  const { open } = loaded;
  const { data: parts } = useLoaded(() => (open && deviceId ? repairsApi.spareParts(deviceId) : Promise.resolve([])), open ? String(deviceId ?? '') : '', NO_PARTS);
  const can = useCan();
  const canPickDowntime = can(DeviceLiveAuthorities.detail);
  const linked = (Form.useWatch('downtimeLinkStart', form) ?? null) !== null;
  const { data: downtime } = useLoaded(
    () => (open && deviceId && canPickDowntime ? repairsApi.downtime(deviceId) : Promise.resolve(NO_DOWNTIME)),
    open && canPickDowntime ? String(deviceId ?? '') : '',
    NO_DOWNTIME,
  );
  const devices = loaded.data?.[0] ?? NO_DEVICES;
  const detail = loaded.data?.[1] ?? null;
  const people = detail?.people ?? NO_PEOPLE;

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return false;
    const request = requestOf(values);
    return row ? repairsApi.update({ ...request, id: row.id }) : repairsApi.create({ ...request, notify: values.notify ?? false });
  };

  // The saved link stays pickable when it is older than the list reaches, or gone from the timeline.
  const savedLink = detail && detail.deviceId === deviceId && detail.downtimeLinkStart !== null && !downtime.some((record) => record.start === detail.downtimeLinkStart)
    ? [{ value: detail.downtimeLinkStart, label: detail.downtimeLink ? downtimeLabel(detail.downtimeLink) : missingDowntimeLabel(detail.downtimeLinkStart) }]
    : [];
  const downtimeOptions = [...savedLink, ...downtime.map((record) => ({ value: record.start, label: downtimeLabel(record) }))];
  /** Picking a record fills the range from it (the server stores the record's times); clearing keeps the range for hand edits. */
  const pickDowntime = (start: number | undefined) => {
    const record = downtime.find((item) => item.start === start);
    if (record) form.setFieldValue('downtime', [dayjs(record.start), record.end === null ? null : dayjs(record.end)]);
  };

  const partOptions = parts.map((part) => ({ value: part.id, label: partLabel(part) }));
  return (
    <FormDialog open={open} title={row ? '编辑维修单' : '新增维修单'} width={820} editing={!!row} save={save} onClose={onClose} onSaved={onSaved} loading={open && loaded.loading}>
      <Form form={form} layout="vertical" className="mes-repair-form">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="deviceId" label={REPAIR.deviceId.label} rules={[{ required: true, message: `请选择${REPAIR.deviceId.label}` }]}>
              <Select
                placeholder="请选择设备"
                options={deviceOptions(devices)}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={() => form.setFieldsValue({ parts: [], downtimeLinkStart: null })}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="faultTime" label={REPAIR.faultTime.label} rules={[{ required: true, message: `请选择${REPAIR.faultTime.label}` }]}>
              <DatePicker showTime format={TIME} style={{ width: '100%' }} disabledDate={(date) => date.isAfter(dayjs().endOf('day'))} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="faultDescription"
              label={REPAIR.faultDescription.label}
              rules={[{ required: true, whitespace: true, message: `请输入${REPAIR.faultDescription.label}` }]}
            >
              <Input.TextArea rows={2} maxLength={REPAIR.faultDescription.max} showCount placeholder="如 主电机异响，运行中振动明显" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="reporterId" label={REPAIR.reporterId.label} rules={[{ required: true, message: `请选择${REPAIR.reporterId.label}` }]}>
              <UserSelect knownUsers={people} placeholder="请选择报修人" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="repairerIds" label={REPAIR.repairerIds.label} extra="开始维修前需指定；维修人不能验收自己的维修单">
              <UserSelect multiple knownUsers={people} placeholder="请选择维修人" />
            </Form.Item>
          </Col>
          {canPickDowntime && (
            <Col span={24}>
              <Form.Item name="downtimeLinkStart" label={REPAIR.downtimeLinkStart.label} extra="选择该设备近 30 天的故障/待机记录，自动带出停机时段；没有合适的记录时清空，手工填写停机时段">
                <Select<number>
                  allowClear
                  placeholder={deviceId ? (downtime.length ? '请选择停机记录' : '该设备近 30 天无停机记录') : '请先选择设备'}
                  disabled={!deviceId}
                  options={downtimeOptions}
                  onChange={pickDowntime}
                />
              </Form.Item>
            </Col>
          )}
          <Col span={12}>
            <Form.Item name="downtime" label={REPAIR.downtime.label} extra={linked ? '取自所选停机记录' : undefined}>
              <DatePicker.RangePicker showTime format={TIME} style={{ width: '100%' }} placeholder={['停机开始', '停机结束']} disabled={linked} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="cost" label={`${REPAIR.cost.label}（元）`}>
              <InputNumber min={0} max={REPAIR_LIMITS.cost} precision={2} style={{ width: '100%' }} placeholder="请输入维修费用" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label={REPAIR.parts.label} className="mes-repair-parts" extra="保存时按用量从该设备的备件库存中扣减，库存不足将无法保存">
              <Form.List name="parts">
                {(items, { add, remove }) => (
                  <>
                    {items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={deviceId ? '未使用备件' : '请先选择设备'} />}
                    {items.map(({ key, name }, index) => (
                      <Space key={key} align="baseline" className="mes-repair-part" data-row={index + 1}>
                        <Form.Item name={[name, 'sparePartId']} rules={[{ required: true, message: '请选择备件' }]}>
                          <Select placeholder="备件" aria-label={`第${index + 1}行备件`} options={partOptions} style={{ width: 440 }} showSearch={{ optionFilterProp: 'label' }} />
                        </Form.Item>
                        <Form.Item name={[name, 'quantity']} rules={[{ required: true, message: '请输入用量' }]}>
                          <InputNumber<number> placeholder="用量" aria-label={`第${index + 1}行用量`} min={1} max={REPAIR_LIMITS.partQuantity} precision={0} style={{ width: 110 }} />
                        </Form.Item>
                        <Button type="text" aria-label="删除备件" icon={<DeleteOutlined />} onClick={() => remove(name)} />
                      </Space>
                    ))}
                    <div>
                      <Button type="dashed" icon={<PlusOutlined />} disabled={!deviceId || parts.length === 0} onClick={() => add({ quantity: 1 })}>
                        {deviceId && parts.length === 0 ? '该设备暂无备品备件' : '添加备件'}
                      </Button>
                    </div>
                  </>
                )}
              </Form.List>
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="photos" label={REPAIR.photos.label} extra="支持 jpg、png，最多 4 张">
              <ImageUpload multiple />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={REPAIR.remark.label}>
              <Input.TextArea rows={2} maxLength={200} showCount placeholder="请输入备注" />
            </Form.Item>
          </Col>
          {!row && (
            <Col span={24}>
              <Form.Item name="notify" valuePropName="checked" extra="保存后发送到本工厂已启用的告警群（告警群设置）">
                <Checkbox>{REPAIR.notify.label}</Checkbox>
              </Form.Item>
            </Col>
          )}
        </Row>
      </Form>
    </FormDialog>
  );
}
