type DocumentLike = Pick<Document, 'createElement'> & { body: Pick<HTMLElement, 'appendChild' | 'removeChild'> };
type UrlApi = Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;

/** File name from a Content-Disposition header (RFC 5987 `filename*` first), or null. */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      return extended[2].trim();
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const value = (plain?.[2] ?? plain?.[1])?.trim();
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Exports always download as `.xlsx` (spec §7). */
export function xlsxFileName(name: string): string {
  const base = name.trim().replace(/\.(xlsx|xls)$/i, '') || '导出';
  return `${base}.xlsx`;
}

/** Saves a blob through an object URL and a temporary anchor. */
export function saveBlob(
  blob: Blob,
  fileName: string,
  doc: DocumentLike = globalThis.document,
  urlApi: UrlApi = URL,
): void {
  const href = urlApi.createObjectURL(blob);
  const anchor = doc.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.style.display = 'none';
  doc.body.appendChild(anchor);
  try {
    anchor.click();
  } finally {
    doc.body.removeChild(anchor);
    // Revoke later: some browsers start the download asynchronously after click().
    setTimeout(() => urlApi.revokeObjectURL(href), 1000);
  }
}
