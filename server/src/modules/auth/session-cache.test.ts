import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ResultCode } from '@core/contracts/common';
import { ListeningConnection, SESSION_CHANNEL } from '../../db/notifications';
import { bearer, createTestApp, loginAs, loginWithRole, type TestApp } from '../../test-support';
import { SESSION_CACHE_ENTRIES, SESSION_CACHE_MS, SessionCache, type KnownSession } from './session-cache';

const session = (userId: number, expiresAt = new Date(Date.now() + 3_600_000)): KnownSession => ({
  userId,
  username: `user${userId}`,
  enterpriseId: 8888,
  orgId: 1001,
  pairId: `pair${userId}`,
  expiresAt,
  codes: new Set(['A']),
});

describe('SessionCache', () => {
  it('answers nothing until the session channel is listened to, and keeps nothing meanwhile', () => {
    const cache = new SessionCache();
    cache.keep('h', session(1), cache.mark);
    expect(cache.get('h', new Date())).toBeUndefined();
    cache.setListening(true);
    expect(cache.get('h', new Date())).toBeUndefined();
    cache.keep('h', session(1), cache.mark);
    expect(cache.get('h', new Date())?.userId).toBe(1);
  });

  it('drops everything on a change heard, and on listening lost or regained', () => {
    const cache = new SessionCache();
    cache.setListening(true);
    cache.keep('h', session(1), cache.mark);
    cache.invalidate();
    expect(cache.get('h', new Date())).toBeUndefined();
    cache.keep('h', session(1), cache.mark);
    cache.setListening(false);
    expect(cache.get('h', new Date())).toBeUndefined();
    cache.setListening(true);
    expect(cache.get('h', new Date())).toBeUndefined();
  });

  it('does not keep a session read while a change was heard (the read may predate the change)', () => {
    const cache = new SessionCache();
    cache.setListening(true);
    const mark = cache.mark;
    cache.invalidate();
    cache.keep('h', session(1), mark);
    expect(cache.get('h', new Date())).toBeUndefined();
  });

  it('forgets a session when its token expires and after SESSION_CACHE_MS', () => {
    let clock = 0;
    const cache = new SessionCache(() => clock);
    cache.setListening(true);
    const expiresAt = new Date(Date.UTC(2026, 0, 1, 12));
    cache.keep('h', session(1, expiresAt), cache.mark);
    expect(cache.get('h', new Date(expiresAt.getTime() - 1))?.userId).toBe(1);
    expect(cache.get('h', expiresAt)).toBeUndefined();
    cache.keep('k', session(2), cache.mark);
    clock = SESSION_CACHE_MS - 1;
    expect(cache.get('k', new Date())?.userId).toBe(2);
    clock = SESSION_CACHE_MS;
    expect(cache.get('k', new Date())).toBeUndefined();
  });

  it(`keeps at most ${SESSION_CACHE_ENTRIES} tokens, the oldest kept going first`, () => {
    const cache = new SessionCache();
    cache.setListening(true);
    for (let i = 0; i <= SESSION_CACHE_ENTRIES; i++) cache.keep(`h${i}`, session(i), cache.mark);
    expect(cache.get('h0', new Date())).toBeUndefined();
    expect(cache.get('h1', new Date())?.userId).toBe(1);
    expect(cache.get(`h${SESSION_CACHE_ENTRIES}`, new Date())?.userId).toBe(SESSION_CACHE_ENTRIES);
  });
});

