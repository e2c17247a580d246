import { App, Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { checkDocument } from '@core/rules';
import { DOCUMENT_MAX_COUNT, DOCUMENT_MAX_SIZE_MB } from '@core/constants';
import { uploaderFor, type UploadedFile, type UploadFunction } from './upload.api';
import { useUploadList } from './use-upload-list';

export interface FileUploadProps {
  value?: readonly UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  /** Default 6 MB. */
  maxSizeMb?: number;
  /** Default 1 file. */
  maxCount?: number;
  /** File types offered by the picker, e.g. '.pdf,.docx'. */
  accept?: string;
  /** Where files go; default POST /file/api/v2/upload as a document. */
  upload?: UploadFunction;
  buttonText?: string;
  disabled?: boolean;
}

const uploadDocument = uploaderFor(1);

/** Document upload with the spec's limits (6 MB, 1 file, name ≤ 200 characters) and messages. */
export function FileUpload({
  value = [],
  onChange,
  maxSizeMb = DOCUMENT_MAX_SIZE_MB,
  maxCount = DOCUMENT_MAX_COUNT,
  accept,
  upload = uploadDocument,
  buttonText = '上传文件',
  disabled,
}: FileUploadProps) {
  const { message } = App.useApp();
  const list = useUploadList(value, onChange, upload);

  const beforeUpload = (file: File, batch: File[]) => {
    const problem = checkDocument(file, list.count + batch.indexOf(file), { maxSizeMb, maxCount });
    if (!problem) return true;
    void message.warning(problem);
    return Upload.LIST_IGNORE;
  };

  return (
    <Upload
      className="mes-file-upload"
      fileList={list.fileList}
      customRequest={list.customRequest}
      onChange={list.onChange}
      beforeUpload={beforeUpload}
      multiple={maxCount > 1}
      accept={accept}
      disabled={disabled}
    >
      <Button icon={<UploadOutlined />} disabled={disabled}>
        {buttonText}
      </Button>
    </Upload>
  );
}
