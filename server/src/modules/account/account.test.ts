import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allActionCodes } from '@core/access/action-codes';
import { allRouteAuthorities, ROUTE_GROUPS } from '@core/access/route-catalog';
import type { PermissionNode, StaffUser } from '@core/contracts/account';
import { bearer, createTestApp, expectImportRefused, loginAs, type TestApp, uploadXlsx } from '../../test-support';
import { DEMO_STAFF_PASSWORD } from './seed';

let t: TestApp;
let admin: string;
let clockOffsetMs = 0;
const sms: Array<{ mobile: string; text: string }> = [];

beforeAll(async () => {
  t = await createTestApp({
    now: () => new Date(Date.now() + clockOffsetMs),
    smsSender: { send: async (mobile, text) => void sms.push({ mobile, text }) },
  });
  admin = await loginAs(t.app, 'admin', 'admin123');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  clockOffsetMs = 0;
});

async function get(token: string, url: string) {
  return (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).json();
}
async function post(token: string, url: string, payload: unknown) {
  return (await t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object })).json();
}
async function put(token: string, url: string, payload: unknown) {
  return (await t.app.inject({ method: 'PUT', url, headers: bearer(token), payload: payload as object })).json();
}
async function data<T = unknown>(promise: Promise<{ resultCode: number; resultData?: T; resultMsg?: string }>): Promise<T> {
  const body = await promise;
  expect(body, JSON.stringify(body)).toMatchObject({ resultCode: 1000 });
  return body.resultData as T;
}
async function staff(token: string, query: string): Promise<{ list: StaffUser[]; total: number }> {
  return data(get(token, `/dps-server/department_user/list?${query}`));
}
async function departmentId(name: string, orgId = 1001): Promise<number> {
  const row = await t.db.selectFrom('department').select('id').where('name', '=', name).where('org_id', '=', orgId).executeTakeFirstOrThrow();
  return row.id;
}
async function logged(content: string): Promise<boolean> {
  const row = await t.db.selectFrom('operation_log').select('id').where('operation_content', '=', content).executeTakeFirst();
  return row !== undefined;
}
let mobileSequence = 0;
/** A number no other account holds (numbers are unique in an enterprise). */
const freshMobile = () => `1391234${String(5600 + ++mobileSequence)}`;
async function addUser(username: string, extra: Record<string, unknown> = {}): Promise<number> {
  const body = await data<{ userId: number }>(
    post(admin, '/dps-server/department_user/add', { username, nickName: `测试${username}`, mobile: freshMobile(), password: 'pass1234', ...extra }),
  );
  return body.userId;
}
async function authoritiesOf(token: string): Promise<string[]> {
  const info = (await t.app.inject({ method: 'GET', url: '/base/user/info', headers: bearer(token) })).json();
  return info.data.authorities.map((entry: { authority: string }) => entry.authority).sort();
}

