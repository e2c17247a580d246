import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, openPglite } from './index';
import { DEMO_STAFF_USERNAMES } from '../modules/account/seed';
import { ADMIN_ROLE_NAME, SEED_ACCOUNTS, seedIfEmpty, syncAuthorityCatalogue } from './seed';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mes-pglite-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('PGlite data directory', () => {
  it('migrates and seeds once, keeps data across reopen, and reads int8 as numbers', async () => {
    const first = openDatabase({ kind: 'pglite', dataDir });
    await migrateToLatest(first);
    expect(await seedIfEmpty(first)).toBe(true);
    await first.destroy();

    const second = openDatabase({ kind: 'pglite', dataDir });
    await migrateToLatest(second);
    expect(await seedIfEmpty(second)).toBe(false);
    const users = await second.selectFrom('app_user').select(['id', 'username', 'enterprise_id']).orderBy('id').execute();
    expect(users.map((user) => user.username)).toEqual([...SEED_ACCOUNTS.map((account) => account.username), ...DEMO_STAFF_USERNAMES]);
    expect(typeof users[0]!.id).toBe('number');
    expect(users[0]!.enterprise_id).toBe(8888);
    const { rows } = await sql<{ n: number }>`select count(*) as n from org`.execute(second);
    expect(rows[0]!.n).toBe(2);
    const orgs = await second.selectFrom('org').select(['id', 'name']).orderBy('id').execute();
    expect(orgs).toEqual([
      { id: 1001, name: '示例纸箱厂' },
      { id: 1002, name: '示例纸板厂' },
    ]);
    await second.destroy();
  }, 60_000);

  it('brings an older database up to the authority catalogue: new codes exist and 系统管理员 holds them', async () => {
    const db = openDatabase({ kind: 'pglite', dataDir });
    await migrateToLatest(db);
    // As if the database predated a module: its code is unknown and no role holds it.
    const code = 'MENU_SYS_MODELING';
    await db.deleteFrom('authority').where('code', '=', code).execute();
    await syncAuthorityCatalogue(db);
    const holders = await db
      .selectFrom('role_authority as ra')
      .innerJoin('authority as a', 'a.id', 'ra.authority_id')
      .innerJoin('role as r', 'r.id', 'ra.role_id')
      .where('a.code', '=', code)
      .select(['r.name', 'r.org_id'])
      .orderBy('r.org_id')
      .execute();
    expect(holders).toEqual([
      { name: ADMIN_ROLE_NAME, org_id: 1001 },
      { name: ADMIN_ROLE_NAME, org_id: 1002 },
    ]);
    await db.destroy();
  }, 60_000);
});

describe('PGlite under load', () => {
  // PGlite runs queries on the server's thread: queries waiting for it once ran back to back, and no
  // socket was read until the last had run (seconds under load for a new connection).
  it('lets the event loop take a turn between waiting queries', async () => {
    const { db } = openPglite(null);
    try {
      await sql`select 1`.execute(db);
      let done = 0;
      const queries = Array.from({ length: 20 }, () => sql`select count(*) from generate_series(1, 20000)`.execute(db).then(() => (done += 1)));
      // A timer set now stands for a socket with a request: it runs before the twentieth query has.
      const seenByTimer = await new Promise<number>((resolve) => setTimeout(() => resolve(done), 0));
      await Promise.all(queries);
      expect(seenByTimer).toBeLessThan(20);
      expect(done).toBe(20);
    } finally {
      await db.destroy();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL connections', () => {
  it('plan each statement for its values from their start, keeping the options the connection string gives', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', '-c statement_timeout=4321');
    const db = openDatabase({ kind: 'postgres', connectionString: url.toString(), poolMax: 1 });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const show = async (setting: string) => (await sql<Record<string, string>>`select current_setting(${setting}) as value`.execute(db)).rows[0]!.value;
      expect(await show('plan_cache_mode')).toBe('force_custom_plan');
      expect(await show('statement_timeout')).toBe('4321ms');
      // The setting is no statement queued on a new connection (pg 8 warns of that, pg 9 refuses it).
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await db.destroy();
    }
  });
});
