// Shop-floor journeys of /modeling (issue 4) in the standalone console against the real server and
// its seed: a class team with two staff members, an IC card bound to (and unbound from) a staff
// member, bad phenomena filtered by process and one added to a process; /oneMachine.
//
// These screens load select options asynchronously, debounce filters (400 ms after picking), render
// dropdowns inside the shadow root and animate their dialogs. So the journeys wait for the concrete
// list response a step causes (registered before the step), then for the list's data-loading="false";
// they pick options in the dropdown that belongs to the select (aria-controls), waiting for the option
// to arrive, and let freshly opened dialogs settle before clicking in them.
// E2E_CPU_THROTTLE=4 slows the pages' CPU that many times, to shake out races.
import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, settleAnimations, shot, useE2eEnvironment } from './support/harness';

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

/** The dropdown of an open antd Select (its listbox is the select input's aria-controls). */
async function dropdownOf(page: Page, select: Locator): Promise<Locator> {
  const listbox = await select.locator('input').first().getAttribute('aria-controls');
  expect(listbox).toBeTruthy();
  return page.locator('.ant-select-dropdown', { has: page.locator(`[id="${listbox}"]`) });
}

/** Opens an antd Select, types to search and picks the option titled `title` in that select's own dropdown. */
async function pickExact(page: Page, select: Locator, title: string, search = title) {
  await select.click();
  const dropdown = await dropdownOf(page, select);
  if (search) await page.keyboard.type(search);
  // The option shows up once the select's options have loaded.
  await dropdown.locator(`.ant-select-item-option[title="${title}"]`).click();
}

/** Resolves with the next response of this list path whose query passes `check`; call before the step that causes it. */
function nextList(page: Page, path: string, check: (params: URLSearchParams) => boolean = () => true): Promise<Response> {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === path && check(url.searchParams);
  });
}

