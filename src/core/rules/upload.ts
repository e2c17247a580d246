import {
  DOCUMENT_MAX_COUNT,
  DOCUMENT_MAX_SIZE_MB,
  FILE_NAME_MAX_LENGTH,
  IMAGE_EXTENSIONS,
  IMAGE_MULTIPLE_MAX_COUNT,
  IMAGE_MULTIPLE_MAX_SIZE_MB,
  IMAGE_PIXEL_LIMIT,
  IMAGE_SINGLE_MAX_SIZE_MB,
  IMPORT_EXTENSIONS,
} from '../constants';

export const UPLOAD_MESSAGES = {
  fileName: '文件上传出错，请检查文件名称是否超过200字',
  fileSize: (mb: number) => `文件大小不能超过 ${mb}MB!`,
  fileCount: (count: number) => `最多上传${count}个文件`,
  image: (mb: number) => `请上传大小不超过${mb}M的图片，支持jpg、jpeg、png`,
  imageCount: (count: number) => `最多上传${count}张图片`,
  imagePixels: (limit: number) => `图片宽高不能超过${limit}像素`,
  importType: '仅支持上传 .xlsx、.xls 格式的文件',
} as const;

export interface FileLike {
  name: string;
  /** Bytes. */
  size: number;
}

const MB = 1024 * 1024;

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export interface DocumentLimits {
  maxSizeMb?: number;
  maxCount?: number;
}

/** One document about to be added to `existingCount` files; returns the first failure message or null. */
export function checkDocument(file: FileLike, existingCount = 0, limits: DocumentLimits = {}): string | null {
  const { maxSizeMb = DOCUMENT_MAX_SIZE_MB, maxCount = DOCUMENT_MAX_COUNT } = limits;
  if (existingCount >= maxCount) return UPLOAD_MESSAGES.fileCount(maxCount);
  if ([...file.name].length > FILE_NAME_MAX_LENGTH) return UPLOAD_MESSAGES.fileName;
  if (file.size > maxSizeMb * MB) return UPLOAD_MESSAGES.fileSize(maxSizeMb);
  return null;
}

export interface ImageLimits {
  multiple?: boolean;
  maxSizeMb?: number;
  maxCount?: number;
}

/** Image type (jpg/jpeg/png), size (10 MB single, 6 MB multiple) and count (4 when multiple). */
export function checkImage(file: FileLike, existingCount = 0, limits: ImageLimits = {}): string | null {
  const multiple = limits.multiple ?? false;
  const maxSizeMb = limits.maxSizeMb ?? (multiple ? IMAGE_MULTIPLE_MAX_SIZE_MB : IMAGE_SINGLE_MAX_SIZE_MB);
  const maxCount = limits.maxCount ?? (multiple ? IMAGE_MULTIPLE_MAX_COUNT : 1);
  if (existingCount >= maxCount) return UPLOAD_MESSAGES.imageCount(maxCount);
  const allowed: readonly string[] = IMAGE_EXTENSIONS;
  if (!allowed.includes(fileExtension(file.name))) return UPLOAD_MESSAGES.image(maxSizeMb);
  if (file.size > maxSizeMb * MB) return UPLOAD_MESSAGES.image(maxSizeMb);
  return null;
}

/** Pixel limit on either side (5000). */
export function checkImagePixels(width: number, height: number, limit = IMAGE_PIXEL_LIMIT): string | null {
  return width > limit || height > limit ? UPLOAD_MESSAGES.imagePixels(limit) : null;
}

/** Import dialog accepts .xlsx / .xls only. */
export function checkImportFile(file: Pick<FileLike, 'name'>): string | null {
  const allowed: readonly string[] = IMPORT_EXTENSIONS;
  return allowed.includes(fileExtension(file.name)) ? null : UPLOAD_MESSAGES.importType;
}
