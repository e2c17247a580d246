import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * 维修单 ↔ 停机记录 (issue 10): `downtime_link_start` names the downtime record a repair order is
 * about by the order's device and the record's start instant (epoch milliseconds) — the same key
 * device_downtime_note and the downtime endpoints use. Segment ids are not kept: the timeline store
 * rewrites segments when late events arrive, while a start instant survives; a person's split keeps
 * the linked piece starting there (it only ends earlier). Null: no link, the range was typed by hand.
 */
export const repairDowntimeLink: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('repair_order').addColumn('downtime_link_start', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('repair_order').dropColumn('downtime_link_start').execute();
  },
};
