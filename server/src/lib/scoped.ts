import { sql, type Expression, type Insertable, type Kysely, type SelectQueryBuilder, type SelectType, type SqlBool, type Updateable } from 'kysely';
import type { Database, Db } from '../db';
import { recordOperation, type OperationContext } from '../db/operation-log';
import type { Scope } from '../plugins/auth';
import { conflict, notFound } from './errors';
import type { ImportRowError } from './excel-import';
import { runList, streamList, type ListParams, type ListSpec } from './list-query';
import type { PageResult } from '@core/contracts/common';
import { summary } from './rows';
import { guardUnique } from './unique';

/**
 * The shared pieces of a factory-scoped entity's service: the rows of one factory (`enterprise_id`,
 * `org_id`, `id`) read, checked, written and deleted the same way in every module. Each takes the
 * Db or the transaction it runs in; the operation log stays with the caller (its content is the
 * module's) except in `deleteLogged`, whose log line is the common `删除<名词>：a、b`.
 */

/** Tables whose rows belong to one factory. */
export type FactoryTable = {
  [K in keyof Database]: Database[K] extends { id: unknown; enterprise_id: unknown; org_id: unknown } ? K : never;
}[keyof Database];

/** A column of a factory table. */
export type ColumnOf<T extends FactoryTable> = keyof Database[T] & string;

type Row<T extends FactoryTable> = { [K in ColumnOf<T>]: SelectType<Database[T][K]> };

// Inside these helpers the table is a type parameter, which Kysely's builders cannot narrow; the
// signatures keep callers typed against the schema.
const loose = (db: Db) => db as unknown as Kysely<Record<string, Record<string, unknown>>>;
const name = (table: FactoryTable): string => table;

/** `enterprise_id` and `org_id` of the scope, on `alias`'s columns when given: `.where(inScope(scope, 's'))`. */
export function inScope(scope: Scope, alias?: string): Expression<SqlBool> {
  const column = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  return sql<SqlBool>`${column('enterprise_id')} = ${scope.enterpriseId} and ${column('org_id')} = ${scope.orgId}`;
}

/** The row type an entity's select query (`xQuery(db)`) gives. */
export type RowOf<Q extends (db: Db) => { executeTakeFirstOrThrow(): Promise<unknown> }> = Awaited<ReturnType<ReturnType<Q>['executeTakeFirstOrThrow']>>;

/** The factory's row `id` from an entity's select query whose table is aliased `alias`, or 4004 with `message`. */
export async function requireOne<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, alias: string, scope: Scope, id: number, message: string): Promise<O> {
  const row = await query
    .where(inScope(scope, alias))
    .where(sql<SqlBool>`${sql.ref(`${alias}.id`)} = ${id}`)
    .executeTakeFirst();
  if (!row) throw notFound(message);
  return row;
}

/** A list of a factory table aliased `alias`: scoped by its `enterprise_id`/`org_id`, keyed by its `id`. */
export function factoryList(alias: string, spec: Omit<ListSpec, 'scope' | 'key'>): ListSpec {
  return { scope: { enterprise: `${alias}.enterprise_id`, org: `${alias}.org_id` }, ...spec, key: `${alias}.id` };
}

