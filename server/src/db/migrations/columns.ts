import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

// The columns and indexes every factory-scoped table repeats. A migration's SQL must never change
// once shipped: these build exactly the statements the migrations wrote out before.

/** A table of one factory: `id` (identity), `enterprise_id`, `org_id`; its own columns follow. */
export function scoped(db: Kysely<unknown>, table: string) {
  return db.schema
    .createTable(table)
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('org.id'));
}

/** `created_at` and `updated_at` (now() by default), the last columns: `.$call(stamps)`. */
export function stamps<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
}

/** A unique index over the factory and `columns` (`<table>_<col>_uq`: the name services map to a 4009 message). */
export async function factoryUnique(db: Kysely<unknown>, name: string, table: string, columns: string[]): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(['enterprise_id', 'org_id', ...columns]).unique().execute();
}

/** Drops `tables` in this order (a migration's `down`: dependants first). */
export async function dropTables(db: Kysely<unknown>, tables: string[]): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
}
