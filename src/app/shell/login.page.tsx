import { useEffect, useState, type FormEvent } from 'react';
import { Button, Input } from 'antd';
import { ExclamationCircleFilled, LockOutlined, UserOutlined } from '@ant-design/icons';
import { STORAGE_KEYS } from '@core/constants';
import { authApi, setToken } from '@core/session';
import { sessionStorageOf } from '@core/storage';

/** Set by the http client after an HTTP 401 logout (spec §8); the tip is shown once. */
const hasUnauthorizedTip = () => sessionStorageOf().getItem(STORAGE_KEYS.unauthorizedTip) === '1';

function FieldError({ text }: { text: string | null }) {
  return <div className="mes-login-error">{text}</div>;
}

/**
 * Login page. On success it only stores the token: the router then loads the user info and goes
 * to the `redirect` query (or '/'), see console-routes. Plain inputs instead of antd Form keep the
 * form engine out of the JS loaded before the first screen.
 */
export function LoginPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [unauthorizedTip] = useState(hasUnauthorizedTip);

  useEffect(() => {
    if (unauthorizedTip) sessionStorageOf().removeItem(STORAGE_KEYS.unauthorizedTip);
  }, [unauthorizedTip]);

  const usernameError = touched && !username.trim() ? '请输入用户名' : null;
  const passwordError = touched && !password ? '请输入密码' : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!username.trim() || !password || submitting) return;
    setSubmitting(true);
    try {
      const info = await authApi.login(username.trim(), password);
      setToken(info.access_token);
    } catch {
      // The http client already showed the server's message (e.g. 用户名或密码错误).
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="mes-login">
      <div className="mes-login-card">
        <div className="mes-login-brand">
          <span className="mes-login-logo">M</span>
          <h1>纸箱 MES 控制台</h1>
          <p>生产执行管理系统</p>
        </div>
        {unauthorizedTip && (
          <div className="mes-login-tip" role="alert">
            <ExclamationCircleFilled /> 登录状态已失效，请重新登录
          </div>
        )}
        <form onSubmit={onSubmit} noValidate autoComplete="off">
          <Input
            size="large"
            prefix={<UserOutlined />}
            placeholder="请输入用户名"
            autoComplete="username"
            aria-label="用户名"
            value={username}
            status={usernameError ? 'error' : undefined}
            onChange={(event) => setUsername(event.target.value)}
          />
          <FieldError text={usernameError} />
          <Input.Password
            size="large"
            prefix={<LockOutlined />}
            placeholder="请输入密码"
            autoComplete="current-password"
            aria-label="密码"
            value={password}
            status={passwordError ? 'error' : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          <FieldError text={passwordError} />
          <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
            登录
          </Button>
        </form>
      </div>
    </div>
  );
}