describe('departments', () => {
  it('gives the factory department tree with user counts', async () => {
    const tree = await data<Array<{ name: string; userCount: number; children: Array<{ name: string }> }>>(get(admin, '/dps-server/department/tree'));
    expect(tree.map((node) => node.name)).toEqual(['总经办', '生产部', '计划部', '质量部', '仓储部']);
    expect(tree.find((node) => node.name === '生产部')!.children.map((node) => node.name)).toEqual(['印刷车间', '成型车间']);
    expect(tree.find((node) => node.name === '质量部')!.userCount).toBeGreaterThanOrEqual(2);
  });

  it('adds, renames and removes, refusing duplicates and departments in use', async () => {
    const parent = await departmentId('生产部');
    const { id } = await data<{ id: number }>(post(admin, '/dps-server/department/add_department', { name: '模切车间', parentId: parent }));
    expect(await post(admin, '/dps-server/department/add_department', { name: '模切车间', parentId: parent })).toEqual({
      resultCode: 4009,
      resultMsg: '同级部门下已存在该名称',
    });
    await data(post(admin, '/dps-server/department/update_name', { id, name: '模切二车间' }));
    expect(await post(admin, '/dps-server/department/add_department', { name: '', parentId: parent })).toEqual({ resultCode: 4000, resultMsg: '名称不能为空' });

    const userId = await addUser('diecut01', { departmentId: id });
    expect(await post(admin, '/dps-server/department/remove', { id })).toEqual({ resultCode: 4009, resultMsg: '该部门下存在用户，无法删除' });
    expect(await post(admin, '/dps-server/department/remove', { id: parent })).toMatchObject({ resultCode: 4009 });
    await data(post(admin, '/dps-server/department_user/edit', { userId, nickName: '模切工', mobile: freshMobile(), departmentId: null }));
    await data(post(admin, '/dps-server/department/remove', { id }));
    expect(await t.db.selectFrom('department').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    for (const content of ['新增部门：模切车间', '部门重命名：模切车间 → 模切二车间', '删除部门：模切二车间']) {
      expect(await logged(content), content).toBe(true);
    }
  });

  it('needs the department authority', async () => {
    const qc = await loginAs(t.app, 'qc', 'qc123456');
    expect(await post(qc, '/dps-server/department/add_department', { name: 'x' })).toEqual({ resultCode: 4003, resultMsg: '没有操作权限' });
    expect(await get(qc, '/dps-server/department/tree')).toEqual({ resultCode: 4003, resultMsg: '没有操作权限' });
  });
});

describe('department users', () => {
  it('lists with filters, multi-values, sort whitelist and paging', async () => {
    const printing = await departmentId('印刷车间');
    const inPrinting = await staff(admin, `departmentId=${printing}&limit=100`);
    expect(inPrinting.total).toBeGreaterThanOrEqual(4);
    expect(inPrinting.list.every((user) => user.departmentName === '印刷车间')).toBe(true);
    expect(inPrinting.list.find((user) => user.username === 'operator')!.roles).toEqual([expect.objectContaining({ roleName: '操作员' })]);

    const blocked = await staff(admin, 'status=0,2&limit=100');
    expect(blocked.list.map((user) => [user.username, user.status])).toEqual([
      ['staff18', 0],
      ['staff19', 2],
    ]);
    expect((await staff(admin, 'nickName=计划员')).list.map((user) => user.username)).toEqual(['planner']);
    expect(await get(admin, '/dps-server/department_user/list?sort=password_hash,asc')).toEqual({
      resultCode: 4000,
      resultMsg: '不支持按「password_hash」排序',
    });
    // Page sizes are the spec's only (§9): another size is refused, not served.
    // The contracts declare the same sizes, so sizes past the old 1000 ceiling get the same answer.
    for (const url of [
      '/dps-server/department_user/list?limit=37',
      '/dps-server/department_user/list?limit=2000',
      '/dps-server/user_list?limit=2000',
      '/dps-server/role/page_list?size=2000',
      '/dps-server/role/page_list?limit=37',
    ]) {
      expect(await get(admin, url), url).toEqual({ resultCode: 4000, resultMsg: '每页条数只能是10、20、50、100、200、500、1000之一' });
    }
    const page2 = await staff(admin, 'page=2&limit=10&sort=username,asc');
    const all = await staff(admin, 'limit=1000&sort=username,asc');
    expect(page2.list.map((user) => user.userId)).toEqual(all.list.slice(10, 20).map((user) => user.userId));
    expect(page2.total).toBe(all.total);
    expect(all.list[0]!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('adds a user who can log in, checks mobile and password patterns and unique usernames', async () => {
    const base = { username: 'newbie', nickName: '新人', mobile: '13912345678', password: 'newbie123' };
    expect(await post(admin, '/dps-server/department_user/add', { ...base, mobile: '12345678901' })).toEqual({
      resultCode: 4000,
      resultMsg: '请输入正确的手机号码',
    });
    expect(await post(admin, '/dps-server/department_user/add', { ...base, password: 'has space' })).toEqual({
      resultCode: 4000,
      resultMsg: '密码为6-16位非空格字符',
    });
    expect(await post(admin, '/dps-server/department_user/add', { ...base, username: 'admin' })).toEqual({ resultCode: 4009, resultMsg: '用户名已存在' });
    await data(post(admin, '/dps-server/department_user/add', { ...base, departmentId: await departmentId('仓储部') }));
    expect(await loginAs(t.app, 'newbie', 'newbie123')).toBeTruthy();
    expect(await logged('新增人员：newbie（新人）')).toBe(true);
  });

  it('disables, and unlocks a throttled account (failures reset)', async () => {
    const userId = await addUser('locker');
    expect(await post(admin, '/dps-server/department_user/edit_status', { userIds: [userId], status: 0 })).toEqual({ resultCode: 1000, resultData: null });
    const refused = (await t.app.inject({ method: 'POST', url: '/base/auth/login', payload: { username: 'locker', password: 'pass1234' } })).json();
    // A disabled account answers like a wrong password: the answer never confirms the password.
    expect(refused.message).toBe('用户名或密码错误');

    await data(post(admin, '/dps-server/department_user/edit_status', { userIds: [userId], status: 1 }));
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await t.app.inject({ method: 'POST', url: '/base/auth/login', payload: { username: 'locker', password: 'wrong' } });
    }
    // Five failures throttle that address (issue 9 §5); the account's status stays normal.
    const throttled = (await t.app.inject({ method: 'POST', url: '/base/auth/login', payload: { username: 'locker', password: 'pass1234' } })).json();
    expect(throttled.message).toBe('账号已被锁定，请联系管理员解锁');
    expect((await staff(admin, `userId=${userId}`)).list[0]!.status).toBe(1);
    await data(post(admin, '/dps-server/department_user/edit_status', { userIds: [userId], status: 1 }));
    expect(await loginAs(t.app, 'locker', 'pass1234')).toBeTruthy();

    const me = (await t.app.inject({ method: 'GET', url: '/base/user/info', headers: bearer(admin) })).json().data.userId;
    expect(await post(admin, '/dps-server/department_user/edit_status', { userIds: [me], status: 0 })).toEqual({
      resultCode: 4009,
      resultMsg: '不能修改当前登录账号的状态',
    });
    expect(await post(admin, '/dps-server/department_user/edit_status', { userIds: [userId], status: 3 })).toMatchObject({ resultCode: 4000 });
  });

  it('moves users of other departments in (batch_add / other_department)', async () => {
    const quality = await departmentId('质量部');
    const others = await data<{ list: StaffUser[] }>(get(admin, `/dps-server/other_department?departmentId=${quality}&limit=1000`));
    expect(others.list.some((user) => user.departmentId === quality)).toBe(false);
    const pick = others.list.filter((user) => user.username === 'staff01' || user.username === 'staff02').map((user) => user.userId);
    expect(pick).toHaveLength(2);
    await data(post(admin, '/dps-server/department_user/batch_add', { departmentId: quality, userIds: pick }));
    const inQuality = await staff(admin, `departmentId=${quality}&limit=100`);
    expect(inQuality.list.map((user) => user.userId)).toEqual(expect.arrayContaining(pick));
  });

  it('deletes an account but never the own one', async () => {
    const userId = await addUser('leaver');
    const me = (await t.app.inject({ method: 'GET', url: '/base/user/info', headers: bearer(admin) })).json().data.userId;
    const own = await t.app.inject({ method: 'DELETE', url: `/base/org/users/account?userId=${me}`, headers: bearer(admin) });
    expect(own.json()).toEqual({ success: false, code: 4009, message: '不能删除当前登录账号' });
    const gone = await t.app.inject({ method: 'DELETE', url: `/base/org/users/account?userId=${userId}`, headers: bearer(admin) });
    expect(gone.json()).toEqual({ success: true, code: 200, data: null });
    expect(await t.db.selectFrom('app_user').select('id').where('id', '=', userId).executeTakeFirst()).toBeUndefined();
    expect(await logged('删除账号：leaver')).toBe(true);
  });
});

describe('import and export', () => {
  it('gives a template with the import headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dps-server/department_user/import_template', headers: bearer(admin) });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as never);
    expect(workbook.worksheets[0]!.getRow(1).values).toEqual([undefined, '*用户名', '*姓名', '*手机号', '部门', '角色', '*初始密码']);
  });

  it('writes nothing when one row is bad and reports that row; writes all when every row is good', async () => {
    const header = ['*用户名', '*姓名', '*手机号', '部门', '角色', '*初始密码'];
    const rows = [
      ['imp01', '导入一', '13911110001', '印刷车间', '操作员', 'abc12345'],
      ['imp02', '导入二', '12345', '印刷车间', '', 'abc12345'],
      ['imp03', '导入三', '13911110003', '不存在的部门', '', 'abc12345'],
      ['imp01', '导入四', '13911110004', '', '', 'abc12345'],
    ];
    const before = (await staff(admin, 'limit=10')).total;
    const bad = await data<{ imported: number; failures: Array<{ row: number; message: string }>; message: string }>(
      post(admin, '/dps-server/department_user/import', { url: await uploadXlsx(t.app, admin, [header, ...rows]) }),
    );
    expectImportRefused(bad, [
      { row: 3, message: '请输入正确的手机号码' },
      { row: 4, message: '部门「不存在的部门」不存在' },
      { row: 5, message: '用户名「imp01」与第2行重复' },
    ]);
    expect((await staff(admin, 'limit=10')).total).toBe(before);

    const good = await data(
      post(admin, '/dps-server/department_user/import', { url: await uploadXlsx(t.app, admin, [header, rows[0]!, ['imp02', '导入二', '13911110002', '', '', 'abc12345']]) }),
    );
    expect(good).toEqual({ imported: 2, failures: [], message: '导入成功' });
    const imported = (await staff(admin, 'username=imp0&limit=10')).list;
    expect(imported.map((user) => [user.username, user.departmentName, user.roles.map((role) => role.roleName)])).toEqual([
      ['imp01', '印刷车间', ['操作员']],
      ['imp02', '', []],
    ]);
    expect(await loginAs(t.app, 'imp01', 'abc12345')).toBeTruthy();
    expect(await logged('导入人员：2人')).toBe(true);

    expect(await post(admin, '/dps-server/department_user/import', { url: 'not/a/file.xlsx' })).toEqual({ resultCode: 4004, resultMsg: '文件不存在或已被删除' });
  });

  it('exports exactly the rows the list shows for the same filters', async () => {
    const printing = await departmentId('印刷车间');
    const filters = { departmentId: String(printing), status: '1', sort: 'username,desc' };
    const list = await staff(admin, new URLSearchParams({ ...filters, limit: '1000' }).toString());
    expect(list.total).toBeGreaterThan(2);
    const response = await t.app.inject({ method: 'POST', url: '/dps-server/department_user/export', headers: bearer(admin), payload: filters });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('人员列表.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['用户名', '姓名', '手机号', '部门', '角色', '状态', '创建时间']);
    expect(rows.slice(1)).toEqual(
      list.list.map((user) => {
        const values: unknown[] = [user.username, user.nickName, user.mobile, user.departmentName, user.roles.map((role) => role.roleName).join('、'), '正常', user.createTime];
        // exceljs leaves empty trailing cells out.
        while (values.length > 0 && values[values.length - 1] === '') values.pop();
        return values.map((value) => (value === '' ? undefined : value));
      }),
    );
    const bad = await t.app.inject({ method: 'POST', url: '/dps-server/department_user/export', headers: bearer(admin), payload: { sort: 'mobile,up' } });
    expect(bad.json()).toEqual({ resultCode: 4000, resultMsg: '排序方向只能是 asc 或 desc' });
    const qc = await loginAs(t.app, 'qc', 'qc123456');
    expect((await t.app.inject({ method: 'POST', url: '/dps-server/department_user/export', headers: bearer(qc), payload: {} })).json()).toEqual({
      resultCode: 4003,
      resultMsg: '没有操作权限',
    });
  });
});

