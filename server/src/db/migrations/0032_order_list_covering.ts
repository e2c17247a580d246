import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The order list's default order (newest first) walks production_order_list_idx. A filter that
 * rejects most orders (a customer, a product, an order number, a delivery range) made that walk
 * read each passed order from the table only to reject it: about a thousand rows for a page of a
 * customer's spring orders among 200,000 (issue 11). The index now carries every filter column, so
 * the list finds a page's keys by reading the index alone (an index-only scan) and then reads just
 * the page's rows (lib/list-query.ts `coveredFilters`).
 */
const FILTER_COLUMNS = ['order_no', 'erp_order_no', 'customer_name', 'product_name', 'delivery_date', 'status', 'urgency', 'issue_state', 'production_state', 'source'];

export const orderListCovering: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('production_order_list_idx').execute();
    await sql
      .raw(`create index production_order_list_idx on production_order (enterprise_id, org_id, revoked, created_at, id) include (${FILTER_COLUMNS.join(', ')})`)
      .execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('production_order_list_idx').execute();
    await db.schema.createIndex('production_order_list_idx').on('production_order').columns(['enterprise_id', 'org_id', 'revoked', 'created_at', 'id']).execute();
  },
};
