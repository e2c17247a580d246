// 纸板排产 against the real server and its seed, in 示例纸板厂: pick a standby group → 试排 (the
// optimiser in the server's worker thread) → 保存为排程 → adjust a run by hand → 下发 → export the run
// sheet; then the other screens, each photographed at 1440×900. A config change re-checks a saved
// draft; 生成补单 from a defect report; <mes-paperboard> inside a host page.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSession, hostWithSession } from './support/api';
import { useE2eEnvironment, shot } from './support/harness';
import { loginAt, switchFactory } from './support/login';
import * as ui from './support/list-page';

const BASE = '/dps-server/paperboard';

/** admin in 示例纸板厂, on the paperboard page `path`. */
async function boardPage(env: ReturnType<typeof useE2eEnvironment>, path: string): Promise<Page> {
  const page = await env.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAt(page, env.server.url, '/paperboard/orders');
  await switchFactory(page, '示例纸板厂');
  await page.goto(`${env.server.url}${path}`);
  return page;
}

const menu = (page: Page, title: string) => page.locator('.mes-sider-menu').getByText(title, { exact: true }).click();

/**
 * Opens a list page from the side menu and waits for its own rows: the page before it (often a
 * list too) can still be shown, loaded, while the new one mounts, so its list request is waited for.
 */
async function menuList(page: Page, title: string): Promise<void> {
  const listed = ui.nextList(page);
  await menu(page, title);
  await listed;
  await ui.waitForList(page);
}

