import fs from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import {
  DOCUMENT_MAX_SIZE_MB,
  FILE_NAME_MAX_LENGTH,
  IMAGE_MULTIPLE_MAX_SIZE_MB,
  IMAGE_SINGLE_MAX_SIZE_MB,
} from '@core/constants';
import { isStorableText } from '@core/contracts/common';
import { UploadType } from '@core/contracts/files';
import { fileExtension, UPLOAD_MESSAGES } from '@core/rules/upload';

const MB = 1024 * 1024;

/** Videos have no limit in the spec; this keeps uploads bounded. */
export const VIDEO_MAX_SIZE_MB = 50;
/** Files in one batch upload. */
export const BATCH_MAX_FILES = 10;

export const FileMessages = {
  fileName: UPLOAD_MESSAGES.fileName,
  fileNameText: '文件名称格式不正确',
  fileSize: UPLOAD_MESSAGES.fileSize,
  fileCount: UPLOAD_MESSAGES.fileCount,
  image: UPLOAD_MESSAGES.image,
  document: '文件类型不正确，仅支持 xlsx、xls、pdf、doc、docx、txt、csv 格式',
  video: '仅支持上传 mp4 格式的视频',
  noFile: '请选择要上传的文件',
  emptyFile: '文件内容为空',
  badType: '文件类型参数不正确',
  foreignOrg: '无权向该工厂上传文件',
  notFound: '文件不存在或已被删除',
} as const;

export interface CheckedFile {
  /** Extension the file is stored under (from its content). */
  extension: string;
  mime: string;
}

/** Document extensions → the content file-type must find (null: plain text, which has no signature). */
const DOCUMENT_CONTENT: Record<string, { detected: string | null; mime: string }> = {
  xlsx: { detected: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  docx: { detected: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  pdf: { detected: 'pdf', mime: 'application/pdf' },
  // Legacy Office files are OLE compound files.
  xls: { detected: 'cfb', mime: 'application/vnd.ms-excel' },
  doc: { detected: 'cfb', mime: 'application/msword' },
  txt: { detected: null, mime: 'text/plain; charset=utf-8' },
  csv: { detected: null, mime: 'text/csv; charset=utf-8' },
};

const IMAGE_CONTENT: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png' };

/** Text files: no signature and no NUL byte in the first 8 KB. */
async function looksLikeText(filePath: string): Promise<boolean> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8192), 0, 8192, 0);
    return !buffer.subarray(0, bytesRead).includes(0);
  } finally {
    await handle.close();
  }
}

export class FileCheckError extends Error {}

/** Size limit in MB of one file of this type (images in a batch count as "multiple"). */
export function sizeLimitMb(type: UploadType, batch: boolean): number {
  if (type === UploadType.IMAGE) return batch ? IMAGE_MULTIPLE_MAX_SIZE_MB : IMAGE_SINGLE_MAX_SIZE_MB;
  if (type === UploadType.VIDEO) return VIDEO_MAX_SIZE_MB;
  return DOCUMENT_MAX_SIZE_MB;
}

/** Largest file any upload may carry (the multipart parser stops reading beyond it). */
export const MAX_UPLOAD_BYTES = Math.max(IMAGE_SINGLE_MAX_SIZE_MB, DOCUMENT_MAX_SIZE_MB, VIDEO_MAX_SIZE_MB) * MB;

/**
 * Bytes a file part may carry while it streams in: its type's limit, or, when the type field has
 * not arrived yet (it comes first from browsers), the largest of any type.
 */
export function streamLimitBytes(type: UploadType | null, batch: boolean): number {
  return type === null ? MAX_UPLOAD_BYTES : sizeLimitMb(type, batch) * MB;
}

/** The message for a file over its limit (type not known yet: the largest limit). */
export function sizeMessage(type: UploadType | null, batch: boolean): string {
  if (type === null) return FileMessages.fileSize(MAX_UPLOAD_BYTES / MB);
  const limit = sizeLimitMb(type, batch);
  return type === UploadType.IMAGE ? FileMessages.image(limit) : FileMessages.fileSize(limit);
}

/** A file name as it arrives: at most 200 characters of storable text. Throws FileCheckError. */
export function checkFileName(name: string): void {
  if (!isStorableText(name)) throw new FileCheckError(FileMessages.fileNameText);
  if ([...name].length > FILE_NAME_MAX_LENGTH) throw new FileCheckError(FileMessages.fileName);
}

/**
 * Name, size and content of one received upload (a file on disk) against spec §5; the type is decided by the bytes, the
 * name's extension must agree. Throws FileCheckError with the Chinese message.
 */
export async function checkUpload(type: UploadType, name: string, file: { path: string; size: number }, batch: boolean): Promise<CheckedFile> {
  checkFileName(name);
  if (file.size > sizeLimitMb(type, batch) * MB) throw new FileCheckError(sizeMessage(type, batch));
  if (file.size === 0) throw new FileCheckError(FileMessages.emptyFile);
  const claimed = fileExtension(name);
  const detected = await fileTypeFromFile(file.path);

  if (type === UploadType.IMAGE) {
    const claimedImage = claimed === 'jpeg' ? 'jpg' : claimed;
    if (!detected || !IMAGE_CONTENT[detected.ext] || !IMAGE_CONTENT[claimedImage]) {
      throw new FileCheckError(FileMessages.image(sizeLimitMb(type, batch)));
    }
    return { extension: detected.ext, mime: IMAGE_CONTENT[detected.ext]! };
  }
  if (type === UploadType.VIDEO) {
    if (claimed !== 'mp4' || detected?.ext !== 'mp4') throw new FileCheckError(FileMessages.video);
    return { extension: 'mp4', mime: 'video/mp4' };
  }
  const expected = DOCUMENT_CONTENT[claimed];
  if (!expected) throw new FileCheckError(FileMessages.document);
  const matches = expected.detected === null ? !detected && (await looksLikeText(file.path)) : detected?.ext === expected.detected;
  if (!matches) throw new FileCheckError(FileMessages.document);
  return { extension: claimed, mime: expected.mime };
}
