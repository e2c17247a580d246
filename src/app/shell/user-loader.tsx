import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { authApi, logout, setUser } from '@core/session';
import { Notice } from './notice';
import { PageLoading } from './route-page';
import { useSession } from './use-session';

/** Routes are built once authorities are known: with a token but no user yet, load the user first. */
export function UserLoader() {
  const token = useSession((state) => state.token);
  const [attempt, setAttempt] = useState(0);
  const [failedAttempt, setFailedAttempt] = useState<number | null>(null);
  const failed = failedAttempt === attempt;
  useEffect(() => {
    let live = true;
    authApi.fetchUserInfo().then(
      (user) => live && setUser(user),
      () => live && setFailedAttempt(attempt),
    );
    return () => {
      live = false;
    };
  }, [token, attempt]);
  if (!failed) return <PageLoading />;
  return (
    <Notice
      status="warning"
      title="用户信息加载失败"
      extra={[
        <Button key="retry" type="primary" onClick={() => setAttempt((value) => value + 1)}>
          重试
        </Button>,
        <Button key="logout" onClick={() => logout('user')}>
          退出登录
        </Button>,
      ]}
    />
  );
}
