import { useState } from 'react';
import { App, Button, Form, Input, Space } from 'antd';
import { PATTERNS } from '@core/rules';
import { authApi, setUser } from '@core/session';
import { useSession } from '@app/shell/use-session';
import { MOBILE_RULES, SMS_CODE_RULES } from '../components/form-rules';
import { SmsCodeButton } from '../components/sms-code-button';
import { ownAccountApi } from '../own-account.api';

interface ModifyPhoneForm {
  mobile: string;
  code: string;
}

/** 修改手机号: a mainland number, confirmed by an SMS code sent to it. */
export default function ModifyPhonePage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<ModifyPhoneForm>();
  const [saving, setSaving] = useState(false);
  const current = useSession((state) => state.user?.mobile ?? '');
  const mobile = Form.useWatch('mobile', form) ?? '';
  const validMobile = PATTERNS.mobile.test(mobile) && mobile !== current;

  const submit = (values: ModifyPhoneForm) => {
    setSaving(true);
    ownAccountApi
      .updateMobile(values.mobile, values.code.trim())
      .then(async () => {
        void message.success('手机号修改成功');
        form.resetFields();
        setUser(await authApi.fetchUserInfo());
      })
      .catch(() => undefined)
      .finally(() => setSaving(false));
  };

  return (
    <Form form={form} className="mes-modify-phone" layout="horizontal" labelCol={{ flex: '96px' }} style={{ maxWidth: 520 }} onFinish={submit}>
      <Form.Item label="当前手机号">{current || '未绑定'}</Form.Item>
      <Form.Item
        name="mobile"
        label="新手机号"
        rules={[
          ...MOBILE_RULES,
          { validator: (_rule, value) => (value && value === current ? Promise.reject(new Error('新手机号不能与原手机号相同')) : Promise.resolve()) },
        ]}
      >
        <Input placeholder="请输入新手机号" maxLength={11} />
      </Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={SMS_CODE_RULES}>
            <Input placeholder="请输入验证码" maxLength={6} autoComplete="one-time-code" />
          </Form.Item>
          <SmsCodeButton send={() => ownAccountApi.sendCode('modify_phone', mobile)} disabled={!validMobile} />
        </Space.Compact>
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={saving}>
          确认修改
        </Button>
      </Form.Item>
    </Form>
  );
}
