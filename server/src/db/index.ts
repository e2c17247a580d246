import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations';
import type { Database } from './schema';

export type { Database } from './schema';
export type Db = Kysely<Database>;

const INT8_OID = 20;

export type DatabaseTarget =
  | {
      kind: 'pglite';
      /** directory of the data files; null keeps the database in memory */
      dataDir: string | null;
      /** Starts from this dump of a data directory (`PGlite.dumpDataDir`), e.g. the tests' seeded template. */
      loadDataDir?: Blob;
    }
  | { kind: 'postgres'; connectionString: string };

/** Opens the database; int8 values come back as numbers on both engines. */
export function openDatabase(target: DatabaseTarget): Db {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.connectionString,
      max: 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle pooled connection can be closed by the server (restart, admin termination); pg then
    // emits 'error' on the pool, which would crash the process if nobody listened. The pool drops
    // that client and opens a new one on the next query, so logging is all there is to do.
    pool.on('error', (error) => {
      process.stderr.write(`[db] idle PostgreSQL connection closed: ${error.message}\n`);
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  // pg_trgm: the trigram indexes of the list text filters (migration 0011) need it loaded.
  // One options object: with `new PGlite(undefined, options)` (an in-memory database) PGlite 0.5
  // drops the options, extensions included.
  return openPglite(target.dataDir, target.loadDataDir).db;
}

/** A PGlite database and its Kysely handle (the handle for queries, the PGlite for dumps). */
export function openPglite(dataDir: string | null, loadDataDir?: Blob): { pglite: PGlite; db: Db } {
  const pglite = new PGlite({ dataDir: dataDir ?? undefined, loadDataDir, parsers: { [INT8_OID]: Number }, extensions: { pg_trgm } });
  return { pglite, db: new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) }) };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`数据库迁移失败 (migration failed): ${failed?.migrationName ?? ''} ${reason}`.trim());
  }
}