describe('roles', () => {
  const codesOf = (nodes: PermissionNode[]): string[] => nodes.flatMap((node) => [node.code, ...codesOf(node.children)]);

  it('lists page 1 size 500 and gives a permission tree covering every menu and button code', async () => {
    const page = await data<{ list: Array<{ roleName: string; userCount: number }>; limit: number }>(get(admin, '/dps-server/role/page_list?page=1&size=500'));
    expect(page.limit).toBe(500);
    expect(page.list.map((role) => role.roleName)).toEqual(expect.arrayContaining(['系统管理员', '计划员', '质检员', '操作员']));
    const tree = await data<PermissionNode[]>(get(admin, '/dps-server/role/permission_list_tree'));
    const codes = new Set(codesOf(tree));
    for (const code of [...allRouteAuthorities(), ...allActionCodes()]) expect(codes.has(code), code).toBe(true);
    const account = tree.find((node) => node.code === 'MENU_ACCOUNT')!;
    expect(account.name).toBe('账号配置');
    expect(account.children.map((node) => node.name)).toEqual(['人员管理', '角色管理', '重置密码', '修改手机号', '工厂授权']);
    const buttons = tree.find((node) => node.name === '按钮权限')!;
    const staffButtons = buttons.children.find((node) => node.name === '人员管理')!;
    expect(staffButtons.children.map((node) => node.name)).toContain('导出');
  });

  it("a role's menus and buttons become the assigned user's authorities at the next login", async () => {
    const schedulePage = ROUTE_GROUPS.flatMap((group) => group.children).find((page) => page.authorities.includes('8621'))!;
    const userId = await addUser('roleuser');
    const before = await loginAs(t.app, 'roleuser', 'pass1234');
    expect(await authoritiesOf(before)).toEqual([]);

    const { roleId } = await data<{ roleId: number }>(
      post(admin, '/dps-server/role/add', { roleName: '人员查看', remark: '测试', authorities: ['MENU_ACCOUNT_STAFF', 'ACTION_STAFF_EXPORT', '8621', 'GROUP:ACTIONS'] }),
    );
    const expected = ['ACTION_STAFF_EXPORT', 'MENU_ACCOUNT', 'MENU_ACCOUNT_STAFF', '8621', schedulePage.authorities[0]!, schedulePage.authorities[1]!].sort();
    expect((await data<{ authorities: string[] }>(get(admin, `/dps-server/role/detail/${roleId}`))).authorities).toEqual(expected);
    await data(post(admin, '/dps-server/role/assign_users', { roleId, userIds: [userId] }));
    const after = await loginAs(t.app, 'roleuser', 'pass1234');
    expect(await authoritiesOf(after)).toEqual(expected);
    const info = (await t.app.inject({ method: 'GET', url: '/base/user/info', headers: bearer(after) })).json().data;
    expect(info.roleBaseResponses).toEqual([{ roleId, roleName: '人员查看' }]);
    expect((await staff(after, 'limit=10')).total).toBeGreaterThan(0);
    expect(await post(after, '/dps-server/department/add_department', { name: 'x' })).toMatchObject({ resultCode: 4003 });

    await data(post(admin, '/dps-server/role/edit', { roleId, roleName: '人员查看', authorities: ['MENU_ACCOUNT_ROLE'] }));
    const again = await loginAs(t.app, 'roleuser', 'pass1234');
    expect(await authoritiesOf(again)).toEqual(['MENU_ACCOUNT', 'MENU_ACCOUNT_ROLE']);
    expect(await logged('新增角色：人员查看（6项权限）')).toBe(true);

    // Roles can also be given in the user edit.
    await data(post(admin, '/dps-server/department_user/edit', { userId, nickName: '角色用户', mobile: freshMobile(), roleIds: [] }));
    expect(await authoritiesOf(await loginAs(t.app, 'roleuser', 'pass1234'))).toEqual([]);
  });

  it('a live session feels a removed authority and a disabled account on its very next request', async () => {
    const userId = await addUser('nextreq');
    const { roleId } = await data<{ roleId: number }>(post(admin, '/dps-server/role/add', { roleName: '即时生效', authorities: ['MENU_ACCOUNT_STAFF'] }));
    await data(post(admin, '/dps-server/role/assign_users', { roleId, userIds: [userId] }));
    const token = await loginAs(t.app, 'nextreq', 'pass1234');
    expect((await staff(token, 'limit=10')).total).toBeGreaterThan(0);

    await data(post(admin, '/dps-server/role/edit', { roleId, roleName: '即时生效', authorities: ['MENU_ACCOUNT_ROLE'] }));
    expect(await get(token, '/dps-server/department_user/list?limit=10')).toEqual({ resultCode: 4003, resultMsg: '没有操作权限' });
    expect(await authoritiesOf(token)).toEqual(['MENU_ACCOUNT', 'MENU_ACCOUNT_ROLE']);

    await data(post(admin, '/dps-server/department_user/edit_status', { userIds: [userId], status: 0 }));
    const disabled = await t.app.inject({ method: 'GET', url: '/base/user/info', headers: bearer(token) });
    expect(disabled.statusCode).toBe(401);
    expect(await get(token, '/dps-server/role/page_list?limit=10')).toEqual({ resultCode: 1003, resultMsg: '没有登录或登录超时，请重新登录!' });
  });

  it('refuses unknown codes, duplicate names, missing authority and granting more than one holds', async () => {
    expect(await post(admin, '/dps-server/role/add', { roleName: 'x', authorities: ['MENU_NOPE'] })).toEqual({
      resultCode: 4000,
      resultMsg: '未知的权限编码：MENU_NOPE',
    });
    expect(await post(admin, '/dps-server/role/add', { roleName: '计划员', authorities: [] })).toEqual({ resultCode: 4009, resultMsg: '角色名称已存在' });
    const planner = await loginAs(t.app, 'planner', 'planner123');
    expect(await post(planner, '/dps-server/role/add', { roleName: 'x', authorities: [] })).toEqual({ resultCode: 4003, resultMsg: '没有操作权限' });

    const { roleId } = await data<{ roleId: number }>(post(admin, '/dps-server/role/add', { roleName: '角色管理员', authorities: ['MENU_ACCOUNT_ROLE', 'ACTION_ROLE_ADD'] }));
    const userId = await addUser('roleadmin', { roleIds: [roleId] });
    expect(userId).toBeGreaterThan(0);
    const roleAdmin = await loginAs(t.app, 'roleadmin', 'pass1234');
    for (const code of ['MENU_DEVICE_LEDGER', 'ACTION_STAFF_EXPORT']) {
      expect(await post(roleAdmin, '/dps-server/role/add', { roleName: '越权', authorities: [code] })).toEqual({
        resultCode: 4003,
        resultMsg: '不能授予自己没有的权限',
      });
    }
    await data(post(roleAdmin, '/dps-server/role/add', { roleName: '子角色', authorities: ['ACTION_ROLE_ADD'] }));
  });

  it('gives the hidden page a button opens along with the button', async () => {
    const { roleId } = await data<{ roleId: number }>(
      post(admin, '/dps-server/role/add', { roleName: '设备维护员', authorities: ['MENU_SYS_MODELING', 'ACTION_MODELING_DEVICE_EDIT'] }),
    );
    // 编辑 in the device list opens /edit-device: without its page code the button would lead nowhere.
    const editDevice = ROUTE_GROUPS.flatMap((group) => group.children).find((page) => page.path === '/edit-device')!;
    expect((await data<{ authorities: string[] }>(get(admin, `/dps-server/role/detail/${roleId}`))).authorities).toEqual(
      ['ACTION_MODELING_DEVICE_EDIT', 'MENU_SYS', 'MENU_SYS_MODELING', ...editDevice.authorities.slice(1)].sort(),
    );
    // A button that opens no page adds nothing.
    await data(post(admin, '/dps-server/role/edit', { roleId, roleName: '设备维护员', authorities: ['MENU_SYS_MODELING', 'ACTION_MODELING_DEVICE_DELETE'] }));
    expect((await data<{ authorities: string[] }>(get(admin, `/dps-server/role/detail/${roleId}`))).authorities).toEqual(
      ['ACTION_MODELING_DEVICE_DELETE', 'MENU_SYS', 'MENU_SYS_MODELING'].sort(),
    );
  });
});

