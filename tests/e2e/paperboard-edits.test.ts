// 纸板排产, what a planner does to a draft before it goes to the line, against the real server and its
// seed in 示例纸板厂: lock runs and re-optimise the rest (the optimiser in the server's worker thread);
// change a run's partner order with the rules checked live as the planner types; then the issued
// schedule's printable run sheet, and board orders imported from xlsx. Each screen photographed at 1440×900.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSession, type ApiSession } from './support/api';
import { useE2eEnvironment, shot } from './support/harness';
import { loginAt, switchFactory } from './support/login';
import * as ui from './support/list-page';
import { printFramePdf } from './support/pdf';

const MM_TO_PT = 72 / 25.4;

const BASE = '/dps-server/paperboard';

/** admin's API session in 示例纸板厂. */
async function boardApi(url: string): Promise<ApiSession> {
  const session = await apiSession(url, 'admin', 'admin123');
  await session.call('/base/switch/user/org/1002', {});
  return session;
}

const handOrder = (boardCode: string, widthMm: number, quantity: number) => ({
  source: 2,
  customerName: '拼单测试客户',
  productName: '测试纸板',
  boardCode,
  flute: 'C',
  widthMm,
  lengthMm: 1000,
  quantity,
  dueDate: '2030-01-10',
  remark: '',
});

/** The runs of the schedule on screen: each run's lanes as text, in order. */
const runTexts = (page: Page) => page.locator('.mes-board-runs .ant-table-row').evaluateAll((rows) => rows.map((row) => row.querySelector('.mes-board-lanes')?.textContent ?? ''));

