import { describe, expect, it } from 'vitest';
import { AccountPaths, type RoleDetail, type RoleItem } from '@core/contracts/account';
import type { PageResult } from '@core/contracts/common';
import { loginAs, operationLogCount, type TestApp, useTwoFactoryApp } from '../../test-support';

let t: TestApp;
let admin: string;
let boardAdmin: string;

const { get, post, data } = useTwoFactoryApp((env) => ({ t, admin, boardAdmin } = env));

async function roles(token: string): Promise<RoleItem[]> {
  return (await data(get<PageResult<RoleItem>>(token, `${AccountPaths.roleList}?page=1&size=500`))).list;
}
async function staffIds(usernames: string[]): Promise<number[]> {
  const rows = await t.db.selectFrom('app_user').select('id').where('username', 'in', usernames).orderBy('id').execute();
  return rows.map((row) => row.id);
}

describe('role delete', () => {
  it('refuses while users hold the role, naming how many, and changes nothing', async () => {
    const { roleId } = await data(post<{ roleId: number }>(admin, AccountPaths.roleAdd, { roleName: '临时班长', authorities: ['MENU_ACCOUNT_STAFF'] }));
    const userIds = await staffIds(['staff01', 'staff02', 'staff03']);
    await data(post(admin, AccountPaths.roleAssignUsers, { roleId, userIds }));
    const before = await data(get<RoleDetail>(admin, AccountPaths.roleDetail(roleId)));
    const logs = await operationLogCount(t.db, '删除角色');

    expect(await post(admin, AccountPaths.roleDelete, { roleId })).toEqual({
      resultCode: 4009,
      resultMsg: '角色「临时班长」已分配给3个用户，请先在「分配用户」中移除这些用户后再删除',
    });
    expect(await data(get<RoleDetail>(admin, AccountPaths.roleDetail(roleId)))).toEqual(before);
    expect(await operationLogCount(t.db, '删除角色')).toBe(logs);
  });

  it('deletes a role nobody holds, with its authorities, and logs it', async () => {
    const { roleId } = await data(post<{ roleId: number }>(admin, AccountPaths.roleAdd, { roleName: '待删角色', authorities: ['MENU_ACCOUNT_STAFF'] }));
    await data(post(admin, AccountPaths.roleAssignUsers, { roleId, userIds: await staffIds(['staff04']) }));
    // Emptying the role makes it deletable.
    await data(post(admin, AccountPaths.roleAssignUsers, { roleId, userIds: [] }));

    await data(post(admin, AccountPaths.roleDelete, { roleId }));
    expect((await roles(admin)).map((role) => role.roleName)).not.toContain('待删角色');
    expect(await get(admin, AccountPaths.roleDetail(roleId))).toEqual({ resultCode: 4004, resultMsg: '角色不存在' });
    const grants = await t.db.selectFrom('role_authority').select('role_id').where('role_id', '=', roleId).execute();
    expect(grants).toEqual([]);
    expect(await operationLogCount(t.db, '删除角色：待删角色')).toBe(1);
    expect(await post(admin, AccountPaths.roleDelete, { roleId })).toEqual({ resultCode: 4004, resultMsg: '角色不存在' });
  });

  it('never deletes another factory’s role and needs ACTION_ROLE_DELETE', async () => {
    const { roleId } = await data(post<{ roleId: number }>(admin, AccountPaths.roleAdd, { roleName: '纸箱厂专用', authorities: [] }));
    expect(await post(boardAdmin, AccountPaths.roleDelete, { roleId })).toEqual({ resultCode: 4004, resultMsg: '角色不存在' });
    const planner = await loginAs(t.app, 'planner', 'planner123');
    expect(await post(planner, AccountPaths.roleDelete, { roleId })).toEqual({ resultCode: 4003, resultMsg: '没有操作权限' });
    expect((await roles(admin)).map((role) => role.roleName)).toContain('纸箱厂专用');
    expect(await post(admin, AccountPaths.roleDelete, { roleId: 'x' })).toMatchObject({ resultCode: 4000 });
  });

  it('is a button of the permission tree under 角色管理', async () => {
    const tree = await data(get<Array<{ code: string; name: string; children: Array<{ code: string; name: string; children: Array<{ code: string; name: string }> }> }>>(admin, AccountPaths.rolePermissionTree));
    const roleButtons = tree.flatMap((node) => node.children).find((page) => page.name === '角色管理' && page.code.startsWith('GROUP:'));
    expect(roleButtons?.children).toContainEqual(expect.objectContaining({ code: 'ACTION_ROLE_DELETE', name: '删除' }));
  });
});