describe('factory isolation', () => {
  it("never shows or touches another factory's users, departments or roles", async () => {
    const token = await loginAs(t.app, 'admin', 'admin123');
    await t.app.inject({ method: 'POST', url: '/base/switch/user/org/1002', headers: bearer(token) });
    const boardStaff = await staff(token, 'limit=1000');
    expect(boardStaff.list.map((user) => user.username).sort()).toEqual(['admin', 'planner']);
    const users = await data<{ list: Array<{ username: string }> }>(get(token, '/dps-server/user_list?limit=1000'));
    expect(users.list.map((user) => user.username).sort()).toEqual(['admin', 'planner']);
    // People pickers need no account authority, but still only list the own factory, without contact data.
    const noperm = await loginAs(t.app, 'noperm', 'noperm123');
    const colleagues = await data<{ list: Array<Record<string, unknown>> }>(get(noperm, '/dps-server/user_list?limit=1000'));
    expect(colleagues.list.map((user) => user.username)).toContain('staff05');
    const cartonUsers = await data<{ list: Array<{ username: string }> }>(get(admin, '/dps-server/user_list?limit=1000'));
    expect(colleagues.list.map((user) => user.username).sort()).toEqual(cartonUsers.list.map((user) => user.username).sort());
    expect(Object.keys(colleagues.list[0]!).sort()).toEqual(['nickName', 'status', 'userId', 'username']);
    const tree = await data<Array<{ name: string }>>(get(token, '/dps-server/department/tree'));
    expect(tree.map((node) => node.name)).toEqual(['纸板生产部']);
    expect((await data<{ list: Array<{ roleName: string }> }>(get(token, '/dps-server/role/page_list?page=1&size=500'))).list.map((role) => role.roleName)).toEqual([
      '系统管理员',
      '纸板计划员',
    ]);

    const carton = (await staff(admin, 'username=staff05')).list[0]!;
    const cartonDepartment = await departmentId('印刷车间');
    expect(await post(token, '/dps-server/department_user/edit', { userId: carton.userId, nickName: 'x', mobile: '13912345678' })).toEqual({
      resultCode: 4004,
      resultMsg: '用户不存在',
    });
    expect(await post(token, '/dps-server/department/remove', { id: cartonDepartment })).toEqual({ resultCode: 4004, resultMsg: '部门不存在' });
    expect(await post(token, '/dps-server/department_user/edit_status', { userIds: [carton.userId], status: 0 })).toMatchObject({ resultCode: 4004 });
    expect(await get(token, `/dps-server/other_department?departmentId=${cartonDepartment}&limit=1000`)).toMatchObject({ resultCode: 1000 });
    const other = await data<{ list: StaffUser[] }>(get(token, `/dps-server/other_department?departmentId=${cartonDepartment}&limit=1000`));
    expect(other.list.map((user) => user.username).sort()).toEqual(['admin', 'planner']);
    const exported = await t.app.inject({ method: 'POST', url: '/dps-server/department_user/export', headers: bearer(token), payload: {} });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as never);
    expect(workbook.worksheets[0]!.rowCount).toBe(3);
    expect((await staff(admin, `userId=${carton.userId}`)).list[0]!.status).toBe(1);
  });
});

