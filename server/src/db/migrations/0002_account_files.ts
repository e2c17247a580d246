import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Departments, role remarks, SMS codes and stored files (issue 3). */
export const accountFiles: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('department')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
      .addColumn('org_id', 'bigint', (c) => c.notNull().references('org.id'))
      .addColumn('parent_id', 'bigint', (c) => c.references('department.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('department_scope_idx').on('department').columns(['enterprise_id', 'org_id', 'parent_id']).execute();

    // A user's department is per factory: it lives on the membership row.
    await db.schema
      .alterTable('user_org')
      .addColumn('department_id', 'bigint', (c) => c.references('department.id'))
      .execute();
    await db.schema.createIndex('user_org_scope_idx').on('user_org').columns(['enterprise_id', 'org_id', 'department_id']).execute();

    await db.schema.alterTable('role').addColumn('remark', 'text', (c) => c.notNull().defaultTo('')).execute();

    await db.schema
      .createTable('sms_code')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('enterprise_id', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('mobile', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('used', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sms_code_user_idx').on('sms_code').columns(['user_id', 'purpose', 'created_at']).execute();

    await db.schema
      .createTable('file_object')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('enterprise_id', 'bigint', (c) => c.notNull())
      .addColumn('org_id', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type in (0, 1, 2)`))
      .addColumn('url', 'text', (c) => c.notNull().unique())
      .addColumn('storage_key', 'text', (c) => c.notNull().unique())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('original_name', 'text', (c) => c.notNull())
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('app_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('file_object_scope_idx').on('file_object').columns(['enterprise_id', 'org_id']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('file_object').ifExists().execute();
    await db.schema.dropTable('sms_code').ifExists().execute();
    await db.schema.alterTable('role').dropColumn('remark').execute();
    await db.schema.alterTable('user_org').dropColumn('department_id').execute();
    await db.schema.dropTable('department').ifExists().execute();
  },
};
