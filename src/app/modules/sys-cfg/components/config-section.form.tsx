import { useEffect, useState } from 'react';
import { App, Card, Form } from 'antd';
import type { UserBrief } from '@core/contracts/account';
import type { AuditConfigView, EnterpriseConfig, UpdateEnterpriseConfigRequest } from '@core/contracts/sys-cfg';
import { AuthButton, UserSelect } from '@app/components';
import type { AuditorPicker, ConfigSection } from '../sys-cfg.forms';
import { EditFormFields } from '@app/components/form-dialog';

export interface ConfigSectionFormProps {
  section: ConfigSection;
  config: EnterpriseConfig;
  authority: string;
  onSave: (request: UpdateEnterpriseConfigRequest) => Promise<EnterpriseConfig>;
}

/** What a section stores: audit sections come with their auditors' names, which are only for display. */
function storedValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || !('auditorUsers' in value)) return value;
  const { auditorUsers: _names, ...stored } = value as AuditConfigView;
  return stored;
}

/** The section's auditors, picked among the factory's users while the section needs audit. */
function AuditorsField({ picker, knownUsers }: { picker: AuditorPicker; knownUsers: readonly UserBrief[] }) {
  const needAudit = Form.useWatch<boolean | undefined>('needAudit');
  return (
    <Form.Item name="auditorUserIds" label={picker.label} extra={picker.help}>
      <UserSelect multiple knownUsers={knownUsers} disabled={!needAudit} placeholder="请选择审核人（可多选）" />
    </Form.Item>
  );
}

/** One 企业配置 section with its own 保存: only this section is sent (others stay as stored). */
export function ConfigSectionForm({ section, config, authority, onSave }: ConfigSectionFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  const view = config[section.key];
  const stored = storedValue(view);

  // Refills only when this section's stored content changes: saving another section keeps what is typed here.
  const storedText = JSON.stringify(stored);
  useEffect(() => {
    const value = JSON.parse(storedText) as unknown;
    form.setFieldsValue((section.flat ? { [section.key]: value } : value) as Record<string, unknown>);
  }, [form, section, storedText]);

  const save = async () => {
    const edited = await form.validateFields();
    setSaving(true);
    try {
      // Object sections keep what the form does not show.
      const value = section.flat ? edited[section.key] : { ...(stored as object), ...edited };
      await onSave({ [section.key]: value } as UpdateEnterpriseConfigRequest);
      void message.success('保存成功');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card size="small" title={section.title} className="mes-config-section" data-section={section.key}>
      <Form form={form} layout="horizontal" labelCol={{ flex: '160px' }} style={{ maxWidth: 640 }}>
        <EditFormFields fields={section.fields} />
        {section.auditors && <AuditorsField picker={section.auditors} knownUsers={(view as AuditConfigView).auditorUsers} />}
        <Form.Item label=" " colon={false}>
          <AuthButton authority={authority} type="primary" loading={saving} onClick={() => void save().catch(() => undefined)}>
            保存
          </AuthButton>
        </Form.Item>
      </Form>
    </Card>
  );
}
