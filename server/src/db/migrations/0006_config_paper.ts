import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dropTables, factoryUnique, scoped, stamps } from './columns';

const now = sql`now()`;

/**
 * Enterprise and schedule configuration per factory, dictionaries, per-user page settings
 * (/base-cfg, /schedule-cfg); paper grades, flutes, board codes with their layers and corrugator
 * deckle widths (/paper-produce-data); IC cards, all-in-one machines and bad phenomena (shop floor).
 */
export const configPaper: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['enterprise_config', 'schedule_config']) {
      await db.schema
        .createTable(table)
        .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
        .addColumn('org_id', 'bigint', (c) => c.notNull().references('org.id'))
        .addColumn('config', 'jsonb', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint(`${table}_pk`, ['enterprise_id', 'org_id'])
        .execute();
    }

    await scoped(db, 'dict_type')
      .addColumn('dict_type', 'text', (c) => c.notNull())
      .addColumn('dict_name', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .execute();
    await factoryUnique(db, 'dict_type_uq', 'dict_type', ['dict_type']);
    await db.schema
      .createTable('dict_item')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('dict_type_id', 'bigint', (c) => c.notNull().references('dict_type.id').onDelete('cascade'))
      .addColumn('item_code', 'text', (c) => c.notNull())
      .addColumn('item_label', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
      .execute();
    await db.schema.createIndex('dict_item_uq').on('dict_item').columns(['dict_type_id', 'item_code']).unique().execute();

    await db.schema
      .createTable('user_page_config')
      .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
      .addColumn('org_id', 'bigint', (c) => c.notNull().references('org.id'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
      .addColumn('page_key', 'text', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addPrimaryKeyConstraint('user_page_config_pk', ['enterprise_id', 'org_id', 'user_id', 'page_key'])
      .execute();

    await scoped(db, 'paper_grade')
      .addColumn('paper_code', 'text', (c) => c.notNull())
      .addColumn('paper_name', 'text', (c) => c.notNull())
      .addColumn('grammage', 'integer', (c) => c.notNull())
      .addColumn('paper_type', 'text', (c) => c.notNull().check(sql`paper_type in ('liner', 'medium')`))
      .addColumn('ring_crush', 'numeric(8, 2)')
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'paper_grade_code_uq', 'paper_grade', ['paper_code']);

    await scoped(db, 'flute')
      .addColumn('flute_code', 'text', (c) => c.notNull())
      .addColumn('flute_name', 'text', (c) => c.notNull())
      .addColumn('components', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
      .addColumn('height_mm', 'numeric(6, 2)', (c) => c.notNull())
      .addColumn('take_up_factor', 'numeric(4, 2)')
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'flute_code_uq', 'flute', ['flute_code']);

    await scoped(db, 'board_code')
      .addColumn('board_code', 'text', (c) => c.notNull())
      .addColumn('flute_id', 'bigint', (c) => c.notNull().references('flute.id'))
      .addColumn('grade', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('min_burst_kpa', 'numeric(8, 1)')
      .addColumn('min_ect_kn_m', 'numeric(6, 2)')
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'board_code_uq', 'board_code', ['board_code']);
    await db.schema.createIndex('board_code_flute_idx').on('board_code').columns(['flute_id']).execute();
    await db.schema
      .createTable('board_code_layer')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('board_code_id', 'bigint', (c) => c.notNull().references('board_code.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('paper_grade_id', 'bigint', (c) => c.notNull().references('paper_grade.id'))
      .execute();
    await db.schema.createIndex('board_code_layer_uq').on('board_code_layer').columns(['board_code_id', 'seq']).unique().execute();
    await db.schema.createIndex('board_code_layer_paper_idx').on('board_code_layer').columns(['paper_grade_id']).execute();

    await scoped(db, 'deckle_width')
      .addColumn('width_mm', 'integer', (c) => c.notNull())
      .addColumn('min_trim_mm', 'integer', (c) => c.notNull().defaultTo(20))
      .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'deckle_width_uq', 'deckle_width', ['width_mm']);

    await scoped(db, 'ic_card')
      .addColumn('card_no', 'text', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.references('app_user.id'))
      .addColumn('bound_at', 'timestamptz')
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'ic_card_no_uq', 'ic_card', ['card_no']);
    // One card per staff member and factory.
    await sql`create unique index ic_card_user_uq on ic_card (enterprise_id, org_id, user_id) where user_id is not null`.execute(db);

    await scoped(db, 'work_machine')
      .addColumn('machine_code', 'text', (c) => c.notNull())
      .addColumn('machine_name', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'work_machine_code_uq', 'work_machine', ['machine_code']);
    await db.schema
      .createTable('work_machine_device')
      .addColumn('work_machine_id', 'bigint', (c) => c.notNull().references('work_machine.id').onDelete('cascade'))
      // A device deleted in /modeling simply drops out of the machines it was bound to.
      .addColumn('device_id', 'bigint', (c) => c.notNull().references('device.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('work_machine_device_pk', ['work_machine_id', 'device_id'])
      .execute();
    await db.schema.createIndex('work_machine_device_idx').on('work_machine_device').columns(['device_id']).execute();

    await scoped(db, 'bad_phenomenon')
      .addColumn('reason_code', 'text', (c) => c.notNull())
      .addColumn('reason_name', 'text', (c) => c.notNull())
      .addColumn('process_id', 'bigint', (c) => c.notNull().references('process.id'))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'bad_phenomenon_code_uq', 'bad_phenomenon', ['reason_code']);
    await db.schema.createIndex('bad_phenomenon_process_idx').on('bad_phenomenon').columns(['process_id']).execute();
  },

  async down(db: Kysely<unknown>) {
    await dropTables(db, [
      'bad_phenomenon',
      'work_machine_device',
      'work_machine',
      'ic_card',
      'deckle_width',
      'board_code_layer',
      'board_code',
      'flute',
      'paper_grade',
      'user_page_config',
      'dict_item',
      'dict_type',
      'schedule_config',
      'enterprise_config',
    ]);
  },
};
