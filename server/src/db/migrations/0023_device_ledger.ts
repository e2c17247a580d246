import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dropTables, scoped, stamps } from './columns';

/**
 * 设备台账 (/device-info): the asset side of a master-data device in a table of its own keyed by the
 * device (one row at most per device, gone with the device), so /modeling's device row, editor,
 * import and export stay as they are; the ledger's documents; pictures of a device (uploaded on the
 * desktop or by phone through a short-lived upload ticket whose token is stored hashed); the fault
 * knowledge base; and the exceptions 一体机 report with their machine key.
 */
export const deviceLedger: Migration = {
  async up(db: Kysely<unknown>) {
    await scoped(db, 'device_asset')
      .addColumn('device_id', 'bigint', (c) => c.notNull().unique().references('device.id').onDelete('cascade'))
      .addColumn('asset_no', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('purchase_date', 'date')
      .addColumn('supplier', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('price', 'numeric(14, 2)')
      .addColumn('warranty_end', 'date')
      .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('responsible_user_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      // [{ url, name }] of file_object rows of the factory's enterprise.
      .addColumn('documents', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    // An asset number is unique in its factory once given (blank ones are not numbers yet).
    await sql`create unique index device_asset_no_uq on device_asset (enterprise_id, org_id, asset_no) where asset_no <> ''`.execute(db);

    await db.schema
      .createTable('device_upload_ticket')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
      .addColumn('org_id', 'bigint', (c) => c.notNull().references('org.id'))
      .addColumn('device_id', 'bigint', (c) => c.notNull().references('device.id').onDelete('cascade'))
      .addColumn('uu_id', 'text', (c) => c.notNull().unique())
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('created_by', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('app_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('device_upload_ticket_device_idx').on('device_upload_ticket').columns(['device_id']).execute();

    await scoped(db, 'device_picture')
      .addColumn('device_id', 'bigint', (c) => c.notNull().references('device.id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('original_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('source', 'smallint', (c) => c.notNull().check(sql`source in (1, 2)`))
      .addColumn('ticket_id', 'bigint', (c) => c.references('device_upload_ticket.id').onDelete('set null'))
      .addColumn('uploaded_by', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('uploader_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('device_picture_device_idx').on('device_picture').columns(['device_id', 'id']).execute();

    await scoped(db, 'device_knowledge')
      .addColumn('fault_symptom', 'text', (c) => c.notNull())
      .addColumn('cause', 'text', (c) => c.notNull())
      .addColumn('remedy', 'text', (c) => c.notNull())
      .addColumn('device_type_id', 'bigint', (c) => c.references('device_type.id').onDelete('set null'))
      .addColumn('keywords', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('files', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('created_by_name', 'text', (c) => c.notNull().defaultTo(''))
      // What 关键词 searches: every text of the entry in one column.
      .addColumn('search_text', 'text', (c) => c.generatedAlwaysAs(sql`fault_symptom || ' ' || cause || ' ' || remedy || ' ' || keywords`).stored())
      .$call(stamps)
      .execute();
    await db.schema.createIndex('device_knowledge_scope_idx').on('device_knowledge').columns(['enterprise_id', 'org_id', 'id']).execute();

    await scoped(db, 'machine_exception_log')
      .addColumn('work_machine_id', 'bigint', (c) => c.notNull().references('work_machine.id').onDelete('cascade'))
      .addColumn('level', 'smallint', (c) => c.notNull().check(sql`level in (1, 2, 3)`))
      .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('device_no', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('event_id', 'text')
      .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('machine_exception_log_machine_idx').on('machine_exception_log').columns(['work_machine_id', 'occurred_at']).execute();
    await db.schema.createIndex('machine_exception_log_scope_idx').on('machine_exception_log').columns(['enterprise_id', 'org_id', 'occurred_at']).execute();
    // A resend of the same entry (same machine, same event id) is stored once.
    await sql`create unique index machine_exception_log_event_uq on machine_exception_log (work_machine_id, event_id) where event_id is not null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await dropTables(db, ['machine_exception_log', 'device_knowledge', 'device_picture', 'device_upload_ticket', 'device_asset']);
  },
};
