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
 * Texts kept prepared at most: each costs every connection its parse tree (tens of kilobytes), so
 * texts past this many are parsed on every run as before.
 */
const MAX_PREPARED = 400;

/**
 * Runs this SQL text as a named prepared statement on every PostgreSQL connection: parsed once per
 * connection instead of on every run (a list page spends about a quarter of PostgreSQL's time on
 * parsing). Every pooled connection runs with plan_cache_mode force_custom_plan, so each run is
 * still planned for its values: a list's best plan depends on them (a rare or a common text filter,
 * a small or a large factory), and a generic plan chosen once would keep serving them all. For a
 * fixed text that runs often with values only (a compiled query with placeholders, never text
 * built around a value). PGlite has one connection and no named statements.
 */
export function keepPrepared(text: string): void {
  if (!preparedNames.has(text) && preparedNames.size < MAX_PREPARED) preparedNames.set(text, `mes_${preparedNames.size}`);
}

type QueryFn = (config: unknown, values?: unknown, ...rest: unknown[]) => unknown;

/**
 * Sends the texts of `keepPrepared` as named statements (pg parses each once per connection),
 * planned for their values on every run.
 */
function namePreparedStatements(client: pg.PoolClient): void {
  // Queued by pg ahead of anything the pool hands this connection to.
  client.query('set plan_cache_mode = force_custom_plan').catch((error: Error) => process.stderr.write(`[db] plan_cache_mode: ${error.message}\n`));
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
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: takingTurns(pglite) }) });
  registerPgliteNotifications(db, pglite);
  return { pglite, db };
}

/**
 * The PGlite Kysely runs on, whose queries first let the event loop take its turn. PGlite runs a
 * query on this thread, and the queries waiting for it ran one after another without a pause: the
 * server read no socket and accepted no connection until the last had run. Under load (50 requests
 * in flight) a new connection waited seconds (the order list's p99 was 1–3 s with a p50 of 100 ms);
 * with a turn before each query it is served in its place (p99 about 150 ms). Queries of a
 * transaction (`transaction`'s own `query`) run without the pause.
 */
function takingTurns(pglite: PGlite): PGlite {
  const query: PGlite['query'] = async (...args) => {
    await new Promise((resolve) => setImmediate(resolve));
    return pglite.query(...args);
  };
  // A proxy, as PGlite keeps its state in private fields: every other member is PGlite's own, bound to it.
  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
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
