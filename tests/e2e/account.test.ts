// Journeys of the account module (issue 3 §3/§4) in the standalone console: departments, a new role
// with some menus and buttons given to a new user who then sees exactly those; a staff import with
// one bad row that adds nobody; an export whose rows match the list; another factory stays unseen.
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useE2eEnvironment } from './support/harness';
import { hostWithSession } from './support/api';
import * as ui from './support/list-page';
import { logIn, loginAt } from './support/login';

const ROLE_NAME = '仓库文员';
const USER = { username: 'wh_clerk', nickName: '仓库文员甲', mobile: '13800138123', password: 'clerk123' };
const DEPARTMENT = '电商部';

const STAFF_LIST = '/dps-server/department_user/list';

/** Selects a department in the tree and waits for its users. */
async function selectDepartment(page: Page, name: string) {
  const id = await ui.treeNode(page, name).evaluate((element) => element.closest('[data-department-id]')?.getAttribute('data-department-id') ?? '');
  await ui.listAfter(page, () => ui.treeNode(page, name).locator('.mes-category-name').click(), { path: STAFF_LIST, params: { departmentId: id } });
}

describe('account module', () => {
  const env = useE2eEnvironment('account');

  it('manages departments: add, rename, remove, and refuses removing one with users', async () => {
    const page = await env.newPage();
    await loginAt(page, env.server.url, '/account_config/staff');
    await ui.treeNode(page, '质量部').waitFor();
    await ui.waitForList(page);

    const add = await ui.openDialog(page, '新增部门');
    await add.getByRole('button', { name: '确定' }).click();
    // The explain line slides in with a height motion; its presence is what the rule produced.
    await add.locator('.ant-form-item-explain-error', { hasText: '请输入部门名称' }).waitFor({ state: 'attached' });
    expect(await add.getByPlaceholder('请输入部门名称').getAttribute('aria-invalid')).toBe('true');
    await add.getByPlaceholder('请输入部门名称').fill('临时部门');
    await add.getByRole('button', { name: '确定' }).click();
    await ui.treeNode(page, '临时部门').waitFor();

    await ui.treeAction(page, '临时部门', '重命名');
    const rename = ui.dialog(page, '重命名部门');
    await rename.getByPlaceholder('请输入部门名称').fill(DEPARTMENT);
    await rename.getByRole('button', { name: '确定' }).click();
    await ui.treeNode(page, DEPARTMENT).waitFor();
    expect(await ui.treeNode(page, '临时部门').count()).toBe(0);

    await ui.treeAction(page, DEPARTMENT, '新增子部门');
    const child = ui.dialog(page, `新增「${DEPARTMENT}」的子部门`);
    await child.getByPlaceholder('请输入部门名称').fill('待删除小组');
    await child.getByRole('button', { name: '确定' }).click();
    await ui.treeNode(page, '待删除小组').waitFor();
    await ui.treeAction(page, '待删除小组', '删除');
    await ui.confirm(page, '确定删除部门「待删除小组」吗？');
    await ui.treeNode(page, '待删除小组').waitFor({ state: 'detached' });

    await ui.treeAction(page, '质量部', '删除');
    const refused = await ui.confirm(page, '确定删除部门「质量部」吗？');
    await ui.message(page, '该部门下存在用户，无法删除').waitFor();
    await refused.waitFor({ state: 'detached' });
    expect(await ui.treeNode(page, '质量部').count()).toBe(1);
    await shot(page, 'account-1-departments');
  });

  it('gives a new user a new role; the user sees exactly its menus and buttons', async () => {
    const page = await env.newPage();
    await loginAt(page, env.server.url, '/role');
    await page.locator('.mes-role-table .ant-table-row').first().waitFor();

    await page.getByRole('button', { name: '新增角色' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '新增角色' });
    await drawer.getByPlaceholder('请输入角色名称').fill(ROLE_NAME);
    await drawer.getByPlaceholder('搜索菜单或按钮').fill('人员管理');
    const node = (title: string) =>
      drawer.locator('.mes-permission-tree .ant-tree-treenode').filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) });
    await node('人员管理').first().locator('.ant-tree-checkbox').click();
    await node('导出').locator('.ant-tree-checkbox').click();
    await drawer.getByText('权限（已选 3 项）').waitFor();
    await shot(page, 'account-2-role-editor');
    await drawer.getByRole('button', { name: '确定' }).click();
    await ui.message(page, '新增成功').waitFor();
    await page.locator('.mes-role-table .ant-table-row', { hasText: ROLE_NAME }).waitFor();

    await page.goto(`${env.server.url}/account_config/staff`);
    await selectDepartment(page, DEPARTMENT);
    const editor = await ui.openDialog(page, '新增人员');
    await editor.getByPlaceholder('请输入用户名').fill(USER.username);
    await editor.getByPlaceholder('请输入姓名').fill(USER.nickName);
    await editor.getByPlaceholder('请输入手机号').fill('12345');
    await editor.getByPlaceholder('6-16位非空格字符').fill(USER.password);
    await editor.getByRole('button', { name: '确定' }).click();
    await editor.getByText('请输入正确的手机号码').waitFor();
    await editor.getByPlaceholder('请输入手机号').fill(USER.mobile);
    const roles = editor.locator('.ant-form-item', { hasText: '角色' }).locator('.ant-select');
    await ui.pick(roles, ROLE_NAME, { search: '', exact: false });
    // What the user sees before 确定: the dropdown closed, the role still chosen, the department named.
    await ui.closeSelect(roles);
    await roles.locator('.ant-select-selection-item', { hasText: ROLE_NAME }).waitFor();
    await editor.locator('.ant-form-item', { hasText: '部门' }).getByText(DEPARTMENT).waitFor();
    await shot(page, 'account-3-staff-editor');
    await editor.getByRole('button', { name: '确定' }).click();
    await ui.message(page, '新增成功').waitFor();
    await ui.rowWith(page, USER.username).waitFor();
    const [row] = await ui.listRows(page);
    expect(row).toMatchObject({ 用户名: USER.username, 姓名: USER.nickName, 部门: DEPARTMENT, 角色: ROLE_NAME, 账号状态: '正常' });
    await shot(page, 'account-4-staff-list');

    // The role's users now include the new user.
    await page.goto(`${env.server.url}/role`);
    await page.locator('.mes-role-table .ant-table-row', { hasText: ROLE_NAME }).getByRole('button', { name: '分配用户' }).click();
    await page.locator('.mes-role-users .ant-transfer-section').nth(1).getByText(`${USER.nickName}（${USER.username}）`).waitFor();
    await shot(page, 'account-5-role-users');

    const clerk = await env.newPage();
    await clerk.goto(`${env.server.url}/login`);
    await logIn(clerk, USER.username, USER.password);
    await clerk.waitForURL((url) => url.pathname === '/account_config/staff');
    await ui.waitForList(clerk);
    expect(await clerk.locator('.mes-sider-menu .ant-menu-submenu-title').allInnerTexts()).toEqual(['账号配置']);
    expect(await clerk.locator('.mes-sider-menu .ant-menu-item').allInnerTexts()).toEqual(['人员管理']);
    await clerk.getByRole('button', { name: '导出' }).waitFor();
    for (const absent of ['新增人员', '导入', '新增部门', '批量禁用']) {
      expect(await clerk.getByRole('button', { name: absent }).count()).toBe(0);
    }
    expect(await clerk.locator('.mes-list-table [data-action]').count()).toBe(0);
    await shot(clerk, 'account-6-clerk-sees-own-menus');
  });

  it('refuses an import with one bad row and adds nobody', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('人员');
    sheet.addRow(['用户名', '姓名', '手机号', '部门', '角色', '初始密码']);
    sheet.addRow(['import_ok', '导入正常', '13800138200', DEPARTMENT, ROLE_NAME, 'abc12345']);
    sheet.addRow(['import_bad', '导入有误', '123', DEPARTMENT, '', 'abc12345']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

    const page = await env.newPage();
    await loginAt(page, env.server.url, '/account_config/staff');
    await selectDepartment(page, DEPARTMENT);
    const importer = await ui.openDialog(page, '导入', '导入人员');
    expect(await importer.getByRole('button', { name: '确定' }).isDisabled()).toBe(true);
    const [template] = await Promise.all([page.waitForEvent('download'), importer.getByText('下载模板').click()]);
    expect(template.suggestedFilename()).toBe('人员导入模板.xlsx');
    const templateBook = new ExcelJS.Workbook();
    await templateBook.xlsx.load((await readFile((await template.path())!)).buffer as ArrayBuffer);
    const templateHeaders = (templateBook.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
    expect(templateHeaders.map((header) => header.replace(/^\*/, ''))).toEqual(['用户名', '姓名', '手机号', '部门', '角色', '初始密码']);
    await importer.locator('input[type=file]').setInputFiles({
      name: '人员导入.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    await importer.getByText('已选择：人员导入.xlsx').waitFor();
    await importer.getByRole('button', { name: '确定' }).click();
    const failures = importer.locator('.mes-import-failures .ant-table-row');
    await failures.first().waitFor();
    expect(await failures.allInnerTexts()).toEqual([expect.stringMatching(/^3\s+请输入正确的手机号码$/)]);
    await shot(page, 'account-7-import-row-error');
    await importer.getByRole('button', { name: '取消' }).click();

    await ui.filterBy(page, '用户名', 'import_', 'username', { path: STAFF_LIST });
    expect(await ui.tableRows(page).count()).toBe(0);
    expect(await page.locator('.mes-list-table .ant-empty-description').innerText()).toBe('暂无数据');
  });

  it('exports an xlsx whose rows match the list', async () => {
    const page = await env.newPage();
    await loginAt(page, env.server.url, '/account_config/staff');
    await selectDepartment(page, '印刷车间');
    const shown = await ui.listRows(page);
    expect(shown.length).toBeGreaterThan(2);
    const total = await page.locator('.ant-pagination-total-text').innerText();
    expect(total).toContain(String(shown.length));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出' }).click()]);
    expect(download.suggestedFilename()).toBe('人员列表.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)).buffer as ArrayBuffer);
    const rows: string[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
    expect(rows[0]).toEqual(['用户名', '姓名', '手机号', '部门', '角色', '状态', '创建时间']);
    // The list shows roles as tags side by side (their text runs together); the workbook joins them with 、.
    expect(rows.slice(1).map(([username, nickName, mobile, department, roles, status]) => [username, nickName, mobile, department, (roles ?? '').split('、').join(''), status])).toEqual(
      shown.map((row) => [row['用户名'], row['姓名'], row['手机号'], row['部门'], row['角色'].replace(/\s+/g, ''), row['账号状态']]),
    );
    expect(rows.some(([, , , , roles]) => roles?.includes('、'))).toBe(true);
    await shot(page, 'account-8-export-list');
  });

  it('checks the own password and phone forms and counts down the SMS resend', async () => {
    const page = await env.newPage();
    await loginAt(page, env.server.url, '/resetPsw');
    const form = page.locator('.mes-reset-password');
    await form.getByText('138****0001').waitFor();
    await form.getByRole('button', { name: '确认修改' }).click();
    await form.getByText('请输入验证码').waitFor();
    await form.getByText('请输入新密码', { exact: true }).waitFor();
    await form.getByPlaceholder('6-16位非空格字符').fill('ab c12');
    await form.getByText('密码为6-16位非空格字符').waitFor();
    await form.getByPlaceholder('6-16位非空格字符').fill('abc12345');
    await form.getByPlaceholder('请再次输入新密码').fill('abc12346');
    await form.getByText('两次输入的密码不一致').waitFor();
    await form.getByPlaceholder('请再次输入新密码').fill('abc12345');

    await form.getByRole('button', { name: '获取验证码' }).click();
    await ui.message(page, '验证码已发送至 138****0001').waitFor();
    const resend = form.locator('.mes-sms-button');
    expect(await resend.innerText()).toMatch(/^(60|59)秒后重新获取$/);
    expect(await resend.isDisabled()).toBe(true);
    await form.getByPlaceholder('请输入验证码').fill('000000');
    await form.getByRole('button', { name: '确认修改' }).click();
    await ui.message(page, '验证码错误或已过期').waitFor();
    expect(await resend.innerText()).toMatch(/^\d+秒后重新获取$/);
    await shot(page, 'account-11-reset-password');

    await page.goto(`${env.server.url}/modifyPhone`);
    const phone = page.locator('.mes-modify-phone');
    await phone.getByText('13800000001').waitFor();
    const send = phone.locator('.mes-sms-button');
    expect(await send.isDisabled()).toBe(true);
    await phone.getByPlaceholder('请输入新手机号').fill('1234');
    await phone.getByText('请输入正确的手机号码').waitFor();
    expect(await send.isDisabled()).toBe(true);
    await phone.getByPlaceholder('请输入新手机号').fill('13900009999');
    await phone.locator('.mes-sms-button:not([disabled])').waitFor();
    await send.click();
    await ui.message(page, '验证码已发送至 139****9999').waitFor();
    await shot(page, 'account-12-modify-phone');
  });

  it('never shows another factory’s users', async () => {
    const page = await env.newPage();
    await ui.openList(page, env.server.url, '/account_config/staff');
    expect(await ui.treeNode(page, '纸板生产部').count()).toBe(0);

    await page.locator('[data-testid="org-switch"]').click();
    await page.locator('.ant-select-item-option:has-text("示例纸板厂")').click();
    await page.locator('[data-testid="org-switch"]:has-text("示例纸板厂")').waitFor();
    // The page remounts for the new factory without a reload: nothing of the old one stays.
    await ui.treeNode(page, '纸板生产部').waitFor();
    await ui.waitForList(page);
    expect(await ui.treeNode(page, DEPARTMENT).count()).toBe(0);
    expect(await ui.treeNode(page, '印刷车间').count()).toBe(0);
    const usernames = await ui.listColumn(page, '用户名');
    for (const foreign of [USER.username, 'staff01', 'operator']) expect(usernames).not.toContain(foreign);

    await ui.filterBy(page, '用户名', 'staff', 'username', { path: STAFF_LIST });
    expect(await ui.tableRows(page).count()).toBe(0);
    await shot(page, 'account-9-other-factory');

    await page.goto(`${env.server.url}/role`);
    await page.locator('.mes-role-table .ant-table-tbody').waitFor();
    await page.locator('.mes-role-table .ant-spin-spinning').waitFor({ state: 'detached' });
    expect(await page.locator('.mes-role-table .ant-table-row', { hasText: ROLE_NAME }).count()).toBe(0);
  });

  it('grants a user another factory of the enterprise', async () => {
    const page = await env.newPage();
    await loginAt(page, env.server.url, '/account_config/staff');
    await selectDepartment(page, DEPARTMENT);
    // 工厂授权 is past the three inline links: it lives in the row's 更多 menu.
    await ui.rowAction(ui.rowWith(page, USER.username), '工厂授权');
    const grants = ui.dialog(page, `工厂授权 - ${USER.nickName}`);
    await grants.getByText('默认工厂').waitFor();
    expect(await grants.getByRole('checkbox', { name: /示例纸板厂/ }).isChecked()).toBe(false);
    await grants.getByRole('checkbox', { name: /示例纸板厂/ }).check();
    await shot(page, 'account-13-factory-grants');
    await grants.getByRole('button', { name: '保存授权' }).click();
    await ui.message(page, '授权成功').waitFor();

    // The hidden /tool/authorization page shows the same grant.
    await page.goto(`${env.server.url}/tool/authorization`);
    await page.locator('.mes-authorization .ant-select').click();
    await page.keyboard.type(USER.username);
    await page.locator('.ant-select-item-option', { hasText: USER.username }).click();
    const granted = page.locator('.mes-factory-grants').getByRole('checkbox', { name: /示例纸板厂/ });
    await granted.waitFor();
    expect(await granted.isChecked()).toBe(true);

    const clerk = await env.newPage();
    await loginAt(clerk, env.server.url, '/account_config/staff', USER.username, USER.password);
    await clerk.locator('[data-testid="org-switch"]').click();
    await clerk.locator('.ant-select-item-option', { hasText: '示例纸板厂' }).waitFor();
  });

  it('<mes-account> shows staff and roles inside a host page', async () => {
    const page = await env.newPage();
    // A host page on the server's origin that embeds only the account element.
    await hostWithSession(page, env.server.url, 'mes-account');
    await page.getByRole('tab', { name: '人员管理' }).waitFor();
    await ui.treeNode(page, '印刷车间').waitFor();
    await ui.waitForList(page);
    expect(await ui.tableRows(page).count()).toBeGreaterThan(0);
    await page.getByRole('tab', { name: '角色管理' }).click();
    await page.locator('.mes-role-table .ant-table-row', { hasText: '系统管理员' }).waitFor();
    await shot(page, 'account-10-element-in-host');
  });
});
