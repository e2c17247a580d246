// What an outside probe of the server found (issue 9): sessions decided from the matched route,
// text without NUL or lone surrogates, only declared body fields, bounded JSON depth, strict query
// booleans and real 404s outside the API. Each test names the hostile request it replays.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, type TestApp } from './test-support';

let t: TestApp;
let admin: string;
let bodiesParsed = 0;

beforeAll(async () => {
  t = await createTestApp({
    extend: (app) =>
      app.addHook('preParsing', async (request) => {
        if (!request.headers.authorization) bodiesParsed += 1;
      }),
  });
  admin = await loginAs(t.app, 'admin', 'admin123');
});
afterAll(async () => {
  await t?.close();
});

const NOT_LOGGED_IN = '没有登录或登录超时，请重新登录!';

describe('session from the matched route', () => {
  it('answers a percent-encoded path without a token as not logged in, in the family of the route', async () => {
    const base = await t.app.inject({ method: 'GET', url: '/%62ase/user/info' });
    expect(base.statusCode).toBe(401);
    expect(base.json()).toEqual({ success: false, code: 1003, message: NOT_LOGGED_IN });
    const dps = await t.app.inject({ method: 'GET', url: '/%64ps-server/workshop/list' });
    expect(dps.statusCode).toBe(200);
    expect(dps.json()).toEqual({ resultCode: 1003, resultMsg: NOT_LOGGED_IN });
    const config = await t.app.inject({ method: 'GET', url: '/dps-server/platform/%75ser_config/get_config_params' });
    expect(config.json()).toEqual({ resultCode: 1003, resultMsg: NOT_LOGGED_IN });
  });

  it('refuses an upload without a session before reading its body', async () => {
    bodiesParsed = 0;
    const response = await t.app.inject({
      method: 'POST',
      url: '/%66ile/api/v2/batch/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: `--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n${'a'.repeat(100_000)}\r\n--x--\r\n`,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ resultCode: 1003, resultMsg: NOT_LOGGED_IN });
    expect(bodiesParsed).toBe(0);
  });

  it('still lets public routes through under any spelling', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/%62ase/auth/login', payload: { username: 'admin', password: 'admin123' } });
    expect(response.json()).toMatchObject({ success: true, code: 200 });
  });
});

describe('text without NUL or lone surrogates', () => {
  it('refuses NUL in a body before login, naming the field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/base/auth/login', payload: { username: 'a\u0000b', password: 'x' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: false, code: 4000, message: '用户名格式不正确' });
  });

  it('refuses a lone surrogate but keeps real emoji', async () => {
    const lone = await t.app.inject({ method: 'POST', url: '/base/auth/login', payload: { username: 'a\ud800', password: 'x' } });
    expect(lone.json()).toEqual({ success: false, code: 4000, message: '用户名格式不正确' });
    const emoji = await t.app.inject({ method: 'POST', url: '/base/auth/login', payload: { username: 'a😀', password: 'x' } });
    expect(emoji.json()).toEqual({ success: false, code: 4000, message: '用户名或密码错误' });
  });

  it('refuses NUL in query filters and params', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/dps-server/department_user/list?username=%00', headers: bearer(admin) });
    expect(list.json()).toEqual({ resultCode: 4000, resultMsg: '用户名格式不正确' });
    const download = await t.app.inject({ method: 'GET', url: '/file/api/v2/download_url?url=a%00b', headers: bearer(admin) });
    expect(download.json()).toEqual({ resultCode: 4000, resultMsg: '文件地址格式不正确' });
  });

  it('refuses NUL in user config keys and values and stores nothing', async () => {
    const url = '/dps-server/platform/user_config/replace_config_params';
    const value = await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: { theme: 'da\u0000rk' } });
    expect(value.json()).toMatchObject({ succeed: false, code: 4000 });
    const key = await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: { ['th\u0000eme']: 'dark' } });
    expect(key.json()).toMatchObject({ succeed: false, code: 4000 });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from user_config where config_key like '%' || chr(65533) || '%'`.execute(t.db);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('only declared fields, bounded depth', () => {
  it('keeps only the declared body fields, at any level: undeclared ones are never stored', async () => {
    const url = '/dps-server/enterprise/config/update';
    const stored = async () => JSON.stringify((await sql<{ config: unknown }>`select config from enterprise_config`.execute(t.db)).rows);
    const before = await stored();
    const onlyJunk = await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: { junk: 'x'.repeat(10_000) } });
    expect(onlyJunk.json()).toMatchObject({ resultCode: 4000 });
    expect(await stored()).toBe(before);

    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(admin),
      payload: { junk: 'x'.repeat(10_000), maintenanceMode: { enabled: false, maintenanceMessage: '维护中', junk: 1 }, orgId: 9999 },
    });
    expect(response.json()).toMatchObject({ resultCode: 1000, resultData: { orgId: 1001, maintenanceMode: { enabled: false, maintenanceMessage: '维护中' } } });
    const after = await stored();
    expect(after).toContain('维护中');
    expect(after).not.toContain('junk');
    expect(after).not.toContain('9999');
  });

  it('refuses JSON nested deeper than the cap before parsing it', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/dps-server/schedule_config/update',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: deep,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ resultCode: 4000, resultMsg: '请求数据嵌套层级过深' });
    const arrays = await t.app.inject({
      method: 'POST',
      url: '/base/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    });
    expect(arrays.json()).toEqual({ success: false, code: 4000, message: '请求数据嵌套层级过深' });
  });
});

describe('smaller ones', () => {
  it('reads booleans in queries as true/false only', async () => {
    for (const value of ['2', 'yes', '1']) {
      const response = await t.app.inject({ method: 'GET', url: `/dps-server/work_flow/list?isTemplate=${value}`, headers: bearer(admin) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ resultCode: 4000, resultMsg: '类型只能是true或false' });
    }
    const templates = await t.app.inject({ method: 'GET', url: '/dps-server/work_flow/list?isTemplate=true', headers: bearer(admin) });
    expect(templates.json().resultCode).toBe(1000);
    expect(templates.json().resultData.list.every((flow: { isTemplate: boolean }) => flow.isTemplate)).toBe(true);
  });

  it('answers an unknown API path with 404 to a session and as not logged in without one, under any spelling', async () => {
    // (Paths outside the API are 404 too: plugins.test.ts sends them raw, as no client normalises them.)
    expect((await t.app.inject({ method: 'GET', url: '/dps-server/nothing', headers: bearer(admin) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/%62ase/nothing' })).statusCode).toBe(401);
  });
});
