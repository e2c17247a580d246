import { useState } from 'react';
import { App, type UploadFile, type UploadProps } from 'antd';
import { uploadFailureMessage, UploadRejectedError, type UploadedFile, type UploadFunction } from './upload.api';

const sameFiles = (a: readonly UploadedFile[], b: readonly UploadedFile[]) =>
  a.length === b.length && a.every((file, index) => file.url === b[index]?.url);

const toUploadFile = (file: UploadedFile): UploadFile<UploadedFile> => ({
  uid: file.url,
  name: file.originalName || file.fileName,
  status: 'done',
  url: file.url,
  response: file,
});

const uploaded = (list: readonly UploadFile<UploadedFile>[]): UploadedFile[] =>
  list.flatMap((file) => (file.status === 'done' && file.response ? [file.response] : []));

/**
 * The antd Upload wiring shared by FileUpload and ImageUpload: a controlled list of stored files,
 * uploads through the `upload` prop, the spec's failure messages, and onChange with the stored files.
 */
export function useUploadList(
  value: readonly UploadedFile[],
  onChange: ((files: UploadedFile[]) => void) | undefined,
  upload: UploadFunction,
) {
  const { message } = App.useApp();
  const [fileList, setFileList] = useState<UploadFile<UploadedFile>[]>(() => value.map(toUploadFile));
  const [known, setKnown] = useState<readonly UploadedFile[]>(value);
  if (!sameFiles(value, known)) {
    setKnown(value);
    setFileList([...value.map(toUploadFile), ...fileList.filter((file) => file.status === 'uploading')]);
  }

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    upload(file as File).then(
      (result) => {
        if (result && result.url) onSuccess?.(result);
        else onError?.(new UploadRejectedError('the upload answer has no url'));
      },
      (error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))),
    );
  };

  const handleChange: UploadProps<UploadedFile>['onChange'] = ({ file, fileList: next }) => {
    let list = next;
    if (file.status === 'error') {
      void message.error(uploadFailureMessage(file.error));
      list = next.filter((entry) => entry.uid !== file.uid);
    }
    setFileList(list);
    const stored = uploaded(list);
    if (file.status !== 'uploading' && !sameFiles(stored, value)) onChange?.(stored);
  };

  return { fileList, customRequest, onChange: handleChange, count: fileList.length };
}
