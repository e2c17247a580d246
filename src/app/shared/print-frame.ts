/**
 * Class of the hidden frame a document is printed from (one per page, reused; the 流转卡 was its
 * first user, hence the name the e2e print helper looks for).
 */
export const PRINT_FRAME_CLASS = 'mes-ticket-print-frame';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);
}

/**
 * Prints a whole HTML document from a hidden iframe placed next to `anchor` (inside the console's
 * shadow root): the frame holds only that document (the console's menu and antd styles never reach
 * the printer), then its window prints. Resolves once the print dialog has been asked for; the frame
 * stays until the next print (tests read it).
 */
export async function printInFrame(anchor: HTMLElement, documentHtml: string, title: string): Promise<void> {
  const host = anchor.parentNode ?? anchor;
  host.querySelectorAll(`iframe.${PRINT_FRAME_CLASS}`).forEach((frame) => frame.remove());
  const frame = anchor.ownerDocument.createElement('iframe');
  frame.className = PRINT_FRAME_CLASS;
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
