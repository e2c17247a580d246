import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dropTables, scoped, stamps } from './columns';

/**
 * Carton scheduling (纸箱排产, issue 12) on the operations of production orders:
 *
 * - each operation's place in scheduling: task type (spec §4: 1 预排单, 2 已排产, 3 不明确, 4 生产中;
 *   null while 待排), its place in its machine's queue (from 1), the setup and run minutes of its
 *   last calculation, why its stored times are wrong (anew_time_flag of 0013 + a reason) and why the
 *   last calculation left it out;
 * - the background calculation jobs of a factory (计算排程时间 / 自动排产), at most one running per
 *   factory (a partial unique index: a second start is refused by the database, not by a race);
 * - a per-factory revision of the machine queues: every schedule write bumps it, and a job whose
 *   queues changed while it ran writes nothing.
 */
export const cartonSchedule: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('production_order_operation')
      .addColumn('task_type', 'smallint', (c) => c.check(sql`task_type between 1 and 4`))
      .addColumn('queue_pos', 'integer')
      .addColumn('setup_minutes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('run_minutes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('anew_time_reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('unscheduled_reason', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    // A machine's queue in order; the scheduled lists by planned start.
    await db.schema.createIndex('production_order_operation_queue_idx').on('production_order_operation').columns(['enterprise_id', 'org_id', 'device_id', 'queue_pos']).execute();
    await db.schema.createIndex('production_order_operation_task_idx').on('production_order_operation').columns(['enterprise_id', 'org_id', 'task_type', 'planned_start', 'id']).execute();
    await sql`create index production_order_operation_anew_idx on production_order_operation (enterprise_id, org_id, id) where anew_time_flag`.execute(db);

    await scoped(db, 'schedule_calc_job')
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('calculate', 'optimize')`))
      .addColumn('state', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`state between 1 and 4`))
      .addColumn('progress', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('phase', 'text', (c) => c.notNull().defaultTo('load'))
      .addColumn('task_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('budget_seconds', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('task_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('scheduled_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('unscheduled_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('late_orders', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('setup_minutes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('makespan', 'timestamptz')
      .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('started_by', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('started_by_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('ended_at', 'timestamptz')
      .$call(stamps)
      .execute();
    await sql`create unique index schedule_calc_job_running_uq on schedule_calc_job (enterprise_id, org_id) where state = 1`.execute(db);
    await db.schema.createIndex('schedule_calc_job_latest_idx').on('schedule_calc_job').columns(['enterprise_id', 'org_id', 'id']).execute();

    await db.schema
      .createTable('schedule_revision')
      .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
      .addColumn('org_id', 'bigint', (c) => c.notNull().references('org.id'))
      .addColumn('rev', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('schedule_revision_pk', ['enterprise_id', 'org_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await dropTables(db, ['schedule_revision', 'schedule_calc_job']);
    await db.schema.dropIndex('production_order_operation_anew_idx').ifExists().execute();
    await db.schema.dropIndex('production_order_operation_task_idx').ifExists().execute();
    await db.schema.dropIndex('production_order_operation_queue_idx').ifExists().execute();
    await db.schema
      .alterTable('production_order_operation')
      .dropColumn('task_type')
      .dropColumn('queue_pos')
      .dropColumn('setup_minutes')
      .dropColumn('run_minutes')
      .dropColumn('anew_time_reason')
      .dropColumn('unscheduled_reason')
      .execute();
  },
};