describe('sessions answered from memory, on the real database', () => {
  let t: TestApp;
  const LIST = '/dps-server/production_order/list?page=1&limit=10';
  const list = async (token: string) => (await t.app.inject({ method: 'GET', url: LIST, headers: bearer(token) })).json().resultCode as number;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  // Each change is written straight to the database, as any writer might, and the very next request
  // (no wait) must see it: on PGlite the notification is heard before the write resolves, on
  // PostgreSQL on the pool connection that committed it.
  it('refuses a kept token at once when its account is disabled, and admits it again when enabled', async () => {
    const token = await loginAs(t.app, 'planner', 'planner123');
    expect(await list(token)).toBe(ResultCode.SUCCESS);
    expect(await list(token)).toBe(ResultCode.SUCCESS);
    await t.db.updateTable('app_user').set({ status: 0 }).where('username', '=', 'planner').execute();
    expect(await list(token)).toBe(ResultCode.NOT_LOGGED_IN);
    await t.db.updateTable('app_user').set({ status: 1 }).where('username', '=', 'planner').execute();
    expect(await list(token)).toBe(ResultCode.SUCCESS);
  });

  it('refuses a kept token at once when it is revoked or logged out', async () => {
    const revoked = await loginAs(t.app, 'admin', 'admin123');
    expect(await list(revoked)).toBe(ResultCode.SUCCESS);
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('auth_token').set({ revoked: true }).where('revoked', '=', false).where('user_id', '=', (eb) =>
        eb.selectFrom('app_user').select('id').where('username', '=', 'admin'),
      ).execute();
    });
    expect(await list(revoked)).toBe(ResultCode.NOT_LOGGED_IN);

    const loggedOut = await loginAs(t.app, 'admin', 'admin123');
    expect(await list(loggedOut)).toBe(ResultCode.SUCCESS);
    await t.app.inject({ method: 'POST', url: '/base/auth/logout', headers: bearer(loggedOut) });
    expect(await list(loggedOut)).toBe(ResultCode.NOT_LOGGED_IN);
  });

  it('follows the authorities of a kept token: a code taken away, then given back', async () => {
    const token = await loginWithRole(t, 'staff06', '会话缓存测试', ['MENU_WORK_ORDER_PRODUCTION_ORDER']);
    expect(await list(token)).toBe(ResultCode.SUCCESS);
    const code = await t.db.selectFrom('authority').select('id').where('code', '=', 'MENU_WORK_ORDER_PRODUCTION_ORDER').executeTakeFirstOrThrow();
    const role = await t.db.selectFrom('role').select('id').where('name', '=', '会话缓存测试').executeTakeFirstOrThrow();
    await t.db.deleteFrom('role_authority').where('role_id', '=', role.id).where('authority_id', '=', code.id).execute();
    expect(await list(token)).toBe(ResultCode.NO_AUTHORITY);
    await t.db.insertInto('role_authority').values({ enterprise_id: 8888, org_id: 1001, role_id: role.id, authority_id: code.id }).execute();
    expect(await list(token)).toBe(ResultCode.SUCCESS);
    await t.db.deleteFrom('user_role').where('role_id', '=', role.id).execute();
    expect(await list(token)).toBe(ResultCode.NO_AUTHORITY);
  });

  /**
   * PostgreSQL only: the planner's token, kept by one request, and a connection of "another
   * process" on the app's database; `then(other, token)` runs with both, `undo(other)` afterwards.
   */
  async function withOtherProcess(then: (other: pg.Client, token: string) => Promise<void>, undo: (other: pg.Client) => Promise<unknown>) {
    const token = await loginAs(t.app, 'planner', 'planner123');
    expect(await list(token)).toBe(ResultCode.SUCCESS);
    const other = new pg.Client({ connectionString: t.databaseUrl! });
    await other.connect();
    try {
      await then(other, token);
    } finally {
      await undo(other);
      await other.end();
    }
  }

  it('hears a change written by another process (PostgreSQL)', async (context) => {
    if (!t.databaseUrl) return context.skip();
    await withOtherProcess(
      async (other, token) => {
        await other.query(`update app_user set status = 0 where username = 'planner'`);
        // Delivered to this process's listening connections a moment after the commit.
        await expect.poll(() => list(token), { timeout: 5000, interval: 20 }).toBe(ResultCode.NOT_LOGGED_IN);
      },
      (other) => other.query(`update app_user set status = 1 where username = 'planner'`),
    );
  });

  it('answers a kept token without reading the token table (PostgreSQL: the table locked by another process)', async (context) => {
    if (!t.databaseUrl) return context.skip();
    await withOtherProcess(
      async (other, token) => {
        await other.query('begin');
        await other.query('lock table auth_token in access exclusive mode');
        expect(await list(token)).toBe(ResultCode.SUCCESS);
      },
      (other) => other.query('rollback'),
    );
  });
});

describe('ListeningConnection (PostgreSQL)', () => {
  it('reports a lost connection, reconnects by itself and hears the channel again', async (context) => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return context.skip();
    const states: boolean[] = [];
    let heard = 0;
    const connection = new ListeningConnection(url, () => (heard += 1), (listening) => states.push(listening));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await connection.listen(SESSION_CHANNEL);
      expect(states).toEqual([true]);
      await admin.query(`select pg_notify($1, '')`, [SESSION_CHANNEL]);
      await expect.poll(() => heard).toBe(1);
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'mes-listen' and datname = current_database() and pid <> pg_backend_pid()`);
      await expect.poll(() => states, { timeout: 5000 }).toEqual([true, false, true]);
      await admin.query(`select pg_notify($1, '')`, [SESSION_CHANNEL]);
      await expect.poll(() => heard).toBe(2);
    } finally {
      await connection.close();
      await admin.end();
    }
  });
});
