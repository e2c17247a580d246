// Journeys of /modeling (issue 4) in the standalone console against the real server and its seed:
// a process flow built from existing processes with a reordered step, a product that uses it shown
// in the product list; deleting a process that a flow uses is refused and the process stays.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, shot, useE2eEnvironment } from './support/harness';

const FLOW = { code: 'E2E-FLOW-01', name: '端到端测试路线' };
const PRODUCT = { no: 'E2E-P-0001', name: '端到端测试纸箱', customer: '端到端测试客户', board: 'K5A3K5' };

async function loginAt(page: Page, baseUrl: string, path: string) {
  await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent(path)}`);
  await logIn(page, 'admin', 'admin123');
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });
const message = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });
const tableRows = (page: Page) => page.locator('.mes-list-table .ant-table-tbody tr.ant-table-row');
const waitForList = (page: Page) => page.locator('.mes-list-page[data-loading="false"]').first().waitFor();

/** Opens an antd Select, types to search and picks the option titled `label`. */
async function pick(page: Page, select: Locator, label: string) {
  await select.click();
  await page.keyboard.type(label);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
}

/** Cells of the visible list rows, by column title. */
async function listRows(page: Page): Promise<Array<Record<string, string>>> {
  const headers = await page.locator('.mes-list-table .ant-table-thead th').allInnerTexts();
  const rows: Array<Record<string, string>> = [];
  for (const row of await tableRows(page).all()) {
    const cells = await row.locator('td').allInnerTexts();
    rows.push(Object.fromEntries(headers.map((header, index) => [header.trim(), (cells[index] ?? '').trim()])));
  }
  return rows;
}

describe('modeling module', () => {
  const env = useE2eEnvironment('modeling');

  it('builds a process flow from existing processes and a product that uses it', async () => {
    const page = await env.newPage();
    await loginAt(page, env.server.url, '/modeling?tab=workFlow');
    await waitForList(page);
    expect(await tableRows(page).count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: '新增工艺路线' }).click();
    const editor = dialog(page, '新增工艺路线');
    await editor.getByPlaceholder('请输入工艺路线编码').fill(FLOW.code);
    await editor.getByPlaceholder('请输入工艺路线名称').fill(FLOW.name);
    await editor.getByRole('button', { name: '确定' }).click();
    await message(page, '请至少添加一道工序').waitFor();
    for (const name of ['水印开槽', '打包', '糊箱']) {
      await editor.getByRole('button', { name: '添加工序' }).click();
      const step = editor.locator('.mes-flow-step').last();
      await pick(page, step.locator('.ant-select').first(), name);
    }
    // 打包 goes last: move it down below 糊箱; 糊箱 gets a default device.
    await editor.locator('.mes-flow-step[data-step="2"]').getByRole('button', { name: '下移' }).click();
    const gluing = editor.locator('.mes-flow-step[data-step="2"]');
    expect(await gluing.locator('.ant-select').first().innerText()).toContain('糊箱');
    await gluing.locator('.ant-select').nth(1).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await shot(page, 'modeling-1-flow-editor');
    await editor.getByRole('button', { name: '确定' }).click();
    await message(page, '新增成功').waitFor();
    await tableRows(page).filter({ hasText: FLOW.code }).waitFor();
    const flow = (await listRows(page)).find((row) => row['工艺路线编码'] === FLOW.code);
    expect(flow).toMatchObject({ 工艺路线名称: FLOW.name, 工序路线: '水印开槽→糊箱→打包', 类型: '通用模板', 产品数量: '0' });
    await shot(page, 'modeling-2-flow-list');

    await page.getByRole('tab', { name: '产品档案' }).click();
    await page.locator('.mes-category-tree .mes-category-node').first().waitFor();
    await waitForList(page);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('product');
    await page.getByRole('button', { name: '新增产品' }).click();
    const product = dialog(page, '新增产品');
    await product.getByPlaceholder('请输入产品编号').fill(PRODUCT.no);
    await product.getByPlaceholder('请输入产品名称').fill(PRODUCT.name);
    await product.getByPlaceholder('请输入客户').fill(PRODUCT.customer);
    await product.getByRole('button', { name: '确定' }).click();
    await product.getByText('请输入内长').waitFor();
    await product.getByPlaceholder('请输入内长').fill('400');
    await product.getByPlaceholder('请输入内宽').fill('300');
    await product.getByPlaceholder('请输入内高').fill('250');
    await product.getByPlaceholder('请输入纸板编码').fill(PRODUCT.board);
    await pick(page, product.locator('.ant-form-item', { hasText: '楞型' }).locator('.ant-select'), 'BC楞');
    await pick(page, product.locator('.ant-form-item', { hasText: '工艺路线' }).locator('.ant-select'), `${FLOW.name}（水印开槽→糊箱→打包）`);
    await shot(page, 'modeling-3-product-editor');
    await product.getByRole('button', { name: '确定' }).click();
    await message(page, '新增成功').waitFor();
    await tableRows(page).filter({ hasText: PRODUCT.no }).waitFor();
    const created = (await listRows(page)).find((row) => row['产品编号'] === PRODUCT.no);
    expect(created).toMatchObject({
      产品名称: PRODUCT.name,
      客户: PRODUCT.customer,
      箱型: '0201',
      '内径（长×宽×高 mm）': '400×300×250',
      纸板编码: PRODUCT.board,
      楞型: 'BC',
      工艺路线: FLOW.name,
    });
    await shot(page, 'modeling-4-product-list');

    await page.getByRole('tab', { name: '工艺路线' }).click();
    await tableRows(page).filter({ hasText: FLOW.code }).waitFor();
    expect((await listRows(page)).find((row) => row['工艺路线编码'] === FLOW.code)).toMatchObject({ 产品数量: '1' });
  });

  it('refuses deleting a process used by a flow and keeps the process', async () => {
    const page = await env.newPage();
    await loginAt(page, env.server.url, '/modeling?tab=process');
    await waitForList(page);
    const row = tableRows(page).filter({ hasText: '水印开槽' });
    await row.getByText('删除', { exact: true }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定删除工序「水印开槽」吗？' });
    await confirm.getByRole('button', { name: '确定' }).click();
    await message(page, '该工序已被工艺路线引用，无法删除').waitFor();
    await shot(page, 'modeling-5-process-refused');
    await page.reload();
    await waitForList(page);
    expect(await tableRows(page).filter({ hasText: '水印开槽' }).count()).toBe(1);
  });
});
