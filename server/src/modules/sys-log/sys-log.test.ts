import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { SysLogEntry } from '@core/contracts/sys-log';
import type { PageResult } from '@core/contracts/common';
import { bearer, type Envelope, loginAs, type TestApp, useTwoFactoryApp } from '../../test-support';

let t: TestApp;
let admin: string;
let boardAdmin: string;

type Page<T> = PageResult<T>;

useTwoFactoryApp((env) => ({ t, admin, boardAdmin } = env));

async function list(token: string, query: string): Promise<Envelope<Page<SysLogEntry>>> {
  return (await t.app.inject({ method: 'GET', url: `/dps-server/operation_log/list?${query}`, headers: bearer(token) })).json();
}

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

describe('system log', () => {
  it('lists a write made just now, filtered by operator, path, content, source and date, and exports it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/dps-server/holiday/add',
      headers: { ...bearer(admin), X_SYSTEM_VERSION: '12' },
      payload: { holidayDate: '2026-12-24', type: 3, holidayName: '平安夜盘点' },
    });
    expect(created.json()).toMatchObject({ resultCode: 1000 });

    const query = `operator=管理员&operationPath=holiday/add&operationContent=平安夜&operationSource=1&createTimeStart=${today()}&createTimeEnd=${today()}`;
    const found = await list(admin, query);
    expect(found.resultCode).toBe(1000);
    expect(found.resultData!.total).toBe(1);
    expect(found.resultData!.list[0]).toMatchObject({
      operator: '系统管理员',
      userName: 'admin',
      operationPath: '/dps-server/holiday/add',
      operationName: '班次管理-新增节假日',
      operationContent: '新增节假日：2026-12-24 平安夜盘点（公司休息日）',
      operationSource: 1,
      operationSourceName: '平台',
      operationSystem: 12,
      operationSystemName: '纸箱 MES',
    });
    expect(found.resultData!.list[0]!.createTime.startsWith(today())).toBe(true);
    expect((await list(admin, 'operationContent=平安夜&operationSource=2')).resultData!.total).toBe(0);
    expect((await list(admin, 'operationContent=平安夜&createTimeEnd=2020-01-01')).resultData!.total).toBe(0);
    // Newest first by default; the login of this test is older than the write.
    const newest = await list(admin, 'limit=10');
    expect(newest.resultData!.list[0]!.operationContent).toBe('新增节假日：2026-12-24 平安夜盘点（公司休息日）');
    const oldest = await list(admin, 'limit=10&sort=createTime,asc');
    expect(oldest.resultData!.list[0]!.id).toBeLessThan(newest.resultData!.list[0]!.id);

    const exported = await t.app.inject({
      method: 'POST',
      url: '/dps-server/operation_log/export',
      headers: bearer(admin),
      payload: { operationContent: '平安夜', createTimeStart: today() },
    });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(exported.headers['content-disposition']))).toContain('系统日志.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as never);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['操作时间', '操作人', '账号', '操作', '操作内容', '来源', '系统']);
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([['系统管理员', 'admin', '班次管理-新增节假日', '新增节假日：2026-12-24 平安夜盘点（公司休息日）', '平台', '纸箱 MES']]);
  });

  it('refuses bad filters with 4000 before any download', async () => {
    expect(await list(admin, 'createTimeStart=2026-02-30')).toEqual({ resultCode: 4000, resultMsg: '操作时间格式不正确' });
    expect(await list(admin, 'createTimeStart=2026-05-02&createTimeEnd=2026-05-01')).toEqual({ resultCode: 4000, resultMsg: '操作时间开始时间不能晚于结束时间' });
    expect(await list(admin, 'sort=operation_content,asc')).toEqual({ resultCode: 4000, resultMsg: '不支持按「operation_content」排序' });
    expect(await list(admin, 'operationSource=平台')).toEqual({ resultCode: 4000, resultMsg: '来源格式不正确' });
    const exported = await t.app.inject({ method: 'POST', url: '/dps-server/operation_log/export', headers: bearer(admin), payload: { sort: 'secret,asc' } });
    expect(exported.json()).toEqual({ resultCode: 4000, resultMsg: '不支持按「secret」排序' });
  });

  it('shows each factory only its own log and needs MENU_SYS_LOG / ACTION_SYS_LOG_EXPORT', async () => {
    await t.app.inject({ method: 'POST', url: '/dps-server/holiday/add', headers: bearer(boardAdmin), payload: { holidayDate: '2026-12-25', type: 3, holidayName: '纸板厂圣诞检修' } });
    expect((await list(boardAdmin, 'operationContent=纸板厂圣诞')).resultData!.total).toBe(1);
    expect((await list(admin, 'operationContent=纸板厂圣诞')).resultData!.total).toBe(0);
    expect((await list(boardAdmin, 'operationContent=平安夜')).resultData!.total).toBe(0);
    const noperm = await loginAs(t.app, 'noperm', 'noperm123');
    expect(await list(noperm, '')).toEqual({ resultCode: 4003, resultMsg: '没有操作权限' });
    const exported = await t.app.inject({ method: 'POST', url: '/dps-server/operation_log/export', headers: bearer(noperm), payload: {} });
    expect(exported.json()).toEqual({ resultCode: 4003, resultMsg: '没有操作权限' });
  });
});
