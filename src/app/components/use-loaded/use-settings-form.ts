import { useEffect, useState } from 'react';
import { App, Form } from 'antd';
import { useLoaded } from './use-loaded';

/**
 * A settings page's form (one record per factory: 排产配置, 瓦线排产配置 …): the record loaded into
 * the form, `save` validates, sends, shows 保存成功 and puts what the server kept back into the form
 * (the update's answer, or the record read again when the update answers nothing).
 */
export function useSettingsForm<T extends object>(find: () => Promise<T>, update: (values: T) => Promise<T | void>, key: string) {
  const { message } = App.useApp();
  const [form] = Form.useForm<T>();
  const loaded = useLoaded<T | null>(find, key, null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (loaded.data) form.setFieldsValue(loaded.data as never);
  }, [form, loaded.data]);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      form.setFieldsValue(((await update(values)) ?? (await find())) as never);
      void message.success('保存成功');
    } finally {
      setSaving(false);
    }
  };

  return { form, loading: loaded.loading, saving, save: () => void save().catch(() => undefined) };
}
