// 设备维修 (/repair-cfg) in the standalone console against the real server and its seed: from the
// menu to the list of seeded orders in every state, then one order reported with a spare part,
// linked to one of the device's downtime records, taken through 开始维修 → 提交验收 → 验收通过, and
// its drawer showing the linked record, the history and the part's stock lowered by what the order used.
import { describe, expect, it } from 'vitest';
import { DeviceRepairPaths } from '@core/contracts/device-repair';
import { shot, useE2eEnvironment } from './support/harness';
import { loginAt } from './support/login';
import * as ui from './support/list-page';

const LIST = { path: DeviceRepairPaths.list };
const FAULT = '端到端：打包机送带卡带';

describe('设备维修', () => {
  const env = useE2eEnvironment('device-repair');

  it('takes a repair from 待处理 to 已完成 with a part used, and shows the stock lowered', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/home');
    const menu = page.locator('.mes-sider-menu');
    await menu.locator('.ant-menu-submenu-title', { hasText: '设备管理' }).click();
    await ui.listAfter(page, () => menu.locator('.ant-menu-item', { hasText: '设备维修' }).click(), LIST);
    // The seed has orders in every state.
    expect(new Set(await ui.listColumn(page, '状态'))).toEqual(new Set(['待处理', '处理中', '待验收', '已完成']));
    await shot(page, 'device-repair-1-list');

    const editor = await ui.openDialog(page, '新增维修单');
    await ui.pick(ui.formItem(editor, '设备').locator('.ant-select'), '全自动打包机（DB-01）', { search: 'DB-01' });
    await ui.formItem(editor, '故障描述').locator('textarea').fill(FAULT);
    // Link one of the device's downtime records (the seed's timeline): the range comes from it.
    const downtimeList = await ui.openSelect(ui.formItem(editor, '停机记录').locator('.ant-select'));
    const record = downtimeList.locator('.ant-select-item-option').first();
    const recordLabel = await record.innerText();
    expect(recordLabel).toMatch(/^(故障|待机) · .+ · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 至 /);
    await record.click();
    const range = ui.formItem(editor, '停机时段').locator('input');
    await expect.poll(() => range.first().inputValue()).toBe(recordLabel.split(' · ')[2]!.split(' 至 ')[0]);
    expect(await range.first().isDisabled()).toBe(true);
    await ui.pick(ui.formItem(editor, '维修人').locator('.ant-select'), '（staff01）', { search: 'staff01', exact: false });
    await ui.closeSelect(ui.formItem(editor, '维修人').locator('.ant-select'));
    await editor.getByRole('button', { name: '添加备件' }).click();
    const partSelect = editor.locator('.mes-repair-part[data-row="1"] .ant-select');
    const dropdown = await ui.openSelect(partSelect);
    const option = dropdown.locator('.ant-select-item-option', { hasText: 'PP打包带' }).first();
    const stockBefore = Number(/库存(\d+)卷/.exec((await option.getAttribute('title')) ?? (await option.innerText()))![1]);
    await option.click();
    await editor.getByLabel('第1行用量').fill('2');
    await ui.formItem(editor, '维修费用（元）').locator('input').fill('90');
    await shot(page, 'device-repair-2-editor');
    await ui.listAfter(page, () => editor.getByRole('button', { name: '确定' }).click(), LIST);
    await ui.message(page, '新增成功').waitFor();

    const row = ui.rowWith(page, FAULT);
    expect(await row.innerText()).toContain('待处理');

    // The editor shows the saved part; one more taken from stock on saving.
    await ui.rowAction(row, '编辑');
    const edit = ui.dialog(page, '编辑维修单');
    await edit.locator('.mes-repair-part[data-row="1"]', { hasText: 'PP打包带' }).waitFor();
    expect(await edit.getByLabel('第1行用量').inputValue()).toBe('2');
    await edit.getByLabel('第1行用量').fill('3');
    await ui.listAfter(page, () => edit.getByRole('button', { name: '确定' }).click(), LIST);
    await ui.message(page, '修改成功').waitFor();
    // Each step asks first (its question names the order), then says it is done and the tag changes.
    const steps: Array<[action: string, question: string, done: string, state: string]> = [
      ['开始维修', '」吗？', '已开始维修', '处理中'],
      ['提交验收', '」提交验收吗？', '已提交验收', '待验收'],
      ['验收通过', '」验收通过吗？通过后维修单即完成。', '验收通过', '已完成'],
    ];
    for (const [action, question, done, state] of steps) {
      await ui.rowAction(row, action);
      await ui.listAfter(page, () => ui.confirm(page, question), LIST);
      await ui.message(page, done).waitFor();
      await expect.poll(async () => (await row.locator('.ant-tag').allInnerTexts()).join()).toBe(state);
    }

    await ui.rowAction(row, '详情');
    const drawer = page.locator('.mes-repair-drawer');
    await drawer.locator('.mes-repair-history-entry').first().waitFor();
    expect(await drawer.locator('.mes-repair-downtime-link').innerText()).toBe(recordLabel);
    expect(await drawer.locator('.mes-repair-history-entry strong').allInnerTexts()).toEqual(['新建', '编辑', '开始维修', '提交验收', '验收通过']);
    const part = drawer.locator('.mes-repair-used-parts .ant-table-row');
    expect(await part.count()).toBe(1);
    expect(await part.innerText()).toContain('PP打包带');
    const cells = await part.locator('td').allInnerTexts();
    expect(cells[2]).toBe('3卷');
    expect(cells[3]).toBe(`${stockBefore - 3}卷`);
    await shot(page, 'device-repair-3-drawer');
  });

  it('lists the factory’s alert robots and sends a test alert to an enabled one', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/repair-cfg?tab=webhooks');
    await ui.waitForList(page);
    expect(await ui.listColumn(page, '群名称')).toEqual(['设备维修群', '厂长通知群']);
    expect(await ui.listColumn(page, '状态')).toEqual(['启用', '禁用']);
    await ui.rowAction(ui.rowWithCell(page, '设备维修群'), '发送测试');
    await ui.confirm(page, '确定向「设备维修群」发送一条测试告警吗？');
    await ui.message(page, '测试告警已发送').waitFor();
    await shot(page, 'device-repair-4-robots');
  });
});
