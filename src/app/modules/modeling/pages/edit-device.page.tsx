import { useEffect, useState } from 'react';
import { deviceLabel } from '@app/shared';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { App, Button, Empty, Form, Space, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useLeaveGuard } from '@app/components/leave-guard';
import { AuthButton } from '@app/components/auth-button';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { useLoaded } from '@app/components/use-loaded';
import type { TypeCapabilities } from '../components/type-processes';
import { DeviceForm, deviceFormValues, deviceRequestOf, newDeviceValues, type DeviceFormValues } from '../components/device-form';
import { DEVICE_LIST_PATH, type DeviceEditorState } from '../components/device-route';
import { deviceTypeCategories, treeOptionsOf } from '../components/options';
import { devicesApi, deviceTypesApi, processesApi, workshopsApi } from '../modeling.api';

const loadTypes = () => deviceTypesApi.tree().then(deviceTypeCategories);
/** Which processes each device type does, from the devices' theoretical speeds (the speed rows' process options). */
const loadCapabilities = (): Promise<TypeCapabilities> => Promise.all([devicesApi.all(), devicesApi.speeds()]).then(([devices, speeds]) => ({ devices, speeds }));
const NO_CAPABILITIES: TypeCapabilities = { devices: [], speeds: [] };
const positive = (value: string | null) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null);

/** /edit-device (hidden): the full device editor; `id` edits a device, without it a new one is added. */
export default function EditDevicePage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const id = positive(params.get('id'));
  const presetType = positive(params.get('deviceTypeId'));
  const back = (location.state as DeviceEditorState | null)?.from ?? DEVICE_LIST_PATH;
  const [form] = Form.useForm<DeviceFormValues>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const types = useLoaded(loadTypes, 'types', []).data;
  const workshops = useLoaded(workshopsApi.all, 'workshops', []).data;
  const processes = useLoaded(processesApi.all, 'processes', []).data;
  const capabilities = useLoaded(loadCapabilities, 'capabilities', NO_CAPABILITIES).data;
  const detail = useLoaded(() => (id ? devicesApi.detail(id) : Promise.resolve(null)), `device:${id}`, null);
  const missing = id !== null && !detail.loading && detail.data === null;

  useEffect(() => {
    if (detail.loading) return;
    form.resetFields();
    form.setFieldsValue(detail.data ? deviceFormValues(detail.data) : newDeviceValues(presetType));
  }, [detail.loading, detail.data, presetType, form]);

  // Leaving with unsaved changes asks first, whichever way the user leaves.
  const guard = useLeaveGuard(dirty, '设备信息已修改但尚未保存，离开后修改将丢失。');
  const leave = () => navigate(back);

  const save = async () => {
    const request = deviceRequestOf(await form.validateFields());
    setSaving(true);
    try {
      if (id) await devicesApi.update({ ...request, id });
      else await devicesApi.create(request);
      void message.success(id ? '修改成功' : '新增成功');
      setDirty(false);
      guard.leaveTo(back);
    } finally {
      setSaving(false);
    }
  };

  const title = id ? `编辑设备${detail.data ? `：${deviceLabel(detail.data)}` : ''}` : '新增设备';
  return (
    <div className="mes-edit-device">
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 16 }}>
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={leave} style={{ paddingInline: 0 }}>
          返回设备列表
        </Button>
        <span className="mes-edit-device-title" style={{ fontSize: 16, fontWeight: 600 }}>
          {title}
        </span>
      </div>
      {missing ? (
        <Empty description="设备不存在或已被删除" />
      ) : (
        <Spin spinning={detail.loading}>
          <DeviceForm
            form={form}
            typeOptions={treeOptionsOf(types)}
            workshopOptions={workshops.map((row) => ({ value: row.id, label: row.workshopName }))}
            processes={processes}
            capabilities={capabilities}
            deviceId={id ?? undefined}
            onValuesChange={() => setDirty(true)}
          />
          <Space className="mes-edit-device-actions" style={{ position: 'sticky', bottom: 0, width: '100%', justifyContent: 'flex-end', padding: '12px 0', background: '#fff', borderTop: '1px solid #f0f0f0', marginTop: 16 }}>
            <Button onClick={leave}>取消</Button>
            <AuthButton authority={id ? A.deviceEdit : A.deviceAdd} type="primary" loading={saving} disabled={detail.loading} onClick={() => void save().catch(() => undefined)}>
              保存
            </AuthButton>
          </Space>
        </Spin>
      )}
    </div>
  );
}
