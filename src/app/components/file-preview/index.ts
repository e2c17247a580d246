/** FilePreview: images and PDF inline, other files as a download link. */
export { FilePreview, type FilePreviewProps } from './file-preview';
/** Decides how a file is previewed from its name. */
export { previewKind, type PreviewKind } from './preview-kind';
