import { APPLICATION_ID, UPLOAD_TIMEOUT_MS } from '@core/constants';
import { http, HttpError } from '@core/http';
import { getUser } from '@core/session';

/** What the file service answers for one uploaded file (spec §7). */
export interface UploadedFile {
  url: string;
  fileName: string;
  originalName: string;
}

/** A stored file known only by its url (a saved row's pictures), as the upload components hold it. */
export const uploadedFromUrl = (url: string): UploadedFile => {
  const name = url.split('/').pop() ?? url;
  return { url, fileName: name, originalName: name };
};

/** Upload request type (core enum UPLOAD_FILE_TYPE): 0 image, 1 document, 2 video. */
export type UploadFileType = 0 | 1 | 2;

/** Sends one file somewhere and resolves with where it is stored; components take this as a prop. */
export type UploadFunction = (file: File) => Promise<UploadedFile>;

/** The multipart fields of spec §7: appId, orgId, type, userId, file. */
export function uploadForm(file: File, type: UploadFileType): FormData {
  const user = getUser();
  const form = new FormData();
  form.append('appId', user?.attrs?.applicationId || APPLICATION_ID);
  form.append('orgId', String(user?.orgId ?? ''));
  form.append('type', String(type));
  form.append('userId', String(user?.userId ?? ''));
  form.append('file', file, file.name);
  return form;
}

/**
 * POST /file/api/v2/upload through core http (axios sends FormData as multipart with its boundary).
 * Errors are not shown by the http layer: the upload components show the spec's own messages.
 */
export function uploadFile(file: File, type: UploadFileType = 1): Promise<UploadedFile> {
  return http.post<UploadedFile>('/file/api/v2/upload', uploadForm(file, type), {
    hideError: true,
    timeout: UPLOAD_TIMEOUT_MS,
  });
}

/** An upload function for one request type (images use 0). */
export const uploaderFor =
  (type: UploadFileType): UploadFunction =>
  (file) =>
    uploadFile(file, type);

/** Spec §8: the server answered with a failure → 上传出错，请重新上传！; anything else → 上传功能出了点问题，请重试. */
export const UPLOAD_FAILURE = {
  rejected: '上传出错，请重新上传！',
  broken: '上传功能出了点问题，请重试',
} as const;

/** The service answered but gave no stored file. */
export class UploadRejectedError extends Error {}

/** Which failure message an upload error gets. */
export function uploadFailureMessage(error: unknown): string {
  if (error instanceof UploadRejectedError) return UPLOAD_FAILURE.rejected;
  // Business codes are numbers; axios transport codes (ECONNABORTED, ERR_NETWORK) are words.
  const answered = error instanceof HttpError && (error.status !== undefined || /^\d+$/.test(String(error.code ?? '')));
  return answered ? UPLOAD_FAILURE.rejected : UPLOAD_FAILURE.broken;
}
