/** Default class of the hidden frame documents are printed from (one per kind and page, reused). */
export const PRINT_FRAME_CLASS = 'mes-ticket-print-frame';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);
}

/**
 * The print document of one or more sheets (流转卡, device labels…): their own HTML and CSS only,
 * with `@page` at the paper size and no margins, and a page break after every `.sheetClass` but the
 * last, so Chromium prints exactly one sheet of that size per page (the console's shadow root, menu
 * and antd styles never reach the printer).
 */
export function printDocument(sheetsHtml: string, page: { widthMm: number; heightMm: number }, title: string, css: string, sheetClass: string): string {
  const size = `${page.widthMm}mm ${page.heightMm}mm`;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>
@page { size: ${size}; margin: 0; }
html, body { margin: 0; padding: 0; width: ${page.widthMm}mm; background: #fff;
  -webkit-print-color-adjust: exact; print-color-adjust: exact; }
${css}
.${sheetClass} { break-after: page; page-break-after: always; }
.${sheetClass}:last-child { break-after: auto; page-break-after: auto; }
</style></head><body>${sheetsHtml}</body></html>`;
}

/**
 * Prints a print document from a hidden iframe placed next to `anchor` (inside the console's shadow
 * root), then its window prints. Frames of the same `className` are replaced. Resolves once the print
 * dialog has been asked for; the frame stays until the next print (tests read it).
 */
export async function printInFrame(anchor: HTMLElement, documentHtml: string, title: string, className = PRINT_FRAME_CLASS): Promise<void> {
  const host = anchor.parentNode ?? anchor;
  host.querySelectorAll(`iframe.${className}`).forEach((frame) => frame.remove());
  const frame = anchor.ownerDocument.createElement('iframe');
  frame.className = className;
  frame.title = title;
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden;';
  const loaded = new Promise<void>((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
  frame.srcdoc = documentHtml;
  host.appendChild(frame);
  await loaded;
  frame.dataset.ready = 'true';
  const view = frame.contentWindow;
  if (!view) return;
  // Fonts must be ready or the first print shows fallback glyphs.
  await view.document.fonts?.ready;
  view.focus();
  view.print();
}
