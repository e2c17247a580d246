import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dropTables, factoryUnique, scoped, stamps } from './columns';

/**
 * Corrugator scheduling (纸板排产): board orders (from production orders whose flow makes board on
 * the corrugator, sold as board, or re-made), schedules of runs with their lanes, the line's limits
 * per factory and the scheduling log.
 *
 * A board order keeps its production order by reference (`set null`) with the sizes copied, so an
 * order's edit never rewrites a schedule. A schedule owns its runs and lanes (cascade); a lane keeps
 * its board order (`set null`, with the order number copied) — board orders in a live schedule are
 * refused deletion by the service first.
 */
export const paperboard: Migration = {
  async up(db: Kysely<unknown>) {
    await scoped(db, 'board_schedule')
      .addColumn('schedule_no', 'text', (c) => c.notNull())
      .addColumn('board_code', 'text', (c) => c.notNull())
      .addColumn('flute', 'text', (c) => c.notNull())
      .addColumn('state', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`state between 1 and 5`))
      .addColumn('lower_bound_m2', 'numeric(14, 3)')
      .addColumn('speed_mpm', 'integer', (c) => c.notNull())
      // The plan's figures, kept with every save and edit for the list: runs, orders, web metres, paper and trim m².
      .addColumn('run_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('order_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('metres', 'numeric(14, 1)', (c) => c.notNull().defaultTo(0))
      .addColumn('paper_area_m2', 'numeric(14, 3)', (c) => c.notNull().defaultTo(0))
      .addColumn('trim_area_m2', 'numeric(14, 3)', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('created_by_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('issued_at', 'timestamptz')
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'board_schedule_no_uq', 'board_schedule', ['schedule_no']);
    await db.schema.createIndex('board_schedule_list_idx').on('board_schedule').columns(['enterprise_id', 'org_id', 'created_at', 'id']).execute();

    await scoped(db, 'board_order')
      .addColumn('order_no', 'text', (c) => c.notNull())
      .addColumn('production_order_id', 'bigint', (c) => c.references('production_order.id').onDelete('set null'))
      .addColumn('source', 'smallint', (c) => c.notNull().check(sql`source between 1 and 3`))
      .addColumn('customer_name', 'text', (c) => c.notNull())
      .addColumn('product_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('board_code', 'text', (c) => c.notNull())
      .addColumn('flute', 'text', (c) => c.notNull())
      .addColumn('width_mm', 'integer', (c) => c.notNull().check(sql`width_mm > 0`))
      .addColumn('length_mm', 'integer', (c) => c.notNull().check(sql`length_mm > 0`))
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
      .addColumn('due_date', 'date', (c) => c.notNull())
      .addColumn('state', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`state between 1 and 4`))
      .addColumn('schedule_id', 'bigint', (c) => c.references('board_schedule.id').onDelete('set null'))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'board_order_no_uq', 'board_order', ['order_no']);
    await sql`create unique index board_order_production_uq on board_order (production_order_id) where production_order_id is not null`.execute(db);
    await db.schema.createIndex('board_order_standby_idx').on('board_order').columns(['enterprise_id', 'org_id', 'state', 'board_code', 'flute']).execute();
    await db.schema.createIndex('board_order_due_idx').on('board_order').columns(['enterprise_id', 'org_id', 'due_date', 'id']).execute();
    await db.schema.createIndex('board_order_schedule_idx').on('board_order').columns(['schedule_id']).execute();

    await db.schema
      .createTable('board_run')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('schedule_id', 'bigint', (c) => c.notNull().references('board_schedule.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('roll_width_mm', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('board_run_seq_uq').on('board_run').columns(['schedule_id', 'seq']).unique().execute();

    await db.schema
      .createTable('board_run_lane')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('run_id', 'bigint', (c) => c.notNull().references('board_run.id').onDelete('cascade'))
      .addColumn('lane_no', 'integer', (c) => c.notNull())
      .addColumn('board_order_id', 'bigint', (c) => c.references('board_order.id').onDelete('set null'))
      .addColumn('order_no', 'text', (c) => c.notNull())
      .addColumn('customer_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('width_mm', 'integer', (c) => c.notNull())
      .addColumn('length_mm', 'integer', (c) => c.notNull())
      .addColumn('outs', 'integer', (c) => c.notNull().check(sql`outs >= 1`))
      .addColumn('cuts', 'integer', (c) => c.notNull().check(sql`cuts >= 1`))
      .execute();
    await db.schema.createIndex('board_run_lane_uq').on('board_run_lane').columns(['run_id', 'lane_no']).unique().execute();
    await db.schema.createIndex('board_run_lane_order_idx').on('board_run_lane').columns(['board_order_id']).execute();

    await db.schema
      .createTable('board_line_config')
      .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
      .addColumn('org_id', 'bigint', (c) => c.notNull().references('org.id'))
      .addColumn('config', 'jsonb', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('board_line_config_pk', ['enterprise_id', 'org_id'])
      .execute();

    await scoped(db, 'board_schedule_log')
      .addColumn('schedule_id', 'bigint', (c) => c.references('board_schedule.id').onDelete('set null'))
      .addColumn('schedule_no', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('user_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('before', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('after', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('board_schedule_log_list_idx').on('board_schedule_log').columns(['enterprise_id', 'org_id', 'created_at', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await dropTables(db, ['board_schedule_log', 'board_line_config', 'board_run_lane', 'board_run', 'board_order', 'board_schedule']);
  },
};
