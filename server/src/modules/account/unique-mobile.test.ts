import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AccountPaths, type StaffUser } from '@core/contracts/account';
import type { PageResult } from '@core/contracts/common';
import { migrations } from '../../db/migrations';
import { multipart } from '../../test-multipart';
import { bearer, createTestApp, type TestApp, useTwoFactoryApp } from '../../test-support';

const sms: Array<{ mobile: string; text: string }> = [];
let t: TestApp;
let admin: string;
let boardAdmin: string;

const { get, post, data } = useTwoFactoryApp((env) => ({ t, admin, boardAdmin } = env), { smsSender: { send: async (mobile, text) => void sms.push({ mobile, text }) } });

const taken = (mobile: string) => ({ resultCode: 4009, resultMsg: `手机号${mobile}已被其他账号使用，请更换` });
async function user(username: string): Promise<StaffUser> {
  return (await data(get<PageResult<StaffUser>>(admin, `${AccountPaths.staffList}?username=${username}`))).list.find((row) => row.username === username)!;
}
async function usersWithMobile(mobile: string): Promise<string[]> {
  const rows = await t.db.selectFrom('app_user').select('username').where('mobile', '=', mobile).execute();
  return rows.map((row) => row.username);
}

describe('one account per mobile number in an enterprise', () => {
  it('refuses a new user with another user’s number, in this factory and in a sister factory', async () => {
    const staff01 = await user('staff01');
    const request = { username: 'phone_thief', nickName: '重复号码', mobile: staff01.mobile, password: 'pass1234' };
    expect(await post(admin, AccountPaths.staffAdd, request)).toEqual(taken(staff01.mobile));
    // 示例纸板厂 is the same enterprise: the number still reaches staff01.
    expect(await post(boardAdmin, AccountPaths.staffAdd, request)).toEqual(taken(staff01.mobile));
    expect(await usersWithMobile(staff01.mobile)).toEqual(['staff01']);
  });

  it('refuses an edit to another user’s number but keeps one’s own', async () => {
    const [staff01, staff02] = [await user('staff01'), await user('staff02')];
    expect(await post(admin, AccountPaths.staffEdit, { userId: staff02.userId, nickName: staff02.nickName, mobile: staff01.mobile })).toEqual(taken(staff01.mobile));
    expect((await user('staff02')).mobile).toBe(staff02.mobile);
    await data(post(admin, AccountPaths.staffEdit, { userId: staff02.userId, nickName: '改名不改号', mobile: staff02.mobile }));
    expect(await user('staff02')).toMatchObject({ nickName: '改名不改号', mobile: staff02.mobile });
  });

  it('lets only one of two concurrent creates with the same new number succeed', async () => {
    const mobile = '13655550001';
    const results = await Promise.all(
      ['race_a', 'race_b'].map((username) => post(admin, AccountPaths.staffAdd, { username, nickName: username, mobile, password: 'pass1234' })),
    );
    expect(results.map((result) => result.resultCode).sort()).toEqual([1000, 4009]);
    expect(results.find((result) => result.resultCode === 4009)).toEqual(taken(mobile));
    expect(await usersWithMobile(mobile)).toHaveLength(1);
  });

  it('refuses an import row with a taken number or a number repeated in the file', async () => {
    const staff03 = await user('staff03');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('人员');
    [
      ['*用户名', '*姓名', '*手机号', '部门', '角色', '*初始密码'],
      ['imp_phone1', '导入一', staff03.mobile, '', '', 'abc12345'],
      ['imp_phone2', '导入二', '13655550002', '', '', 'abc12345'],
      ['imp_phone3', '导入三', '13655550002', '', '', 'abc12345'],
    ].forEach((row) => sheet.addRow(row));
    const body = multipart({ type: '1' }, [{ filename: '人员导入.xlsx', content: Buffer.from(await workbook.xlsx.writeBuffer()) }]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/file/api/v2/upload', headers: { ...bearer(admin), ...body.headers }, payload: body.payload });
    const result = await data(post<{ imported: number; failures: Array<{ row: number; message: string }> }>(admin, AccountPaths.staffImport, { url: uploaded.json().resultData.url }));
    expect(result).toMatchObject({
      imported: 0,
      failures: [
        { row: 2, message: `手机号${staff03.mobile}已被其他账号使用，请更换` },
        { row: 4, message: '手机号13655550002与第3行重复' },
      ],
    });
    expect(await usersWithMobile('13655550002')).toEqual([]);
  });

  it('refuses /modifyPhone to a taken number: no code is sent, and a number taken after the code still fails', async () => {
    const staff04 = await user('staff04');
    const sent = sms.length;
    const refused = await t.app.inject({ method: 'POST', url: AccountPaths.sms, headers: bearer(admin), payload: { purpose: 'modify_phone', mobile: staff04.mobile } });
    expect(refused.json()).toMatchObject({ success: false, code: 4009, message: `手机号${staff04.mobile}已被其他账号使用，请更换` });
    expect(sms.length).toBe(sent);

    const mobile = '13655550003';
    await t.app.inject({ method: 'POST', url: AccountPaths.sms, headers: bearer(admin), payload: { purpose: 'modify_phone', mobile } });
    const code = /\d{6}/.exec(sms.at(-1)!.text)![0];
    await data(post(admin, AccountPaths.staffAdd, { username: 'phone_first', nickName: '先到', mobile, password: 'pass1234' }));
    const update = await t.app.inject({ method: 'PUT', url: AccountPaths.updateMobile, headers: bearer(admin), payload: { mobile, code } });
    expect(update.json()).toMatchObject({ success: false, code: 4009, message: `手机号${mobile}已被其他账号使用，请更换` });
    expect(await usersWithMobile(mobile)).toEqual(['phone_first']);
  });
});

describe('migration 0009', () => {
  it('unbinds later duplicates (the earliest account keeps the number) before making numbers unique', async () => {
    // A seeded database of its own (on this run's engine), on the latest schema: 0009 is undone and
    // run again over duplicates (later migrations never depend on it).
    const own = await createTestApp();
    const db = own.db;
    try {
      const migration = migrations['0009_unique_user_mobile']!;
      await migration.down!(db);
      await db.updateTable('app_user').set({ mobile: '13800000001' }).where('username', 'in', ['planner', 'qc']).execute();
      await migration.up(db);
      const rows = await db.selectFrom('app_user').select(['username', 'mobile']).where('username', 'in', ['admin', 'planner', 'qc']).orderBy('id').execute();
      expect(rows).toEqual([
        { username: 'admin', mobile: '13800000001' },
        { username: 'planner', mobile: '' },
        { username: 'qc', mobile: '' },
      ]);
      const seeded = await db.selectFrom('app_user').select(['mobile']).where('mobile', '<>', '').execute();
      expect(new Set(seeded.map((row) => row.mobile)).size).toBe(seeded.length);
    } finally {
      await own.close();
    }
  });
});
