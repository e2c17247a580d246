// Journeys of /base-cfg and /paper-produce-data (issue 4) in the standalone console against the real
// server and its seed: one enterprise config section saved alone and kept after reload; two auditors
// picked for 报工审核 and named after reload without loading the user list; a board code
// built from existing paper grades shown with the server's layers text and basis weight; deleting a
// paper grade a board code uses is refused and the grade stays.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useE2eEnvironment } from './support/harness';
import { apiSession } from './support/api';
import * as ui from './support/list-page';
import { loginAt } from './support/login';

const section = (page: Page, key: string) => page.locator(`.mes-config-section[data-section="${key}"]`);

describe('sys-cfg configuration screens', () => {
  // A private copy of dist/: other sessions rebuilding the shared dist/ must not swap chunks mid-run.
  const env = useE2eEnvironment('sys-cfg', { ownStaticDir: true });

  it('saves one enterprise config section alone and shows it after reload', async () => {
    const page = await env.newPage();
    await loginAt(page, env.server.url, '/base-cfg?tab=enterprise');
    const template = section(page, 'orderTemplate');
    const prefix = template.getByPlaceholder('如 SO');
    await expect.poll(() => prefix.inputValue(), { timeout: 15_000 }).toBe('SO');
    await prefix.fill('MES');
    await template.getByPlaceholder('请输入默认交期天数').fill('12');
    // Edited but not saved: must not travel with the order template.
    const maintenance = section(page, 'maintenanceMode');
    await maintenance.getByRole('switch').click();
    await expect.poll(() => maintenance.getByRole('switch').getAttribute('aria-checked')).toBe('true');

    const sent = page.waitForRequest((request) => request.url().endsWith('/dps-server/enterprise/config/update'));
    await template.getByRole('button', { name: '保存' }).click();
    expect(Object.keys((await sent).postDataJSON() as object)).toEqual(['orderTemplate']);
    await ui.message(page, '保存成功').waitFor();
    // Saving the template leaves the unsaved maintenance edit on screen.
    expect(await maintenance.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await shot(page, 'sys-cfg-1-enterprise-config');

    await page.reload();
    await expect.poll(() => section(page, 'orderTemplate').getByPlaceholder('如 SO').inputValue(), { timeout: 15_000 }).toBe('MES');
    expect(await section(page, 'orderTemplate').getByPlaceholder('请输入默认交期天数').inputValue()).toBe('12');
    expect(await section(page, 'maintenanceMode').getByRole('switch').getAttribute('aria-checked')).toBe('false');
  });

  it('picks two auditors for 报工审核 among the factory users and shows their names after reload', async () => {
    // A former employee: staff03's account is disabled before the picker opens.
    const admin = await apiSession(env.server.url, 'admin', 'admin123');
    const { list } = await admin.call<{ list: Array<{ userId: number }> }>('/dps-server/user_list?username=staff03');
    await admin.call('/dps-server/department_user/edit_status', { userIds: [list[0]!.userId], status: 0 });
    const page = await env.newPage();
    const userListCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/dps-server/user_list') userListCalls.push(request.url());
    });
    await loginAt(page, env.server.url, '/base-cfg?tab=enterprise');
    const report = section(page, 'reportAuditConfig');
    const needAudit = report.getByRole('switch');
    await expect.poll(() => needAudit.getAttribute('aria-checked'), { timeout: 15_000 }).toBe('true');
    await report.getByText('不选则拥有审核权限的人员均可审核').waitFor();
    // 订单审核 is off in the seed: its picker cannot be used.
    await expect.poll(() => section(page, 'orderAuditConfig').locator('.mes-user-select').getAttribute('class')).toContain('ant-select-disabled');
    expect(userListCalls).toEqual([]);

    const picker = report.locator('.mes-user-select');
    const users = await ui.openSelect(picker);
    // The list loads on first opening; options are 昵称（用户名）, searched by either.
    await users.locator('.ant-select-item-option').first().waitFor();
    expect(await picker.getAttribute('data-state')).toBe('done');
    expect(userListCalls).toHaveLength(1);
    await ui.pick(picker, '王伟（staff01）', { search: '王伟' });
    await ui.pick(picker, '李芳（staff02）', { search: 'staff02' });
    // A disabled account is listed but cannot be picked.
    await page.keyboard.type('staff03');
    const disabledOption = users.locator('.ant-select-item-option', { hasText: '（staff03）（已禁用）' });
    await disabledOption.waitFor();
    expect(await disabledOption.getAttribute('class')).toContain('ant-select-item-option-disabled');
    await shot(page, 'sys-cfg-1a-disabled-account');
    await disabledOption.click({ force: true });
    await page.keyboard.press('Control+A');
    await page.keyboard.type('没有这个人');
    await users.getByText('没有匹配的人员').waitFor();
    await shot(page, 'sys-cfg-1b-auditor-picker');
    await ui.closeSelect(picker);
    const chosen = () => report.locator('.ant-select-selection-item').allInnerTexts();
    await expect.poll(chosen).toEqual(['王伟（staff01）', '李芳（staff02）']);

    const sent = page.waitForRequest((request) => request.url().endsWith('/dps-server/enterprise/config/update'));
    await report.getByRole('button', { name: '保存' }).click();
    const body = (await sent).postDataJSON() as { reportAuditConfig: { needAudit: boolean; auditorUserIds: number[] } };
    expect(Object.keys(body)).toEqual(['reportAuditConfig']);
    expect(Object.keys(body.reportAuditConfig).sort()).toEqual(['auditorUserIds', 'needAudit']);
    expect(body.reportAuditConfig.auditorUserIds).toHaveLength(2);
    await ui.message(page, '保存成功').waitFor();
    await shot(page, 'sys-cfg-1c-auditors-saved');

    await page.reload();
    const reloaded = section(page, 'reportAuditConfig');
    await expect.poll(() => reloaded.locator('.ant-select-selection-item').allInnerTexts(), { timeout: 15_000 }).toEqual(['王伟（staff01）', '李芳（staff02）']);
    // The names come with the config: no user list was loaded after the reload.
    expect(userListCalls).toHaveLength(1);

    // Turning audit off keeps the chosen auditors but locks the picker.
    await reloaded.getByRole('switch').click();
    await expect.poll(() => reloaded.locator('.mes-user-select').getAttribute('class')).toContain('ant-select-disabled');
    expect(await reloaded.locator('.ant-select-selection-item').allInnerTexts()).toEqual(['王伟（staff01）', '李芳（staff02）']);
  });

  it('creates a board code from existing paper grades and lists its layers and basis weight', async () => {
    const page = await env.newPage();
    await ui.openList(page, env.server.url, '/paper-produce-data?tab=board');
    expect(await ui.tableRows(page).count()).toBeGreaterThan(0);
    const editor = await ui.openDialog(page, '新增纸板编码');
    await editor.getByPlaceholder('如 K250-B140-K250').fill('E2E-K250-B140-K200');
    await ui.pick(editor.locator('.ant-form-item', { hasText: '楞型' }).locator('.ant-select'), 'B（B楞）', { search: '' });
    const layers = editor.locator('.mes-board-layer');
    await expect.poll(() => layers.count()).toBe(3);
    expect(await editor.locator('.ant-form-item-label').allInnerTexts()).toEqual(expect.arrayContaining(['第1层 面纸', '第2层 芯纸（B楞）', '第3层 里纸']));
    // Medium slots offer only medium papers.
    const mediums = await ui.openSelect(layers.nth(1));
    await mediums.locator('.ant-select-item-option[title="B140 高强瓦楞原纸 140g"]').waitFor();
    // The dropdown fills in as the paper list arrives: wait for it rather than reading it once.
    await expect.poll(async () => (await ui.optionTitles(mediums)).length).toBeGreaterThan(1);
    const titles = await ui.optionTitles(mediums);
    expect(titles.filter((title) => !/^[BCE]1[1-4]0 /.test(title))).toEqual([]);
    await ui.closeSelect(layers.nth(1));
    await ui.pick(layers.nth(0), 'K250 牛卡纸 250g', { search: 'K250' });
    await ui.pick(layers.nth(1), 'B140 高强瓦楞原纸 140g', { search: 'B140' });
    await ui.pick(layers.nth(2), 'K200 牛卡纸 200g', { search: 'K200' });
    await expect.poll(() => editor.locator('.mes-board-layer-text').innerText()).toBe('K250-B140-K200');
    await ui.pick(editor.locator('.ant-form-item', { hasText: '纸板等级' }).locator('.ant-select'), 'S-1.3');
    await editor.getByPlaceholder('请输入最小耐破强度').fill('1177');
    await shot(page, 'sys-cfg-2-board-editor');
    await editor.getByRole('button', { name: '确定' }).click();
    await ui.message(page, '新增成功').waitFor();

    await ui.filterBy(page, '纸板编码', 'E2E-K250', 'boardCode');
    expect(await ui.listColumn(page, '纸板编码')).toEqual(['E2E-K250-B140-K200']);
    const created = await ui.listRow(page, '纸板编码', 'E2E-K250-B140-K200');
    // Basis weight: 250 + 200 + 140 × 1.35 (B flute take-up) = 639 g/m².
    expect(created).toMatchObject({ 楞型: 'B', '纸板层（面纸-芯纸-…）': 'K250-B140-K200', 纸板等级: 'S-1.3', '耐破（kPa）': '1177', '定量（g/m²）': '639' });
    await shot(page, 'sys-cfg-3-board-list');
  });

  it('refuses deleting a paper grade a board code uses and keeps the grade', async () => {
    const page = await env.newPage();
    await ui.openList(page, env.server.url, '/paper-produce-data?tab=paper');
    await ui.filterBy(page, '原纸编码', 'K250', 'paperCode');
    await ui.rowAction(ui.rowWithCell(page, 'K250'), '删除');
    await ui.confirm(page, '确定删除「K250」吗？');
    await ui.message(page, '原纸「K250」已被纸板编码引用，无法删除').waitFor();
    await shot(page, 'sys-cfg-4-grade-refused');
    // The filter lives in the URL: the reloaded list is filtered again.
    await page.reload();
    await ui.rowWithCell(page, 'K250').waitFor();
    expect(await ui.rowWithCell(page, 'K250').count()).toBe(1);
  });

  it('saves the scheduling configuration and shows dictionaries and the process dictionary', async () => {
    const page = await env.newPage();
    await loginAt(page, env.server.url, '/schedule-cfg');
    const form = page.locator('.mes-schedule-cfg');
    const efficiency = form.getByPlaceholder('请输入默认效率');
    await expect.poll(() => efficiency.inputValue(), { timeout: 15_000 }).toBe('85');
    const statuses = form.locator('.ant-checkbox-wrapper');
    expect(await statuses.allInnerTexts()).toEqual(['已创建', '处理中', '已下单', '已部署', '生产中', '已完成', '已核对', '已回收', '待录入', '不排产', '已暂停']);
    await efficiency.fill('90');
    await statuses.filter({ hasText: '已创建' }).click();
    await form.getByRole('button', { name: '保存' }).click();
    await ui.message(page, '保存成功').waitFor();
    await shot(page, 'sys-cfg-5-schedule-cfg');
    await page.reload();
    await expect.poll(() => page.locator('.mes-schedule-cfg').getByPlaceholder('请输入默认效率').inputValue(), { timeout: 15_000 }).toBe('90');
    const checked = page.locator('.mes-schedule-cfg .ant-checkbox-wrapper-checked');
    expect(await checked.allInnerTexts()).toEqual(['已创建', '已下单', '已部署']);

    await page.goto(`${env.server.url}/base-cfg?tab=dict`);
    await page.locator('.mes-dict-types .ant-menu-item').first().waitFor();
    await page.locator('.mes-dict-items .ant-table-row').first().waitFor();
    await shot(page, 'sys-cfg-6-dict');
    await page.getByRole('tab', { name: '工序字典' }).click();
    await ui.waitForList(page);
    expect(await ui.tableRows(page).count()).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('processDict');
    await shot(page, 'sys-cfg-7-process-dict');
  });
});
