import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations';
import { registerPgliteNotifications, registerPostgresNotifications } from './notifications';
import type { Database } from './schema';

export type { Database } from './schema';
export type Db = Kysely<Database>;

const INT8_OID = 20;

/** SQL texts run as named prepared statements on PostgreSQL, with their names (see `keepPrepared`). */
const preparedNames = new Map<string, string>();

/**
 * Runs this SQL text as a named prepared statement on every PostgreSQL connection: parsed once per
 * connection, and PostgreSQL may keep one plan for it (plan_cache_mode auto: a generic plan only
 * where it costs no more than planning each time). Only for a fixed text whose best plan does not
 * depend on its values (a lookup by unique key, e.g. the session query every request runs): a list
 * query's plan does (a rare or a common text filter, a small or a large factory), so everything
 * else is planned for its values on every run. PGlite has one connection and no named statements.
 */
export function keepPrepared(text: string): void {
  if (!preparedNames.has(text)) preparedNames.set(text, `mes_${preparedNames.size}`);
}

type QueryFn = (config: unknown, values?: unknown, ...rest: unknown[]) => unknown;

/** Sends the texts of `keepPrepared` as named statements (pg parses each once per connection). */
function namePreparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFn;
  const named: QueryFn = (config, values, ...rest) => {
    const name = typeof config === 'string' && rest.length === 0 ? preparedNames.get(config) : undefined;
    return name === undefined ? query(config, values, ...rest) : query({ name, text: config, values });
  };
  (client as unknown as { query: QueryFn }).query = named;
}

export type DatabaseTarget =
  | {
      kind: 'pglite';
      /** directory of the data files; null keeps the database in memory */
      dataDir: string | null;
      /** Starts from this dump of a data directory (`PGlite.dumpDataDir`), e.g. the tests' seeded template. */
      loadDataDir?: Blob;
    }
  | {
      kind: 'postgres';
      connectionString: string;
      /** Connections at most (default 10; the server passes DATABASE_POOL_MAX). */
      poolMax?: number;
    };

/** Opens the database; int8 values come back as numbers on both engines. */
export function openDatabase(target: DatabaseTarget): Db {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.connectionString,
      max: target.poolMax ?? 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    pool.on('connect', namePreparedStatements);
    // An idle pooled connection can be closed by the server (restart, admin termination); pg then
    // emits 'error' on the pool, which would crash the process if nobody listened. The pool drops
    // that client and opens a new one on the next query, so logging is all there is to do.
    pool.on('error', (error) => {
      process.stderr.write(`[db] idle PostgreSQL connection closed: ${error.message}\n`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    registerPostgresNotifications(db, pool, target.connectionString, (message) => process.stderr.write(`${message}\n`));
    return db;
  }
  // pg_trgm: the trigram indexes of the list text filters (migration 0011) need it loaded.
  // One options object: with `new PGlite(undefined, options)` (an in-memory database) PGlite 0.5
  // drops the options, extensions included.
  return openPglite(target.dataDir, target.loadDataDir).db;
}

/** A PGlite database and its Kysely handle (the handle for queries, the PGlite for dumps). */
export function openPglite(dataDir: string | null, loadDataDir?: Blob): { pglite: PGlite; db: Db } {
  const pglite = new PGlite({ dataDir: dataDir ?? undefined, loadDataDir, parsers: { [INT8_OID]: Number }, extensions: { pg_trgm } });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  registerPgliteNotifications(db, pglite);
  return { pglite, db };
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
