import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dropTables, factoryUnique, scoped, stamps } from './columns';

/**
 * 设备维修 (/repair-cfg): repair orders with their parts used and state history, and the factory's
 * group-chat robots for fault alerts. An order keeps the device's number and name and the people's
 * names as written, so deleting a device or an account clears only the reference. Spare-part stock
 * can never go below zero (the order's parts are taken from it in the same transaction).
 */
export const deviceRepair: Migration = {
  async up(db: Kysely<unknown>) {
    await scoped(db, 'repair_order')
      .addColumn('repair_no', 'text', (c) => c.notNull())
      .addColumn('device_id', 'bigint', (c) => c.references('device.id').onDelete('set null'))
      .addColumn('device_no', 'text', (c) => c.notNull())
      .addColumn('device_name', 'text', (c) => c.notNull())
      // What the list's 设备 filter searches: the name and the number as the order wrote them.
      .addColumn('device_search', 'text', (c) => c.generatedAlwaysAs(sql`device_name || ' ' || device_no`).stored())
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`status in (1, 2, 3, 4)`))
      .addColumn('fault_time', 'timestamptz', (c) => c.notNull())
      .addColumn('fault_description', 'text', (c) => c.notNull())
      .addColumn('reporter_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('reporter_name', 'text', (c) => c.notNull())
      .addColumn('repairer_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('repairer_names', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('acceptor_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('acceptor_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('finish_time', 'timestamptz')
      .addColumn('photos', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
      .addColumn('downtime_start', 'timestamptz')
      .addColumn('downtime_end', 'timestamptz')
      .addColumn('cost', 'numeric(12, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'repair_order_no_uq', 'repair_order', ['repair_no']);
    await db.schema.createIndex('repair_order_device_idx').on('repair_order').columns(['device_id']).execute();
    await db.schema.createIndex('repair_order_fault_time_idx').on('repair_order').columns(['enterprise_id', 'org_id', 'fault_time']).execute();

    await db.schema
      .createTable('repair_part')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('repair_id', 'bigint', (c) => c.notNull().references('repair_order.id').onDelete('cascade'))
      .addColumn('spare_part_id', 'bigint', (c) => c.references('device_spare_part.id').onDelete('set null'))
      .addColumn('part_no', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('part_name', 'text', (c) => c.notNull())
      .addColumn('spec', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
      .execute();
    await db.schema.createIndex('repair_part_repair_idx').on('repair_part').columns(['repair_id']).execute();
    await db.schema.createIndex('repair_part_spare_idx').on('repair_part').columns(['spare_part_id']).execute();

    await db.schema
      .createTable('repair_log')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('repair_id', 'bigint', (c) => c.notNull().references('repair_order.id').onDelete('cascade'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('from_status', 'smallint')
      .addColumn('to_status', 'smallint', (c) => c.notNull())
      .addColumn('operator_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('operator_name', 'text', (c) => c.notNull())
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('repair_log_repair_idx').on('repair_log').columns(['repair_id']).execute();

    await scoped(db, 'repair_webhook')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'repair_webhook_url_uq', 'repair_webhook', ['url']);

    // The last guard of "never below zero": a decrement that would go negative fails, whoever runs it.
    await sql`alter table device_spare_part add constraint device_spare_part_quantity_check check (quantity >= 0)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table device_spare_part drop constraint if exists device_spare_part_quantity_check`.execute(db);
    await dropTables(db, ['repair_webhook', 'repair_log', 'repair_part', 'repair_order']);
  },
};
