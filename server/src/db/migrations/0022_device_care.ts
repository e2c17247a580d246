import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dropTables, factoryUnique, scoped, stamps } from './columns';

/**
 * 设备点检 / 设备保养 (one set of tables, `kind` 'check' | 'maintenance'): schemes with their items,
 * plans (scheme, devices, cycle, assignee), and the work orders generated from them with a result
 * per item. An order copies its items and the names it shows, so editing a scheme or deleting a
 * plan, device or account never rewrites history; `(plan_id, device_id, period_key)` is unique, so
 * generating twice makes no second order for a period.
 */
export const deviceCare: Migration = {
  async up(db: Kysely<unknown>) {
    await scoped(db, 'care_scheme')
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('check', 'maintenance')`))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'care_scheme_name_uq', 'care_scheme', ['kind', 'name']);

    const itemColumns = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
      table
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('standard', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('value_kind', 'text', (c) => c.notNull().check(sql`value_kind in ('range', 'yesno')`))
        .addColumn('min_value', 'numeric')
        .addColumn('max_value', 'numeric')
        .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('normal_yes', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('photo_required', 'boolean', (c) => c.notNull().defaultTo(false));

    await db.schema
      .createTable('care_scheme_item')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('scheme_id', 'bigint', (c) => c.notNull().references('care_scheme.id').onDelete('cascade'))
      .$call(itemColumns)
      .execute();
    await db.schema.createIndex('care_scheme_item_scheme_idx').on('care_scheme_item').columns(['scheme_id']).execute();

    await scoped(db, 'care_plan')
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('check', 'maintenance')`))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('scheme_id', 'bigint', (c) => c.notNull().references('care_scheme.id'))
      .addColumn('cycle', 'text', (c) => c.notNull().check(sql`cycle in ('shift', 'daily', 'weekly', 'monthly', 'runHours')`))
      .addColumn('run_hours', 'numeric')
      .addColumn('shift_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('assignee_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('assignee_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('start_date', 'date', (c) => c.notNull())
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'care_plan_name_uq', 'care_plan', ['kind', 'name']);

    await db.schema
      .createTable('care_plan_device')
      .addColumn('plan_id', 'bigint', (c) => c.notNull().references('care_plan.id').onDelete('cascade'))
      .addColumn('device_id', 'bigint', (c) => c.notNull().references('device.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('care_plan_device_pk', ['plan_id', 'device_id'])
      .execute();
    await db.schema.createIndex('care_plan_device_device_idx').on('care_plan_device').columns(['device_id']).execute();

    await scoped(db, 'care_order')
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('check', 'maintenance')`))
      .addColumn('order_no', 'text', (c) => c.notNull())
      .addColumn('plan_id', 'bigint', (c) => c.references('care_plan.id').onDelete('set null'))
      .addColumn('plan_name', 'text', (c) => c.notNull())
      .addColumn('scheme_name', 'text', (c) => c.notNull())
      .addColumn('cycle', 'text', (c) => c.notNull())
      .addColumn('device_id', 'bigint', (c) => c.references('device.id').onDelete('set null'))
      .addColumn('device_no', 'text', (c) => c.notNull())
      .addColumn('device_name', 'text', (c) => c.notNull())
      .addColumn('device_search', 'text', (c) => c.generatedAlwaysAs(sql`device_name || ' ' || device_no`).stored())
      .addColumn('period_key', 'text', (c) => c.notNull())
      .addColumn('period_start', 'timestamptz', (c) => c.notNull())
      .addColumn('due_time', 'timestamptz', (c) => c.notNull())
      .addColumn('assignee_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('assignee_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('state', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`state in (1, 2, 3)`))
      .addColumn('executor_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('executor_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('finish_time', 'timestamptz')
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'care_order_no_uq', 'care_order', ['order_no']);
    // One order per plan, device and period: generation may run twice (or in two processes).
    await db.schema.createIndex('care_order_period_uq').on('care_order').columns(['plan_id', 'device_id', 'period_key']).unique().execute();
    await db.schema.createIndex('care_order_due_idx').on('care_order').columns(['enterprise_id', 'org_id', 'kind', 'due_time']).execute();
    await db.schema.createIndex('care_order_device_idx').on('care_order').columns(['device_id']).execute();
    await db.schema.createIndex('care_order_assignee_idx').on('care_order').columns(['assignee_id', 'state']).execute();

    await db.schema
      .createTable('care_order_item')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('order_id', 'bigint', (c) => c.notNull().references('care_order.id').onDelete('cascade'))
      .$call(itemColumns)
      .addColumn('value', 'numeric')
      .addColumn('yes', 'boolean')
      .addColumn('normal', 'boolean')
      .addColumn('photos', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('repair_id', 'bigint', (c) => c.references('repair_order.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('care_order_item_order_idx').on('care_order_item').columns(['order_id']).execute();
    await db.schema.createIndex('care_order_item_repair_idx').on('care_order_item').columns(['repair_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await dropTables(db, ['care_order_item', 'care_order', 'care_plan_device', 'care_plan', 'care_scheme_item', 'care_scheme']);
  },
};
