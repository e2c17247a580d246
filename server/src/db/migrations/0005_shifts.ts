import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dropTables, factoryUnique, scoped, stamps } from './columns';

/**
 * Shifts and calendars (/classCfg, issue 4): class times (班次) with breaks, class teams (班组) with
 * members and positions (岗位), class users (who works which shift in which team), shift exchanges
 * (调班), holidays, per-device month shift plans (month_effect) and per-device day overrides.
 */
export const shifts: Migration = {
  async up(db: Kysely<unknown>) {
    await scoped(db, 'class_time')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
      // 'HH:mm'; an end not after the start crosses midnight; 24:00 ends at midnight.
      .addColumn('start_time', 'text', (c) => c.notNull())
      .addColumn('end_time', 'text', (c) => c.notNull())
      .addColumn('breaks', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'class_time_name_uq', 'class_time', ['name']);

    await scoped(db, 'employee_position')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'employee_position_name_uq', 'employee_position', ['name']);

    await scoped(db, 'class_team')
      .addColumn('name', 'text', (c) => c.notNull())
      // Deleting a workshop or an account elsewhere unsets these instead of failing.
      .addColumn('workshop_id', 'bigint', (c) => c.references('workshop.id').onDelete('set null'))
      .addColumn('leader_user_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'class_team_name_uq', 'class_team', ['name']);

    await db.schema
      .createTable('class_team_member')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('team_id', 'bigint', (c) => c.notNull().references('class_team.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('position_id', 'bigint', (c) => c.references('employee_position.id'))
      .execute();
    await db.schema.createIndex('class_team_member_uq').on('class_team_member').columns(['team_id', 'user_id']).unique().execute();
    await db.schema.createIndex('class_team_member_position_idx').on('class_team_member').columns(['position_id']).execute();

    await scoped(db, 'class_user')
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('class_time_id', 'bigint', (c) => c.notNull().references('class_time.id'))
      .addColumn('team_id', 'bigint', (c) => c.references('class_team.id'))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'class_user_uq', 'class_user', ['user_id']);
    await db.schema.createIndex('class_user_class_idx').on('class_user').columns(['class_time_id']).execute();
    await db.schema.createIndex('class_user_team_idx').on('class_user').columns(['team_id']).execute();

    await scoped(db, 'shift_exchange')
      .addColumn('exchange_date', 'date', (c) => c.notNull())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('class_time_id', 'bigint', (c) => c.notNull().references('class_time.id'))
      .addColumn('target_user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('target_class_time_id', 'bigint', (c) => c.notNull().references('class_time.id'))
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_by', 'bigint')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('shift_exchange_scope_idx').on('shift_exchange').columns(['enterprise_id', 'org_id', 'exchange_date']).execute();

    await scoped(db, 'holiday')
      .addColumn('holiday_date', 'date', (c) => c.notNull())
      // 1 法定节假日, 2 调休上班, 3 公司休息日
      .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type between 1 and 3`))
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'holiday_date_uq', 'holiday', ['holiday_date']);

    await scoped(db, 'month_effect')
      .addColumn('device_id', 'bigint', (c) => c.notNull().references('device.id').onDelete('cascade'))
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('class_time_ids', sql`bigint[]`, (c) => c.notNull().defaultTo(sql`'{}'::bigint[]`))
      .$call(stamps)
      .execute();
    await db.schema.createIndex('month_effect_uq').on('month_effect').columns(['device_id', 'month']).unique().execute();

    await scoped(db, 'device_calendar')
      .addColumn('device_id', 'bigint', (c) => c.notNull().references('device.id').onDelete('cascade'))
      .addColumn('calendar_date', 'date', (c) => c.notNull())
      // 1 停机（保养/检修）, 2 加班（额外班次）
      .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type between 1 and 2`))
      .addColumn('class_time_id', 'bigint', (c) => c.references('class_time.id'))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('device_calendar_idx').on('device_calendar').columns(['device_id', 'calendar_date']).execute();
    await db.schema.createIndex('device_calendar_class_idx').on('device_calendar').columns(['class_time_id']).execute();
  },

  async down(db: Kysely<unknown>) {
    await dropTables(db, [
      'device_calendar',
      'month_effect',
      'holiday',
      'shift_exchange',
      'class_user',
      'class_team_member',
      'class_team',
      'employee_position',
      'class_time',
    ]);
  },
};
