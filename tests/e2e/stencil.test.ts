// 印版管理 (/stencil-list) in the standalone console against the real server and its seed: from the
// menu to the list, then one plate added, found with the tag filter, edited and deleted; the import
// dialog offers its template.
import { describe, expect, it } from 'vitest';
import { StencilPaths } from '@core/contracts/stencil';
import { shot, useE2eEnvironment } from './support/harness';
import { loginAt } from './support/login';
import * as ui from './support/list-page';

const LIST = { path: StencilPaths.list };

describe('印版管理', () => {
  const env = useE2eEnvironment('stencil');

  it('adds a plate, finds it with the tag filter, edits it and deletes it', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/home');
    const menu = page.locator('.mes-sider-menu');
    await menu.locator('.ant-menu-submenu-title', { hasText: '印版管理' }).click();
    await ui.listAfter(page, () => menu.locator('.ant-menu-item', { hasText: '印版列表' }).click(), LIST);
    expect(await ui.tableRows(page).count()).toBeGreaterThan(0);
    // A seeded plate near the end of its life is flagged in the list.
    expect(await page.locator('.mes-stencil-wear[data-wear="near"]').count()).toBeGreaterThan(0);
    await shot(page, 'stencil-1-list');

    const editor = await ui.openDialog(page, '新增印版');
    await ui.formItem(editor, '印版编号').locator('input').fill('E2E-YB-01');
    await ui.formItem(editor, '客户名称').locator('input').fill('端到端测试客户');
    await ui.pick(ui.formItem(editor, '产品').locator('.ant-select'), 'CP00001', { exact: false });
    await ui.formItem(editor, '颜色').locator('input').fill('专红');
    await ui.formItem(editor, '宽').locator('input').fill('1200');
    await ui.formItem(editor, '高').locator('input').fill('800');
    await ui.formItem(editor, '库位').locator('input').fill('印版架Z-01');
    await ui.formItem(editor, '已印次数').locator('input').fill('280000');
    await ui.formItem(editor, '寿命次数').locator('input').fill('300000');
    await shot(page, 'stencil-2-editor');
    await ui.listAfter(page, () => editor.getByRole('button', { name: '确定' }).click(), LIST);
    await ui.message(page, '新增成功').waitFor();

    await ui.filterBy(page, '印版编号', 'E2E-YB-01', 'stencilNo', LIST);
    expect(await ui.tableRows(page).count()).toBe(1);
    expect(await ui.listRow(page, '印版编号', 'E2E-YB-01')).toMatchObject({
      客户名称: '端到端测试客户',
      颜色: '专红',
      版材类型: '树脂版',
      '宽×高（mm）': '1200×800',
      状态: '在库',
    });
    expect((await ui.listRow(page, '印版编号', 'E2E-YB-01'))?.['已印 / 寿命（次）']).toBe('280,000 / 300,000临近寿命');

    await ui.rowAction(ui.rowWithCell(page, 'E2E-YB-01'), '编辑');
    const edit = page.getByRole('dialog', { name: '编辑印版' });
    await edit.waitFor();
    await ui.pick(ui.formItem(edit, '状态').locator('.ant-select'), '领用');
    await ui.formItem(edit, '已印次数').locator('input').fill('1000');
    await ui.listAfter(page, () => edit.getByRole('button', { name: '确定' }).click(), LIST);
    await ui.message(page, '修改成功').waitFor();
    const edited = await ui.listRow(page, '印版编号', 'E2E-YB-01');
    expect(edited).toMatchObject({ 状态: '领用' });
    expect(edited?.['已印 / 寿命（次）']).toBe('1,000 / 300,000');

    await ui.rowAction(ui.rowWithCell(page, 'E2E-YB-01'), '删除');
    await ui.listAfter(page, () => ui.confirm(page, '确定删除印版「E2E-YB-01」吗？'), LIST);
    await ui.message(page, '删除成功').waitFor();
    expect(await ui.tableRows(page).count()).toBe(0);
  });

  it('offers the import template in the import dialog', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/stencil-list');
    await ui.waitForList(page);
    const importer = await ui.openDialog(page, '导入', '导入印版');
    const [template] = await Promise.all([page.waitForEvent('download'), importer.getByText('下载模板').click()]);
    expect(template.suggestedFilename()).toBe('印版导入模板.xlsx');
    await shot(page, 'stencil-3-import');
  });
});
