// 设备点检 (/device-check-cfg) in the standalone console against the real server and its seed: a
// scheme with a range item, a daily plan on a device, 立即生成 making its orders, one executed with
// the value out of range — judged 异常 as it is typed — raising a repair in one click, the order
// submitted, and the repair waiting on /repair-cfg; then the calendar, 设备保养 (with its 知识库 tab) and the
// /home tiles.
import { describe, expect, it } from 'vitest';
import { DeviceCheckPaths as P, MaintenancePaths } from '@core/contracts/device-care';
import { DeviceLedgerPaths } from '@core/contracts/device-ledger';
import { DeviceRepairPaths } from '@core/contracts/device-repair';
import { shot, useE2eEnvironment } from './support/harness';
import { loginAt } from './support/login';
import * as ui from './support/list-page';

const SCHEME = '端到端点检方案';
const PLAN = '端到端日检';

describe('设备点检', () => {
  const env = useE2eEnvironment('device-care');

  it('a check plan generates orders and one is executed with an abnormal item raising a repair', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/home');
    const menu = page.locator('.mes-sider-menu');
    await menu.locator('.ant-menu-submenu-title', { hasText: '设备管理' }).click();
    await ui.listAfter(page, () => menu.locator('.ant-menu-item', { hasText: '设备点检' }).click(), { path: P.orderList });
    // The seed has a month of orders: done, due and overdue.
    await expect.poll(async () => new Set(await ui.listColumn(page, '状态')).size).toBeGreaterThanOrEqual(2);
    await shot(page, 'device-care-1-orders');

    // 方案: a scheme whose first item is a pressure between 0.5 and 0.7 MPa.
    const tab = (name: string) => page.locator('.mes-device-care .ant-tabs-tab', { hasText: name });
    await ui.listAfter(page, () => tab('方案').click(), { path: P.schemeList });
    const schemeEditor = await ui.openDialog(page, '新增点检方案');
    await ui.formItem(schemeEditor, '方案名称').locator('input').fill(SCHEME);
    await schemeEditor.getByLabel('第1行项目名称').fill('主气压');
    await schemeEditor.getByLabel('第1行下限').fill('0.5');
    await schemeEditor.getByLabel('第1行上限').fill('0.7');
    await schemeEditor.getByLabel('第1行单位').fill('MPa');
    await shot(page, 'device-care-2-scheme-editor');
    await ui.listAfter(page, () => schemeEditor.getByRole('button', { name: '确定' }).click(), { path: P.schemeList });
    await ui.message(page, '新增成功').waitFor();
    expect((await ui.listRow(page, '方案名称', SCHEME))?.['检查项目数']).toBe('1');

    // 计划: every day on the strapping machine, for the admin.
    await ui.listAfter(page, () => tab('计划').click(), { path: P.planList });
    const planEditor = await ui.openDialog(page, '新增点检计划');
    await ui.formItem(planEditor, '计划名称').locator('input').fill(PLAN);
    await ui.pick(ui.formItem(planEditor, '点检方案').locator('.ant-select'), SCHEME);
    await ui.pick(ui.formItem(planEditor, '设备').locator('.ant-select'), '全自动打包机（DB-01）', { search: 'DB-01' });
    await ui.closeSelect(ui.formItem(planEditor, '设备').locator('.ant-select'));
    await shot(page, 'device-care-3-plan-editor');
    await ui.listAfter(page, () => planEditor.getByRole('button', { name: '确定' }).click(), { path: P.planList });
    await ui.message(page, '新增成功').waitFor();

    // 立即生成: today's order (and yesterday's, still within the look-back).
    await page.getByRole('button', { name: '立即生成' }).click();
    await ui.listAfter(page, () => ui.confirm(page, '已生成的不会重复生成'), { path: P.planList });
    await ui.message(page, '已生成').waitFor();
    await expect.poll(async () => Number((await ui.listRow(page, '计划名称', PLAN))?.['工单数'])).toBeGreaterThanOrEqual(1);

    // 工单: the plan's orders; today's is 待执行.
    await ui.listAfter(page, () => tab('工单').click(), { path: P.orderList });
    await ui.filterBy(page, '计划', PLAN, 'planName');
    const todays = ui.rowWith(page, PLAN).filter({ hasText: '待执行' });
    await ui.rowAction(todays, '执行');
    const execute = ui.dialog(page, '执行点检');
    await execute.locator('.mes-care-results [data-item="主气压"]').waitFor();
    const item = execute.locator('.mes-care-results [data-item="主气压"]');
    await execute.getByLabel('主气压测量值').fill('0.9');
    // Judged as typed: outside 0.5–0.7 MPa is 异常, and 异常报修 is offered.
    await item.locator('.ant-tag', { hasText: '异常' }).waitFor();
    await shot(page, 'device-care-4-execute');
    await item.getByRole('button', { name: '异常报修' }).click();
    await ui.message(page, '已报修').waitFor();
    const repaired = item.locator('.ant-tag', { hasText: '已报修 WX' });
    await repaired.waitFor();
    const repairNo = (await repaired.innerText()).replace('已报修', '').trim();
    await shot(page, 'device-care-5-repaired');
    await ui.listAfter(page, () => execute.getByRole('button', { name: '提交' }).click(), { path: P.orderList });
    await ui.message(page, '提交成功').waitFor();
    const done = ui.rowWith(page, PLAN).filter({ hasText: '已完成' });
    await expect.poll(async () => await done.innerText()).toContain('1项异常·已报修1');

    // The repair waits on /repair-cfg, naming the order it came from.
    await page.goto(`${env.server.url}/repair-cfg`);
    await ui.waitForList(page);
    await ui.filterBy(page, '维修单号', repairNo, 'repairNo', { path: DeviceRepairPaths.list });
    const repair = ui.rowWith(page, repairNo);
    expect(await repair.innerText()).toContain('待处理');
    expect(await repair.innerText()).toContain('点检异常：主气压为0.9 MPa');
    await shot(page, 'device-care-6-repair');
  });

  it('shows the month by day, 设备保养 and the /home to-dos', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/device-check-cfg?tab=calendar');
    await page.locator('.mes-care-calendar .mes-care-day').first().waitFor();
    await shot(page, 'device-care-7-calendar');
    // A day opens its orders.
    const day = page.locator('.mes-care-calendar .mes-care-day').first();
    const date = await day.getAttribute('data-date');
    await ui.listAfter(page, () => day.click(), { path: P.orderList, where: (params) => params.get('dueTimeStart') === `${date} 00:00:00` });
    expect((await ui.listRows(page)).length).toBeGreaterThan(0);
    await shot(page, 'device-care-8-day');

    await page.goto(`${env.server.url}/maintenance-cfg`);
    await ui.waitForList(page);
    expect((await ui.listColumn(page, '计划')).some((name) => name.includes('保养'))).toBe(true);
    await shot(page, 'device-care-9-maintenance');
    // A seeded order: yes/no items and a value, the photo each maintenance scheme asks for.
    await ui.tableRows(page).first().locator('.mes-care-order-no').click();
    const execute = page.locator('.mes-care-execute');
    await execute.locator('.mes-care-results .ant-table-row').first().waitFor();
    expect(await execute.locator('.mes-care-results').innerText()).toContain('需拍照');
    await shot(page, 'device-care-9b-maintenance-execute');
    await page.keyboard.press('Escape');
    await ui.listAfter(page, () => page.locator('.mes-device-care .ant-tabs-tab', { hasText: '计划' }).click(), { path: MaintenancePaths.planList });
    expect(await ui.listColumn(page, '周期')).toContain('每运行120小时');
    // The device knowledge base, searched from 保养 (the same entries as 设备台账's tab, edited with 保养's own button).
    await ui.listAfter(page, () => page.locator('.mes-device-care .ant-tabs-tab', { hasText: '知识库' }).click(), { path: DeviceLedgerPaths.knowledgeList });
    await ui.filterBy(page, '关键词', '网纹辊', 'keyword', { path: DeviceLedgerPaths.knowledgeList });
    expect(await ui.listColumn(page, '故障现象')).toEqual(['印刷发花、墨色不均']);
    await page.locator('.mes-list-toolbar').getByRole('button', { name: '新增知识条目' }).waitFor();
    await page.locator('.mes-knowledge-symptom', { hasText: '印刷发花' }).click();
    await page.locator('.mes-knowledge-drawer').getByText('清洗网纹辊', { exact: false }).waitFor();
    await shot(page, 'device-care-9c-maintenance-knowledge');
    await page.locator('.mes-knowledge-drawer .ant-drawer-close').click();

    await page.goto(`${env.server.url}/home`);
    const tile = (key: string) => page.locator(`.mes-home-tile[data-tile="${key}"][data-loading="false"]`);
    for (const key of ['check-due', 'check-overdue', 'maintenance-due', 'maintenance-overdue']) await tile(key).waitFor();
    await shot(page, 'device-care-10-home');
    // A tile opens the orders it counts: the admin's overdue ones, as many as it says, all standing out.
    const overdue = Number(await tile('check-overdue').locator('.ant-statistic-content-value').innerText());
    expect(overdue).toBeGreaterThan(0);
    const answer = await ui.listAfter(page, () => tile('check-overdue').click(), { path: P.orderList, params: { mine: '1', state: '4' } });
    expect(((await answer.json()) as { resultData: { total: number } }).resultData.total).toBe(overdue);
    expect(new Set(await ui.listColumn(page, '状态'))).toEqual(new Set(['已逾期']));
    expect(await page.locator('.mes-list-table tr.ant-table-row.is-overdue').count()).toBe(await ui.tableRows(page).count());
    expect(new Set(await ui.listColumn(page, '执行人'))).toEqual(new Set(['系统管理员']));
  });
});
