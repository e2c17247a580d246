import { useMemo, useState } from 'react';
import { App, Button, Empty, Input, Space, Table, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { roleInUseMessage, type RoleItem } from '@core/contracts/account';
import { AuthButton, useCan } from '@app/components';
import { AccountAuthorities } from '@core/access/authorities/account';
import { RoleEditorDrawer } from '../components/role-editor.drawer';
import { RoleUsersDialog } from '../components/role-users.dialog';
import { useLoaded } from '@app/components/use-loaded';
import { rolesApi } from '../roles.api';

const NO_ROLES: RoleItem[] = [];

/** 角色管理: every role of the factory (page 1, size 500), add/edit with the permission tree, assign users. */
export default function RolePage() {
  const can = useCan();
  const { modal, message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<{ role?: RoleItem } | null>(null);
  const [assigning, setAssigning] = useState<RoleItem | null>(null);
  const { data: roles, loading, reload } = useLoaded(() => rolesApi.list().then((page) => page.list), 'roles', NO_ROLES);
  // The server refuses while users hold the role; the console says so before asking.
  const confirmRemove = (role: RoleItem) => {
    if (role.userCount > 0) {
      modal.warning({ title: '无法删除', content: `${roleInUseMessage(role.roleName, role.userCount)}。`, okText: '知道了' });
      return;
    }
    modal.confirm({
      title: '提示',
      content: `确定删除角色「${role.roleName}」吗？删除后不可恢复。`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      // A refusal (e.g. users assigned meanwhile) is shown by the http layer; the list reloads either way.
      onOk: () =>
        rolesApi.remove(role.roleId).then(
          () => {
            void message.success('删除成功');
            reload();
          },
          () => reload(),
        ),
    });
  };


  const shown = useMemo(() => roles.filter((role) => role.roleName.includes(keyword.trim())), [roles, keyword]);
  const columns: TableColumnsType<RoleItem> = [
    { key: 'roleName', dataIndex: 'roleName', title: '角色名称', width: 200 },
    { key: 'remark', dataIndex: 'remark', title: '备注', ellipsis: true },
    { key: 'userCount', dataIndex: 'userCount', title: '用户数', width: 100, align: 'right' },
    { key: 'createTime', dataIndex: 'createTime', title: '创建时间', width: 180 },
    {
      key: 'actions',
      title: '操作',
      width: 220,
      render: (_value, role) => (
        <Space size={0}>
          {can(AccountAuthorities.roleEdit) && (
            <Button type="link" size="small" data-action="edit" onClick={() => setEditing({ role })}>
              编辑
            </Button>
          )}
          {can(AccountAuthorities.roleAssign) && (
            <Button type="link" size="small" data-action="assign" onClick={() => setAssigning(role)}>
              分配用户
            </Button>
          )}
          {can(AccountAuthorities.roleDelete) && (
            <Button type="link" size="small" danger data-action="delete" onClick={() => confirmRemove(role)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="mes-role-page" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <Input.Search placeholder="请输入角色名称" allowClear style={{ width: 240 }} onSearch={setKeyword} onChange={(event) => !event.target.value && setKeyword('')} />
        <AuthButton authority={AccountAuthorities.roleAdd} type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          新增角色
        </AuthButton>
      </div>
      <Table<RoleItem>
        className="mes-role-table"
        size="middle"
        rowKey="roleId"
        columns={columns}
        dataSource={shown}
        loading={loading}
        pagination={false}
        scroll={{ y: 560 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
      />
      <RoleEditorDrawer editing={editing} onClose={() => setEditing(null)} onSaved={reload} />
      <RoleUsersDialog role={assigning} onClose={() => setAssigning(null)} onSaved={reload} />
    </div>
  );
}
