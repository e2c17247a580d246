/** FilePreview: images and PDF inline, other files as a download link, fetched through download_url. */
export { DownloadLink, FilePreview, FILE_PREVIEW_MESSAGES, fetchStoredFile, useStoredFileUrls, type FilePreviewProps } from './file-preview';
/** Decides how a file is previewed from its name. */
export { previewKind, type PreviewKind } from './preview-kind';
