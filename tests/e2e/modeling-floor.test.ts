// Shop-floor journeys of /modeling (issue 4) in the standalone console against the real server and
// its seed: a class team with two staff members, an IC card bound to (and unbound from) a staff
// member, bad phenomena filtered by process and one added to a process; /oneMachine.
//
// These screens load select options asynchronously, debounce filters (400 ms after picking), render
// dropdowns inside the shadow root and animate their dialogs: the list-page driver waits for the list
// response a step causes, picks in the select's own dropdown and lets opened dialogs settle.
import { describe, expect, it } from 'vitest';
import { settleAnimations, shot, useE2eEnvironment } from './support/harness';
import * as ui from './support/list-page';

describe('modeling shop-floor tabs', () => {
  // A private copy of dist/: other sessions rebuilding the shared dist/ must not swap chunks mid-run.
  const env = useE2eEnvironment('modeling-floor', { ownStaticDir: true });

  it('creates a class team with two members and lists it', async () => {
    const page = await env.newPage();
    await ui.openList(page, env.server.url, '/modeling?tab=team');
    expect(await ui.tableRows(page).count()).toBeGreaterThan(0);

    const editor = await ui.openDialog(page, '新增班组');
    await editor.getByPlaceholder('请输入班组名称').fill('端到端测试班组');
    await ui.pick(ui.formItem(editor, '车间').locator('.ant-select'), '成型车间', { exact: false });
    await editor.getByText('暂无成员，请添加').waitFor();
    for (const [index, username] of ['staff17', 'staff18'].entries()) {
      await editor.getByRole('button', { name: '添加成员' }).click();
      const member = editor.locator(`.mes-team-member[data-member="${index + 1}"]`);
      await ui.pick(member.locator('.ant-select').first(), username, { exact: false });
      await ui.pick(member.locator('.ant-select').nth(1), index === 0 ? '机长' : '副手', { exact: false });
    }
    await ui.pick(ui.formItem(editor, '班组长').locator('.ant-select'), 'staff17', { exact: false });
    await shot(page, 'modeling-floor-1-team-editor');
    await editor.getByRole('button', { name: '确定' }).click();
    await ui.message(page, '新增成功').waitFor();
    await ui.rowWith(page, '端到端测试班组').waitFor();
    const team = await ui.listRow(page, '班组名称', '端到端测试班组');
    expect(team).toMatchObject({ 车间: '成型车间', 成员人数: '2' });
    expect(team?.['班组长']).not.toBe('');
    await shot(page, 'modeling-floor-2-team-list');

    // Editing loads the two members back.
    await ui.rowWith(page, '端到端测试班组').getByText('编辑', { exact: true }).click();
    const reopened = ui.dialog(page, '编辑班组');
    await reopened.locator('.mes-team-member[data-member="2"]').waitFor();
    const members = await reopened.locator('.mes-team-member').allInnerTexts();
    expect(members).toHaveLength(2);
    expect(members[0]).toContain('staff17');
    expect(members[1]).toContain('staff18');
    await reopened.getByRole('button', { name: '取消' }).click();

    await ui.listAfter(page, () => page.getByRole('tab', { name: '岗位' }).click(), { path: '/dps-server/employee_position/list' });
    expect((await ui.listColumn(page, '岗位名称')).length).toBeGreaterThan(0);
  });

  it('binds a new IC card to a staff member, lists it with the name and unbinds it after confirmation', async () => {
    const IC_LIST = '/dps-server/ic_card/list';
    const page = await env.newPage();
    await ui.openList(page, env.server.url, '/modeling?tab=icCard');
    const card = 'E2E0000001';
    const row = ui.rowWithCell(page, card);
    const cardRow = () => ui.listRow(page, 'IC卡号', card);

    const add = await ui.openDialog(page, '新增IC卡');
    await add.getByPlaceholder('请输入IC卡号').fill('E2E');
    await add.getByRole('button', { name: '确定' }).click();
    await add.getByText('IC卡号为4-20位字母或数字').waitFor();
    await add.getByPlaceholder('请输入IC卡号').fill(card);
    const afterAdd = ui.nextList(page, { path: IC_LIST });
    await add.getByRole('button', { name: '确定' }).click();
    await ui.message(page, '新增成功').waitFor();
    await ui.shown(page, afterAdd);
    // Newest first: the new card heads page 1, not bound yet.
    expect(await cardRow()).toMatchObject({ 绑定人员: '', 账号: '', 绑定状态: '未绑定', 绑定时间: '' });

    await row.locator('[data-action="bind"]').click();
    const bind = ui.dialog(page, `绑定IC卡「${card}」`);
    await bind.waitFor();
    await settleAnimations(page);
    await ui.pick(ui.formItem(bind, '绑定人员').locator('.ant-select'), '孙杰（staff12）', { search: 'staff12' });
    await shot(page, 'modeling-floor-3-ic-bind');
    const afterBind = ui.nextList(page, { path: IC_LIST });
    await bind.getByRole('button', { name: '确定' }).click();
    await ui.message(page, '绑定成功').waitFor();
    await ui.shown(page, afterBind);
    const bound = await cardRow();
    expect(bound).toMatchObject({ 绑定人员: '孙杰', 账号: 'staff12', 绑定状态: '已绑定' });
    expect(bound?.['绑定时间']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await shot(page, 'modeling-floor-4-ic-bound');

    await row.locator('[data-action="unbind"]').click();
    const afterUnbind = ui.nextList(page, { path: IC_LIST });
    const unbind = await ui.confirm(page, `确定解除IC卡「${card}」与「孙杰」的绑定吗？`);
    await ui.shown(page, afterUnbind);
    await unbind.waitFor({ state: 'hidden' });
    expect(await cardRow()).toMatchObject({ 绑定人员: '', 账号: '', 绑定状态: '未绑定' });
    await row.locator('[data-action="bind"]').waitFor();
    expect(await row.locator('[data-action="unbind"]').count()).toBe(0);
  });

  it('filters bad phenomena by process, adds one to another process and finds it by the filter', async () => {
    const BAD_LIST = '/dps-server/undesirable_reason/list';
    const page = await env.newPage();
    await ui.openList(page, env.server.url, '/modeling?tab=badReason');
    expect(new Set(await ui.listColumn(page, '工序')).size).toBeGreaterThan(1);
    const processFilter = ui.formItem(page.locator('.mes-filter-form'), '工序').locator('.ant-select');
    // Lists travel comma-joined: one process is one plain id.
    const onlyProcess = (params: URLSearchParams) => params.getAll('processId').length === 1 && /^\d+$/.test(params.get('processId') ?? '');

    // 水印开槽 (YS01) has six seeded phenomena.
    const byPrinting = ui.nextList(page, { path: BAD_LIST, where: onlyProcess });
    await ui.pick(processFilter, '水印开槽');
    await ui.closeSelect(processFilter);
    await ui.shown(page, byPrinting);
    const printingId = new URL((await byPrinting).url()).searchParams.get('processId');
    expect(new URL(page.url()).searchParams.getAll('processId')).toEqual([printingId]);
    const printing = await ui.listRows(page);
    expect(printing.map((row) => row['不良现象名称']).sort()).toEqual(['开槽偏位', '套印不准', '墨杠', '漏印', '糊版', '色差'].sort());
    expect(new Set(printing.map((row) => row['工序']))).toEqual(new Set(['水印开槽']));
    await shot(page, 'modeling-floor-5-bad-reason-by-process');

    const add = await ui.openDialog(page, '新增不良现象');
    await ui.pick(ui.formItem(add, '工序').locator('.ant-select'), '清废');
    await add.getByPlaceholder('请输入不良现象编码').fill('E2E-BL-01');
    await add.getByPlaceholder('请输入不良现象名称').fill('废边残留');
    await shot(page, 'modeling-floor-6-bad-reason-editor');
    const afterAdd = ui.nextList(page, { path: BAD_LIST });
    await add.getByRole('button', { name: '确定' }).click();
    await ui.message(page, '新增成功').waitFor();
    await add.waitFor({ state: 'hidden' });
    // The list reloads with the filter kept: the new phenomenon belongs to another process.
    await ui.shown(page, afterAdd);
    expect(await ui.listColumn(page, '工序')).toEqual(printing.map(() => '水印开槽'));

    // Swap the filter: untick 水印开槽, tick 清废.
    const byStripping = ui.nextList(page, { path: BAD_LIST, where: (params) => onlyProcess(params) && params.get('processId') !== printingId });
    await ui.pick(processFilter, '水印开槽');
    await ui.pick(processFilter, '清废');
    await ui.closeSelect(processFilter);
    await ui.shown(page, byStripping);
    const rows = await ui.listRows(page);
    expect(rows.map((row) => row['不良现象名称'])).toEqual(['废边残留']);
    expect(rows[0]).toMatchObject({ 工序: '清废', 不良现象编码: 'E2E-BL-01', 状态: '启用' });
    await shot(page, 'modeling-floor-7-bad-reason-filtered');
  });

  it('/oneMachine lists the all-in-one machines and adds one bound to two devices', async () => {
    const page = await env.newPage();
    await ui.openList(page, env.server.url, '/oneMachine');
    const seeded = await ui.listRow(page, '一体机编码', 'YTJ-01');
    expect(seeded?.['绑定设备']).toContain('YS-01');

    const add = await ui.openDialog(page, '新增一体机');
    await add.getByPlaceholder('请输入一体机编码').fill('YTJ-E2E');
    await add.getByPlaceholder('请输入一体机名称').fill('端到端一体机');
    await add.getByPlaceholder('请输入IP地址').fill('192.168.1.300');
    const devices = ui.formItem(add, '绑定设备').locator('.ant-select');
    await ui.pick(devices, 'HX-02', { exact: false });
    await ui.pick(devices, 'DX-01', { exact: false });
    await ui.closeSelect(devices);
    await add.getByRole('button', { name: '确定' }).click();
    await add.getByText('请输入正确的IP地址，如 192.168.1.20').waitFor();
    await add.getByPlaceholder('请输入IP地址').fill('192.168.1.30');
    await shot(page, 'modeling-floor-8-one-machine-editor');
    await add.getByRole('button', { name: '确定' }).click();
    await ui.message(page, '新增成功').waitFor();
    await ui.rowWith(page, 'YTJ-E2E').waitFor();
    const created = await ui.listRow(page, '一体机编码', 'YTJ-E2E');
    expect(created).toMatchObject({ 一体机名称: '端到端一体机', IP地址: '192.168.1.30' });
    expect(created?.['绑定设备']).toMatch(/HX-02[\s\S]*DX-01/);
    await shot(page, 'modeling-floor-9-one-machine-list');
  });
});
