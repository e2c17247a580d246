import { useEffect, useRef, useState } from 'react';
import { App, Form, Modal } from 'antd';
import { DIALOG_WIDTH } from '@core/constants';
import type { CategoryEditorProps } from '../category-tree';
import { EditFormFields, fromFormValues, toFormValues, type FieldOption, type FormField } from './form-fields';

export interface EditFormDialogProps<V> {
  /** Closed when null. */
  title: string | null;
  fields: readonly FormField[];
  /** Values when editing (or defaults when adding). */
  initial?: Partial<V> | object;
  editing?: boolean;
  options?: Record<string, FieldOption[] | undefined>;
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  onSaved?: () => void;
  /** Message after a successful submit (default 新增成功 / 修改成功). */
  successText?: string;
}

/** A dialog with an edit form declared as data; says 新增成功/修改成功 after onSubmit resolves. */
export function EditFormDialog<V extends object>({
  title,
  fields,
  initial,
  editing = false,
  options,
  onSubmit,
  onClose,
  onSaved,
  successText,
}: EditFormDialogProps<V>) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);

  // Fills the form when it opens; later renders of the caller must not wipe what the user typed.
  const initialRef = useRef(initial);
  useEffect(() => {
    initialRef.current = initial;
  });
  useEffect(() => {
    if (!title) return;
    form.resetFields();
    if (initialRef.current) form.setFieldsValue(toFormValues(fields, initialRef.current));
  }, [title, form, fields]);

  const submit = async () => {
    const values = fromFormValues(fields, await form.validateFields()) as V;
    setSaving(true);
    try {
      await onSubmit(values);
      void message.success(successText ?? (editing ? '修改成功' : '新增成功'));
      onSaved?.();
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!title}
      title={title}
      width={DIALOG_WIDTH}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      mask={{ closable: false }}
      forceRender
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} className="mes-edit-form">
        <EditFormFields fields={fields} options={options} />
      </Form>
    </Modal>
  );
}

/** The add/rename dialog of a CategoryTree whose nodes are edited with these fields. */
export const categoryEditor =
  (fields: readonly FormField[]) =>
  ({ title, node, onSubmit, onClose }: CategoryEditorProps) => (
    <EditFormDialog<Record<string, unknown>>
      title={title}
      fields={fields}
      editing={!!node}
      initial={node ? { ...node.values } : undefined}
      onSubmit={onSubmit}
      onClose={onClose}
    />
  );
