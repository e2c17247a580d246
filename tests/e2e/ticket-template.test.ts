// Journey of the work-order ticket (流转卡) templates (issue 4): the admin opens 基础配置 → 流转卡模板,
// creates a template in the /ticket-temp-cfg editor (fields chosen and reordered, A5 横向, QR code on),
// saves it, makes it the default, reopens it and finds the same arrangement; then the print document
// the 打印 button builds is printed to PDF by Chromium: one page of A5 landscape with the work-order number.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { settleAnimations, shot, useE2eEnvironment } from './support/harness';
import * as ui from './support/list-page';
import { printFramePdf } from './support/pdf';

const WORK_ORDER_NO = 'WO20261123-0015';
const MM_TO_PT = 72 / 25.4;

/** The editor idle (nothing loading or saving), showing the template of the URL's id when there is one. */
async function editorReady(page: Page) {
  const id = new URL(page.url()).searchParams.get('id') ?? '';
  await page.locator(`.mes-ticket-template-page[data-loading="false"][data-template-id="${id}"]`).waitFor();
}
const arranged = (page: Page) => page.locator('.mes-ticket-arranger .mes-ticket-field').evaluateAll((items) => items.map((item) => item.getAttribute('data-key')));

/** Arrangement as the editor shows it: key, bold and span of every chosen field. */
async function arrangement(page: Page) {
  return page.locator('.mes-ticket-arranger .mes-ticket-field').evaluateAll((items) =>
    items.map((item) => ({
      key: item.getAttribute('data-key'),
      bold: item.querySelector('.ant-checkbox-wrapper-checked') !== null,
      span: item.querySelector('.ant-radio-button-wrapper-checked')?.textContent ?? '',
    })),
  );
}

/** The editor's setting select with the aria-label `label`. */
const setting = (page: Page, label: string) => page.locator('.mes-ticket-settings .ant-select').filter({ has: page.getByLabel(label, { exact: true }) });

