import { printDocument, printInFrame } from '../print-frame';
import { TICKET_CSS } from './ticket-sheet';

export { PRINT_FRAME_CLASS } from '../print-frame';

/**
 * The print document of one or more tickets: their own HTML and CSS only, with `@page` at the
 * paper size and no margins, and a page break after every sheet but the last, so Chromium prints
 * exactly one sheet of that size per ticket (the console's shadow root, menu and antd styles never
 * reach the printer).
 */
export function ticketPrintDocument(sheetsHtml: string, page: { widthMm: number; heightMm: number }, title: string): string {
  return printDocument(sheetsHtml, page, title, TICKET_CSS, 'mes-ticket');
}

/**
 * Prints the rendered sheet(s) from a hidden iframe placed next to `anchor` (inside the console's
 * shadow root): the frame holds only the ticket document, one page per sheet, then its window
 * prints. Resolves once the print dialog has been asked for; the frame stays until the next print
 * (tests read it).
 */
export async function printTicket(
  anchor: HTMLElement,
  sheets: HTMLElement | readonly HTMLElement[],
  page: { widthMm: number; heightMm: number },
  title: string,
): Promise<void> {
  const html = ([] as HTMLElement[]).concat(sheets).map((sheet) => sheet.outerHTML).join('');
  await printInFrame(anchor, ticketPrintDocument(html, page, title), title);
}
