import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The order list's customer filter finds a page per customer (lib/list-query.ts `narrowBy`).
 * - `production_order_customer`: every customer name a factory's orders have had, kept by
 *   triggers (a name is added when an order brings it, never removed: a name left without orders
 *   costs one empty index range, nothing more).
 * - `production_order_customer_idx`: the orders of each customer, newest first, carrying the other
 *   filter columns (as production_order_list_idx, migration 0032), so a customer's page is a short
 *   index-only walk instead of a walk of every order until enough of that customer's turn up.
 */
const FILTER_COLUMNS = ['order_no', 'erp_order_no', 'product_name', 'delivery_date', 'status', 'urgency', 'issue_state', 'production_state', 'source'];

export const orderCustomers: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table production_order_customer (
        enterprise_id bigint not null references enterprise (id),
        org_id bigint not null references org (id),
        customer_name text not null,
        primary key (enterprise_id, org_id, customer_name)
      )`.execute(db);
    await sql`
      insert into production_order_customer (enterprise_id, org_id, customer_name)
      select distinct enterprise_id, org_id, customer_name from production_order`.execute(db);
    // Names in one order, so two statements bringing the same new names never wait on each other crosswise.
    await sql
      .raw(
        `create function production_order_customer_keep() returns trigger language plpgsql as $$
         begin
           insert into production_order_customer (enterprise_id, org_id, customer_name)
           select distinct enterprise_id, org_id, customer_name from brought order by 1, 2, 3
           on conflict do nothing;
           return null;
         end
         $$`,
      )
      .execute(db);
    await sql`
      create trigger production_order_customer_insert after insert on production_order
      referencing new table as brought for each statement execute function production_order_customer_keep()`.execute(db);
    // A statement trigger with a transition table cannot name columns: a renaming update is caught row by row.
    await sql
      .raw(
        `create function production_order_customer_rename() returns trigger language plpgsql as $$
         begin
           insert into production_order_customer (enterprise_id, org_id, customer_name)
           values (new.enterprise_id, new.org_id, new.customer_name) on conflict do nothing;
           return null;
         end
         $$`,
      )
      .execute(db);
    await sql`
      create trigger production_order_customer_update after update of customer_name, enterprise_id, org_id on production_order
      for each row when (old.customer_name is distinct from new.customer_name or old.org_id <> new.org_id or old.enterprise_id <> new.enterprise_id)
      execute function production_order_customer_rename()`.execute(db);
    await sql
      .raw(
        `create index production_order_customer_idx on production_order (enterprise_id, org_id, revoked, customer_name, created_at, id) include (${FILTER_COLUMNS.join(', ')})`,
      )
      .execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index if exists production_order_customer_idx`.execute(db);
    await sql`drop trigger if exists production_order_customer_update on production_order`.execute(db);
    await sql`drop trigger if exists production_order_customer_insert on production_order`.execute(db);
    await sql`drop function if exists production_order_customer_rename()`.execute(db);
    await sql`drop function if exists production_order_customer_keep()`.execute(db);
    await sql`drop table if exists production_order_customer`.execute(db);
  },
};
