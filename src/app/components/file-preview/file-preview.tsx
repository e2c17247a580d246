import { Image } from 'antd';
import { FileOutlined } from '@ant-design/icons';
import { previewKind } from './preview-kind';

export interface FilePreviewProps {
  url: string;
  /** Original file name (decides the kind and the download name); default the url's last segment. */
  fileName?: string;
  /** Height of inline images and PDFs; default 480 for PDF, 120 for images. */
  height?: number;
}

/** Shows a stored file: images and PDF inline, other files as a download link. */
export function FilePreview({ url, fileName, height }: FilePreviewProps) {
  const name = fileName ?? decodeURIComponent(url.split(/[?#]/)[0]?.split('/').pop() ?? url);
  switch (previewKind(fileName ?? url)) {
    case 'image':
      return <Image className="mes-file-preview" src={url} alt={name} height={height ?? 120} />;
    case 'pdf':
      return (
        <iframe
          className="mes-file-preview"
          src={url}
          title={name}
          style={{ width: '100%', height: height ?? 480, border: 'none' }}
        />
      );
    default:
      return (
        <a className="mes-file-preview" href={url} download={name} target="_blank" rel="noreferrer">
          <FileOutlined /> {name}
        </a>
      );
  }
}
