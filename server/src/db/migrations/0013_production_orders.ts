import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dropTables, factoryUnique, scoped, stamps } from './columns';

/**
 * Production orders (生产订单) and what hangs off them: one operation per step of the order's own
 * copy of its process flow, the order's history, ERP change warnings, the ERP sync log with its
 * integration keys, and work reports (报工) with their defects and review history.
 *
 * References to master data (product, flow, process, machine, team, bad phenomenon) are `set null`
 * with a name kept beside them, so deleting master data never rewrites a running order. Orders own
 * their operations, history and warnings (cascade); a report keeps its operation (an operation
 * with reports cannot be deleted: restrict, and services refuse first with a message).
 */
export const productionOrders: Migration = {
  async up(db: Kysely<unknown>) {
    // Quantity config of a process: what a run of it wastes (planned quantity = ordered + waste).
    await db.schema
      .alterTable('process')
      .addColumn('setup_waste_qty', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('running_waste_percent', 'numeric(6, 2)', (c) => c.notNull().defaultTo(0))
      .execute();
    // A product's own score allowance (mm per score) for its sheet size; null: the flute's.
    await db.schema.alterTable('product').addColumn('score_allowance_mm', 'integer').execute();

    await scoped(db, 'production_order')
      .addColumn('order_no', 'text', (c) => c.notNull())
      .addColumn('erp_order_no', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('erp_line', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('erp_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('source', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`source between 1 and 3`))
      .addColumn('customer_name', 'text', (c) => c.notNull())
      .addColumn('customer_po', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('product_id', 'bigint', (c) => c.references('product.id').onDelete('set null'))
      .addColumn('product_no', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('product_name', 'text', (c) => c.notNull())
      .addColumn('box_style', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('length_mm', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('width_mm', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('height_mm', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('board_code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('flute', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sheet_width_mm', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sheet_length_mm', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('print_colors', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('die_no', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('plate_no', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
      .addColumn('unit', 'text', (c) => c.notNull().defaultTo('只'))
      .addColumn('over_percent', 'numeric(6, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('under_percent', 'numeric(6, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('delivery_date', 'date', (c) => c.notNull())
      .addColumn('urgency', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`urgency between 0 and 3`))
      .addColumn('priority', 'smallint', (c) => c.notNull().defaultTo(2).check(sql`priority between 1 and 4`))
      .addColumn('importance', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`importance between 0 and 4`))
      .addColumn('flow_id', 'bigint', (c) => c.references('process_flow.id').onDelete('set null'))
      .addColumn('flow_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('attachments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`status between 0 and 10`))
      .addColumn('suspended_from', 'smallint')
      .addColumn('schedule_state', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('issue_state', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('production_state', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('revoked', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('good_qty', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('completed_at', 'timestamptz')
      .addColumn('created_by', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'production_order_order_no_uq', 'production_order', ['order_no']);
    await sql`create unique index production_order_erp_uq on production_order (enterprise_id, org_id, erp_order_no, erp_line) where erp_order_no <> ''`.execute(db);
    await db.schema.createIndex('production_order_list_idx').on('production_order').columns(['enterprise_id', 'org_id', 'revoked', 'created_at', 'id']).execute();
    await db.schema.createIndex('production_order_delivery_idx').on('production_order').columns(['enterprise_id', 'org_id', 'delivery_date', 'id']).execute();
    for (const column of ['order_no', 'erp_order_no', 'customer_name', 'product_name']) {
      await sql`create index ${sql.id(`production_order_${column}_trgm_idx`)} on production_order using gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
    }

    await scoped(db, 'production_order_operation')
      .addColumn('order_id', 'bigint', (c) => c.notNull().references('production_order.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('process_id', 'bigint', (c) => c.references('process.id').onDelete('set null'))
      .addColumn('process_name', 'text', (c) => c.notNull())
      .addColumn('planned_qty', 'integer', (c) => c.notNull())
      .addColumn('waste_qty', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`status in (0, 1, 2, 3, 6, 7)`))
      .addColumn('device_id', 'bigint', (c) => c.references('device.id').onDelete('set null'))
      .addColumn('issued', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('planned_start', 'timestamptz')
      .addColumn('planned_end', 'timestamptz')
      .addColumn('anew_time_flag', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('good_qty', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('defect_qty', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(stamps)
      .execute();
    await sql`create unique index production_order_operation_seq_uq on production_order_operation (order_id, seq)`.execute(db);
    await db.schema.createIndex('production_order_operation_scope_idx').on('production_order_operation').columns(['enterprise_id', 'org_id', 'status']).execute();
    await db.schema.createIndex('production_order_operation_device_idx').on('production_order_operation').columns(['device_id']).execute();

    await scoped(db, 'production_order_history')
      .addColumn('order_id', 'bigint', (c) => c.notNull().references('production_order.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('user_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('changes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('production_order_history_order_idx').on('production_order_history').columns(['order_id', 'id']).execute();

    await scoped(db, 'order_change_warning')
      .addColumn('order_id', 'bigint', (c) => c.notNull().references('production_order.id').onDelete('cascade'))
      .addColumn('erp_version', 'integer', (c) => c.notNull())
      .addColumn('changes', 'jsonb', (c) => c.notNull())
      .addColumn('state', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`state between 0 and 2`))
      .addColumn('handled_by', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('handled_at', 'timestamptz')
      .$call(stamps)
      .execute();
    await db.schema.createIndex('order_change_warning_order_idx').on('order_change_warning').columns(['order_id', 'state']).execute();

    await scoped(db, 'erp_integration_key')
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('key_prefix', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('revoked', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('last_used_at', 'timestamptz')
      .addColumn('created_by', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .$call(stamps)
      .execute();

    await scoped(db, 'erp_sync_log')
      .addColumn('message_type', 'text', (c) => c.notNull())
      .addColumn('erp_order_no', 'text', (c) => c.notNull())
      .addColumn('erp_line', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('erp_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('payload', 'jsonb', (c) => c.notNull())
      .addColumn('status', 'smallint', (c) => c.notNull().check(sql`status between 1 and 5`))
      .addColumn('result', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('order_id', 'bigint', (c) => c.references('production_order.id').onDelete('set null'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
      .$call(stamps)
      .execute();
    await db.schema.createIndex('erp_sync_log_list_idx').on('erp_sync_log').columns(['enterprise_id', 'org_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('erp_sync_log_order_idx').on('erp_sync_log').columns(['enterprise_id', 'org_id', 'erp_order_no', 'erp_line']).execute();

    await scoped(db, 'work_report')
      .addColumn('report_no', 'text', (c) => c.notNull())
      .addColumn('order_id', 'bigint', (c) => c.notNull().references('production_order.id').onDelete('restrict'))
      .addColumn('operation_id', 'bigint', (c) => c.notNull().references('production_order_operation.id').onDelete('restrict'))
      .addColumn('process_id', 'bigint', (c) => c.references('process.id').onDelete('set null'))
      .addColumn('process_name', 'text', (c) => c.notNull())
      .addColumn('device_id', 'bigint', (c) => c.references('device.id').onDelete('set null'))
      .addColumn('device_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('good_qty', 'integer', (c) => c.notNull().check(sql`good_qty >= 0`))
      .addColumn('defect_qty', 'integer', (c) => c.notNull().defaultTo(0).check(sql`defect_qty >= 0`))
      .addColumn('inspect_qty', 'integer', (c) => c.notNull().defaultTo(0).check(sql`inspect_qty >= 0`))
      .addColumn('start_at', 'timestamptz', (c) => c.notNull())
      .addColumn('end_at', 'timestamptz', (c) => c.notNull())
      .addColumn('shift', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('team_id', 'bigint', (c) => c.references('class_team.id').onDelete('set null'))
      .addColumn('team_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('operator_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('operator_names', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('source', 'smallint', (c) => c.notNull().check(sql`source between 1 and 3`))
      .addColumn('over_report', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('audit_state', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`audit_state between 1 and 3`))
      .addColumn('audited_by', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('audited_at', 'timestamptz')
      .addColumn('reported_by', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'work_report_report_no_uq', 'work_report', ['report_no']);
    await db.schema.createIndex('work_report_list_idx').on('work_report').columns(['enterprise_id', 'org_id', 'audit_state', 'end_at', 'id']).execute();
    await db.schema.createIndex('work_report_operation_idx').on('work_report').columns(['operation_id', 'audit_state']).execute();
    await db.schema.createIndex('work_report_order_idx').on('work_report').columns(['order_id']).execute();

    await db.schema
      .createTable('work_report_defect')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('report_id', 'bigint', (c) => c.notNull().references('work_report.id').onDelete('cascade'))
      .addColumn('bad_phenomenon_id', 'bigint', (c) => c.references('bad_phenomenon.id').onDelete('set null'))
      .addColumn('reason_name', 'text', (c) => c.notNull())
      .addColumn('qty', 'integer', (c) => c.notNull().check(sql`qty > 0`))
      .execute();
    await db.schema.createIndex('work_report_defect_report_idx').on('work_report_defect').columns(['report_id']).execute();

    await scoped(db, 'work_report_history')
      .addColumn('report_id', 'bigint', (c) => c.notNull().references('work_report.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('user_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('changes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('work_report_history_report_idx').on('work_report_history').columns(['report_id', 'id']).execute();
  },

  async down(db: Kysely<unknown>) {
    await dropTables(db, [
      'work_report_history',
      'work_report_defect',
      'work_report',
      'erp_sync_log',
      'erp_integration_key',
      'order_change_warning',
      'production_order_history',
      'production_order_operation',
      'production_order',
    ]);
    await db.schema.alterTable('product').dropColumn('score_allowance_mm').execute();
    await db.schema.alterTable('process').dropColumn('setup_waste_qty').dropColumn('running_waste_percent').execute();
  },
};
