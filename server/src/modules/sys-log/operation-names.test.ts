import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AccountPaths } from '@core/contracts/account';
import type { PageResult } from '@core/contracts/common';
import { SysLogPaths, type SysLogEntry } from '@core/contracts/sys-log';
import { bearer, type TestApp, useTwoFactoryApp } from '../../test-support';
import { operationName, operationNaming, writeEndpoints } from './operation-names';

let t: TestApp;
let admin: string;

const { get, post, data } = useTwoFactoryApp((env) => ({ t, admin } = env));

async function entries(query: string): Promise<SysLogEntry[]> {
  return (await data(get<PageResult<SysLogEntry>>(admin, `${SysLogPaths.list}?limit=100&${query}`))).list;
}

describe('system log operation names', () => {
  it('gives every write route the app mounts a Chinese name (a new route without one fails here)', () => {
    const writes = writeEndpoints(t.app.mountedRoutes);
    const unnamed = [...writes.values()].filter((endpoint) => operationName(endpoint) === undefined).map((endpoint) => endpoint.path);
    expect(unnamed).toEqual([]);
    expect(writes.size).toBeGreaterThan(80);
  });

  it('names one code guarding several verbs by the verb, and a page code by its title', () => {
    const naming = operationNaming(t.app.mountedRoutes);
    expect(naming.nameOf(AccountPaths.roleAdd)).toBe('角色管理-新增');
    expect(naming.nameOf(AccountPaths.departmentRemove)).toBe('人员管理-部门管理（删除）');
    expect(naming.nameOf(AccountPaths.departmentRename)).toBe('人员管理-部门管理（重命名）');
    expect(naming.nameOf('/dps-server/ic_card/unbind')).toBe('IC卡-解绑');
    expect(naming.nameOf(AccountPaths.updateMobile)).toBe('修改手机号');
    expect(naming.nameOf('/base/auth/login')).toBe('登录');
    expect(naming.nameOf('/dps-server/retired/route')).toBe('/dps-server/retired/route');
  });

  it('lists and exports the name and the system’s Chinese name instead of the raw path and 12', async () => {
    await data(post(admin, AccountPaths.roleAdd, { roleName: '日志命名', authorities: [] }));
    const [entry] = await entries('operationContent=日志命名');
    expect(entry).toMatchObject({ operationName: '角色管理-新增', operationSystemName: '纸箱 MES', operationPath: AccountPaths.roleAdd });

    // The name filter finds it by words of the name, never by a name it does not have.
    expect((await entries('operationName=角色管理-新增&operationContent=日志命名')).map((row) => row.id)).toEqual([entry!.id]);
    expect(await entries('operationName=IC卡&operationContent=日志命名')).toEqual([]);
    expect(await entries('operationName=没有这种操作')).toEqual([]);
    expect((await entries('operationName=登录')).length).toBeGreaterThan(0);

    const exported = await t.app.inject({ method: 'POST', url: SysLogPaths.export, headers: bearer(admin), payload: { operationName: '角色管理', operationContent: '日志命名' } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as never);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['操作时间', '操作人', '账号', '操作', '操作内容', '来源', '系统']);
    expect(rows.slice(1).map((row) => [row[3], row[6]])).toEqual([['角色管理-新增', '纸箱 MES']]);
  });
});
