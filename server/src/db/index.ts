import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations';
import { registerPgliteNotifications, registerPostgresNotifications } from './notifications';
import { namePreparedStatements, pagesOnPglite, type TypeParser } from './prepared';
import type { Database } from './schema';
import { timestamptzReader } from './timestamptz';

export type { Database } from './schema';
export type Db = Kysely<Database>;

const INT8_OID = 20;
const TIMESTAMPTZ_OID = 1184;

export { keepPrepared } from './prepared';

/**
 * Every pooled connection plans each statement with parameters for its values (see prepared.ts),
 * from its start-up on: the setting goes with the connection's start-up packet, after any options
 * the connection string gives. (A `set` sent on connect queued the pool's first query behind it,
 * which pg 8 warns of and pg 9 refuses.)
 */
const PLAN_SETTING = '-c plan_cache_mode=force_custom_plan';

function withPlanSetting(connectionString: string): { connectionString: string; options: string } {
  try {
    const url = new URL(connectionString);
    const given = url.searchParams.get('options');
    url.searchParams.delete('options');
    return { connectionString: url.toString(), options: given ? `${given} ${PLAN_SETTING}` : PLAN_SETTING };
  } catch {
    // Not a URL (pg reads a socket path too): its own options, if any, win.
    return { connectionString, options: PLAN_SETTING };
  }
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

const readTimestamptz = timestamptzReader(pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (value: string) => unknown);

/** pg's parsers, but int8 as a number and a timestamptz in text read without regular expressions (timestamptz.ts). */
const typeParser: TypeParser = (oid, format) =>
  oid === INT8_OID ? Number : oid === TIMESTAMPTZ_OID && format !== 'binary' ? readTimestamptz : (pg.types.getTypeParser(oid, format) as (value: string) => unknown);

/** Opens the database; int8 values come back as numbers on both engines. */
export function openDatabase(target: DatabaseTarget): Db {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      ...withPlanSetting(target.connectionString),
      max: target.poolMax ?? 10,
      types: { getTypeParser: typeParser as typeof pg.types.getTypeParser },
    });
    pool.on('connect', (client) => namePreparedStatements(client, typeParser));
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

/** PGlite's parsers of column values in text: its own, but int8 as a number. */
const PGLITE_PARSERS = { [INT8_OID]: Number };

/** A PGlite database and its Kysely handle (the handle for queries, the PGlite for dumps). */
export function openPglite(dataDir: string | null, loadDataDir?: Blob): { pglite: PGlite; db: Db } {
  const pglite = new PGlite({ dataDir: dataDir ?? undefined, loadDataDir, parsers: PGLITE_PARSERS, extensions: { pg_trgm } });
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
 * transaction (`transaction`'s own `query`) run without the pause. List pages run as on a
 * PostgreSQL connection (`pagesOnPglite`: kept statements, rows as one JSON text).
 */
function takingTurns(pglite: PGlite): PGlite {
  // What PGlite gives a column of each type, its array types included (learned as it starts): page rows read back from JSON by these.
  const typeParser: TypeParser = (oid) => (value) => pgliteTypes.parseType(value, oid, pglite.parsers) as unknown;
  const page = pagesOnPglite((text, values) => pglite.query(text, values), typeParser);
  const query = async (...args: Parameters<PGlite['query']>) => {
    await new Promise((resolve) => setImmediate(resolve));
    const [text, values, options] = args;
    // Kysely asks for rows as objects, PGlite's default (a page answers so).
    const asObjects = !options || Object.entries(options).every(([key, value]) => key === 'rowMode' && value === 'object');
    return (asObjects && Array.isArray(values) ? page(text, values) : null) ?? pglite.query(...args);
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
