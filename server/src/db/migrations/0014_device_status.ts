import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dropTables, scoped } from './columns';

/**
 * Live device status (issue 10): per-machine keys of the 一体机 / gateways (only a SHA-256 of the key
 * is kept; revoked keys stay for the record), the raw status events as they arrived (idempotent by
 * `event_key`), the timeline segments derived from them (`[start_at, end_at)`, epoch milliseconds,
 * open while `end_at` is null), and what people say about downtime: a reason set on a segment or a
 * split point (`device_downtime_note`, keyed by device and instant so a recompute of the timeline
 * never overwrites it).
 */
export const deviceStatus: Migration = {
  async up(db: Kysely<unknown>) {
    await scoped(db, 'machine_key')
      .addColumn('work_machine_id', 'bigint', (c) => c.notNull().references('work_machine.id').onDelete('cascade'))
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      /** First characters of the key, shown in the list so a person can tell keys apart. */
      .addColumn('key_hint', 'text', (c) => c.notNull())
      .addColumn('created_by', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('revoked_at', 'timestamptz')
      .execute();
    // At most one live key per machine: issuing a new one revokes the old in the same transaction.
    await sql`create unique index machine_key_live_uq on machine_key (work_machine_id) where revoked_at is null`.execute(db);

    await scoped(db, 'device_status_event')
      .addColumn('device_id', 'bigint', (c) => c.notNull().references('device.id').onDelete('cascade'))
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('status', 'smallint', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('counter', 'double precision')
      .addColumn('event_id', 'text')
      /** domain/device-status eventKey: the identity that makes a resend a no-op. */
      .addColumn('event_key', 'text', (c) => c.notNull())
      .addColumn('work_machine_id', 'bigint', (c) => c.references('work_machine.id').onDelete('set null'))
      .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('device_status_event_key_uq').on('device_status_event').columns(['device_id', 'event_key']).unique().execute();
    await db.schema.createIndex('device_status_event_at_idx').on('device_status_event').columns(['device_id', 'at']).execute();

    await scoped(db, 'device_status_segment')
      .addColumn('device_id', 'bigint', (c) => c.notNull().references('device.id').onDelete('cascade'))
      .addColumn('start_at', 'bigint', (c) => c.notNull())
      .addColumn('end_at', 'bigint')
      .addColumn('status', 'smallint', (c) => c.notNull())
      .addColumn('reason', 'text')
      .execute();
    await db.schema.createIndex('device_status_segment_uq').on('device_status_segment').columns(['device_id', 'start_at']).unique().execute();
    await db.schema.createIndex('device_status_segment_end_idx').on('device_status_segment').columns(['device_id', 'end_at']).execute();
    await db.schema.createIndex('device_status_segment_scope_idx').on('device_status_segment').columns(['enterprise_id', 'org_id', 'start_at']).execute();
    await sql`create index device_status_segment_open_idx on device_status_segment (enterprise_id, org_id) where end_at is null`.execute(db);

    await scoped(db, 'device_downtime_note')
      .addColumn('device_id', 'bigint', (c) => c.notNull().references('device.id').onDelete('cascade'))
      .addColumn('start_at', 'bigint', (c) => c.notNull())
      /** A downtime piece starts here (a person split a segment at this instant). */
      .addColumn('split', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('reason', 'text')
      .addColumn('updated_by', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('device_downtime_note_uq').on('device_downtime_note').columns(['device_id', 'start_at']).unique().execute();
  },

  async down(db: Kysely<unknown>) {
    await dropTables(db, ['device_downtime_note', 'device_status_segment', 'device_status_event', 'machine_key']);
  },
};
