import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Tenants, accounts, roles, authorities, tokens, user config and logs (issue 2). */
export const skeleton: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('enterprise')
      .addColumn('id', 'bigint', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('org')
      .addColumn('id', 'bigint', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('app_user')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('nick_name', 'text', (c) => c.notNull())
      .addColumn('mobile', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`status in (0, 1, 2)`))
      .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed_login_window_start', 'timestamptz')
      .addColumn('locked_at', 'timestamptz')
      .addColumn('expire_time', 'timestamptz')
      .addColumn('remind_type', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('user_org')
      .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
      .addColumn('org_id', 'bigint', (c) => c.notNull().references('org.id'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
      .addPrimaryKeyConstraint('user_org_pk', ['user_id', 'org_id'])
      .execute();

    await db.schema
      .createTable('role')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
      .addColumn('org_id', 'bigint', (c) => c.notNull().references('org.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('role_scope_idx').on('role').columns(['enterprise_id', 'org_id']).execute();

    await db.schema
      .createTable('authority')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('menu', 'action')`))
      .execute();

    await db.schema
      .createTable('role_authority')
      .addColumn('enterprise_id', 'bigint', (c) => c.notNull())
      .addColumn('org_id', 'bigint', (c) => c.notNull())
      .addColumn('role_id', 'bigint', (c) => c.notNull().references('role.id').onDelete('cascade'))
      .addColumn('authority_id', 'bigint', (c) => c.notNull().references('authority.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('role_authority_pk', ['role_id', 'authority_id'])
      .execute();

    await db.schema
      .createTable('user_role')
      .addColumn('enterprise_id', 'bigint', (c) => c.notNull())
      .addColumn('org_id', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('role_id', 'bigint', (c) => c.notNull().references('role.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role_id'])
      .execute();
    await db.schema.createIndex('user_role_scope_idx').on('user_role').columns(['user_id', 'org_id']).execute();

    await db.schema
      .createTable('auth_token')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('pair_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('access', 'refresh')`))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('enterprise_id', 'bigint', (c) => c.notNull())
      .addColumn('org_id', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('revoked', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('auth_token_pair_idx').on('auth_token').column('pair_id').execute();

    await db.schema
      .createTable('user_config')
      .addColumn('enterprise_id', 'bigint', (c) => c.notNull())
      .addColumn('org_id', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('config_key', 'text', (c) => c.notNull())
      .addColumn('config_value', 'text')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('user_config_pk', ['enterprise_id', 'org_id', 'user_id', 'config_key'])
      .execute();

    await db.schema
      .createTable('operation_log')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('enterprise_id', 'bigint', (c) => c.notNull())
      .addColumn('org_id', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'bigint')
      .addColumn('operation_path', 'text', (c) => c.notNull())
      .addColumn('operation_content', 'text', (c) => c.notNull())
      .addColumn('operation_source', 'smallint', (c) => c.notNull())
      .addColumn('operation_system', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('operation_log_scope_idx')
      .on('operation_log')
      .columns(['enterprise_id', 'org_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('user_log')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('enterprise_id', 'bigint', (c) => c.notNull())
      .addColumn('org_id', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('system_id', 'text', (c) => c.notNull())
      .addColumn('button_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'user_log',
      'operation_log',
      'user_config',
      'auth_token',
      'user_role',
      'role_authority',
      'authority',
      'role',
      'user_org',
      'app_user',
      'org',
      'enterprise',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