/** Whether a row of the factory (other than `exceptId`, the row being edited) has `column` = `value`. */
export async function taken<T extends FactoryTable>(db: Db, table: T, column: ColumnOf<T>, scope: Scope, value: unknown, exceptId?: number): Promise<boolean> {
  let query = loose(db).selectFrom(name(table)).select('id').where(inScope(scope)).where(column, '=', value as never);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** 4009 with `message` when `taken`. */
export async function refuseTaken<T extends FactoryTable>(
  db: Db,
  table: T,
  column: ColumnOf<T>,
  scope: Scope,
  value: unknown,
  message: string,
  exceptId?: number,
): Promise<void> {
  if (await taken(db, table, column, scope, value, exceptId)) throw conflict(message);
}

/** `columns` of the factory's row `id`, or undefined. */
export async function findRow<T extends FactoryTable, C extends ColumnOf<T>>(db: Db, table: T, columns: readonly C[], scope: Scope, id: number): Promise<Pick<Row<T>, C> | undefined> {
  const row = await loose(db).selectFrom(name(table)).select(columns).where(inScope(scope)).where('id', '=', id).executeTakeFirst();
  return row as Pick<Row<T>, C> | undefined;
}

/** `columns` of the factory's row `id`, or 4004 with `message`. */
export async function requireRow<T extends FactoryTable, C extends ColumnOf<T>>(db: Db, table: T, columns: readonly C[], scope: Scope, id: number, message: string): Promise<Pick<Row<T>, C>> {
  const row = await findRow(db, table, columns, scope, id);
  if (!row) throw notFound(message);
  return row;
}

/** `columns` of the factory's rows `ids` ordered by `orderBy`, or 4004 with `message` unless every id is one. */
export async function requireRows<T extends FactoryTable, C extends ColumnOf<T>>(
  db: Db,
  table: T,
  columns: readonly C[],
  scope: Scope,
  ids: number[],
  message: string,
  orderBy: ColumnOf<T> = 'id',
): Promise<Array<Pick<Row<T>, C>>> {
  const rows = await loose(db).selectFrom(name(table)).select(columns).where(inScope(scope)).where('id', 'in', ids).orderBy(orderBy).execute();
  if (rows.length !== ids.length) throw notFound(message);
  return rows as Array<Pick<Row<T>, C>>;
}

/** Inserts a row into the scope's factory and returns its id. */
export async function insertRow<T extends FactoryTable>(db: Db, table: T, scope: Scope, values: Omit<Insertable<Database[T]>, 'enterprise_id' | 'org_id'>): Promise<number> {
  const row = await loose(db)
    .insertInto(name(table))
    .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id as number;
}

/** Updates the factory's row `id` with `values`, stamping `updated_at`. */
export async function updateRow<T extends FactoryTable>(db: Db, table: T, scope: Scope, id: number, values: Updateable<Database[T]>): Promise<void> {
  await loose(db)
    .updateTable(name(table))
    .set({ ...values, updated_at: new Date() })
    .where(inScope(scope))
    .where('id', '=', id)
    .execute();
}

/** Deletes the factory's rows `ids`. */
export async function deleteRows(db: Db, table: FactoryTable, scope: Scope, ids: number[]): Promise<void> {
  await loose(db).deleteFrom(name(table)).where(inScope(scope)).where('id', 'in', ids).execute();
}

/** Runs `write` in one transaction; a unique-index violation becomes the 4009 of `messages` (lib/unique). */
export function writeUnique<T>(db: Db, messages: Record<string, string> | string, write: (trx: Db) => Promise<T>): Promise<T> {
  return guardUnique(() => db.transaction().execute(write), messages);
}

/** What `deleteLogged` deletes: rows of `table` named by their `label` column in the log line. */
export interface DeleteSpec<T extends FactoryTable> {
  table: T;
  label: ColumnOf<T>;
  /** The order of the names in the log line (default id). */
  orderBy?: ColumnOf<T>;
  /** The noun of 「删除<noun>：a、b 等 N 项」, or the whole log line from the labels. */
  log: string | ((labels: string[]) => string);
  notFound: string;
  /** Refusals (rows still in use) and dependent rows, after the ids are checked and before the delete. */
  before?: (trx: Db, labels: string[]) => Promise<void>;
}

/** A batch delete in one transaction: every id in the factory or 4004, `before`, the delete and its log line. */
export function deleteLogged<T extends FactoryTable>(db: Db, spec: DeleteSpec<T>, scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
  return db.transaction().execute(async (trx) => {
    const rows = await requireRows(trx, spec.table, [spec.label], scope, ids, spec.notFound, spec.orderBy);
    const labels = rows.map((row) => String(row[spec.label]));
    await spec.before?.(trx, labels);
    await deleteRows(trx, spec.table, scope, ids);
    const content = typeof spec.log === 'string' ? `删除${spec.log}：${summary(labels)}` : spec.log(labels);
    await recordOperation(trx, context, { ...scope, content });
    return { deleted: ids.length };
  });
}

/**
 * An import's check of a key unique per factory (`validateAll`): a value repeated in the file names
 * its first row (「<label>「v」与第N行重复」), a value the factory already has is 「<label>「v」已存在」.
 */
export async function importKeyErrors<T extends FactoryTable, R>(
  db: Db,
  table: T,
  column: ColumnOf<T>,
  scope: Scope,
  records: ReadonlyArray<{ row: number; record: R }>,
  keyOf: (record: R) => string,
  label: string,
): Promise<ImportRowError[]> {
  const errors: ImportRowError[] = [];
  const firstRow = new Map<string, number>();
  for (const { row, record } of records) {
    const key = keyOf(record);
    const first = firstRow.get(key);
    if (first !== undefined) errors.push({ row, message: `${label}「${key}」与第${first}行重复` });
    else firstRow.set(key, row);
  }
  if (firstRow.size === 0) return errors;
  // The keys are joined to the table, not tested with `= any(keys)`: PostgreSQL answers the join by
  // the factory's unique index or one hash of the keys. Just after a bulk import, its outdated row
  // estimates made it answer `= any(10,000 keys)` from the column's trigram index: 42 s instead of 5 ms.
  const { rows: taken } = await sql<{ key: string }>`
    select t.${sql.ref(column)} as key
    from unnest(${[...firstRow.keys()]}::text[]) as k(key)
    join ${sql.table(name(table))} as t on ${inScope(scope, 't')} and t.${sql.ref(column)} = k.key`.execute(db);
  for (const { key } of taken) errors.push({ row: firstRow.get(key)!, message: `${label}「${key}」已存在` });
  return errors;
}

/** An entity's reads: its select query (table aliased `alias`), its list and the row → response mapping. */
export interface EntityReads<DB, TB extends keyof DB, O, V> {
  query: (db: Db) => SelectQueryBuilder<DB, TB, O>;
  alias: string;
  list: ListSpec;
  toView: (row: O) => V;
  /** The 4004 message of a detail outside the factory. */
  notFound: string;
}

/**
 * The base of a factory entity's service: `list` (a page), `rows` (every row, for an export) and
 * `detail` (or 4004) from its reads; the subclass adds the writes.
 *
 *   export class ShiftService extends FactoryEntity({ query: shiftQuery, alias: 'c', list: SHIFT_LIST, toView: toShift, notFound: '班次不存在' }) { … }
 */
export function FactoryEntity<DB, TB extends keyof DB, O, V>(reads: EntityReads<DB, TB, O, V>) {
  return class {
    /** The select query, built once: Kysely builders are immutable, each read adds its own clauses. */
    private readonly reads: SelectQueryBuilder<DB, TB, O>;

    constructor(protected readonly db: Db) {
      this.reads = reads.query(db);
    }

    list(scope: Scope, params: ListParams): Promise<PageResult<V>> {
      return runList(this.db, this.reads, reads.list, scope, params, reads.toView);
    }

    rows(scope: Scope, params: ListParams): AsyncIterable<V> {
      return streamList(this.reads, reads.list, scope, params, reads.toView);
    }

    async detail(scope: Scope, id: number): Promise<V> {
      return reads.toView(await requireOne(this.reads, reads.alias, scope, id, reads.notFound));
    }
  };
}
