import { useReducer } from 'react';
import { Alert, App, Button, Modal, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { checkImportFile } from '@core/rules';
import { DIALOG_WIDTH, IMPORT_EXTENSIONS } from '@core/constants';
import { uploaderFor } from '../file-upload/upload.api';
import {
  canConfirm,
  canPick,
  IMPORT_MESSAGES,
  importReducer,
  INITIAL_IMPORT_STATE,
  submitFailureMessage,
  type ImportFailure,
  type ImportOutcome,
} from './import-state';

export interface ImportDialogProps {
  open: boolean;
  /** What is imported; the dialog is titled 导入{title}. */
  title: string;
  /** Stores the picked file and resolves with its url; default POST /file/api/v2/upload. */
  upload?: (file: File) => Promise<{ url: string }>;
  /** Imports the stored file. Call http with `hideError: true`: the dialog shows the failure itself. */
  submit: (fileUrl: string) => Promise<ImportOutcome>;
  /** A template url to download, or a function that downloads it (e.g. an http.exportFile call). */
  template?: string | (() => unknown);
  onClose: () => void;
  /** After a successful import, with the server's outcome (lists reload here). */
  onImported?: (outcome: ImportOutcome) => void;
}

const ACCEPT = IMPORT_EXTENSIONS.map((extension) => `.${extension}`).join(',');
const uploadDocument = uploaderFor(1);
const FAILURE_COLUMNS = [
  { title: '行号', dataIndex: 'row', width: 80 },
  { title: '失败原因', dataIndex: 'message' },
];

/** Excel import: pick and upload an .xlsx/.xls, confirm, then success or the list of failed rows. */
export function ImportDialog({ open, title, upload = uploadDocument, submit, template, onClose, onImported }: ImportDialogProps) {
  const { message } = App.useApp();
  const [state, dispatch] = useReducer(importReducer, INITIAL_IMPORT_STATE);

  const pick = (file: File) => {
    const problem = checkImportFile(file);
    if (problem) {
      void message.warning(problem);
      return Upload.LIST_IGNORE;
    }
    dispatch({ type: 'pick', fileName: file.name });
    upload(file)
      .then((stored) => {
        if (!stored?.url) throw new Error('the upload answer has no url');
        dispatch({ type: 'uploaded', fileUrl: stored.url });
      })
      .catch(() => {
        dispatch({ type: 'uploadFailed' });
        void message.error(IMPORT_MESSAGES.uploadFailed);
      });
    return false;
  };

  const confirm = async () => {
    if (state.status !== 'ready') return;
    dispatch({ type: 'submit' });
    try {
      const outcome = await submit(state.fileUrl);
      dispatch({ type: 'submitted', outcome });
      if (!outcome.failures?.length) {
        void message.success(outcome.message || IMPORT_MESSAGES.success);
        onImported?.(outcome);
        close();
      }
    } catch (error) {
      dispatch({ type: 'submitFailed' });
      void message.error(submitFailureMessage(error));
    }
  };

  const close = () => {
    dispatch({ type: 'reset' });
    onClose();
  };

  const downloadTemplate = () => {
    if (typeof template === 'function') void template();
  };

  const fileName = 'fileName' in state ? state.fileName : undefined;
  return (
    <Modal
      open={open}
      title={`导入${title}`}
      width={DIALOG_WIDTH}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button key="ok" type="primary" disabled={!canConfirm(state) && state.status !== 'submitting'} loading={state.status === 'submitting'} onClick={() => void confirm()}>
          确定
        </Button>,
      ]}
    >
      <div className="mes-import-dialog" data-status={state.status} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        {template && (
          <Typography.Text>
            请按模板填写后上传：
            {typeof template === 'string' ? (
              <a href={template} download>
                <DownloadOutlined /> 下载模板
              </a>
            ) : (
              <Typography.Link onClick={downloadTemplate}>
                <DownloadOutlined /> 下载模板
              </Typography.Link>
            )}
          </Typography.Text>
        )}
        <Upload.Dragger accept={ACCEPT} showUploadList={false} beforeUpload={pick} disabled={!canPick(state)} multiple={false}>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{state.status === 'uploading' ? '正在上传…' : '点击或将文件拖到此处上传'}</p>
          <p className="ant-upload-hint">仅支持 .xlsx、.xls 格式</p>
        </Upload.Dragger>
        {fileName && <Typography.Text className="mes-import-file">已选择：{fileName}</Typography.Text>}
        {state.status === 'failed' && (
          <>
            <Alert type="error" showIcon title={state.message} />
            <Table<ImportFailure>
              className="mes-import-failures"
              size="small"
              rowKey={(failure) => `${failure.row}-${failure.message}`}
              columns={FAILURE_COLUMNS}
              dataSource={[...state.failures]}
              pagination={false}
              scroll={{ y: 240 }}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
