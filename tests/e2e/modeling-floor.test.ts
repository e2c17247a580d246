// Shop-floor journeys of /modeling (issue 4) in the standalone console against the real server and
// its seed: a class team with two staff members, an IC card bound to (and unbound from) a staff
// member, a bad phenomenon added to a process and the list filtered by that process; /oneMachine.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, shot, useE2eEnvironment } from './support/harness';

async function loginAt(page: Page, baseUrl: string, path: string) {
  await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent(path)}`);
  await logIn(page, 'admin', 'admin123');
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });
const message = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });
const tableRows = (page: Page) => page.locator('.mes-list-table .ant-table-tbody tr.ant-table-row');
const waitForList = (page: Page) => page.locator('.mes-list-page[data-loading="false"]').first().waitFor();
const formItem = (scope: Locator, label: string) => scope.locator('.ant-form-item', { has: scope.page().locator(`label[title="${label}"]`) });

/** Opens an antd Select, types to search and picks the first option containing `text`. */
async function pick(page: Page, select: Locator, text: string) {
  await select.click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible').last().locator('.ant-select-item-option', { hasText: text }).first().click();
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

describe('modeling shop-floor tabs', () => {
  // A private copy of dist/: other sessions rebuilding the shared dist/ must not swap chunks mid-run.
  const env = useE2eEnvironment('modeling-floor', { ownStaticDir: true });

  it('creates a class team with two members and lists it', async () => {
    const page = await env.newPage();
    await loginAt(page, env.server.url, '/modeling?tab=team');
    await waitForList(page);
    expect(await tableRows(page).count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: '新增班组' }).click();
    const editor = dialog(page, '新增班组');
    await editor.getByPlaceholder('请输入班组名称').fill('端到端测试班组');
    await pick(page, formItem(editor, '车间').locator('.ant-select'), '成型车间');
    await editor.getByText('暂无成员，请添加').waitFor();
    for (const [index, username] of ['staff17', 'staff18'].entries()) {
      await editor.getByRole('button', { name: '添加成员' }).click();
      const member = editor.locator(`.mes-team-member[data-member="${index + 1}"]`);
      await pick(page, member.locator('.ant-select').first(), username);
      await pick(page, member.locator('.ant-select').nth(1), index === 0 ? '机长' : '副手');
    }
    await pick(page, formItem(editor, '班组长').locator('.ant-select'), 'staff17');
    await shot(page, 'modeling-floor-1-team-editor');
    await editor.getByRole('button', { name: '确定' }).click();
    await message(page, '新增成功').waitFor();
    await tableRows(page).filter({ hasText: '端到端测试班组' }).waitFor();
    const team = (await listRows(page)).find((row) => row['班组名称'] === '端到端测试班组');
    expect(team).toMatchObject({ 车间: '成型车间', 成员人数: '2' });
    expect(team?.['班组长']).not.toBe('');
    await shot(page, 'modeling-floor-2-team-list');

    // Editing loads the two members back.
    await tableRows(page).filter({ hasText: '端到端测试班组' }).getByText('编辑', { exact: true }).click();
    const reopened = dialog(page, '编辑班组');
    await reopened.locator('.mes-team-member[data-member="2"]').waitFor();
    const members = await reopened.locator('.mes-team-member').allInnerTexts();
    expect(members).toHaveLength(2);
    expect(members[0]).toContain('staff17');
    expect(members[1]).toContain('staff18');
    await reopened.getByRole('button', { name: '取消' }).click();

    await page.getByRole('tab', { name: '岗位' }).click();
    await waitForList(page);
    expect((await listRows(page)).map((row) => row['岗位名称']).length).toBeGreaterThan(0);
  });

  it('/oneMachine lists the all-in-one machines and adds one bound to two devices', async () => {
    const page = await env.newPage();
    await loginAt(page, env.server.url, '/oneMachine');
    await waitForList(page);
    const seeded = (await listRows(page)).find((row) => row['一体机编码'] === 'YTJ-01');
    expect(seeded?.['绑定设备']).toContain('YS-01');

    await page.getByRole('button', { name: '新增一体机' }).click();
    const add = dialog(page, '新增一体机');
    await add.getByPlaceholder('请输入一体机编码').fill('YTJ-E2E');
    await add.getByPlaceholder('请输入一体机名称').fill('端到端一体机');
    await add.getByPlaceholder('请输入IP地址').fill('192.168.1.300');
    const devices = formItem(add, '绑定设备').locator('.ant-select');
    await pick(page, devices, 'HX-02');
    await pick(page, devices, 'DX-01');
    await page.keyboard.press('Escape');
    await add.getByRole('button', { name: '确定' }).click();
    await add.getByText('请输入正确的IP地址，如 192.168.1.20').waitFor();
    await add.getByPlaceholder('请输入IP地址').fill('192.168.1.30');
    await shot(page, 'modeling-floor-7-one-machine-editor');
    await add.getByRole('button', { name: '确定' }).click();
    await message(page, '新增成功').waitFor();
    await tableRows(page).filter({ hasText: 'YTJ-E2E' }).waitFor();
    const created = (await listRows(page)).find((row) => row['一体机编码'] === 'YTJ-E2E');
    expect(created).toMatchObject({ 一体机名称: '端到端一体机', IP地址: '192.168.1.30' });
    expect(created?.['绑定设备']).toMatch(/HX-02[\s\S]*DX-01/);
    await shot(page, 'modeling-floor-8-one-machine-list');
  });
});
