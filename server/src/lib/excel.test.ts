import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../plugins/envelopes';
import { createTestApp, type TestApp } from '../test-support';
import { safeSheetName, writeXlsx } from './excel-export';
import { readXlsxRows, runImport, templateHeaders, type ImportColumn } from './excel-import';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mes-excel-'));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Key = 'name' | 'parent';
const COLUMNS: ReadonlyArray<ImportColumn<Key>> = [
  { key: 'name', header: '部门名称', required: true, maxLength: 20 },
  { key: 'parent', header: '上级部门' },
];

/** Writes a workbook the way Excel users produce them (shared strings, a number cell, blank rows). */
async function workbookFile(name: string, rows: unknown[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入');
  rows.forEach((row) => sheet.addRow(row));
  const file = path.join(dir, name);
  await workbook.xlsx.writeFile(file);
  return file;
}

async function importError(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  throw new Error('expected a refusal');
}

describe('import reader', () => {
  it('maps columns by header (ignoring * and order), skips blank rows and numbers rows as Excel does', async () => {
    const file = await workbookFile('ok.xlsx', [
      ['上级部门', '*部门名称'],
      ['', '生产部'],
      [],
      ['生产部', 12345678901],
      ['', new Date(Date.UTC(2026, 10, 23))],
    ]);
    const { rows, errors } = await readXlsxRows(file, COLUMNS);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { row: 2, values: { name: '生产部', parent: '' } },
      { row: 4, values: { name: '12345678901', parent: '生产部' } },
      { row: 5, values: { name: '2026-11-23', parent: '' } },
    ]);
  });

  it('reports required and length problems per row, and refuses bad files as a whole', async () => {
    const file = await workbookFile('rows.xlsx', [['部门名称', '上级部门'], ['', 'x'], ['很'.repeat(21), '']]);
    expect((await readXlsxRows(file, COLUMNS)).errors).toEqual([
      { row: 2, message: '部门名称不能为空' },
      { row: 3, message: '部门名称长度不能超过20个字符' },
    ]);
    const missing = await workbookFile('missing.xlsx', [['名称'], ['a']]);
    expect(await importError(() => readXlsxRows(missing, COLUMNS))).toBe('导入模板不正确，缺少列：部门名称、上级部门');
    const empty = await workbookFile('empty.xlsx', [['部门名称', '上级部门']]);
    expect(await importError(() => readXlsxRows(empty, COLUMNS))).toBe('导入文件中没有数据');
    const notXlsx = path.join(dir, 'fake.xlsx');
    fs.writeFileSync(notXlsx, 'name,parent\n');
    expect(await importError(() => readXlsxRows(notXlsx, COLUMNS))).toBe('仅支持导入 .xlsx 格式的文件，请下载模板填写后上传');
    const many = await workbookFile('many.xlsx', [['部门名称', '上级部门'], ['a'], ['b'], ['c']]);
    expect(await importError(() => readXlsxRows(many, COLUMNS, 2))).toBe('单次导入不能超过2行');
  });

  it('refuses a workbook that unpacks larger than the limit, before reading it', async () => {
    const file = await workbookFile('padded.xlsx', [['部门名称', '上级部门'], ['生产部', '纸'.repeat(20_000)]]);
    expect((await readXlsxRows(file, COLUMNS)).rows).toHaveLength(1);
    expect(await importError(() => readXlsxRows(file, COLUMNS, 10, 40_000))).toBe('导入文件解压后过大，请删除多余的数据或图片后重新上传');
  });

  // exceljs's streaming reader lost zip entries at random (unzipper ends its entry stream early)
  // and refused about one good file in 240 as not xlsx.
  it('reads the same good workbook every time, also several at once', async () => {
    const file = await workbookFile('again.xlsx', [['部门名称', '上级部门'], ['生产部', ''], ['质检部', '生产部']]);
    const failures: unknown[] = [];
    for (let round = 0; round < 150; round += 1) {
      await Promise.all(
        Array.from({ length: 4 }, () =>
          readXlsxRows(file, COLUMNS).then(
            (read) => read.rows.length === 2 || failures.push(read),
            (error: unknown) => failures.push(error),
          ),
        ),
      );
    }
    expect(failures).toEqual([]);
  });
});

