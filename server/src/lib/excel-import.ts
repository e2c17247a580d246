import fs from 'node:fs';
import type ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { isCalendarDate, ResultCode } from '@core/contracts/common';
import type { Db } from '../db';
import { AppError } from '../plugins/envelopes';

/** One expected column of an import sheet, matched by its Chinese header (a leading * is ignored). */
export interface ImportColumn<K extends string> {
  key: K;
  header: string;
  required?: boolean;
  /** Characters (a Chinese character counts one). */
  maxLength?: number;
}

/** A refused row, numbered as Excel shows it. */
export interface ImportRowError {
  row: number;
  message: string;
}

export interface ImportRow<K extends string> {
  row: number;
  values: Record<K, string>;
}

export interface ImportResult {
  imported: number;
  failures: ImportRowError[];
}

export const IMPORT_MAX_ROWS = 5000;

export const ImportMessages = {
  notXlsx: '仅支持导入 .xlsx 格式的文件，请下载模板填写后上传',
  tooLarge: '导入文件解压后过大，请删除多余的数据或图片后重新上传',
  empty: '导入文件中没有数据',
  tooManyRows: (max: number) => `单次导入不能超过${max}行`,
  missingColumns: (headers: string[]) => `导入模板不正确，缺少列：${headers.join('、')}`,
  required: (header: string) => `${header}不能为空`,
  tooLong: (header: string, max: number) => `${header}长度不能超过${max}个字符`,
  failed: (count: number) => `共 ${count} 行数据有误，本次未导入任何数据，请修改后重新上传`,
} as const;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** A cell as the text a user typed: numbers without exponent, dates as YYYY-MM-DD[ HH:mm:ss]. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // exceljs reads dates as UTC wall-clock time.
    const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const time = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
    return time === '00:00:00' ? date : `${date} ${time}`;
  }
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'object') {
    const cell = value as { richText?: Array<{ text: string }>; text?: unknown; result?: unknown };
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join('').trim();
    if (cell.text !== undefined) return cellText(cell.text);
    if (cell.result !== undefined) return cellText(cell.result);
  }
  return String(value).trim();
}

const headerKey = (text: string) => text.replace(/^\s*\*/, '').replace(/\s+/g, '');

/**
 * Most bytes a workbook may unpack to. A sheet of IMPORT_MAX_ROWS filled rows is a few megabytes of
 * XML; this stops a small archive that inflates to gigabytes before it reaches memory.
 */
export const IMPORT_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

class TooLargeWhenUnpacked extends Error {}

/** Inflates every entry as a stream, counting bytes, and stops past `limit`: the archive as read. */
async function checkedArchive(file: Buffer, limit: number): Promise<JSZip> {
  const archive = await JSZip.loadAsync(file);
  let unpacked = 0;
  for (const entry of Object.values(archive.files)) {
    if (entry.dir) continue;
    await new Promise<void>((resolve, reject) => {
      const stream = entry.nodeStream('nodebuffer');
      stream.on('data', (chunk: Buffer) => {
        unpacked += chunk.length;
        if (unpacked > limit) {
          stream.pause();
          reject(new TooLargeWhenUnpacked());
        }
      });
      stream.on('error', reject);
      stream.on('end', resolve);
    });
  }
  return archive;
}

/**
 * Reads the first sheet: the first non-empty row is the header, later non-empty rows are data.
 * Throws 4000 for a file that is not xlsx, unpacks too large, has missing columns, no data or too
 * many rows. Required and length checks come back as row errors.
 *
 * The workbook is read whole (an upload is at most a few megabytes, and its unpacked size is
 * checked first): exceljs's streaming reader loses entries at random when unzipper ends its entry
 * stream early, which refused good files as not xlsx about once in 240 reads.
 */
