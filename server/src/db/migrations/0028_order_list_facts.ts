import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The per-row facts of an order list row, stored on the order (issue 11: the order list at 200,000
 * orders). Each list row shows its pending ERP change warnings and what the state machine needs
 * (has reports, has issued operations); read by three correlated subqueries per row they made the
 * page two queries, one of them with 60 subqueries. Now they are counts on the order:
 *
 * - `warning_count`: its order_change_warning rows still pending (state 0);
 * - `report_count`: its work reports not cancelled (audit_state ≠ 3);
 * - `issued_count`: its operations issued (production_order_operation.issued).
 *
 * Kept by triggers on the three tables, in the transaction of whatever writes them (reporting and its
 * audit / rollback / cancel, issue and cancel of scheduling, ERP intake and warning handling, order
 * edits that re-plan operations, seeds): no writer can forget them. Each changed row adds or takes
 * one from its order's count (a delta, so two transactions writing rows of one order at once both
 * count, in whichever order they commit); a row that changes nothing the counts see calls nothing.
 * (A list index carrying the customer and delivery date (INCLUDE) was tried for the customer +
 * delivery range filter: the plain page reads each row anyway, and its count chose a table scan.)
 */
const FACTS = [
  { table: 'order_change_warning', column: 'warning_count', counted: (row: string) => `${row}.state = 0`, watched: 'state' },
  { table: 'work_report', column: 'report_count', counted: (row: string) => `${row}.audit_state <> 3`, watched: 'audit_state' },
  { table: 'production_order_operation', column: 'issued_count', counted: (row: string) => `${row}.issued`, watched: 'issued' },
] as const;

export const orderListFacts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('production_order')
      .addColumn('warning_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('report_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('issued_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    for (const { table, column, counted, watched } of FACTS) {
      // Backfill from the rows as they are.
      await sql
        .raw(
          `update production_order o set ${column} = c.n
           from (select t.order_id, count(*)::int as n from ${table} t where ${counted('t')} group by t.order_id) c
           where o.id = c.order_id`,
        )
        .execute(db);
      const fn = `${column}_keep`;
      await sql
        .raw(
          `create function ${fn}() returns trigger language plpgsql as $$
           begin
             if tg_op in ('UPDATE', 'DELETE') and ${counted('old')} then
               update production_order set ${column} = ${column} - 1 where id = old.order_id;
             end if;
             if tg_op in ('INSERT', 'UPDATE') and ${counted('new')} then
               update production_order set ${column} = ${column} + 1 where id = new.order_id;
             end if;
             return null;
           end
           $$`,
        )
        .execute(db);
      await sql.raw(`create trigger ${fn}_insert after insert on ${table} for each row when (${counted('new')}) execute function ${fn}()`).execute(db);
      await sql
        .raw(
          `create trigger ${fn}_update after update of ${watched}, order_id on ${table} for each row
           when ((${counted('old')}) is distinct from (${counted('new')}) or old.order_id <> new.order_id) execute function ${fn}()`,
        )
        .execute(db);
      await sql.raw(`create trigger ${fn}_delete after delete on ${table} for each row when (${counted('old')}) execute function ${fn}()`).execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    for (const { table, column } of FACTS) {
      for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists ${column}_keep_${event} on ${table}`).execute(db);
      await sql.raw(`drop function if exists ${column}_keep()`).execute(db);
    }
    await db.schema.alterTable('production_order').dropColumn('warning_count').dropColumn('report_count').dropColumn('issued_count').execute();
  },
};
