import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from './index';
import { DEMO_STAFF_USERNAMES } from '../modules/account/seed';
import { SEED_ACCOUNTS, seedIfEmpty } from './seed';

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
});