export async function readXlsxRows<K extends string>(
  filePath: string,
  columns: ReadonlyArray<ImportColumn<K>>,
  maxRows = IMPORT_MAX_ROWS,
  maxUnpackedBytes = IMPORT_MAX_UNPACKED_BYTES,
): Promise<{ rows: Array<ImportRow<K>>; errors: ImportRowError[] }> {
  let sheet: ExcelJS.Worksheet | undefined;
  try {
    const file = await fs.promises.readFile(filePath);
    await checkedArchive(file, maxUnpackedBytes);
    // Loaded on the first import, not with the server (as in excel-export.ts).
    const { default: ExcelJSModule } = await import('exceljs');
    const workbook = new ExcelJSModule.Workbook();
    await workbook.xlsx.load(file as never);
    sheet = workbook.worksheets[0];
  } catch (error) {
    if (error instanceof TooLargeWhenUnpacked) throw new AppError(ResultCode.VALIDATION, ImportMessages.tooLarge);
    throw new AppError(ResultCode.VALIDATION, ImportMessages.notXlsx);
  }
  const rows: Array<ImportRow<K>> = [];
  const errors: ImportRowError[] = [];
  let positions: Map<K, number> | null = null;
  for (let number = 1; sheet && number <= sheet.rowCount; number += 1) {
    // findRow, not getRow: a row the sheet does not hold is skipped, not made.
    const row = sheet.findRow(number);
    if (!row) continue;
    // row.values is sparse (1-based, holes for empty cells); Array.from fills the holes.
    const cells = Array.from(row.values as unknown[], cellText);
    if (cells.every((cell) => cell === '')) continue;
    if (!positions) {
      const found = new Map(cells.map((cell, index) => [headerKey(cell), index] as const).filter(([key]) => key !== ''));
      const missing = columns.filter((column) => !found.has(headerKey(column.header)));
      if (missing.length > 0) throw new AppError(ResultCode.VALIDATION, ImportMessages.missingColumns(missing.map((c) => c.header)));
      positions = new Map(columns.map((column) => [column.key, found.get(headerKey(column.header))!]));
      continue;
    }
    if (rows.length >= maxRows) throw new AppError(ResultCode.VALIDATION, ImportMessages.tooManyRows(maxRows));
    const values = {} as Record<K, string>;
    for (const column of columns) {
      const value = cells[positions.get(column.key)!] ?? '';
      values[column.key] = value;
      if (column.required && value === '') errors.push({ row: number, message: ImportMessages.required(column.header) });
      else if (column.maxLength !== undefined && [...value].length > column.maxLength) {
        errors.push({ row: number, message: ImportMessages.tooLong(column.header, column.maxLength) });
      }
    }
    rows.push({ row: number, values });
  }
  if (!positions) throw new AppError(ResultCode.VALIDATION, ImportMessages.missingColumns(columns.map((c) => c.header)));
  if (rows.length === 0) throw new AppError(ResultCode.VALIDATION, ImportMessages.empty);
  return { rows, errors };
}

export interface ImportPlan<K extends string, T> {
  columns: ReadonlyArray<ImportColumn<K>>;
  /** One row after the required/length checks: its record, or why it is refused. */
  validateRow: (values: Record<K, string>, row: number) => T | string | Promise<T | string>;
  /** Checks across rows (duplicates within the file, against the database). */
  validateAll?: (records: Array<{ row: number; record: T }>) => Promise<ImportRowError[]> | ImportRowError[];
  /** Writes every record; runs in the transaction it is given (log the operation there too). */
  write: (trx: Db, records: T[]) => Promise<void>;
  /** Most data rows the file may hold (default IMPORT_MAX_ROWS). */
  maxRows?: number;
}

/**
 * Reads, validates every row, then writes all rows in one transaction — or nothing, returning
 * every refused row (sorted by row number).
 */
export async function runImport<K extends string, T>(db: Db, filePath: string, plan: ImportPlan<K, T>): Promise<ImportResult> {
  const { rows, errors } = await readXlsxRows(filePath, plan.columns, plan.maxRows);
  const refusedRows = new Set(errors.map((error) => error.row));
  const records: Array<{ row: number; record: T }> = [];
  for (const { row, values } of rows) {
    if (refusedRows.has(row)) continue;
    const outcome = await plan.validateRow(values, row);
    if (typeof outcome === 'string') errors.push({ row, message: outcome });
    else records.push({ row, record: outcome });
  }
  if (plan.validateAll) errors.push(...(await plan.validateAll(records)));
  if (errors.length > 0) {
    errors.sort((a, b) => a.row - b.row);
    return { imported: 0, failures: errors };
  }
  await db.transaction().execute((trx) => plan.write(trx, records.map((entry) => entry.record)));
  return { imported: records.length, failures: [] };
}

/** Template headers: required columns marked with a leading *. */
export function templateHeaders<K extends string>(columns: ReadonlyArray<ImportColumn<K>>): string[] {
  return columns.map((column) => (column.required ? `*${column.header}` : column.header));
}

/** A cell of whole digits (at most `digits`) within min…max, else null. */
export function importInteger(value: string, min: number, max: number, digits = 9): number | null {
  if (!new RegExp(`^\\d{1,${digits}}$`).test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

/** A cell's day as yyyy-mm-dd (typed yyyy-mm-dd or yyyy/m/d) when that day exists, else null. */
export function importDay(value: string): string | null {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(value.trim());
  if (!match) return null;
  const day = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  return isCalendarDate(day) ? day : null;
}
