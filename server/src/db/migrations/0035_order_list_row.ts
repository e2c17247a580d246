import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * `production_order.list_row`: the order's row of the three order lists as JSON text (all of it but the
 * createTime value and the closing `"}`), written by a
 * trigger before every insert and update of the order (issue 11: the order list at 200,000 orders).
 * A list page is then twenty texts joined into the response as they are: PostgreSQL no longer
 * builds JSON from 23 columns of each row at read time (~5 µs a row), and the server neither parses
 * the page, nor builds row objects, nor serialises them again (~60 µs of ~500 a request). The row's
 * columns are all on the order (the facts of migration 0028 included, which their own triggers
 * write by updating the order, so this trigger sees every change in the same transaction).
 *
 * It holds every field of the contract's `ProductionOrderListRow`, up to the value of `createTime`,
 * the creation time in the server's time zone (its configuration, not the database's): the list
 * query appends it (production-order.service.ts `orderListQuery`). Numbers, booleans and null are
 * JSON's own; the delivery date is `YYYY-MM-DD`, as the server writes a date; texts are escaped by
 * to_json.
 */
const FIELDS: Array<[field: string, value: string]> = [
  ['id', 'new.id'], ['orderNo', 'new.order_no'], ['erpOrderNo', 'new.erp_order_no'], ['source', 'new.source'], ['customerName', 'new.customer_name'],
  ['productName', 'new.product_name'], ['lengthMm', 'new.length_mm'], ['widthMm', 'new.width_mm'], ['heightMm', 'new.height_mm'], ['quantity', 'new.quantity'],
  ['unit', 'new.unit'], ['goodQty', 'new.good_qty'], ['deliveryDate', `to_char(new.delivery_date, 'YYYY-MM-DD')`], ['urgency', 'new.urgency'], ['status', 'new.status'],
  ['suspendedFrom', 'new.suspended_from'], ['scheduleState', 'new.schedule_state'], ['issueState', 'new.issue_state'], ['productionState', 'new.production_state'],
  ['revoked', 'new.revoked'], ['changeWarnings', 'new.warning_count'], ['hasReports', 'new.report_count > 0'], ['hasIssued', 'new.issued_count > 0'],
];
/**
 * The object as compact JSON in this order (json_build_object writes ` : ` between each name and
 * value), to_json escaping each value (null is null), up to the opening quote of the createTime
 * value: the list query appends the time and `"}`, a plain concatenation for each row it reads.
 */
const LIST_ROW = `'{' || ${FIELDS.map(([field, value], index) => `'${index === 0 ? '' : ','}"${field}":' || coalesce(to_json(${value})::text, 'null')`).join(' || ')} || ',"createTime":"'`;

export const orderListRow: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table production_order add column list_row text not null default ''`.execute(db);
    await sql
      .raw(
        `create function production_order_list_row() returns trigger language plpgsql as $$
         begin
           new.list_row := ${LIST_ROW};
           return new;
         end $$`,
      )
      .execute(db);
    await sql`
      create trigger production_order_list_row before insert or update on production_order
      for each row execute function production_order_list_row()`.execute(db);
    // Every order as it is now (the trigger writes the row).
    await sql`update production_order set list_row = ''`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop trigger if exists production_order_list_row on production_order`.execute(db);
    await sql`drop function if exists production_order_list_row()`.execute(db);
    await sql`alter table production_order drop column if exists list_row`.execute(db);
  },
};
