import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The production order list filtered by one status (e.g. 回收订单 = status 7, or a status tag on
 * /production-order) in its two sorts, creation time (the default) and delivery date. Without them
 * a rare status walked the factory's whole created-at or delivery-date index row by row (200,000
 * orders, 200 of them in status 7, by delivery date: 99 ms → 0.03 ms), and the exact total of a
 * status filter read the table (73 ms) instead of an index-only range (26 ms). A filter of several
 * common statuses keeps using the delivery-date index of 0013 (its first rows already match).
 */
export const orderStatusIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('production_order_status_created_idx').on('production_order').columns(['enterprise_id', 'org_id', 'revoked', 'status', 'created_at', 'id']).execute();
    await db.schema.createIndex('production_order_status_delivery_idx').on('production_order').columns(['enterprise_id', 'org_id', 'revoked', 'status', 'delivery_date', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('production_order_status_delivery_idx').ifExists().execute();
    await db.schema.dropIndex('production_order_status_created_idx').ifExists().execute();
  },
};
