import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** One exported column: Chinese header and how a row fills it. */
export interface ExportColumn<R> {
  header: string;
  value: (row: R) => string | number | Date | null | undefined;
  /** Column width in characters (default from the header). */
  width?: number;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sheet names may not contain \ / * ? [ ] (spec §5) and are at most 31 characters. */
export function safeSheetName(name: string): string {
  return name.replace(/[\\/*?[\]:]/g, '_').slice(0, 31) || 'Sheet1';
}

/** Text a spreadsheet would read as a formula once a user edits the cell (=, +, -, @, tab, CR). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell's value as exported: text that begins like a formula gets the apostrophe prefix
 * spreadsheets use for "this is text" (OWASP CSV injection), so editing it never runs it.
 */
export function cellValue(value: string | number | Date | null | undefined): string | number | Date {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * Writes rows to `out` as one xlsx sheet with a bold header row, committing each row as it comes
 * (exceljs streaming writer), so memory stays flat however many rows there are.
 */
export async function writeXlsx<R>(
  out: Writable,
  sheetName: string,
  columns: ReadonlyArray<ExportColumn<R>>,
  rows: AsyncIterable<R> | Iterable<R>,
): Promise<number> {
  // exceljs loads on the first export, not with the server (a quarter of a second of every start).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(safeSheetName(sheetName));
  sheet.columns = columns.map((column, index) => ({
    header: column.header,
    key: `c${index}`,
    width: column.width ?? Math.max(12, [...column.header].length * 2 + 4),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  for await (const row of rows) {
    sheet.addRow(columns.map((column) => cellValue(column.value(row)))).commit();
    count += 1;
  }
  sheet.commit();
  await workbook.commit();
  return count;
}

/** `attachment` with the Chinese file name kept (RFC 5987) and an ASCII fallback. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Answers the request with a streamed xlsx download. Call after validating the request, so that
 * refusals still go out as JSON envelopes; a failure mid-stream aborts the download.
 */
export function sendXlsx<R>(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: ReadonlyArray<ExportColumn<R>>,
  rows: AsyncIterable<R> | Iterable<R>,
): FastifyReply {
  const body = new PassThrough();
  writeXlsx(body, sheetName, columns, rows).catch((error: unknown) => {
    reply.log.error({ err: error }, 'xlsx export failed');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', attachmentHeader(fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`))
    .header('cache-control', 'no-store')
    .send(body);
}
