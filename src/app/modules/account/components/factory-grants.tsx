import { useEffect, useState } from 'react';
import { App, Button, Checkbox, Empty, Space, Spin, Tag } from 'antd';
import type { UserOrgGrant } from '@core/contracts/account';
import { factoryGrantsApi } from '../own-account.api';

/** The enterprise's factories (key the component by userId to switch users) with the user's grants: check the ones the user may switch to, then save. */
export function FactoryGrants({ userId, onSaved }: { userId: number; onSaved?: () => void }) {
  const { message } = App.useApp();
  const [grants, setGrants] = useState<UserOrgGrant[] | null>(null);
  const [checked, setChecked] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    factoryGrantsApi.get(userId).then(
      (list) => {
        if (!live) return;
        setGrants(list);
        setChecked(list.filter((grant) => grant.granted).map((grant) => grant.orgId));
      },
      () => live && setGrants([]),
    );
    return () => {
      live = false;
    };
  }, [userId]);

  if (grants === null) return <Spin />;
  if (grants.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无工厂" />;

  const save = () => {
    if (checked.length === 0) {
      void message.warning('请至少选择一个工厂');
      return;
    }
    setSaving(true);
    factoryGrantsApi
      .set(userId, checked)
      .then(() => {
        void message.success('授权成功');
        onSaved?.();
      })
      .catch(() => undefined)
      .finally(() => setSaving(false));
  };

  return (
    <Space orientation="vertical" size={16} className="mes-factory-grants">
      <Checkbox.Group value={checked} onChange={(values) => setChecked(values as number[])}>
        <Space orientation="vertical">
          {grants.map((grant) => (
            <Checkbox key={grant.orgId} value={grant.orgId}>
              {grant.orgName}
              {grant.isDefault && <Tag style={{ marginLeft: 8 }}>默认工厂</Tag>}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
      <Button type="primary" loading={saving} onClick={save}>
        保存授权
      </Button>
    </Space>
  );
}
