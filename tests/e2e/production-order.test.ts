// 生产订单 (/production-order) in the standalone console against the real server and its seed: an
// order created from a product (the sheet size computed as the dimensions arrive), found with the
// tag filter, its operations shown in the row expand, suspended and resumed, and its history read
// (and its attachment downloaded) in the detail drawer. The issued and recycled lists open with their own rows.
import { describe, expect, it } from 'vitest';
import { ProductionOrderPaths } from '@core/contracts/work-order/order';
import { shot, useE2eEnvironment } from './support/harness';
import { hostWithSession } from './support/api';
import { loginAt } from './support/login';
import * as ui from './support/list-page';

const LIST = { path: ProductionOrderPaths.list };
const ORDER_NO = 'E2E-ORDER-01';

describe('生产订单', () => {
  const env = useE2eEnvironment('production-order');

  it('creates an order from a product, shows its operations, suspends and resumes it, and shows the history', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/home');
    const menu = page.locator('.mes-sider-menu');
    await menu.locator('.ant-menu-submenu-title', { hasText: '生产工单' }).click();
    await ui.listAfter(page, () => menu.locator('.ant-menu-item', { hasText: '生产订单' }).click(), LIST);
    expect(await ui.tableRows(page).count()).toBeGreaterThan(0);
    await shot(page, 'production-order-1-list');

    const editor = await ui.openDialog(page, '新增订单');
    await ui.pick(ui.formItem(editor, '产品').locator('.ant-select'), 'CP00001', { exact: false });
    // The product filled the dimensions, and the sheet size follows them with its rule shown.
    await expect.poll(() => ui.formItem(editor, '长（mm）').locator('input').inputValue()).not.toBe('');
    await expect.poll(() => editor.locator('.mes-sheet-rule').innerText()).toContain('加放');
    expect(await editor.getByLabel('纸板宽（mm）').inputValue()).not.toBe('');
    await ui.formItem(editor, '订单号').locator('input').fill(ORDER_NO);
    await ui.formItem(editor, '客户名称').locator('input').fill('端到端测试客户');
    await ui.formItem(editor, '订单数量').locator('input').fill('3000');
    // 附件: uploaded at once, kept with the order under the name it was uploaded with.
    await editor.locator('.mes-file-upload input[type=file]').setInputFiles({ name: '箱型图纸.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%e2e drawing\n') });
    await editor.locator('.ant-upload-list-item-done', { hasText: '箱型图纸.pdf' }).waitFor();
    await shot(page, 'production-order-2-editor');
    await ui.listAfter(page, () => editor.getByRole('button', { name: '确定' }).click(), LIST);
    await ui.message(page, '新增成功').waitFor();

    await ui.filterBy(page, '订单号', ORDER_NO, 'orderNo', LIST);
    expect(await ui.tableRows(page).count()).toBe(1);
    expect(await ui.listRow(page, '订单号', ORDER_NO)).toMatchObject({ 客户名称: '端到端测试客户', 数量: '3,000', 订单状态: '已下单' });

    const row = ui.rowWithCell(page, ORDER_NO);
    await row.locator('.ant-table-row-expand-icon').click();
    const operations = page.locator(`.mes-order-expand[data-order] .mes-order-operations .ant-table-tbody tr.ant-table-row`);
    await expect.poll(() => operations.count()).toBeGreaterThan(0);
    expect(await operations.first().innerText()).toContain('待排产');
    await shot(page, 'production-order-3-operations');

    await ui.rowAction(row, '暂停');
    await ui.listAfter(page, () => ui.confirm(page, `确定暂停订单「${ORDER_NO}」吗？`), LIST);
    await ui.message(page, '暂停成功').waitFor();
    expect((await ui.listRow(page, '订单号', ORDER_NO))?.订单状态).toBe('已暂停');

    await ui.rowAction(ui.rowWithCell(page, ORDER_NO), '恢复');
    await ui.listAfter(page, () => ui.confirm(page, `确定恢复订单「${ORDER_NO}」吗？`), LIST);
    await ui.message(page, '恢复成功').waitFor();
    expect((await ui.listRow(page, '订单号', ORDER_NO))?.订单状态).toBe('已下单');

    // 编辑: the form fills from the whole order (the list row carries only its columns), attachment included.
    await ui.rowAction(ui.rowWithCell(page, ORDER_NO), '编辑');
    const edit = ui.dialog(page, '编辑订单');
    await expect.poll(() => ui.formItem(edit, '客户名称').locator('input').inputValue()).toBe('端到端测试客户');
    await edit.locator('.ant-upload-list-item', { hasText: '箱型图纸.pdf' }).waitFor();
    await ui.formItem(edit, '备注').locator('textarea').fill('加急印刷');
    await ui.listAfter(page, () => edit.getByRole('button', { name: '确定' }).click(), LIST);
    await ui.message(page, '修改成功').waitFor();

    await ui.rowWithCell(page, ORDER_NO).locator('.mes-order-no a').click();
    const drawer = page.locator('.mes-order-detail');
    const history = drawer.locator('.mes-order-history');
    await history.waitFor();
    await expect.poll(() => history.locator('[data-action]').evaluateAll((items) => items.map((item) => item.getAttribute('data-action')))).toEqual(['edit', 'resume', 'suspend', 'create']);
    expect(await history.innerText()).toContain('订单状态：已暂停 → 已下单');
    expect(await history.innerText()).toContain('备注：（空） → 加急印刷');
    expect(await drawer.locator('.mes-order-basics').innerText()).toContain('端到端测试客户');
    // The attachment downloads under its own name.
    const attachment = drawer.locator('.mes-order-attachments').getByRole('button', { name: '箱型图纸.pdf' });
    const [download] = await Promise.all([page.waitForEvent('download'), attachment.click()]);
    expect(download.suggestedFilename()).toBe('箱型图纸.pdf');
    await shot(page, 'production-order-4-detail');
  });

  it('opens the issued and the recycled orders with their own rows', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await ui.openList(page, env.server.url, '/semi-production-order');
    expect(new Set(await ui.listColumn(page, '订单状态'))).toEqual(new Set(['已回收']));
    await shot(page, 'production-order-5-semi');

    // 列设置: a hidden column stays hidden for this user after a reload (user_page_config).
    const headers = () => page.locator('.mes-list-table .ant-table-thead th').allInnerTexts();
    expect(await headers()).toContain('规格（mm）');
    await page.getByRole('button', { name: '列设置' }).click();
    const specColumn = page.locator('.mes-column-settings').getByRole('checkbox', { name: '规格（mm）', exact: true });
    await expect.poll(() => specColumn.isChecked()).toBe(true);
    const saved = page.waitForResponse((response) => response.url().includes('/user_page_config/save'));
    // uncheck() clicks and then verifies the box really turned off (a click during the popover's
    // opening motion would otherwise be lost silently).
    await specColumn.uncheck();
    expect((await saved).ok()).toBe(true);
    await expect.poll(headers).not.toContain('规格（mm）');
    await page.reload();
    await ui.waitForList(page);
    await expect.poll(async () => (await headers()).includes('订单号') && !(await headers()).includes('规格（mm）')).toBe(true);
    const issued = await env.newPage();
    await issued.setViewportSize({ width: 1440, height: 900 });
    await ui.openList(issued, env.server.url, '/production-order-issued');
    expect(await ui.tableRows(issued).count()).toBeGreaterThan(0);
    await shot(issued, 'production-order-6-issued');
  });

  it('<mes-production-order> shows the order list inside a host page, rows opening to their operations', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await hostWithSession(page, env.server.url, 'mes-production-order');
    await ui.waitForList(page);
    expect(await ui.tableRows(page).count()).toBeGreaterThan(0);
    await ui.tableRows(page).first().locator('.ant-table-row-expand-icon').click();
    await expect.poll(() => page.locator('.mes-order-expand .mes-order-operations .ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await shot(page, 'production-order-7-element');
  });
});
