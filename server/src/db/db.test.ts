import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { keepPrepared, migrateToLatest, openDatabase, openPglite } from './index';
import { MAX_PAGE_STATEMENTS } from './prepared';
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

describe('PGlite list pages', () => {
  // PGlite plans on the server's thread: a page asked for again runs as a statement planned once for its values.
  it('runs a page asked for again as a statement kept on the database, with the same rows; other values and texts as asked', async () => {
    const { db } = openPglite(null);
    const page = 'select n, n * 2 as twice from generate_series(1, 50) as n where n > $1 order by n desc limit $2';
    keepPrepared(page, { page: true });
    const run = async (text: string, values: unknown[]) => (await db.executeQuery(CompiledQuery.raw(text, values))).rows;
    const kept = async () => (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db)).rows;
    try {
      const first = await run(page, [40, 3]);
      expect(first).toEqual([{ n: 50, twice: 100 }, { n: 49, twice: 98 }, { n: 48, twice: 96 }]);
      expect(await kept()).toEqual([]);
      // The same values again: the same rows, from a statement with those values written in.
      expect(await run(page, [40, 3])).toEqual(first);
      expect(await kept()).toEqual([expect.objectContaining({ statement: expect.stringContaining("where n > '40' order by n desc limit '3'") })]);
      expect(await run(page, [40, 3])).toEqual(first);
      expect(await kept()).toHaveLength(1);
      // Other values once, and a text that is not a page, run as asked.
      expect(await run(page, [45, 2])).toEqual([{ n: 50, twice: 100 }, { n: 49, twice: 98 }]);
      expect(await run('select n from generate_series(1, 3) as n where n > $1', [1])).toEqual([{ n: 2 }, { n: 3 }]);
      expect(await run('select n from generate_series(1, 3) as n where n > $1', [1])).toEqual([{ n: 2 }, { n: 3 }]);
      expect(await kept()).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });

  it(`keeps at most ${MAX_PAGE_STATEMENTS} pages on the database, the least recently asked for going first`, async () => {
    const { db } = openPglite(null);
    const page = 'select $1::int as n';
    keepPrepared(page, { page: true });
    const run = async (values: unknown[]) => (await db.executeQuery(CompiledQuery.raw(page, values))).rows;
    try {
      const asked = Array.from({ length: MAX_PAGE_STATEMENTS + 5 }, (_, index) => 1000 + index);
      for (const n of asked) {
        await run([n]);
        expect(await run([n])).toEqual([{ n }]);
      }
      const kept = (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map((row) => row.statement);
      expect(kept).toHaveLength(MAX_PAGE_STATEMENTS);
      expect(asked.slice(-MAX_PAGE_STATEMENTS).every((n) => kept.some((statement) => statement.includes(`'${n}'`)))).toBe(true);
    } finally {
      await db.destroy();
    }
  });

  it('answers a kept page that was deallocated behind its back by running it as asked', async () => {
    const { db } = openPglite(null);
    const page = 'select n from generate_series(1, 9) as n where n <= $1 order by n';
    keepPrepared(page, { page: true });
    const run = async (values: unknown[]) => (await db.executeQuery(CompiledQuery.raw(page, values))).rows;
    try {
      await run([2]);
      expect(await run([2])).toEqual([{ n: 1 }, { n: 2 }]);
      await sql`deallocate all`.execute(db);
      expect(await run([2])).toEqual([{ n: 1 }, { n: 2 }]);
      // Prepared anew the next time.
      expect(await run([2])).toEqual([{ n: 1 }, { n: 2 }]);
      expect((await sql`select name from pg_prepared_statements`.execute(db)).rows).toHaveLength(1);
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
