import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { FormDialog } from '@app/components/form-dialog';
import { TEXT_LIMITS } from '@core/rules';

export interface DepartmentNameDialogProps {
  /** 新增部门 / 新增子部门 / 重命名部门; closed when null. */
  title: string | null;
  initialName?: string;
  /** Renaming (says 修改成功) rather than adding (says 新增成功). */
  editing?: boolean;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks for a department name (1–20 characters, as the server requires); says 新增成功/修改成功 after onSubmit resolves. */
export function DepartmentNameDialog({ title, initialName, editing = false, onSubmit, onClose }: DepartmentNameDialogProps) {
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (title) form.setFieldsValue({ name: initialName ?? '' });
  }, [title, initialName, form]);

  const save = async () => {
    const { name } = await form.validateFields();
    await onSubmit(name.trim());
  };

  return (
    <FormDialog open={!!title} title={title} editing={editing} save={save} onClose={onClose}>
      {(submit) => (
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="name"
            label="部门名称"
            rules={[
              { required: true, whitespace: true, message: '请输入部门名称' },
              { max: TEXT_LIMITS.short, message: `长度不能超过${TEXT_LIMITS.short}个字符` },
            ]}
          >
            <Input placeholder="请输入部门名称" maxLength={TEXT_LIMITS.short} showCount autoFocus />
          </Form.Item>
        </Form>
      )}
    </FormDialog>
  );
}
