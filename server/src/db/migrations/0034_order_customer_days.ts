import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * production_order_customer_idx (migration 0033) compares the delivery date in its keys: a
 * customer's orders newest first, then the delivery date. A customer page filtered by a delivery
 * range (what a planner asks for most) then skips the orders outside the range inside the index,
 * and reads only its own rows from the table: each customer's rows are read as the index finds them
 * (lib/list-query.ts `narrowBy.inIndex`), where their keys were found first and each row was then
 * looked up again through the primary key (~13% of PostgreSQL's time for such a page, issue 11).
 * The other filter columns stay carried, as before.
 */
const CARRIED = ['order_no', 'erp_order_no', 'product_name', 'status', 'urgency', 'issue_state', 'production_state', 'source'];

export const orderCustomerDays: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`drop index production_order_customer_idx`.execute(db);
    await sql
      .raw(
        `create index production_order_customer_idx on production_order (enterprise_id, org_id, revoked, customer_name, created_at, id, delivery_date) include (${CARRIED.join(', ')})`,
      )
      .execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index production_order_customer_idx`.execute(db);
    await sql
      .raw(
        `create index production_order_customer_idx on production_order (enterprise_id, org_id, revoked, customer_name, created_at, id) include (${[...CARRIED.slice(0, 3), 'delivery_date', ...CARRIED.slice(3)].join(', ')})`,
      )
      .execute(db);
  },
};
