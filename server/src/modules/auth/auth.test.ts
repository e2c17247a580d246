import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { bearer, createTestApp, loginAs, operationLogCount, type TestApp } from '../../test-support';
import { hashPassword } from './crypto';

let t: TestApp;
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);

beforeAll(async () => {
  t = await createTestApp({ now });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  clockOffsetMs = 0;
});

const WRONG = '用户名或密码错误';
const LOCKED = '账号已被锁定，请联系管理员解锁';

function login(username: string, password: string, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/base/auth/login', payload: { username, password }, remoteAddress });
}

const logCount = (content: string) => operationLogCount(t.db, content);

describe('database', () => {
  it('runs on the engine asked for (TEST_DATABASE_URL → PostgreSQL, else PGlite)', async () => {
    expect(t.engine).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    const { rows } = await sql<{ version: string }>`select version() as version`.execute(t.db);
    expect(rows[0]!.version).toMatch(/^PostgreSQL \d+/);
    if (t.engine === 'pglite') expect(rows[0]!.version).toMatch(/wasm|emscripten/i);
    else expect(rows[0]!.version).not.toMatch(/wasm|emscripten/i);
  });
});

describe('login', () => {
  it('returns a login info with opaque tokens stored only as hashes', async () => {
    const response = await login('admin', 'admin123');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, code: 200, data: { token_type: 'bearer', expires_in: 43200, applicationId: 'mes-pc' } });
    expect(body.data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.refresh_token).not.toBe(body.data.access_token);
    const stored = await t.db.selectFrom('auth_token').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(body.data.access_token);
    expect(await logCount('登录')).toBeGreaterThan(0);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    for (const [username, password] of [
      ['planner', 'wrong-password'],
      ['nobody', 'whatever'],
    ]) {
      const response = await login(username!, password!);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: false, code: 4000, message: '用户名或密码错误' });
    }
  });

  it('throttles the guessing client, not the owner: five failures lock that username from that address only', async () => {
    const guesser = '10.0.0.66';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await login('operator', 'bad', guesser)).json().message).toBe(WRONG);
    }
    expect((await login('operator', 'bad', guesser)).json()).toEqual({ success: false, code: 4000, message: LOCKED });
    // Even the right password is refused from there...
    expect((await login('operator', 'op123456', guesser)).json().message).toBe(LOCKED);
    // ...while the owner still logs in from elsewhere, and the account itself is not locked.
    expect((await login('operator', 'op123456', '10.0.0.7')).json().success).toBe(true);
    const user = await t.db.selectFrom('app_user').select(['status', 'locked_at']).where('username', '=', 'operator').executeTakeFirstOrThrow();
    expect(user).toEqual({ status: 1, locked_at: null });
    expect(await logCount('登录失败5次，已限制该地址登录')).toBe(1);

    // An administrator's unlock (status back to normal) lifts the throttle.
    const admin = await loginAs(t.app, 'admin', 'admin123');
    const operatorId = (await t.db.selectFrom('app_user').select('id').where('username', '=', 'operator').executeTakeFirstOrThrow()).id;
    const unlock = await t.app.inject({
      method: 'POST',
      url: '/dps-server/department_user/edit_status',
      headers: bearer(admin),
      payload: { userIds: [operatorId], status: 1 },
    });
    expect(unlock.json()).toEqual({ resultCode: 1000, resultData: null });
    expect((await login('operator', 'op123456', guesser)).json().success).toBe(true);
  });

  it('answers unknown names exactly like known ones, lock included (no enumeration)', async () => {
    const guesser = '10.0.0.67';
    const answers = async (username: string) => {
      const messages: string[] = [];
      for (let attempt = 1; attempt <= 6; attempt += 1) messages.push((await login(username, 'bad', guesser)).json().message);
      return messages;
    };
    const known = await answers('qc');
    expect(known).toEqual([WRONG, WRONG, WRONG, WRONG, LOCKED, LOCKED]);
    expect(await answers('nobody-at-all')).toEqual(known);
  });

  it('counts concurrent guesses one by one: twenty at once get four answers checked and then the lock', async () => {
    const guesser = '10.0.0.70';
    const answers = await Promise.all(Array.from({ length: 20 }, () => login('admin', 'guess', guesser).then((response) => response.json().message)));
    expect(answers.filter((message) => message === WRONG)).toHaveLength(4);
    expect(answers.filter((message) => message === LOCKED)).toHaveLength(16);
  });

  it('lets concurrent right logins of one account from one address all in (terminals behind one router)', async () => {
    const router = '10.0.0.71';
    const answers = await Promise.all(Array.from({ length: 12 }, () => login('operator', 'op123456', router).then((response) => response.json().success)));
    expect(answers).toEqual(Array.from({ length: 12 }, () => true));
  });

  it('lets the throttle grow: each failure after the fifth doubles the wait', async () => {
    const guesser = '10.0.0.68';
    for (let attempt = 1; attempt <= 5; attempt += 1) await login('planner', 'bad', guesser);
    clockOffsetMs = 61_000;
    expect((await login('planner', 'bad', guesser)).json().message).toBe(LOCKED);
    clockOffsetMs = 2 * 61_000;
    expect((await login('planner', 'planner123', guesser)).json().message).toBe(LOCKED);
    clockOffsetMs = 4 * 61_000;
    expect((await login('planner', 'planner123', guesser)).json().success).toBe(true);
    expect(await t.db.selectFrom('login_throttle').select('username').where('client', '=', guesser).execute()).toEqual([]);
  });

  it('starts counting again when earlier failures are older than ten minutes', async () => {
    const guesser = '10.0.0.69';
    for (let attempt = 1; attempt <= 4; attempt += 1) await login('qc', 'bad', guesser);
    clockOffsetMs = 11 * 60 * 1000;
    expect((await login('qc', 'bad', guesser)).json().message).toBe(WRONG);
    expect((await login('qc', 'qc123456', guesser)).json().success).toBe(true);
  });

  it('refuses disabled and administrator-locked accounts without confirming the password', async () => {
    for (const status of [0, 2] as const) {
      await t.db.updateTable('app_user').set({ status }).where('username', '=', 'noperm').execute();
      try {
        for (const password of ['noperm123', 'wrong-one']) {
          expect((await login('noperm', password, `10.0.1.${status}`)).json(), `status ${status}`).toEqual({ success: false, code: 4000, message: WRONG });
        }
      } finally {
        await t.db.updateTable('app_user').set({ status: 1 }).where('username', '=', 'noperm').execute();
      }
    }
  });

  it('hashes outside any transaction: a small list answers while logins are hashing', async () => {
    const admin = await loginAs(t.app, 'admin', 'admin123');
    const finished: string[] = [];
    const logins = Array.from({ length: 12 }, (_, index) =>
      login('admin', 'admin123', `10.0.2.${index}`).then(() => finished.push(`login ${index}`)),
    );
    // Once the first login is through, the others are hashing (or, were they hashing inside their
    // transactions, holding the database in turn): the list must not wait for them.
    await Promise.race(logins);
    const list = t.app
      .inject({ method: 'GET', url: '/dps-server/workshop/list?page=1&limit=10', headers: bearer(admin) })
      .then((response) => finished.push(`list ${response.json().resultCode}`));
    await Promise.all([...logins, list]);
    expect(finished).toContain('list 1000');
    expect(finished.indexOf('list 1000')).toBeLessThan(finished.length / 2);
  });

  it('answers a missing field with 4000 naming the field in Chinese', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/base/auth/login', payload: { username: 'admin' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: false, code: 4000, message: '密码不能为空' });
  });
});

