import { useEffect, useState } from 'react';
import { App, Card, Form, Spin } from 'antd';
import { SysCfgAuthorities as A } from '@core/access/authorities/sys-cfg';
import type { ScheduleConfig, ScheduleConfigFields } from '@core/contracts/sys-cfg';
import { AuthButton, useLoaded } from '@app/components';
import { EditFormFields } from '@app/components/form-dialog';
import { scheduleConfigApi } from '../enterprise-config.api';
import { SCHEDULE_FIELDS } from '../sys-cfg.forms';

/** 排产配置 (/schedule-cfg): calendar source, efficiency, changeover rules and schedulable statuses. */
export default function ScheduleCfgPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<ScheduleConfigFields>();
  const loaded = useLoaded<ScheduleConfig | null>(scheduleConfigApi.find, 'schedule', null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (loaded.data) form.setFieldsValue(loaded.data);
  }, [form, loaded.data]);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      form.setFieldsValue(await scheduleConfigApi.update(values));
      void message.success('保存成功');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Spin spinning={loaded.loading}>
      <Card size="small" title="排产配置" className="mes-schedule-cfg">
        <Form form={form} layout="horizontal" labelCol={{ flex: '160px' }} style={{ maxWidth: 760 }}>
          <EditFormFields fields={SCHEDULE_FIELDS} />
          <Form.Item label=" " colon={false}>
            <AuthButton authority={A.scheduleCfgEdit} type="primary" loading={saving} onClick={() => void save().catch(() => undefined)}>
              保存
            </AuthButton>
          </Form.Item>
        </Form>
      </Card>
    </Spin>
  );
}