describe('work-order ticket templates', () => {
  const env = useE2eEnvironment('ticket-template');

  it('creates a template, makes it the default, reopens it unchanged and prints one A5 landscape page', async () => {
    const page = await env.newPage();
    await ui.openList(page, env.server.url, '/base-cfg?tab=ticketTemplate');
    await expect.poll(() => ui.rowWithCell(page, '标准工单流转卡').count()).toBe(1);
    expect(await ui.rowWithCell(page, '标准工单流转卡').locator('.ant-tag', { hasText: '默认' }).count()).toBe(1);
    await shot(page, 'ticket-template-1-list');

    await page.getByRole('button', { name: '新增流转卡模板' }).click();
    await page.waitForURL((url) => url.pathname === '/ticket-temp-cfg' && url.searchParams.get('printType') === '1');
    await editorReady(page);
    await page.getByPlaceholder('请输入模板名称').fill('E2E印刷车间流转卡');
    // Choose fields: drop 订单号, add 印刷颜色 and 工序/设备.
    const palette = page.locator('.mes-ticket-palette');
    await palette.getByText('订单号', { exact: true }).click();
    await palette.getByText('印刷颜色', { exact: true }).click();
    await palette.getByText('工序/设备', { exact: true }).click();
    expect(await arranged(page)).toEqual(['workOrderNo', 'customerName', 'productName', 'planQuantity', 'deliveryDate', 'colors', 'processDevice']);
    // Reorder with the keyboard-accessible buttons, make 印刷颜色 bold and full width.
    await page.getByRole('button', { name: '上移 交货日期' }).click();
    await page.getByRole('button', { name: '上移 印刷颜色' }).click();
    await page.getByRole('button', { name: '下移 工单号' }).click();
    const colors = page.locator('.mes-ticket-field[data-key="colors"]');
    await colors.getByText('加粗').click();
    await colors.getByText('整行').click();
    const expected = [
      { key: 'customerName', bold: false, span: '整行' },
      { key: 'workOrderNo', bold: true, span: '半行' },
      { key: 'productName', bold: false, span: '整行' },
      { key: 'deliveryDate', bold: false, span: '半行' },
      { key: 'colors', bold: true, span: '整行' },
      { key: 'planQuantity', bold: true, span: '半行' },
      { key: 'processDevice', bold: false, span: '整行' },
    ];
    expect(await arrangement(page)).toEqual(expected);
    // Paper A5 横向, QR code on.
    await ui.pick(setting(page, '纸张'), 'A5（148×210mm）', { search: '' });
    await page.locator('.mes-ticket-settings').getByText('横向', { exact: true }).click();
    expect(await page.getByRole('switch', { name: '工单二维码' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: '工序流转记录' }).getAttribute('aria-checked')).toBe('true');
    const sheet = page.locator('.mes-ticket-preview .mes-ticket');
    await expect.poll(() => sheet.getAttribute('data-paper')).toBe('210x148');
    expect(await sheet.locator('.mes-ticket-qr svg').count()).toBe(1);
    expect(await sheet.locator('.mes-ticket-label').allInnerTexts()).toEqual(['客户名称', '工单号', '产品名称', '交货日期', '印刷颜色', '计划数量', '工序/设备']);

    const created = page.waitForResponse((response) => response.url().endsWith('/dps-server/ticket_template/create'));
    await page.getByRole('button', { name: '保存' }).click();
    expect(await (await created).json()).toMatchObject({ resultCode: 1000 });
    await ui.message(page, '保存成功').waitFor();
    await page.waitForURL((url) => url.searchParams.has('id'));
    await editorReady(page);
    await page.getByRole('button', { name: '设为默认' }).click();
    await ui.message(page, '已设为默认模板').waitFor();
    await page.waitForURL((url) => url.searchParams.get('isDefault') === '1');
    await page.locator('.mes-ticket-template-page .ant-tag', { hasText: '默认' }).waitFor();

    // Back in the list: the new template is the default, the seeded one no longer.
    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL((url) => url.pathname === '/base-cfg');
    await ui.waitForList(page);
    await expect.poll(() => ui.rowWithCell(page, 'E2E印刷车间流转卡').count()).toBe(1);
    expect(await ui.rowWithCell(page, 'E2E印刷车间流转卡').locator('.ant-tag', { hasText: '默认' }).count()).toBe(1);
    expect(await ui.rowWithCell(page, '标准工单流转卡').locator('.ant-tag', { hasText: '默认' }).count()).toBe(0);

    // Reopen: same arrangement, paper and QR code.
    await ui.rowAction(ui.rowWithCell(page, 'E2E印刷车间流转卡'), '编辑');
    await page.waitForURL((url) => url.pathname === '/ticket-temp-cfg' && url.searchParams.get('isDefault') === '1');
    await editorReady(page);
    await expect.poll(() => page.getByPlaceholder('请输入模板名称').inputValue()).toBe('E2E印刷车间流转卡');
    expect(await arrangement(page)).toEqual(expected);
    expect(await setting(page, '纸张').innerText()).toContain('A5（148×210mm）');
    expect(await page.locator('.mes-ticket-settings .ant-radio-wrapper-checked').innerText()).toBe('横向');
    expect(await page.getByRole('switch', { name: '工单二维码' }).getAttribute('aria-checked')).toBe('true');
    expect(await sheet.getAttribute('data-paper')).toBe('210x148');
    expect(await sheet.locator('.mes-ticket-steps tbody tr').count()).toBe(4);
    await shot(page, 'ticket-template-2-editor');

    // Print: the hidden frame holds only the ticket; Chromium prints it to PDF at its @page size.
    await page.getByRole('button', { name: '打印' }).click();
    const { document: printDocument, pages, mediaBoxes, text } = await printFramePdf(page, await env.newPage(), 'ticket-template-3-print-document');
    expect(printDocument).toContain('@page { size: 210mm 148mm; margin: 0; }');
    expect(pages).toBe(1);
    const [x0, y0, width, height] = mediaBoxes[0]!;
    expect([x0, y0]).toEqual([0, 0]);
    expect(Math.abs(width! - 210 * MM_TO_PT)).toBeLessThan(1);
    expect(Math.abs(height! - 148 * MM_TO_PT)).toBeLessThan(1);
    expect(text).toContain(WORK_ORDER_NO);
    // CJK glyphs may map back to look-alike radicals (⻝ for 食) through the font's ToUnicode: check ASCII only.
    expect(text).toContain('YS-01');

    // A seeded finished-goods label previews at its label size with the QR code at the bottom.
    await page.getByRole('button', { name: '返回' }).click();
    await ui.waitForList(page);
    await ui.rowAction(ui.rowWithCell(page, '成品捆包标签'), '编辑');
    await page.waitForURL((url) => url.pathname === '/ticket-temp-cfg' && url.searchParams.get('printType') === '2');
    await editorReady(page);
    await expect.poll(() => sheet.getAttribute('data-paper')).toBe('100x80');
    expect(await sheet.locator('.mes-ticket-foot .mes-ticket-qr svg').count()).toBe(1);
    await shot(page, 'ticket-template-4-label');

    // Unsaved changes: leaving by the sidebar asks first; 离开 drops them.
    await page.getByPlaceholder('请输入模板名称').fill('成品捆包标签（改）');
    const modeling = page.locator('.mes-sider-menu .ant-menu-item', { hasText: '建模' });
    if (!(await modeling.isVisible())) await page.locator('.mes-sider-menu .ant-menu-submenu-title', { hasText: '系统配置' }).click();
    await modeling.click();
    const leave = ui.confirmDialog(page, '放弃未保存的修改？');
    await leave.getByText('模板有未保存的修改，离开后修改将丢失。').waitFor();
    expect(new URL(page.url()).pathname).toBe('/ticket-temp-cfg');
    await settleAnimations(page);
    await leave.getByRole('button', { name: '离开' }).click();
    await page.waitForURL((url) => url.pathname === '/modeling');
    await page.goto(`${env.server.url}/base-cfg?tab=ticketTemplate`);
    await ui.waitForList(page);
    await expect.poll(() => ui.rowWithCell(page, '成品捆包标签').count()).toBe(1);
    expect(await ui.rowWithCell(page, '成品捆包标签（改）').count()).toBe(0);
  });
});