describe('session', () => {
  it('gives the user info with authorities, roles, factories and expiry', async () => {
    const token = await loginAs(t.app, 'expiring', 'expire123');
    const response = await t.app.inject({ method: 'GET', url: '/base/user/info', headers: bearer(token) });
    const { data } = response.json();
    expect(data).toMatchObject({
      username: 'expiring',
      nickName: '即将到期账号',
      enterpriseId: 8888,
      orgId: 1001,
      orgName: '示例纸箱厂',
      accountSurplusDay: 5,
      remindType: '0,1,2,3,4',
      attrs: { applicationId: 'mes-pc' },
      orgList: [{ orgId: 1001, orgName: '示例纸箱厂' }],
      roleBaseResponses: [{ roleName: '计划员' }],
    });
    expect(data.expireTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const codes = data.authorities.map((a: { authority: string }) => a.authority);
    expect(codes).toEqual(expect.arrayContaining(['MENU_SCHEDULE', '8621', '8624', '8625', 'MENU_WORK_ORDER', 'MENU_PAPERBOARD']));
    expect(codes).not.toContain('MENU_QA');
  });

  it('gives admin every route authority and action codes; noperm none', async () => {
    const admin = await loginAs(t.app, 'admin', 'admin123');
    const account = (await t.app.inject({ method: 'GET', url: '/base/authority/account', headers: bearer(admin) })).json();
    const codes = account.data.map((a: { authority: string }) => a.authority);
    expect(codes).toEqual(expect.arrayContaining(['MENU_DEVICE_LEDGER', 'MENU_QA', 'ACTION_PRODUCTION_ORDER_EXPORT', 'QA_AUDIT_PRODUCK_CHECK']));
    const org = (await t.app.inject({ method: 'GET', url: '/base/authority/org', headers: bearer(admin) })).json();
    expect(org.data.length).toBeGreaterThanOrEqual(codes.length);

    const noperm = await loginAs(t.app, 'noperm', 'noperm123');
    const info = (await t.app.inject({ method: 'GET', url: '/base/user/info', headers: bearer(noperm) })).json();
    expect(info.data.authorities).toEqual([]);
  });

  it('answers a missing or expired token with HTTP 401 on /base and 1003 elsewhere', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/base/user/info' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ success: false, code: 1003, message: '没有登录或登录超时，请重新登录!' });

    const token = await loginAs(t.app, 'planner', 'planner123');
    await sql`update auth_token set expires_at = now() - interval '1 minute'`.execute(t.db);
    const expiredBase = await t.app.inject({ method: 'GET', url: '/base/user/info', headers: bearer(token) });
    expect(expiredBase.statusCode).toBe(401);
    const expiredDps = await t.app.inject({
      method: 'GET',
      url: '/dps-server/platform/user_config/get_config_params',
      headers: bearer(token),
    });
    expect(expiredDps.statusCode).toBe(200);
    expect(expiredDps.json()).toEqual({ resultCode: 1003, resultMsg: '没有登录或登录超时，请重新登录!' });
    const garbage = await t.app.inject({ method: 'POST', url: '/account_center/user_log', headers: { access_token: 'nonsense' }, payload: {} });
    expect(garbage.json()).toEqual({ resultCode: 1003, resultMsg: '没有登录或登录超时，请重新登录!' });
  });

  it('refuses a request naming another enterprise before reading anything', async () => {
    const token = await loginAs(t.app, 'admin', 'admin123');
    const base = await t.app.inject({ method: 'GET', url: '/base/user/info', headers: bearer(token, 9999) });
    expect(base.json()).toEqual({ success: false, code: 4003, message: '无权访问该企业数据' });
    const config = await t.app.inject({
      method: 'POST',
      url: '/dps-server/platform/user_config/replace_config_params',
      headers: bearer(token, 9999),
      payload: { leaked: 'x' },
    });
    expect(config.json()).toMatchObject({ succeed: false, message: '无权访问该企业数据' });
    const rows = await t.db.selectFrom('user_config').select('config_key').where('config_key', '=', 'leaked').execute();
    expect(rows).toEqual([]);
  });

  it('switches factory: orgId and authorities change, foreign factories are refused', async () => {
    const token = await loginAs(t.app, 'planner', 'planner123');
    const before = (await t.app.inject({ method: 'GET', url: '/base/user/info', headers: bearer(token) })).json().data;
    expect(before.orgId).toBe(1001);
    expect(before.orgList.map((org: { orgId: number }) => org.orgId)).toEqual([1001, 1002]);

    const switched = await t.app.inject({ method: 'POST', url: '/base/switch/user/org/1002', headers: bearer(token) });
    expect(switched.json()).toEqual({ success: true, code: 200, data: { orgId: 1002, orgName: '示例纸板厂' } });
    const after = (await t.app.inject({ method: 'GET', url: '/base/user/info', headers: bearer(token) })).json().data;
    expect(after.orgId).toBe(1002);
    expect(after.orgName).toBe('示例纸板厂');
    const codes = after.authorities.map((a: { authority: string }) => a.authority);
    expect(codes).toContain('MENU_PAPERBOARD');
    expect(codes).not.toContain('MENU_SCHEDULE');

    const qc = await loginAs(t.app, 'qc', 'qc123456');
    const refused = await t.app.inject({ method: 'POST', url: '/base/switch/user/org/1002', headers: bearer(qc) });
    expect(refused.json()).toEqual({ success: false, code: 4003, message: '无权切换到该工厂' });
    const notNumber = await t.app.inject({ method: 'POST', url: '/base/switch/user/org/abc', headers: bearer(qc) });
    expect(notNumber.json()).toMatchObject({ success: false, code: 4000 });
  });

  it('refresh issues a new pair and retires the old one; logout revokes', async () => {
    const first = (await login('admin', 'admin123')).json().data;
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/base/auth/refresh',
      payload: { refresh_token: first.refresh_token },
    });
    const second = refreshed.json().data;
    expect(second.access_token).toBeTruthy();
    expect(second.access_token).not.toBe(first.access_token);
    expect((await t.app.inject({ method: 'GET', url: '/base/user/info', headers: bearer(first.access_token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/base/user/info', headers: bearer(second.access_token) })).statusCode).toBe(200);
    const reused = await t.app.inject({ method: 'POST', url: '/base/auth/refresh', payload: { refresh_token: first.refresh_token } });
    expect(reused.statusCode).toBe(401);

    const logout = await t.app.inject({ method: 'POST', url: '/base/auth/logout', headers: bearer(second.access_token) });
    expect(logout.json()).toEqual({ success: true, code: 200, data: null });
    expect((await t.app.inject({ method: 'GET', url: '/base/user/info', headers: bearer(second.access_token) })).statusCode).toBe(401);
    const afterLogout = await t.app.inject({ method: 'POST', url: '/base/auth/refresh', payload: { refresh_token: second.refresh_token } });
    expect(afterLogout.statusCode).toBe(401);
    expect(await logCount('退出登录')).toBeGreaterThan(0);
  });
});

describe('user config and user log', () => {
  it('replaces the whole config and gives it back with JSON kept as strings', async () => {
    const token = await loginAs(t.app, 'admin', 'admin123');
    const quickSearchParams = JSON.stringify({ productionOrder: ['orderNo', 'customer'], pageSize: 50 });
    const url = '/dps-server/platform/user_config/';
    const first = await t.app.inject({
      method: 'POST',
      url: `${url}replace_config_params`,
      headers: bearer(token),
      payload: { quickSearchParams, theme: 'light', obsolete: 'x' },
    });
    expect(first.json()).toEqual({ succeed: true, body: null });
    await t.app.inject({
      method: 'POST',
      url: `${url}replace_config_params`,
      headers: bearer(token),
      payload: { quickSearchParams, theme: 'dark', note: null },
    });
    const got = (await t.app.inject({ method: 'GET', url: `${url}get_config_params`, headers: bearer(token) })).json();
    expect(got).toEqual({ succeed: true, body: { quickSearchParams, theme: 'dark', note: null } });
    expect(JSON.parse(got.body.quickSearchParams)).toEqual({ productionOrder: ['orderNo', 'customer'], pageSize: 50 });

    const bad = await t.app.inject({
      method: 'POST',
      url: `${url}replace_config_params`,
      headers: bearer(token),
      payload: { quickSearchParams: { raw: 'object' } },
    });
    expect(bad.json()).toMatchObject({ succeed: false, code: 4000 });
    expect(bad.json().message).toContain('quickSearchParams');
    // A config is small: oversized values and too many fields are refused, and the stored one stays.
    const oversized = await t.app.inject({ method: 'POST', url: `${url}replace_config_params`, headers: bearer(token), payload: { theme: 'x'.repeat(65_537) } });
    expect(oversized.json()).toEqual({ succeed: false, code: 4000, message: 'theme长度不能超过65536个字符' });
    const crowded = Object.fromEntries(Array.from({ length: 201 }, (_, index) => [`field${index}`, 'x']));
    const tooMany = await t.app.inject({ method: 'POST', url: `${url}replace_config_params`, headers: bearer(token), payload: crowded });
    expect(tooMany.json()).toMatchObject({ succeed: false, code: 4000 });
    expect((await t.app.inject({ method: 'GET', url: `${url}get_config_params`, headers: bearer(token) })).json().body).toEqual({ quickSearchParams, theme: 'dark', note: null });
    expect(await logCount('保存个人配置')).toBe(2);
  });

  it('keeps config per factory', async () => {
    const token = await loginAs(t.app, 'admin', 'admin123');
    const url = '/dps-server/platform/user_config/';
    await t.app.inject({ method: 'POST', url: `${url}replace_config_params`, headers: bearer(token), payload: { factory: 'carton' } });
    await t.app.inject({ method: 'POST', url: '/base/switch/user/org/1002', headers: bearer(token) });
    expect((await t.app.inject({ method: 'GET', url: `${url}get_config_params`, headers: bearer(token) })).json().body).toEqual({});
  });

  it('records user_log clicks in the session scope', async () => {
    const token = await loginAs(t.app, 'planner', 'planner123');
    const response = await t.app.inject({
      method: 'POST',
      url: '/account_center/user_log',
      headers: bearer(token),
      payload: { systemId: 12, enterpriseId: 8888, buttonId: 'account_center' },
    });
    expect(response.json()).toEqual({ resultCode: 1000, resultData: null });
    const rows = await t.db.selectFrom('user_log').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ enterprise_id: 8888, org_id: 1001, system_id: '12', button_id: 'account_center' });
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/account_center/user_log',
      headers: bearer(token),
      payload: { systemId: 12, enterpriseId: 9999, buttonId: 'x' },
    });
    expect(foreign.json()).toEqual({ resultCode: 4003, resultMsg: '无权访问该企业数据' });
    const invalid = await t.app.inject({ method: 'POST', url: '/account_center/user_log', headers: bearer(token), payload: { systemId: 12 } });
    expect(invalid.json()).toEqual({ resultCode: 4000, resultMsg: '企业编号不能为空' });
  });

  it('never shows another enterprise its config', async () => {
    const enterpriseId = 9999;
    await t.db.insertInto('enterprise').values({ id: enterpriseId, name: '另一集团' }).execute();
    await t.db.insertInto('org').values({ id: 2001, enterprise_id: enterpriseId, name: '另一纸箱厂' }).execute();
    const { id: userId } = await t.db
      .insertInto('app_user')
      .values({ enterprise_id: enterpriseId, username: 'other', nick_name: '外企用户', mobile: '', password_hash: await hashPassword('other123') })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('user_org').values({ enterprise_id: enterpriseId, org_id: 2001, user_id: userId, is_default: true }).execute();

    const url = '/dps-server/platform/user_config/';
    const other = await loginAs(t.app, 'other', 'other123');
    const admin = await loginAs(t.app, 'admin', 'admin123');
    await t.app.inject({ method: 'POST', url: `${url}replace_config_params`, headers: bearer(other, enterpriseId), payload: { secret: 'other-only' } });
    await t.app.inject({ method: 'POST', url: `${url}replace_config_params`, headers: bearer(admin), payload: { mine: 'admin-only' } });

    expect((await t.app.inject({ method: 'GET', url: `${url}get_config_params`, headers: bearer(admin) })).json().body).toEqual({ mine: 'admin-only' });
    expect((await t.app.inject({ method: 'GET', url: `${url}get_config_params`, headers: bearer(other, enterpriseId) })).json().body).toEqual({ secret: 'other-only' });
    // The other enterprise's user cannot name enterprise 8888 nor switch into its factories.
    expect((await t.app.inject({ method: 'GET', url: `${url}get_config_params`, headers: bearer(other, 8888) })).json()).toMatchObject({ succeed: false, code: 4003 });
    expect((await t.app.inject({ method: 'POST', url: '/base/switch/user/org/1001', headers: bearer(other, enterpriseId) })).json()).toMatchObject({ success: false, code: 4003 });
  });
});
