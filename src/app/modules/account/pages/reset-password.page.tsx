import { useState } from 'react';
import { App, Button, Form, Input, Space } from 'antd';
import { useSession } from '@app/shell/use-session';
import { CONFIRM_PASSWORD_RULES, PASSWORD_RULES, SMS_CODE_RULES } from '../components/form-rules';
import { SmsCodeButton } from '../components/sms-code-button';
import { ownAccountApi } from '../own-account.api';

interface ResetPasswordForm {
  code: string;
  password: string;
  confirm: string;
}

const maskMobile = (mobile: string) => (mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile);

/** 重置密码: an SMS code to the account's own phone, then a new 6–16 character password. */
export default function ResetPasswordPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<ResetPasswordForm>();
  const [saving, setSaving] = useState(false);
  const mobile = useSession((state) => state.user?.mobile ?? '');

  const submit = (values: ResetPasswordForm) => {
    setSaving(true);
    ownAccountApi
      .updatePassword(values.code.trim(), values.password)
      .then(() => {
        void message.success('密码修改成功，下次登录请使用新密码');
        form.resetFields();
      })
      .catch(() => undefined)
      .finally(() => setSaving(false));
  };

  return (
    <Form form={form} className="mes-reset-password" layout="horizontal" labelCol={{ flex: '96px' }} style={{ maxWidth: 520 }} onFinish={submit}>
      <Form.Item label="手机号">{mobile ? maskMobile(mobile) : '未绑定手机号，请联系管理员'}</Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={SMS_CODE_RULES}>
            <Input placeholder="请输入验证码" maxLength={6} autoComplete="one-time-code" />
          </Form.Item>
          <SmsCodeButton send={() => ownAccountApi.sendCode('reset_password')} disabled={!mobile} />
        </Space.Compact>
      </Form.Item>
      <Form.Item name="password" label="新密码" rules={PASSWORD_RULES}>
        <Input.Password placeholder="6-16位非空格字符" maxLength={16} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" label="确认密码" dependencies={['password']} rules={CONFIRM_PASSWORD_RULES}>
        <Input.Password placeholder="请再次输入新密码" maxLength={16} autoComplete="new-password" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={saving}>
          确认修改
        </Button>
      </Form.Item>
    </Form>
  );
}