describe('own account and factory grants', () => {
  async function selfServiceUser(username: string, mobile = freshMobile()): Promise<string> {
    const roles = await data<{ list: Array<{ roleId: number; roleName: string }> }>(get(admin, '/dps-server/role/page_list?page=1&size=500'));
    let role = roles.list.find((candidate) => candidate.roleName === '自助');
    if (!role) {
      const created = await data<{ roleId: number }>(
        post(admin, '/dps-server/role/add', { roleName: '自助', authorities: ['MENU_ACCOUNT_RESET_PASSWORD', 'MENU_ACCOUNT_MODIFY_PHONE'] }),
      );
      role = { roleId: created.roleId, roleName: '自助' };
    }
    await addUser(username, { roleIds: [role.roleId], mobile });
    return loginAs(t.app, username, 'pass1234');
  }
  const lastCode = () => /验证码是(\d{6})/.exec(sms[sms.length - 1]!.text)![1]!;

  it('resets the password with an SMS code: 60 s resend guard, code check, 6–16 non-space characters', async () => {
    const token = await selfServiceUser('selfpwd', '13700000001');
    const sent = await post(token, '/base/org/user/sms', { purpose: 'reset_password' });
    expect(sent).toEqual({ success: true, code: 200, data: { mobile: '137****0001', resendAfterSeconds: 60 } });
    expect(sms[sms.length - 1]!.mobile).toBe('13700000001');
    clockOffsetMs = 20_000;
    expect(await post(token, '/base/org/user/sms', { purpose: 'reset_password' })).toEqual({ success: false, code: 4000, message: '验证码已发送，请40秒后再试' });
    clockOffsetMs = 0;
    const code = lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await put(token, '/base/org/user/code/update/password', { code: wrong, password: 'newpass1' })).toEqual({
      success: false,
      code: 4000,
      message: '验证码错误或已过期',
    });
    expect(await put(token, '/base/org/user/code/update/password', { code, password: '12345' })).toEqual({
      success: false,
      code: 4000,
      message: '密码为6-16位非空格字符',
    });
    expect(await put(token, '/base/org/user/code/update/password', { code, password: 'newpass1' })).toEqual({ success: true, code: 200, data: null });
    expect(await put(token, '/base/org/user/code/update/password', { code, password: 'again123' })).toMatchObject({ message: '验证码错误或已过期' });
    expect(await loginAs(t.app, 'selfpwd', 'newpass1')).toBeTruthy();
    await expect(loginAs(t.app, 'selfpwd', 'pass1234')).rejects.toThrow('用户名或密码错误');
    expect(await logged('通过短信验证码修改密码')).toBe(true);
    // Without the page authority there is no code.
    const noperm = await loginAs(t.app, 'noperm', 'noperm123');
    expect(await post(noperm, '/base/org/user/sms', { purpose: 'reset_password' })).toEqual({ success: false, code: 4003, message: '没有操作权限' });
  });

  it('modifies the phone with a code sent to the new number', async () => {
    const token = await selfServiceUser('selfphone');
    expect(await post(token, '/base/org/user/sms', { purpose: 'modify_phone', mobile: '1370000000' })).toEqual({
      success: false,
      code: 4000,
      message: '请输入正确的手机号码',
    });
    await post(token, '/base/org/user/sms', { purpose: 'modify_phone', mobile: '18600000002' });
    expect(sms[sms.length - 1]!.mobile).toBe('18600000002');
    const code = lastCode();
    expect(await put(token, '/base/org/user/code/update/mobile', { mobile: '18600000003', code })).toMatchObject({ message: '验证码错误或已过期' });
    expect(await put(token, '/base/org/user/code/update/mobile', { mobile: '18600000002', code })).toEqual({ success: true, code: 200, data: null });
    const info = (await t.app.inject({ method: 'GET', url: '/base/user/info', headers: bearer(token) })).json().data;
    expect(info.mobile).toBe('18600000002');
  });

  it('grants a user another factory of the enterprise (hidden /tool/authorization)', async () => {
    const userId = await addUser('granted');
    const before = (await t.app.inject({ method: 'GET', url: `/base/org/user/orgs?userId=${userId}`, headers: bearer(admin) })).json();
    expect(before.data).toEqual([
      { orgId: 1001, orgName: '示例纸箱厂', granted: true, isDefault: true },
      { orgId: 1002, orgName: '示例纸板厂', granted: false, isDefault: false },
    ]);
    expect(await post(admin, '/base/org/user/orgs', { userId, orgIds: [1001, 4242] })).toEqual({ success: false, code: 4004, message: '工厂不存在' });
    expect(await post(admin, '/base/org/user/orgs', { userId, orgIds: [1001, 1002] })).toEqual({ success: true, code: 200, data: null });
    const token = await loginAs(t.app, 'granted', 'pass1234');
    expect((await t.app.inject({ method: 'POST', url: '/base/switch/user/org/1002', headers: bearer(token) })).json()).toMatchObject({ success: true });
    const qc = await loginAs(t.app, 'qc', 'qc123456');
    expect((await t.app.inject({ method: 'GET', url: `/base/org/user/orgs?userId=${userId}`, headers: bearer(qc) })).json()).toEqual({
      success: false,
      code: 4003,
      message: '没有操作权限',
    });
    expect(await logged('工厂授权：granted → 示例纸箱厂、示例纸板厂')).toBe(true);
  });

  it('seeds twenty demo staff who can log in', async () => {
    expect(await loginAs(t.app, 'staff01', DEMO_STAFF_PASSWORD)).toBeTruthy();
  });
});