describe('runImport', () => {
  const scope = { enterpriseId: 8888, orgId: 1002, userId: 1 };
  const plan = {
    columns: COLUMNS,
    validateRow: (values: Record<Key, string>) => (values.name.includes('!') ? '部门名称不能包含感叹号' : { name: values.name }),
    validateAll: (records: Array<{ row: number; record: { name: string } }>) =>
      records.filter(({ record }) => record.name === '重复').map(({ row }) => ({ row, message: '部门名称重复' })),
    write: async (trx: typeof t.db, records: Array<{ name: string }>) => {
      for (const record of records) {
        await trx.insertInto('department').values({ enterprise_id: 8888, org_id: scope.orgId, parent_id: null, name: record.name }).execute();
      }
    },
  };
  const count = async () => (await t.db.selectFrom('department').select('id').where('org_id', '=', scope.orgId).execute()).length;

  it('writes nothing when any row is bad and reports every bad row', async () => {
    const before = await count();
    const file = await workbookFile('bad.xlsx', [['部门名称', '上级部门'], ['甲部'], ['乙!部'], ['', '甲部'], ['重复']]);
    expect(await runImport(t.db, file, plan)).toEqual({
      imported: 0,
      failures: [
        { row: 3, message: '部门名称不能包含感叹号' },
        { row: 4, message: '部门名称不能为空' },
        { row: 5, message: '部门名称重复' },
      ],
    });
    expect(await count()).toBe(before);
  });

  it('writes every row in one transaction, and none when the write itself fails', async () => {
    const before = await count();
    const file = await workbookFile('good.xlsx', [['部门名称', '上级部门'], ['甲部'], ['乙部']]);
    expect(await runImport(t.db, file, plan)).toEqual({ imported: 2, failures: [] });
    expect(await count()).toBe(before + 2);
    const failing = { ...plan, write: async (trx: typeof t.db, records: Array<{ name: string }>) => {
      await plan.write(trx, records);
      throw new Error('disk full');
    } };
    await expect(runImport(t.db, file, failing)).rejects.toThrow('disk full');
    expect(await count()).toBe(before + 2);
  });
});

describe('export writer', () => {
  it('streams Chinese headers and rows into a readable xlsx', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    async function* rows() {
      for (let index = 1; index <= 2500; index += 1) yield { id: index, name: `纸箱${index}` };
    }
    const written = await writeXlsx(out, '导出/列表?', [
      { header: '编号', value: (row: { id: number; name: string }) => row.id },
      { header: '名称', value: (row: { id: number; name: string }) => row.name },
    ], rows());
    expect(written).toBe(2500);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('导出_列表_');
    expect(sheet.getRow(1).values).toEqual([undefined, '编号', '名称']);
    expect(sheet.getRow(2501).values).toEqual([undefined, 2500, '纸箱2500']);
    expect(sheet.rowCount).toBe(2501);
  });

  it('prefixes text that a spreadsheet would take for a formula once edited', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const values = ['=1+1', '+8613800000000', '-cmd', '@SUM(A1)', '\t=1', '纸箱=1', -5];
    await writeXlsx(out, 'x', [{ header: '值', value: (row: { value: string | number }) => row.value }], values.map((value) => ({ value })));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as never);
    const cells = values.map((_, index) => workbook.worksheets[0]!.getRow(index + 2).getCell(1).value);
    expect(cells).toEqual(["'=1+1", "'+8613800000000", "'-cmd", "'@SUM(A1)", "'\t=1", '纸箱=1', -5]);
  });

  it('marks required template columns and cleans sheet names', () => {
    expect(templateHeaders(COLUMNS)).toEqual(['*部门名称', '上级部门']);
    expect(safeSheetName('a\\b/c*d?e[f]g')).toBe('a_b_c_d_e_f_g');
  });
});
