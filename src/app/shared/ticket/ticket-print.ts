import { escapeHtml, printInFrame } from '../print-frame';
import { TICKET_CSS } from './ticket-sheet';

export { PRINT_FRAME_CLASS } from '../print-frame';

/**
 * The print document of one or more tickets: their own HTML and CSS only, with `@page` at the
 * paper size and no margins, and a page break after every sheet but the last, so Chromium prints
 * exactly one sheet of that size per ticket (the console's shadow root, menu and antd styles never
 * reach the printer).
 */
export function ticketPrintDocument(sheetsHtml: string, page: { widthMm: number; heightMm: number }, title: string): string {
  const size = `${page.widthMm}mm ${page.heightMm}mm`;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>
@page { size: ${size}; margin: 0; }
html, body { margin: 0; padding: 0; width: ${page.widthMm}mm; background: #fff;
  -webkit-print-color-adjust: exact; print-color-adjust: exact; }
${TICKET_CSS}
.mes-ticket { break-after: page; page-break-after: always; }
.mes-ticket:last-child { break-after: auto; page-break-after: auto; }
</style></head><body>${sheetsHtml}</body></html>`;
}

/**
 * Prints the rendered sheet(s) from the hidden print frame (print-frame.ts): the frame holds only
 * the ticket document, one page per sheet.
 */
export function printTicket(
  anchor: HTMLElement,
  sheets: HTMLElement | readonly HTMLElement[],
  page: { widthMm: number; heightMm: number },
  title: string,
): Promise<void> {
  const html = ([] as HTMLElement[]).concat(sheets).map((sheet) => sheet.outerHTML).join('');
  return printInFrame(anchor, ticketPrintDocument(html, page, title), title);
}
