import { useState, type ReactNode } from 'react';
import { App, ConfigProvider, Modal, Spin } from 'antd';
import { DIALOG_WIDTH } from '@core/constants';

export interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  width?: number | string;
  /**
   * Validates and saves. Resolving closes the dialog with the success message; resolving `false`
   * keeps it open silently (the form said why); a rejection keeps it open (the http layer or the
   * form has shown the problem).
   */
  save: () => Promise<unknown>;
  /** Message after saving (default 修改成功 when `editing`, else 新增成功); null for none. */
  successText?: string | null;
  editing?: boolean;
  onClose: () => void;
  onSaved?: () => void;
  /**
   * The form's data is still loading: it spins, and its fields and 确定 are disabled, since a form
   * reset with the data when it arrives would wipe what was typed meanwhile.
   */
  loading?: boolean;
  /** The form; a function gets the dialog's submit (e.g. for a form's onFinish, so Enter saves). */
  children: ReactNode | ((submit: () => void) => ReactNode);
}

/** The one shell of every create/edit dialog: 确定 spins while saving, says 新增成功/修改成功, then closes. */
export function FormDialog({ open, title, width = DIALOG_WIDTH, save, successText, editing = false, onClose, onSaved, loading = false, children }: FormDialogProps) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    setSaving(true);
    try {
      if ((await save()) === false) return;
    } finally {
      setSaving(false);
    }
    const text = successText === undefined ? (editing ? '修改成功' : '新增成功') : successText;
    if (text) void message.success(text);
    onSaved?.();
    onClose();
  };

  const run = () => void submit().catch(() => undefined);

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ disabled: loading }}
      onOk={run}
      onCancel={onClose}
      mask={{ closable: false }}
      forceRender
    >
      <Spin spinning={loading}>
        <ConfigProvider componentDisabled={loading}>{typeof children === 'function' ? children(run) : children}</ConfigProvider>
      </Spin>
    </Modal>
  );
}
