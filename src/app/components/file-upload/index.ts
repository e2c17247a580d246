/** FileUpload: document upload with the spec's limits and messages. */
export { FileUpload, type FileUploadProps } from './file-upload';
/** The default upload call (POST /file/api/v2/upload) and the upload function type components take. */
export {
  uploadFile,
  uploadedFromUrl,
  uploadForm,
  uploaderFor,
  uploadFailureMessage,
  UploadRejectedError,
  UPLOAD_FAILURE,
  type UploadedFile,
  type UploadFileType,
  type UploadFunction,
} from './upload.api';
/** The antd Upload wiring shared by the upload components. */
export { useUploadList } from './use-upload-list';
