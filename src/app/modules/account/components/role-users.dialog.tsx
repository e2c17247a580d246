import { useEffect, useState } from 'react';
import { App, Modal, Spin, Transfer } from 'antd';
import type { RoleItem, UserBrief } from '../../../../core/contracts/account';
import { rolesApi } from '../roles.api';
import { staffApi } from '../staff.api';

/** Users of the factory the picker offers (the server caps a page at 1000). */
const USER_PAGE_SIZE = 1000;

export interface RoleUsersDialogProps {
  role: RoleItem | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 分配用户: the role's users in this factory become exactly the chosen ones. */
export function RoleUsersDialog({ role, onClose, onSaved }: RoleUsersDialogProps) {
  const { message } = App.useApp();
  const [users, setUsers] = useState<UserBrief[] | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!role) return;
    let live = true;
    setUsers(null);
    Promise.all([staffApi.users({ page: 1, limit: USER_PAGE_SIZE }), rolesApi.detail(role.roleId)])
      .then(([page, detail]) => {
        if (!live) return;
        setUsers(page.list);
        setChosen(detail.userIds.map(String));
      })
      .catch(() => live && setUsers([]));
    return () => {
      live = false;
    };
  }, [role]);

  const save = () => {
    if (!role) return;
    setSaving(true);
    rolesApi
      .assignUsers(role.roleId, chosen.map(Number))
      .then(() => {
        void message.success('分配成功');
        onSaved();
        onClose();
      })
      .catch(() => undefined)
      .finally(() => setSaving(false));
  };

  return (
    <Modal
      open={!!role}
      title={`分配用户 - ${role?.roleName ?? ''}`}
      width={720}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ disabled: users === null }}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      {users === null ? (
        <Spin />
      ) : (
        <Transfer
          className="mes-role-users"
          dataSource={users.map((user) => ({ key: String(user.userId), title: `${user.nickName}（${user.username}）` }))}
          titles={['未分配', '已分配']}
          targetKeys={chosen}
          onChange={(keys) => setChosen(keys.map(String))}
          render={(item) => item.title}
          showSearch={{ placeholder: '请输入姓名或用户名' }}
          filterOption={(input, item) => item.title.includes(input)}
          styles={{ section: { width: 300, height: 360 } }}
          locale={{ itemUnit: '人', itemsUnit: '人', notFoundContent: '暂无数据' }}
        />
      )}
    </Modal>
  );
}