describe('纸板排产', () => {
  const env = useE2eEnvironment('paperboard');

  it('selects standby orders, runs 试排, saves, adjusts a run, issues and exports the run sheet', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/paperboard/orders');
    await switchFactory(page, '示例纸板厂');
    await page.goto(`${env.server.url}/paperboard/orders`);
    await ui.waitForList(page);
    expect(await ui.tableRows(page).count()).toBeGreaterThan(5);
    await shot(page, 'paperboard-1-orders');

    await menu(page, '待排订单');
    const groups = page.locator('.mes-board-groups .ant-table-row');
    await groups.first().waitFor();
    await groups.filter({ hasText: 'A200-C120-A200' }).first().click();
    const orders = page.locator('.mes-board-group-orders .ant-table-row');
    await orders.first().waitFor();
    const count = await orders.count();
    expect(count).toBeGreaterThanOrEqual(8);
    // Pick eight orders of the group.
    for (let index = 0; index < 8; index += 1) await orders.nth(index).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: '试排所选（8）' }).click();
    const trial = page.locator('.mes-board-trial');
    await trial.waitFor({ timeout: 60_000 });
    expect(await trial.locator('.ant-card-head-title').innerText()).toContain('8 单');
    const trimText = await trial.locator('[data-figure="trimPct"]').innerText();
    expect(Number.parseFloat(trimText)).toBeLessThan(5);
    expect(await trial.locator('svg.mes-web-drawing').count()).toBeGreaterThan(0);
    await shot(page, 'paperboard-2-standby-trial');

    await trial.getByRole('button', { name: '保存为排程' }).click();
    await page.waitForURL(/scheduleDetail\?id=\d+/);
    const schedule = page.locator('.mes-board-schedule');
    await schedule.locator('.ant-tag', { hasText: '草稿' }).waitFor();
    expect(await schedule.locator('[data-figure="trimPct"]').innerText()).toBe(trimText);
    await shot(page, 'paperboard-3-schedule-draft');

    // Adjust a run on a narrower roll: the widest roll keeps every rule; the run's roll and trim change.
    // (A draft's first column ticks runs to lock: the roll is the third.)
    const runRows = schedule.locator('.mes-board-runs .ant-table-row');
    const rollsShown = (await runRows.evaluateAll((rows) => rows.map((row) => Number(row.querySelectorAll('td')[2]?.textContent)))) as number[];
    const widest = Math.max(...rollsShown);
    const index = rollsShown.findIndex((roll) => roll < widest);
    expect(index).toBeGreaterThanOrEqual(0);
    const target = runRows.nth(index);
    await target.getByRole('button', { name: '调整' }).click();
    const editor = ui.dialog(page, `调整第 ${index + 1} 刀`);
    await editor.waitFor();
    await ui.pick(ui.formItem(editor, '门幅（mm）').locator('.ant-select'), String(widest), { search: '' });
    await shot(page, 'paperboard-4-adjust-run');
    await editor.getByRole('button', { name: '确定' }).click();
    await ui.message(page, '修改成功').waitFor();
    await expect.poll(async () => Number(await runRows.nth(index).locator('td').nth(2).innerText())).toBe(widest);
    expect(await schedule.locator('[data-figure="trimPct"]').innerText()).not.toBe(trimText);

    await schedule.getByRole('button', { name: '下发' }).click();
    await ui.confirm(page, '下发到瓦线吗');
    await ui.message(page, '下发成功').waitFor();
    await schedule.locator('.ant-tag', { hasText: '已下发' }).waitFor();
    expect(await schedule.getByRole('button', { name: '调整' }).count()).toBe(0);

    const [download] = await Promise.all([page.waitForEvent('download'), schedule.getByRole('button', { name: '导出排产单' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^排产单-PB\d{11}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)).buffer as ArrayBuffer);
    const rows: string[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
    expect(rows[0]).toEqual(['顺序', '门幅(mm)', '订单号', '客户名称', '宽(mm)', '长(mm)', '切数', '刀数', '张数', '米数', '修边(mm)', '修边率(%)']);
    expect(rows.length - 1).toBeGreaterThanOrEqual(8);
    await shot(page, 'paperboard-5-schedule-issued');

    await menuList(page, '排产单');
    expect((await ui.listRows(page)).some((row) => row['状态'] === '已下发')).toBe(true);
    await shot(page, 'paperboard-6-schedule-list');

    await menu(page, '排产配置');
    await page.locator('.mes-board-config').waitFor();
    await expect.poll(async () => page.locator('.mes-board-config input').first().inputValue()).toBe('2500');
    await shot(page, 'paperboard-7-config');

    await menuList(page, '排产日志');
    expect((await ui.listRows(page)).some((row) => row['操作'] === '下发')).toBe(true);
    await shot(page, 'paperboard-8-log');

    await menuList(page, '已完成订单');
    expect((await ui.listRows(page)).every((row) => row['状态'] === '完工')).toBe(true);
    await shot(page, 'paperboard-9-complete-orders');

    await menuList(page, '尾数订单');
    // Re-makes only (补单, numbered BR…), each with the report it came from, if any.
    expect((await ui.listRows(page)).every((row) => /^BR\d{11}$/.test(row['订单号']!))).toBe(true);
    await shot(page, 'paperboard-10-fecal-orders');

    // The issued schedule again, scrolled to what the reel stands need.
    await menu(page, '排产明细');
    await page.locator('.mes-board-paper-demand .ant-table-row').first().waitFor();
    await page.locator('.mes-board-paper-demand').scrollIntoViewIfNeeded();
    await shot(page, 'paperboard-11-paper-demand');
  });

  it('re-checks a saved draft when the line’s config changes: the broken rules listed and 下发 refused, until it is restored', async () => {
    const api = await apiSession(env.server.url, 'admin', 'admin123');
    await api.call('/base/switch/user/org/1002', {});
    const drafts = await api.call<{ list: Array<{ id: number; scheduleNo: string }> }>(`${BASE}/schedule/list?state=1&limit=10`);
    const draft = drafts.list[0]!;
    expect((await api.call<{ problems: string[] }>(`${BASE}/schedule/detail/${draft.id}`)).problems).toEqual([]);

    const page = await boardPage(env, '/paperboard/scheduleConfig');
    const config = page.locator('.mes-board-config');
    const minTrim = ui.formItem(config, '最小修边（mm）').locator('input');
    await expect.poll(() => minTrim.inputValue()).toBe('25');
    // The roll widths on hand beside the limits, read-only, and the minimum trim the line keeps.
    const rolls = page.locator('.mes-board-rolls');
    expect(await rolls.locator('.ant-table-row').count()).toBeGreaterThan(5);
    await rolls.getByRole('link', { name: '在纸板生产数据中维护' }).waitFor();
    await page.locator('.mes-board-line-trim', { hasText: '排产按最小修边 25mm' }).waitFor();
    await minTrim.fill('200');
    await page.locator('.mes-board-line-trim', { hasText: '排产按最小修边 200mm' }).waitFor();
    await config.getByRole('button', { name: '保存' }).click();
    await ui.message(page, '保存成功').waitFor();
    await shot(page, 'paperboard-12-config-changed');

    await page.goto(`${env.server.url}/paperboard/scheduleDetail?id=${draft.id}`);
    const schedule = page.locator('.mes-board-schedule');
    await schedule.locator('.ant-tag', { hasText: '草稿' }).waitFor();
    const problems = schedule.locator('.mes-board-problems');
    await problems.getByText('按当前排产配置，本排程不再符合规则，请调整后再下发').waitFor();
    expect(await problems.innerText()).toMatch(/第 \d+ 刀：纸板宽 \d+mm 加最小修边 200mm 超过门幅 \d+mm/);
    await schedule.getByRole('button', { name: '下发' }).click();
    await ui.confirm(page, '下发到瓦线吗');
    await ui.message(page, '不符合排产规则：').waitFor();
    await shot(page, 'paperboard-13-draft-broken-by-config');
    expect(await schedule.locator('.ant-tag', { hasText: '草稿' }).count()).toBe(1);
    expect((await api.call<{ schedule: { state: number } }>(`${BASE}/schedule/detail/${draft.id}`)).schedule.state).toBe(1);

    // Restored: the draft keeps every rule again.
    await page.goto(`${env.server.url}/paperboard/scheduleConfig`);
    await expect.poll(() => minTrim.inputValue()).toBe('200');
    await minTrim.fill('25');
    await config.getByRole('button', { name: '保存' }).click();
    await ui.message(page, '保存成功').waitFor();
    await page.goto(`${env.server.url}/paperboard/scheduleDetail?id=${draft.id}`);
    await schedule.locator('.ant-tag', { hasText: '草稿' }).waitFor();
    await schedule.locator('[data-figure="trimPct"]').waitFor();
    expect(await problems.count()).toBe(0);
  });

  it('makes a re-make (补单) from an audited defect report on 尾数订单', async () => {
    const page = await boardPage(env, '/paperboard/fecalOrders');
    await ui.waitForList(page);
    const before = await ui.tableRows(page).count();
    const remake = await ui.openDialog(page, '生成补单');
    const reports = remake.locator('.mes-board-remake-reports .ant-table-row');
    await reports.first().waitFor();
    const open = reports.filter({ hasNot: page.locator('.ant-tag', { hasText: '已生成' }) }).first();
    const reportNo = (await open.locator('td').nth(1).innerText()).trim();
    const defects = Number((await open.locator('td').nth(5).innerText()).trim());
    await open.click();
    const quantity = ui.formItem(remake, '数量（张）').locator('input');
    await expect.poll(() => quantity.inputValue()).toBe(String(defects));
    await quantity.fill(String(defects + 20));
    await shot(page, 'paperboard-14-remake-dialog');
    await remake.getByRole('button', { name: '确定' }).click();
    await ui.message(page, '生成补单成功').waitFor();
    await remake.waitFor({ state: 'hidden' });
    const row = ui.rowWith(page, reportNo);
    await row.waitFor();
    expect(await ui.tableRows(page).count()).toBe(before + 1);
    const made = (await ui.listRows(page)).find((each) => each['来源报工'] === reportNo)!;
    expect(made).toMatchObject({ 订单号: expect.stringMatching(/^BR\d{11}$/), 状态: '待排' });
    expect(Number(made['数量（张）']!.replace(/,/g, ''))).toBe(defects + 20);
    await shot(page, 'paperboard-15-remake-made');

    // The same report again: its row says 已生成 and cannot be picked.
    await ui.openDialog(page, '生成补单');
    await reports.first().waitFor();
    const done = reports.filter({ hasText: reportNo });
    await done.locator('.ant-tag', { hasText: `已生成 ${made['订单号']}` }).waitFor();
    expect(await done.locator('.ant-radio-input').isDisabled()).toBe(true);
    await remake.getByRole('button', { name: '取消' }).click();
  });

  it('<mes-paperboard> shows 待排订单 with 试排 inside a host page', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await hostWithSession(page, env.server.url, 'mes-paperboard', { orgId: 1002 });
    const groups = page.locator('mes-paperboard .mes-paperboard-element .mes-board-groups .ant-table-row');
    await groups.first().waitFor();
    expect(await groups.count()).toBeGreaterThan(1);
    await groups.first().click();
    await page.locator('mes-paperboard .mes-board-group-orders .ant-table-row').first().waitFor();
    await shot(page, 'paperboard-16-element');
  });
});
