import { useState } from 'react';
import { App, Button, Modal, Space, Spin, Transfer } from 'antd';
import type { RoleItem, UserBrief } from '@core/contracts/account';
import { personLabel } from '@core/format';
import { rolesApi } from '../roles.api';
import { staffApi } from '../staff.api';
import { useLoaded } from '@app/components/use-loaded';

/** Users of the factory the picker offers (the server caps a page at 1000). */
const USER_PAGE_SIZE = 1000;

export interface RoleUsersDialogProps {
  role: RoleItem | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 分配用户: the role's users in this factory become exactly the chosen ones. */
export function RoleUsersDialog({ role, onClose, onSaved }: RoleUsersDialogProps) {
  return (
    <Modal open={!!role} title={`分配用户 - ${role?.roleName ?? ''}`} width={720} footer={null} onCancel={onClose} destroyOnHidden>
      {role && <RoleUsersPicker role={role} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

interface Loaded {
  users: UserBrief[];
  userIds: string[];
}
const NOTHING: Loaded = { users: [], userIds: [] };

function RoleUsersPicker({ role, onClose, onSaved }: { role: RoleItem; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const { data, loading } = useLoaded(
    () =>
      Promise.all([staffApi.users({ page: 1, limit: USER_PAGE_SIZE }), rolesApi.detail(role.roleId)]).then(([page, detail]) => ({
        users: page.list,
        userIds: detail.userIds.map(String),
      })),
    String(role.roleId),
    NOTHING,
  );
  const targetKeys = chosen ?? data.userIds;

  const save = () => {
    setSaving(true);
    rolesApi
      .assignUsers(role.roleId, targetKeys.map(Number))
      .then(() => {
        void message.success('分配成功');
        onSaved();
        onClose();
      })
      .catch(() => undefined)
      .finally(() => setSaving(false));
  };

  if (loading) return <Spin />;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Transfer
        className="mes-role-users"
        dataSource={data.users.map((user) => ({ key: String(user.userId), title: personLabel(user) }))}
        titles={['未分配', '已分配']}
        targetKeys={targetKeys}
        onChange={(keys) => setChosen(keys.map(String))}
        render={(item) => item.title}
        showSearch={{ placeholder: '请输入姓名或用户名' }}
        filterOption={(input, item) => item.title.includes(input)}
        styles={{ section: { width: 320, height: 380 } }}
        locale={{ itemUnit: '人', itemsUnit: '人', notFoundContent: '暂无数据' }}
      />
      <Space style={{ justifyContent: 'flex-end', display: 'flex' }}>
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" loading={saving} onClick={save}>
          确定
        </Button>
      </Space>
    </div>
  );
}