describe('纸板排产：锁定重排、拼单调整、打印与导入', () => {
  const env = useE2eEnvironment('paperboard-edits');

  it('locks two runs and re-optimises the rest, then swaps a run’s partner order with the rules checked live', async () => {
    const api = await boardApi(env.server.url);
    // A clumsy draft of twelve orders, each alone on the widest roll: plenty for the optimiser to gain.
    const ids: number[] = [];
    const widths = [310, 420, 505, 560, 640, 720, 780, 850, 930, 1010, 1120, 1250];
    for (const [index, width] of widths.entries()) ids.push((await api.call<{ id: number }>(`${BASE}/order/create`, handOrder('E2E-REOPT', width, 1500 + index * 400))).id);
    const runs = ids.map((id, index) => {
      const outs = Math.min(6, Math.floor(2475 / widths[index]!));
      return { rollWidthMm: 2500, lanes: [{ boardOrderId: id, outs, cuts: Math.ceil((1500 + index * 400) / outs) }] };
    });
    const draft = await api.call<{ id: number }>(`${BASE}/schedule/create`, { boardCode: 'E2E-REOPT', flute: 'C', runs });

    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/paperboard/orders');
    await switchFactory(page, '示例纸板厂');
    await page.goto(`${env.server.url}/paperboard/scheduleDetail?id=${draft.id}`);
    const schedule = page.locator('.mes-board-schedule');
    await schedule.locator('.ant-tag', { hasText: '草稿' }).waitFor();
    const rows = schedule.locator('.mes-board-runs .ant-table-row');
    await expect.poll(() => rows.count()).toBe(12);
    const before = await runTexts(page);
    const trimBefore = Number.parseFloat(await schedule.locator('[data-figure="trimPct"]').innerText());

    // Lock the first two runs.
    await rows.nth(0).locator('.ant-checkbox-input').check();
    await rows.nth(1).locator('.ant-checkbox-input').check();
    await schedule.getByText('已锁定 2 刀').waitFor();
    await shot(page, 'paperboard-edits-1-lock');
    await schedule.getByRole('button', { name: '锁定所选并重新优化其余' }).click();
    await ui.confirm(page, '锁定所选 2 刀');
    await ui.message(page, '重新优化成功').waitFor({ timeout: 60_000 });
    await expect.poll(async () => Number.parseFloat(await schedule.locator('[data-figure="trimPct"]').innerText())).toBeLessThan(trimBefore);
    const after = await runTexts(page);
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(after.slice(2)).not.toEqual(before.slice(2));
    expect(await schedule.locator('.mes-board-problems').count()).toBe(0);
    await shot(page, 'paperboard-edits-2-reoptimised');

    // A run of two orders side by side, and a waiting order of the same board code to swap in.
    const a = await api.call<{ id: number }>(`${BASE}/order/create`, handOrder('E2E-PART', 1000, 3000));
    const b = await api.call<{ id: number }>(`${BASE}/order/create`, handOrder('E2E-PART', 600, 3000));
    await api.call(`${BASE}/order/create`, handOrder('E2E-PART', 700, 3000));
    const paired = await api.call<{ id: number }>(`${BASE}/schedule/create`, {
      boardCode: 'E2E-PART',
      flute: 'C',
      runs: [{ rollWidthMm: 1700, lanes: [{ boardOrderId: a.id, outs: 1, cuts: 3000 }, { boardOrderId: b.id, outs: 1, cuts: 3000 }] }],
    });
    const waiting = await api.call<{ list: Array<{ orderNo: string; widthMm: number }> }>(`${BASE}/order/list?boardCode=E2E-PART&state=1&limit=10`);
    const partnerNo = waiting.list.find((order) => order.widthMm === 700)!.orderNo;
    await page.goto(`${env.server.url}/paperboard/scheduleDetail?id=${paired.id}`);
    await schedule.locator('.ant-tag', { hasText: '草稿' }).waitFor();
    await rows.first().getByRole('button', { name: '调整' }).click();
    const editor = ui.dialog(page, '调整第 1 刀');
    await editor.waitFor();
    const check = editor.locator('.mes-board-run-check');
    await check.getByText('符合排产规则').waitFor();
    // The partner: 700 mm instead of 600 mm — 1,700 mm of board leaves no trim on the 1,700 roll.
    await ui.pick(editor.locator('.mes-board-lane').nth(1).locator('.ant-select'), `${partnerNo} · 700×1000 · 3,000张（待排）`, { search: partnerNo });
    await check.getByText('不符合排产规则').waitFor();
    await check.getByText('第 1 刀：纸板宽 1700mm 加最小修边 25mm 超过门幅 1700mm').waitFor();
    expect(await editor.getByRole('button', { name: '确定' }).isDisabled()).toBe(true);
    await shot(page, 'paperboard-edits-3-partner-broken');
    // A wider roll keeps every rule: the check says so and shows the new trim.
    await ui.pick(ui.formItem(editor, '门幅（mm）').locator('.ant-select'), '1800', { search: '' });
    await check.getByText('符合排产规则').waitFor();
    await check.getByText(/修边 100mm/).waitFor();
    await shot(page, 'paperboard-edits-4-partner-fixed');
    await editor.getByRole('button', { name: '确定' }).click();
    await ui.message(page, '修改成功').waitFor();
    await expect.poll(async () => (await runTexts(page))[0]).toContain(partnerNo);
    const board = await api.call<{ list: Array<{ id: number; state: number }> }>(`${BASE}/order/list?boardCode=E2E-PART&limit=10`);
    expect(board.list.find((order) => order.id === b.id)!.state).toBe(1);

    // Issued: the run sheet prints, one A4 page per ten runs, in a frame of its own.
    await schedule.getByRole('button', { name: '下发' }).click();
    await ui.confirm(page, '下发到瓦线吗');
    await schedule.locator('.ant-tag', { hasText: '已下发' }).waitFor();
    await page.goto(`${env.server.url}/paperboard/scheduleDetail?id=${draft.id}`);
    await schedule.locator('.ant-tag', { hasText: '草稿' }).waitFor();
    await schedule.getByRole('button', { name: '下发' }).click();
    await ui.confirm(page, '下发到瓦线吗');
    await schedule.locator('.ant-tag', { hasText: '已下发' }).waitFor();
    const runCount = await rows.count();
    await schedule.getByRole('button', { name: '打印排产单' }).click();
    const preview = page.getByRole('dialog').filter({ hasText: '打印排产单' });
    await preview.locator('.mes-run-sheet-page').first().waitFor();
    expect(await preview.locator('.mes-run-sheet-page').count()).toBe(Math.ceil(runCount / 10));
    expect(await preview.locator('.mes-run-sheet-page').first().locator('th').allInnerTexts()).toEqual(['顺序', '门幅(mm)', '订单号', '客户名称', '宽(mm)', '长(mm)', '切数', '刀数', '张数', '米数', '修边(mm)', '修边率(%)']);
    await shot(page, 'paperboard-edits-5-run-sheet-preview');
    await preview.getByRole('button', { name: '打印' }).click();
    // What reaches the printer: exactly those pages, A4 landscape, the line's figures and no console.
    const { document, pages, mediaBoxes, text } = await printFramePdf(page, await env.newPage(), 'paperboard-edits-6-run-sheet-print', 'mes-run-sheet-print-frame');
    expect(document).toContain('@page { size: 297mm 210mm; margin: 0; }');
    expect(document).not.toContain('mes-sider-menu');
    expect(pages).toBe(Math.ceil(runCount / 10));
    for (const [x0, y0, width, height] of mediaBoxes) {
      expect([x0, y0]).toEqual([0, 0]);
      expect(Math.abs(width! - 297 * MM_TO_PT)).toBeLessThan(1);
      expect(Math.abs(height! - 210 * MM_TO_PT)).toBeLessThan(1);
    }
    // (The PDF's font maps some glyphs to their Kangxi radicals: compare the NFKC form.)
    const printed = text.normalize('NFKC');
    expect(printed).toContain('瓦线排产单');
    expect(printed).toContain(`${pages}/${pages}`);
    for (const run of after) expect(printed).toContain(/B[DR]\d{11}/.exec(run)![0]);
  });

  it('imports board orders from the template and shows a production-order change held back from the line', async () => {
    const api = await boardApi(env.server.url);
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/paperboard/orders');
    await switchFactory(page, '示例纸板厂');
    await page.goto(`${env.server.url}/paperboard/orders`);
    await ui.waitForList(page);

    // The seed holds one derived order whose production order changed after its schedule was issued.
    const all = await api.call<{ list: Array<{ orderNo: string; changeNote: string }> }>(`${BASE}/order/list?limit=1000`);
    const held = all.list.find((order) => order.changeNote !== '')!;
    await ui.filterBy(page, '订单号', held.orderNo, 'orderNo');
    const row = ui.rowWith(page, held.orderNo);
    await row.locator('.mes-board-change-note', { hasText: '已变更' }).hover();
    await page.locator('.ant-tooltip', { hasText: held.changeNote }).waitFor();
    await shot(page, 'paperboard-edits-7-orders-change-note');

    const workbookOf = async (rows: Array<Array<string | number>>) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('纸板订单');
      sheet.addRow(['*客户名称', '品名', '*纸板编码', '*楞型', '*宽(mm)', '*长(mm)', '*数量(张)', '*交期', '来源', '备注']);
      for (const line of rows) sheet.addRow(line);
      return Buffer.from(await book.xlsx.writeBuffer());
    };
    const importDialog = ui.dialog(page, '导入纸板订单');
    const upload = async (buffer: Buffer) => {
      await page.getByRole('button', { name: '导入' }).click();
      await importDialog.locator('input[type=file]').setInputFiles({ name: '纸板订单导入.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
      await importDialog.getByText('已选择：纸板订单导入.xlsx').waitFor();
      await importDialog.getByRole('button', { name: '确定' }).click();
    };
    const rows: Array<Array<string | number>> = Array.from({ length: 20 }, (_, index) => ['导入纸板客户', `导入纸板${index + 1}`, 'E2E-IMPORT', 'C', 600 + index * 20, 1000, 2000 + index * 100, '2030-05-01', '', '']);
    rows[4] = ['导入纸板客户', '导入纸板5', 'E2E-IMPORT', 'C', 50, 1000, 2400, '2030-05-01', '', ''];
    await upload(await workbookOf(rows));
    const failures = importDialog.locator('.mes-import-failures .ant-table-row');
    await failures.first().waitFor();
    expect(await failures.allInnerTexts()).toEqual([expect.stringMatching(/^6\s+宽\(mm\)必须是100-5000的整数$/)]);
    await shot(page, 'paperboard-edits-8-import-refused');
    await importDialog.getByRole('button', { name: '取消' }).click();
    expect((await api.call<{ total: number }>(`${BASE}/order/list?boardCode=E2E-IMPORT`)).total).toBe(0);

    rows[4] = ['导入纸板客户', '导入纸板5', 'E2E-IMPORT', 'C', 680, 1000, 2400, '2030-05-01', '', ''];
    await upload(await workbookOf(rows));
    await importDialog.waitFor({ state: 'hidden', timeout: 60_000 });
    await expect.poll(async () => (await api.call<{ total: number }>(`${BASE}/order/list?boardCode=E2E-IMPORT`)).total).toBe(20);
  });
});
