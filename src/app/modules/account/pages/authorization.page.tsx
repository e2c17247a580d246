import { useEffect, useState } from 'react';
import { Empty, Form, Select } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { UserBrief } from '@core/contracts/account';
import { personLabel } from '@core/format';
import { FactoryGrants } from '../components/factory-grants';
import { staffApi } from '../staff.api';

/** The picker offers this factory's users (a page of the server's maximum size). */
const USER_PAGE_SIZE = 1000;

/** 工厂授权 (hidden page): choose a user of this factory and the enterprise's factories they may work in. */
export default function AuthorizationPage() {
  const [params, setParams] = useSearchParams();
  const [users, setUsers] = useState<UserBrief[] | null>(null);
  const userId = Number(params.get('userId')) || undefined;

  useEffect(() => {
    let live = true;
    staffApi.users({ page: 1, limit: USER_PAGE_SIZE }).then(
      (page) => live && setUsers(page.list),
      () => live && setUsers([]),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="mes-authorization" style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 520 }}>
      <Form.Item label="人员" style={{ marginBottom: 0 }}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="请选择人员"
          loading={users === null}
          value={userId}
          onChange={(value: number) => setParams({ userId: String(value) }, { replace: true })}
          options={(users ?? []).map((user) => ({ value: user.userId, label: personLabel(user) }))}
        />
      </Form.Item>
      {userId ? <FactoryGrants key={userId} userId={userId} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="请先选择人员" />}
    </div>
  );
}
