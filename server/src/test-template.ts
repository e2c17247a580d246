import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase, openPglite } from './db';
import { seedIfEmpty } from './db/seed';

/**
 * The server tests' seeded template database, made once per test run (vitest globalSetup of the
 * server project) instead of migrating and seeding again for every test file: on PGlite a dump of
 * the seeded data directory that each test app loads; on PostgreSQL (TEST_DATABASE_URL) a database
 * each test app is created from (`CREATE DATABASE … TEMPLATE …`, a file copy). Every test app still
 * gets a database of its own.
 */

/** Env var naming the PGlite dump file. */
export const PGLITE_TEMPLATE_ENV = 'MES_TEST_PGLITE_TEMPLATE';
/** Env var naming the PostgreSQL template database. */
export const PG_TEMPLATE_ENV = 'MES_TEST_PG_TEMPLATE';

const adminClient = async (adminUrl: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  return client;
};

const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Makes the template for this run; returns what removes it again. */
export async function makeTestTemplate(): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `mes_template_${randomBytes(6).toString('hex')}`;
    const admin = await adminClient(adminUrl);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const db = openDatabase({ kind: 'postgres', connectionString: databaseUrl(adminUrl, name) });
    await migrateToLatest(db);
    await seedIfEmpty(db);
    await db.destroy();
    process.env[PG_TEMPLATE_ENV] = name;
    return async () => {
      const dropper = await adminClient(adminUrl);
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  }
  const { pglite, db } = openPglite(null);
  await migrateToLatest(db);
  await seedIfEmpty(db);
  // A checkpoint first: a dump taken without one is a crashed database to PGlite, which then
  // replays the seed's WAL on every load (1.7 s a test app instead of 0.7 s).
  await pglite.exec('CHECKPOINT');
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mes-template-')), 'seeded.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return async () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

/** The template's dump for a PGlite test app, or undefined when the run has none (a test run outside the project). */
export function pgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  return file && fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

/** `CREATE DATABASE name` from the run's PostgreSQL template when there is one. */
export function createDatabaseSql(name: string): string {
  const template = process.env[PG_TEMPLATE_ENV];
  return template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`;
}