/** Waits for a list response (started before the step that causes it) and for the list to show it. */
async function shown(page: Page, response: Promise<Response>) {
  expect((await response).ok()).toBe(true);
  await waitForList(page);
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
  const throttle = Number(process.env.E2E_CPU_THROTTLE ?? 1);
  const newPage = async (): Promise<Page> => {
    const page = await env.newPage();
    if (throttle > 1) await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
    return page;
  };

  it('creates a class team with two members and lists it', async () => {
    const page = await newPage();
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

  it('binds a new IC card to a staff member, lists it with the name and unbinds it after confirmation', async () => {
    const IC_LIST = '/dps-server/ic_card/list';
    const page = await newPage();
    await loginAt(page, env.server.url, '/modeling?tab=icCard');
    await waitForList(page);
    const card = 'E2E0000001';
    const row = tableRows(page).filter({ has: page.locator('td', { hasText: new RegExp(`^${card}$`) }) });
    const cardRow = async () => (await listRows(page)).find((r) => r['IC卡号'] === card);

    await page.getByRole('button', { name: '新增IC卡' }).click();
    const add = dialog(page, '新增IC卡');
    await add.waitFor();
    await settleAnimations(page);
    await add.getByPlaceholder('请输入IC卡号').fill('E2E');
    await add.getByRole('button', { name: '确定' }).click();
    await add.getByText('IC卡号为4-20位字母或数字').waitFor();
    await add.getByPlaceholder('请输入IC卡号').fill(card);
    const afterAdd = nextList(page, IC_LIST);
    await add.getByRole('button', { name: '确定' }).click();
    await message(page, '新增成功').waitFor();
    await shown(page, afterAdd);
    // Newest first: the new card heads page 1, not bound yet.
    expect(await cardRow()).toMatchObject({ 绑定人员: '', 账号: '', 绑定状态: '未绑定', 绑定时间: '' });

    await row.locator('[data-action="bind"]').click();
    const bind = dialog(page, `绑定IC卡「${card}」`);
    await bind.waitFor();
    await settleAnimations(page);
    await pickExact(page, formItem(bind, '绑定人员').locator('.ant-select'), '孙杰（staff12）', 'staff12');
    await shot(page, 'modeling-floor-3-ic-bind');
    const afterBind = nextList(page, IC_LIST);
    await bind.getByRole('button', { name: '确定' }).click();
    await message(page, '绑定成功').waitFor();
    await shown(page, afterBind);
    const bound = await cardRow();
    expect(bound).toMatchObject({ 绑定人员: '孙杰', 账号: 'staff12', 绑定状态: '已绑定' });
    expect(bound?.['绑定时间']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await shot(page, 'modeling-floor-4-ic-bound');

    await row.locator('[data-action="unbind"]').click();
    const confirm = page.getByRole('dialog').filter({ hasText: `确定解除IC卡「${card}」与「孙杰」的绑定吗？` });
    await confirm.waitFor();
    await settleAnimations(page);
    const afterUnbind = nextList(page, IC_LIST);
    await confirm.getByRole('button', { name: '确定' }).click();
    await shown(page, afterUnbind);
    await confirm.waitFor({ state: 'hidden' });
    expect(await cardRow()).toMatchObject({ 绑定人员: '', 账号: '', 绑定状态: '未绑定' });
    await row.locator('[data-action="bind"]').waitFor();
    expect(await row.locator('[data-action="unbind"]').count()).toBe(0);
  });

  it('filters bad phenomena by process, adds one to another process and finds it by the filter', async () => {
    const BAD_LIST = '/dps-server/undesirable_reason/list';
    const page = await newPage();
    await loginAt(page, env.server.url, '/modeling?tab=badReason');
    await waitForList(page);
    expect(new Set((await listRows(page)).map((row) => row['工序'])).size).toBeGreaterThan(1);
    const processFilter = formItem(page.locator('.mes-filter-form'), '工序').locator('.ant-select');
    // Lists travel comma-joined: one process is one plain id.
    const onlyProcess = (params: URLSearchParams) => params.getAll('processId').length === 1 && /^\d+$/.test(params.get('processId') ?? '');

    // 水印开槽 (YS01) has six seeded phenomena.
    const byPrinting = nextList(page, BAD_LIST, onlyProcess);
    await pickExact(page, processFilter, '水印开槽');
    await page.keyboard.press('Escape');
    await shown(page, byPrinting);
    const printingId = new URL((await byPrinting).url()).searchParams.get('processId');
    expect(new URL(page.url()).searchParams.getAll('processId')).toEqual([printingId]);
    const printing = await listRows(page);
    expect(printing.map((row) => row['不良现象名称']).sort()).toEqual(['开槽偏位', '套印不准', '墨杠', '漏印', '糊版', '色差'].sort());
    expect(new Set(printing.map((row) => row['工序']))).toEqual(new Set(['水印开槽']));
    await shot(page, 'modeling-floor-5-bad-reason-by-process');

    await page.getByRole('button', { name: '新增不良现象' }).click();
    const add = dialog(page, '新增不良现象');
    await add.waitFor();
    await settleAnimations(page);
    await pickExact(page, formItem(add, '工序').locator('.ant-select'), '清废');
    await add.getByPlaceholder('请输入不良现象编码').fill('E2E-BL-01');
    await add.getByPlaceholder('请输入不良现象名称').fill('废边残留');
    await shot(page, 'modeling-floor-6-bad-reason-editor');
    const afterAdd = nextList(page, BAD_LIST);
    await add.getByRole('button', { name: '确定' }).click();
    await message(page, '新增成功').waitFor();
    await add.waitFor({ state: 'hidden' });
    // The list reloads with the filter kept: the new phenomenon belongs to another process.
    await shown(page, afterAdd);
    expect((await listRows(page)).map((row) => row['工序'])).toEqual(printing.map(() => '水印开槽'));

    // Swap the filter: untick 水印开槽, tick 清废.
    const byStripping = nextList(page, BAD_LIST, (params) => onlyProcess(params) && params.get('processId') !== printingId);
    await pickExact(page, processFilter, '水印开槽');
    await page.keyboard.type('清废');
    await (await dropdownOf(page, processFilter)).locator('.ant-select-item-option[title="清废"]').click();
    await page.keyboard.press('Escape');
    await shown(page, byStripping);
    const rows = await listRows(page);
    expect(rows.map((row) => row['不良现象名称'])).toEqual(['废边残留']);
    expect(rows[0]).toMatchObject({ 工序: '清废', 不良现象编码: 'E2E-BL-01', 状态: '启用' });
    await shot(page, 'modeling-floor-7-bad-reason-filtered');
  });

  it('/oneMachine lists the all-in-one machines and adds one bound to two devices', async () => {
    const page = await newPage();
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
    await shot(page, 'modeling-floor-8-one-machine-editor');
    await add.getByRole('button', { name: '确定' }).click();
    await message(page, '新增成功').waitFor();
    await tableRows(page).filter({ hasText: 'YTJ-E2E' }).waitFor();
    const created = (await listRows(page)).find((row) => row['一体机编码'] === 'YTJ-E2E');
    expect(created).toMatchObject({ 一体机名称: '端到端一体机', IP地址: '192.168.1.30' });
    expect(created?.['绑定设备']).toMatch(/HX-02[\s\S]*DX-01/);
    await shot(page, 'modeling-floor-9-one-machine-list');
  });
});
