import { useEffect, useState } from 'react';
import { Button, Image, Spin, Typography } from 'antd';
import { FileOutlined } from '@ant-design/icons';
import { FilePaths } from '@core/contracts/files';
import { http, saveBlob } from '@core/http';
import { previewKind } from './preview-kind';

export interface FilePreviewProps {
  /** The stored file's handle (`url` of an upload answer), or an absolute http(s)/blob/data URL. */
  url: string;
  /** Original file name (decides the kind and the download name); default the url's last segment. */
  fileName?: string;
  /** Height of inline images and PDFs; default 480 for PDF, 120 for images. */
  height?: number;
}

export const FILE_PREVIEW_MESSAGES = {
  loadFailed: '文件加载失败',
} as const;

/** URLs the browser can load by itself; anything else is a storage handle for download_url. */
const DIRECT_URL = /^(https?:|blob:|data:)/i;

/** The stored file as a blob, through core http (session headers, error catalogue). */
export function fetchStoredFile(url: string): Promise<Blob> {
  return http.getBlob(FilePaths.download, { url }, { hideError: true });
}

type Source = { state: 'loading' } | { state: 'ready'; src: string } | { state: 'failed' };

/** An object URL of the stored file while mounted (revoked on unmount or when the file changes). */
function useFileSource(url: string, enabled: boolean): Source {
  const direct = DIRECT_URL.test(url);
  const [fetched, setFetched] = useState<{ url: string; source: Source } | null>(null);
  useEffect(() => {
    if (!enabled || direct) return undefined;
    let objectUrl: string | null = null;
    let active = true;
    fetchStoredFile(url).then(
      (blob) => {
        if (!active) return;
        objectUrl = URL.createObjectURL(blob);
        setFetched({ url, source: { state: 'ready', src: objectUrl } });
      },
      () => {
        if (active) setFetched({ url, source: { state: 'failed' } });
      },
    );
    return () => {
      active = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, enabled, direct]);
  if (direct) return { state: 'ready', src: url };
  return fetched?.url === url ? fetched.source : { state: 'loading' };
}

/** A download link: stored files are fetched with the session and saved under their original name. */
export function DownloadLink({ url, name }: { url: string; name: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (DIRECT_URL.test(url)) {
    return (
      <a className="mes-file-preview" href={url} download={name} target="_blank" rel="noreferrer">
        <FileOutlined /> {name}
      </a>
    );
  }
  const download = () => {
    setBusy(true);
    setFailed(false);
    fetchStoredFile(url)
      .then((blob) => saveBlob(blob, name), () => setFailed(true))
      .finally(() => setBusy(false));
  };
  return (
    <span className="mes-file-preview">
      <Button type="link" icon={<FileOutlined />} loading={busy} onClick={download} style={{ paddingInline: 0 }}>
        {name}
      </Button>
      {failed && <Typography.Text type="danger"> {FILE_PREVIEW_MESSAGES.loadFailed}</Typography.Text>}
    </span>
  );
}

/**
 * Object URLs of stored files (by handle) while mounted, for thumbnails of several files at once;
 * direct URLs map to themselves, files not loaded yet are absent.
 */
export function useStoredFileUrls(urls: readonly string[]): Record<string, string> {
  const key = urls.join('\n');
  const [loaded, setLoaded] = useState<Record<string, string>>({});
  useEffect(() => {
    const wanted = key ? key.split('\n') : [];
    let active = true;
    const created: string[] = [];
    for (const url of wanted) {
      if (DIRECT_URL.test(url)) continue;
      fetchStoredFile(url).then(
        (blob) => {
          if (!active) return;
          const objectUrl = URL.createObjectURL(blob);
          created.push(objectUrl);
          setLoaded((previous) => ({ ...previous, [url]: objectUrl }));
        },
        () => undefined,
      );
    }
    return () => {
      active = false;
      created.forEach((objectUrl) => URL.revokeObjectURL(objectUrl));
      setLoaded({});
    };
  }, [key]);
  return Object.fromEntries(urls.map((url) => [url, DIRECT_URL.test(url) ? url : loaded[url]]).filter((entry): entry is [string, string] => !!entry[1]));
}

/** Shows a stored file: images and PDF inline, other files as a download link. */
export function FilePreview({ url, fileName, height }: FilePreviewProps) {
  const name = fileName ?? decodeURIComponent(url.split(/[?#]/)[0]?.split('/').pop() ?? url);
  const kind = previewKind(fileName ?? url);
  const source = useFileSource(url, kind !== 'download');
  if (kind === 'download') return <DownloadLink url={url} name={name} />;
  const boxHeight = height ?? (kind === 'pdf' ? 480 : 120);
  if (source.state === 'loading') {
    return (
      <span className="mes-file-preview" data-state="loading" style={{ display: 'inline-flex', alignItems: 'center', minHeight: boxHeight }}>
        <Spin size="small" />
      </span>
    );
  }
  if (source.state === 'failed') {
    return (
      <span className="mes-file-preview" data-state="failed">
        <Typography.Text type="danger">
          <FileOutlined /> {name} {FILE_PREVIEW_MESSAGES.loadFailed}
        </Typography.Text>
      </span>
    );
  }
  if (kind === 'image') {
    return <Image className="mes-file-preview" data-state="ready" src={source.src} alt={name} height={boxHeight} />;
  }
  return (
    <iframe
      className="mes-file-preview"
      data-state="ready"
      src={source.src}
      title={name}
      style={{ width: '100%', height: boxHeight, border: 'none' }}
    />
  );
}
