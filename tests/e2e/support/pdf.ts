// A small PDF reader for the print journeys: page boxes and the text drawn through each font's ToUnicode map.
import { inflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { settleAnimations } from './harness';

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const source = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const pattern = /(\d+) 0 obj\b([\s\S]*?)endobj/g;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    const body = match[2]!;
    const streamAt = body.indexOf('stream');
    if (streamAt < 0) {
      objects.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    let start = streamAt + 'stream'.length;
    if (body[start] === '\r') start += 1;
    if (body[start] === '\n') start += 1;
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? -1);
    const raw = Buffer.from(length >= 0 ? body.slice(start, start + length) : body.slice(start, body.lastIndexOf('endstream')), 'latin1');
    objects.set(Number(match[1]), { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
  }
  return objects;
}

/** The code → text map of a ToUnicode CMap, with its code width in hex digits. */
function toUnicode(cmap: string): { width: number; map: Map<string, string> } {
  const map = new Map<string, string>();
  const hexText = (hex: string) => String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  const width = /begincodespacerange\s*<([0-9A-Fa-f]+)>/.exec(cmap)?.[1]?.length ?? 4;
  for (const block of cmap.match(/beginbfchar([\s\S]*?)endbfchar/g) ?? []) {
    for (const [, code, text] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(code!.toUpperCase(), hexText(text!));
  }
  for (const block of cmap.match(/beginbfrange([\s\S]*?)endbfrange/g) ?? []) {
    for (const [, from, to, text] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const base = parseInt(text!, 16);
      for (let code = parseInt(from!, 16); code <= parseInt(to!, 16); code += 1) {
        map.set(code.toString(16).toUpperCase().padStart(from!.length, '0'), String.fromCodePoint(base + code - parseInt(from!, 16)));
      }
    }
  }
  return { width, map };
}

/** Pages, their media boxes and the text a Chromium PDF draws (through each font's ToUnicode map). */
export function readPdf(pdf: Buffer): { pages: number; mediaBoxes: number[][]; text: string } {
  const objects = pdfObjects(pdf);
  const pageDicts = [...objects.values()].filter((object) => /\/Type\s*\/Page\b(?!s)/.test(object.dict));
  const mediaBoxes = pageDicts.map((object) => (/\/MediaBox\s*\[([^\]]+)\]/.exec(object.dict)?.[1] ?? '').trim().split(/\s+/).map(Number));
  const fontNames = new Map<string, number>();
  for (const object of objects.values()) {
    for (const [, fonts] of object.dict.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
      for (const [, name, id] of fonts!.matchAll(/\/([\w.+-]+)\s+(\d+) 0 R/g)) fontNames.set(name!, Number(id));
    }
  }
  const cmaps = new Map<string, ReturnType<typeof toUnicode>>();
  for (const [name, id] of fontNames) {
    const ref = /\/ToUnicode (\d+) 0 R/.exec(objects.get(id)?.dict ?? '')?.[1];
    const stream = ref ? objects.get(Number(ref))?.stream : null;
    if (stream) cmaps.set(name, toUnicode(stream.toString('latin1')));
  }
  let text = '';
  for (const object of objects.values()) {
    const content = object.stream?.toString('latin1') ?? '';
    if (!/\bTf\b/.test(content)) continue;
    let font: ReturnType<typeof toUnicode> | undefined;
    for (const [, name, hex] of content.matchAll(/\/([\w.+-]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]+)>/g)) {
      if (name) font = cmaps.get(name);
      else if (hex && font) for (let at = 0; at < hex.length; at += font.width) text += font.map.get(hex.slice(at, at + font.width).toUpperCase()) ?? '';
    }
  }
  return { pages: pageDicts.length, mediaBoxes, text };
}

/**
 * What the 打印 button of a ticket page (流转卡 template preview, /print-production-order; or any print
 * frame of `frameClass`, e.g. paperboard's run sheet) sends to
 * the printer: the document of its hidden print frame, laid out in `printPage` (a fresh page),
 * captured as `screenshot` and printed by Chromium at its CSS @page size.
 */
export async function printFramePdf(page: Page, printPage: Page, screenshot: string, frameClass = 'mes-ticket-print-frame'): Promise<{ document: string } & ReturnType<typeof readPdf>> {
  const frame = page.locator(`iframe.${frameClass}[data-ready="true"]`);
  await frame.waitFor({ state: 'attached' });
  const document = await frame.evaluate((element) => (element as HTMLIFrameElement).srcdoc);
  await printPage.setContent(document, { waitUntil: 'load' });
  await printPage.evaluate(() => window.document.fonts.ready);
  await settleAnimations(printPage);
  await printPage.screenshot({ path: `test-results/e2e/${screenshot}.png`, fullPage: true });
  const pdf = await printPage.pdf({ preferCSSPageSize: true, printBackground: true });
  return { document, ...readPdf(pdf) };
}
