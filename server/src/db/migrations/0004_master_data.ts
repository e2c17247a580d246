import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dropTables, factoryUnique, scoped, stamps } from './columns';

/**
 * Master data of the /modeling screens (issue 4): workshops, the device-type tree, devices with
 * theoretical speeds and spare parts, process groups, processes, process flows (work flows) with
 * ordered steps, the product classify tree and products. Numbers that must be unique per factory
 * have unique indexes, so concurrent creates cannot both succeed.
 */
export const masterData: Migration = {
  async up(db: Kysely<unknown>) {
    await scoped(db, 'workshop')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'workshop_name_uq', 'workshop', ['name']);

    await scoped(db, 'device_type')
      .addColumn('parent_id', 'bigint', (c) => c.references('device_type.id'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'device_type_code_uq', 'device_type', ['code']);
    await db.schema.createIndex('device_type_parent_idx').on('device_type').columns(['enterprise_id', 'org_id', 'parent_id']).execute();

    await scoped(db, 'device')
      .addColumn('device_no', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('device_type_id', 'bigint', (c) => c.references('device_type.id'))
      .addColumn('workshop_id', 'bigint', (c) => c.references('workshop.id'))
      .addColumn('device_use', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('brand', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('model', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`status between 1 and 6`))
      .addColumn('pictures', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'device_no_uq', 'device', ['device_no']);
    await db.schema.createIndex('device_workshop_idx').on('device').columns(['workshop_id']).execute();
    await db.schema.createIndex('device_type_idx').on('device').columns(['device_type_id']).execute();

    await scoped(db, 'process_group')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'process_group_name_uq', 'process_group', ['name']);

    await scoped(db, 'process')
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('process_group_id', 'bigint', (c) => c.references('process_group.id'))
      .addColumn('prepare_minutes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('quantity_unit', 'text', (c) => c.notNull().defaultTo('张'))
      .addColumn('over_report_percent', 'numeric(6, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('report_by_previous', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('require_first_check', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('require_bad_reason', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('allow_multi_operator', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'process_code_uq', 'process', ['code']);
    await db.schema.createIndex('process_group_idx').on('process').columns(['process_group_id']).execute();

    await db.schema
      .createTable('device_speed')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('device_id', 'bigint', (c) => c.notNull().references('device.id').onDelete('cascade'))
      .addColumn('process_id', 'bigint', (c) => c.notNull().references('process.id'))
      .addColumn('speed', 'numeric(12, 2)', (c) => c.notNull())
      .addColumn('unit', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('device_speed_uq').on('device_speed').columns(['device_id', 'process_id']).unique().execute();
    await db.schema.createIndex('device_speed_process_idx').on('device_speed').columns(['process_id']).execute();

    await db.schema
      .createTable('device_spare_part')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('device_id', 'bigint', (c) => c.notNull().references('device.id').onDelete('cascade'))
      .addColumn('part_no', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('spec', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('unit', 'text', (c) => c.notNull().defaultTo('个'))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('device_spare_part_device_idx').on('device_spare_part').columns(['device_id']).execute();

    await scoped(db, 'process_flow')
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('is_template', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'process_flow_code_uq', 'process_flow', ['code']);

    await db.schema
      .createTable('process_flow_step')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('flow_id', 'bigint', (c) => c.notNull().references('process_flow.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('process_id', 'bigint', (c) => c.notNull().references('process.id'))
      .addColumn('default_device_id', 'bigint', (c) => c.references('device.id'))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('process_flow_step_uq').on('process_flow_step').columns(['flow_id', 'seq']).unique().execute();
    await db.schema.createIndex('process_flow_step_process_idx').on('process_flow_step').columns(['process_id']).execute();
    await db.schema.createIndex('process_flow_step_device_idx').on('process_flow_step').columns(['default_device_id']).execute();

    await scoped(db, 'product_classify')
      .addColumn('parent_id', 'bigint', (c) => c.references('product_classify.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(stamps)
      .execute();
    await db.schema.createIndex('product_classify_scope_idx').on('product_classify').columns(['enterprise_id', 'org_id', 'parent_id']).execute();

    await scoped(db, 'product')
      .addColumn('product_no', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('customer_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('classify_id', 'bigint', (c) => c.references('product_classify.id'))
      .addColumn('box_style', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('length_mm', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('width_mm', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('height_mm', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('board_code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('flute', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('colors', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('process_flow_id', 'bigint', (c) => c.references('process_flow.id'))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'product_no_uq', 'product', ['product_no']);
    await db.schema.createIndex('product_customer_idx').on('product').columns(['enterprise_id', 'org_id', 'customer_name', 'id']).execute();
    await db.schema.createIndex('product_classify_idx').on('product').columns(['classify_id']).execute();
    await db.schema.createIndex('product_flow_idx').on('product').columns(['process_flow_id']).execute();
  },

  async down(db: Kysely<unknown>) {
    await dropTables(db, [
      'product',
      'product_classify',
      'process_flow_step',
      'process_flow',
      'device_spare_part',
      'device_speed',
      'process',
      'process_group',
      'device',
      'device_type',
      'workshop',
    ]);
  },
};
