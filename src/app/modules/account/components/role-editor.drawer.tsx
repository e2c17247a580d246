import { useState } from 'react';
import { App, Button, Drawer, Form, Input, Space, Spin } from 'antd';
import type { PermissionNode, RoleDetail, RoleItem } from '@core/contracts/account';
import { RULE_MESSAGES, TEXT_LIMITS } from '@core/rules';
import { rolesApi } from '../roles.api';
import { authoritiesToSave } from './permission-check';
import { PermissionTree } from './permission-tree';
import { useLoaded } from '@app/components/use-loaded';

interface RoleForm {
  roleName: string;
  remark?: string;
}

export interface RoleEditorProps {
  /** `{}` adds a role; `{ role }` edits it; null closes. */
  editing: { role?: RoleItem } | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增角色 / 编辑角色: name, remark and the menus and buttons of the role. */
export function RoleEditorDrawer({ editing, onClose, onSaved }: RoleEditorProps) {
  return (
    <Drawer open={!!editing} title={editing?.role ? '编辑角色' : '新增角色'} size={640} onClose={onClose} destroyOnHidden>
      {editing && <RoleEditor role={editing.role} onClose={onClose} onSaved={onSaved} />}
    </Drawer>
  );
}

interface Loaded {
  tree: PermissionNode[];
  detail: RoleDetail | null;
}
const NOTHING: Loaded = { tree: [], detail: null };

function RoleEditor({ role, onClose, onSaved }: { role?: RoleItem; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RoleForm>();
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const [saving, setSaving] = useState(false);
  const { data, loading } = useLoaded(
    () =>
      Promise.all([rolesApi.permissionTree(), role ? rolesApi.detail(role.roleId) : Promise.resolve(null)]).then(([tree, detail]) => ({
        tree,
        detail,
      })),
    String(role?.roleId ?? 'new'),
    NOTHING,
  );
  const authorities = picked ?? new Set(data.detail?.authorities ?? []);

  const submit = async () => {
    const values = await form.validateFields();
    const codes = authoritiesToSave(authorities);
    if (codes.length === 0) {
      void message.warning('请至少选择一项权限');
      return;
    }
    setSaving(true);
    try {
      const request = { roleName: values.roleName.trim(), remark: values.remark?.trim() ?? '', authorities: codes };
      if (role) await rolesApi.edit({ roleId: role.roleId, ...request });
      else await rolesApi.add(request);
      void message.success(role ? '修改成功' : '新增成功');
      onSaved();
      onClose();
    } finally {
      setSaving(false);
    }
  };

  if (loading) return <Spin />;
  return (
    <Form
      form={form}
      layout="vertical"
      className="mes-role-editor"
      initialValues={{ roleName: data.detail?.roleName ?? '', remark: data.detail?.remark ?? '' }}
    >
      <Form.Item name="roleName" label="角色名称" rules={[{ required: true, whitespace: true, message: '请输入角色名称' }, { max: TEXT_LIMITS.short, message: RULE_MESSAGES.tooLong(TEXT_LIMITS.short) }]}>
        <Input placeholder="请输入角色名称" maxLength={TEXT_LIMITS.short} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={[{ max: TEXT_LIMITS.textarea, message: RULE_MESSAGES.tooLong(TEXT_LIMITS.textarea) }]}>
        <Input.TextArea placeholder="请输入备注" maxLength={TEXT_LIMITS.textarea} rows={2} />
      </Form.Item>
      <Form.Item label={`权限（已选 ${authoritiesToSave(authorities).length} 项）`} required>
        <PermissionTree tree={data.tree} value={authorities} onChange={setPicked} />
      </Form.Item>
      <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" loading={saving} onClick={() => void submit().catch(() => undefined)}>
          确定
        </Button>
      </Space>
    </Form>
  );
}
