import { Card, Form, Spin } from 'antd';
import { SysCfgAuthorities as A } from '@core/access/authorities/sys-cfg';
import type { ScheduleConfigFields } from '@core/contracts/sys-cfg';
import { AuthButton, useSettingsForm } from '@app/components';
import { EditFormFields } from '@app/components/form-dialog';
import { scheduleConfigApi } from '../enterprise-config.api';
import { SCHEDULE_FIELDS } from '../sys-cfg.forms';

/** 排产配置 (/schedule-cfg): calendar source, efficiency, changeover rules and schedulable statuses. */
export default function ScheduleCfgPage() {
  const { form, loading, saving, save } = useSettingsForm<ScheduleConfigFields>(scheduleConfigApi.find, scheduleConfigApi.update, 'schedule');

  return (
    <Spin spinning={loading}>
      <Card size="small" title="排产配置" className="mes-schedule-cfg">
        <Form form={form} layout="horizontal" labelCol={{ flex: '160px' }} style={{ maxWidth: 760 }}>
          <EditFormFields fields={SCHEDULE_FIELDS} />
          <Form.Item label=" " colon={false}>
            <AuthButton authority={A.scheduleCfgEdit} type="primary" loading={saving} onClick={save}>
              保存
            </AuthButton>
          </Form.Item>
        </Form>
      </Card>
    </Spin>
  );
}
