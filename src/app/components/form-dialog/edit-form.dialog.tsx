import { useEffect, useRef } from 'react';
import { Form } from 'antd';
import type { CategoryEditorProps } from '../category-tree';
import { FormDialog } from './form-dialog';
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
  const [form] = Form.useForm();

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

  return (
    <FormDialog
      open={!!title}
      title={title}
      editing={editing}
      successText={successText}
      save={async () => onSubmit(fromFormValues(fields, await form.validateFields()) as V)}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} className="mes-edit-form">
        <EditFormFields fields={fields} options={options} />
      </Form>
    </FormDialog>
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
