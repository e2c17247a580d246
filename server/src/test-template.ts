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
  // Made before the run (scripts/make-pg-template.ts, while `npm test` runs the PGlite stage): kept by its maker.
  if (adminUrl && process.env[PG_TEMPLATE_ENV]) return async () => {};
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
  const { rows } = await pglite.query<{ name: string }>('select pg_walfile_name(pg_current_wal_lsn()) as name');
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mes-template-')), 'seeded.tar');
  fs.writeFileSync(file, withoutSpareWal(Buffer.from(await dump.arrayBuffer()), rows[0]!.name));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return async () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

/**
 * The dump without the WAL segments it does not need. After the checkpoint, the segment being
 * written holds the checkpoint the database starts from; the others are used ones the seed left
 * and empty ones kept for reuse (16 MB each: half the dump), and PostgreSQL makes new ones as it
 * goes. Each test app unpacks the dump into memory, so this halves what every one of them loads.
 */
export function withoutSpareWal(tar: Buffer, keep: string): Buffer {
  const kept: Buffer[] = [];
  const text = (at: number, length: number) => tar.toString('latin1', at, at + length).replace(/\0.*$/s, '');
  let offset = 0;
  // ustar entries: a 512-byte header (name, prefix, octal size), the data padded to 512 bytes; two zero blocks end it.
  while (offset + 512 <= tar.length && tar.readUInt32BE(offset) !== 0) {
    const prefix = text(offset + 345, 155);
    const name = `${prefix ? `${prefix}/` : ''}${text(offset, 100)}`;
    const end = offset + 512 + Math.ceil(parseInt(text(offset + 124, 12).trim() || '0', 8) / 512) * 512;
    const segment = /pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    if (segment === undefined || segment === keep) kept.push(tar.subarray(offset, end));
    offset = end;
  }
  return Buffer.concat([...kept, Buffer.alloc(1024)]);
}

let template: { file: string; dump: Blob } | undefined;

/** The template's dump for a PGlite test app, or undefined when the run has none (a test run outside the project). */
export function pgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file || !fs.existsSync(file)) return undefined;
  // Read once per worker (the files of a worker share this module); a Blob is never changed, so every app loads the same one.
  if (template?.file !== file) template = { file, dump: new Blob([fs.readFileSync(file)]) };
  return template.dump;
}

/** `CREATE DATABASE name` from the run's PostgreSQL template when there is one. */
export function createDatabaseSql(name: string): string {
  const template = process.env[PG_TEMPLATE_ENV];
  return template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`;
}
