import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { compiledOnce } from './compiled-once';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('compiledOnce', () => {
  it('runs one compiled text with each call’s own arguments in their places, constants kept', async () => {
    const member = compiledOnce(t.db, (username: string, orgId: number) =>
      t.db
        .selectFrom('app_user as u')
        .innerJoin('user_org as uo', 'uo.user_id', 'u.id')
        .select(['u.username', 'uo.org_id as orgId'])
        .where('u.username', '=', username)
        .where('uo.org_id', '=', orgId)
        .where('u.status', '=', 1),
    );
    expect(await member('admin', 1001)).toEqual([{ username: 'admin', orgId: 1001 }]);
    expect(await member('admin', 999_999)).toEqual([]);
    expect(await member('nobody-by-this-name', 1001)).toEqual([]);
    // A value that would break a text built by concatenation is only ever a parameter.
    expect(await member("admin' or '1'='1", 1001)).toEqual([]);
  });

  it('refuses a builder that uses an argument other than as a bound value', async () => {
    const inspected = compiledOnce(t.db, (name: string) =>
      t.db.selectFrom('app_user').select('username').where(sql.ref(String(name)), 'is not', null),
    );
    await expect(inspected('username')).rejects.toThrow('argument 0 is not bound as a value');
  });

  it.runIf(process.env.TEST_DATABASE_URL)('keeps the statement prepared on PostgreSQL, parsed once per connection', async () => {
    await t.db.connection().execute(async (connection) => {
      const query = (username: string) => connection.selectFrom('app_user').select('id').where('username', '=', username);
      const byName = compiledOnce(connection, query);
      expect(await byName('admin')).toHaveLength(1);
      expect(await byName('noperm')).toHaveLength(1);
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection);
      expect(prepared.rows.filter((row) => row.statement === query('admin').compile().sql)).toHaveLength(1);
    });
  });
});
