import { fileExtension } from '@core/rules';

/** How a file is shown: images and PDF inline, anything else as a download link. */
export type PreviewKind = 'image' | 'pdf' | 'download';

const IMAGE = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg'];

/** The preview kind of a file, by its name (or the url's path when there is no name). */
export function previewKind(nameOrUrl: string): PreviewKind {
  const path = nameOrUrl.split(/[?#]/)[0] ?? '';
  const extension = fileExtension(path);
  if (IMAGE.includes(extension)) return 'image';
  if (extension === 'pdf') return 'pdf';
  return 'download';
}
