import type { FormRule } from 'antd';
import { PATTERNS, RULE_MESSAGES } from '@core/rules';

/** Form rules mirroring the server's checks (core/rules patterns, spec §5). */
export const SMS_CODE_RULES: FormRule[] = [
  { required: true, message: '请输入验证码' },
  { pattern: /^\d{6}$/, message: '请输入6位数字验证码' },
];
export const MOBILE_RULES: FormRule[] = [
  { required: true, message: '请输入手机号' },
  { pattern: PATTERNS.mobile, message: RULE_MESSAGES.mobile },
];
export const PASSWORD_RULES: FormRule[] = [
  { required: true, message: '请输入新密码' },
  { pattern: PATTERNS.password, message: RULE_MESSAGES.password },
];
/** The confirmation must equal the `password` field. */
export const CONFIRM_PASSWORD_RULES: FormRule[] = [
  { required: true, message: '请再次输入新密码' },
  ({ getFieldValue }) => ({
    validator: (_rule, value) =>
      !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
  }),
];
