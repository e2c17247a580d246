import { useEffect, useMemo } from 'react';
import { Form, Input, Radio, Select, TreeSelect } from 'antd';
import type { ListEditorProps } from '@app/components';
import { FormDialog } from '@app/components/form-dialog';
import type { StaffUser } from '@core/contracts/account';
import { DIALOG_WIDTH } from '@core/constants';
import { PATTERNS, RULE_MESSAGES, TEXT_LIMITS } from '@core/rules';
import { staffApi } from '../staff.api';
import { useAccountOptions } from './use-account-options';

/** Mirrors the server: letters, digits and _ . @ -, 3–30 long. */
const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{3,30}$/;
const USERNAME_MESSAGE = '用户名只能包含字母、数字和 _ . @ -，长度3-30位';

interface StaffForm {
  username: string;
  nickName: string;
  mobile: string;
  password: string;
  departmentId?: number | null;
  roleIds: number[];
  status: 0 | 1;
}

export interface StaffEditorProps {
  /** `{}` adds a user (into `departmentId`); a user edits them; null closes the dialog. */
  editing: { user?: StaffUser; departmentId?: number | null } | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增人员 / 编辑人员: account, name, phone, department and roles (password and status only when adding). */
export function StaffEditorDialog({ editing, onClose, onSaved }: StaffEditorProps) {
  const [form] = Form.useForm<StaffForm>();
  const { departments, roles } = useAccountOptions(!!editing);
  const user = editing?.user;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      user
        ? { username: user.username, nickName: user.nickName, mobile: user.mobile, departmentId: user.departmentId, roleIds: user.roles.map((role) => role.roleId) }
        : { departmentId: editing.departmentId ?? null, roleIds: [], status: 1 },
    );
  }, [editing, user, form]);

  const save = async () => {
    const values = await form.validateFields();
    const common = { nickName: values.nickName.trim(), mobile: values.mobile, departmentId: values.departmentId ?? null, roleIds: values.roleIds ?? [] };
    if (user) await staffApi.edit({ userId: user.userId, ...common });
    else await staffApi.add({ ...common, username: values.username, password: values.password, status: values.status });
  };

  return (
    <FormDialog open={!!editing} title={user ? '编辑人员' : '新增人员'} width={DIALOG_WIDTH} editing={!!user} save={save} onClose={onClose} onSaved={onSaved}>
      <Form form={form} layout="horizontal" labelCol={{ span: 5 }} className="mes-staff-editor">
        <Form.Item name="username" label="用户名" rules={[{ required: true, message: '请输入用户名' }, { pattern: USERNAME_PATTERN, message: USERNAME_MESSAGE }]}>
          <Input placeholder="请输入用户名" disabled={!!user} maxLength={30} autoComplete="off" />
        </Form.Item>
        <Form.Item name="nickName" label="姓名" rules={[{ required: true, whitespace: true, message: '请输入姓名' }, { max: TEXT_LIMITS.short, message: RULE_MESSAGES.tooLong(TEXT_LIMITS.short) }]}>
          <Input placeholder="请输入姓名" maxLength={TEXT_LIMITS.short} />
        </Form.Item>
        <Form.Item name="mobile" label="手机号" rules={[{ required: true, message: '请输入手机号' }, { pattern: PATTERNS.mobile, message: RULE_MESSAGES.mobile }]}>
          <Input placeholder="请输入手机号" maxLength={11} />
        </Form.Item>
        {!user && (
          <Form.Item name="password" label="初始密码" rules={[{ required: true, message: '请输入初始密码' }, { pattern: PATTERNS.password, message: RULE_MESSAGES.password }]}>
            <Input.Password placeholder="6-16位非空格字符" maxLength={16} autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="departmentId" label="部门">
          <TreeSelect treeData={departments} placeholder="请选择部门" allowClear treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
        </Form.Item>
        <Form.Item name="roleIds" label="角色">
          <Select
            mode="multiple"
            placeholder="请选择角色"
            allowClear
            optionFilterProp="label"
            options={roles.map((role) => ({ value: role.roleId, label: role.roleName }))}
          />
        </Form.Item>
        {!user && (
          <Form.Item name="status" label="账号状态">
            <Radio.Group options={[{ value: 1, label: '正常' }, { value: 0, label: '禁用' }]} />
          </Form.Item>
        )}
      </Form>
    </FormDialog>
  );
}

/** The staff list's editor: a new user goes into the department selected in the list's aside. */
export function StaffListEditor({ editing, query, onClose, onSaved }: ListEditorProps<StaffUser>) {
  const departmentId = query.departmentId === undefined ? null : Number(query.departmentId);
  const staffEditing = useMemo(() => editing && { user: editing.row, departmentId }, [editing, departmentId]);
  return <StaffEditorDialog editing={staffEditing} onClose={onClose} onSaved={onSaved} />;
}
