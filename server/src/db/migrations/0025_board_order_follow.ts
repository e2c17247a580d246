import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Board orders follow their production order (纸板订单跟随生产订单): `revoked` marks a derived board
 * order whose production order was revoked (撤销) or no longer makes board on the corrugator — it
 * leaves standby and a draft holding it cannot be issued; a restore clears it. `change_note` is what
 * changed in the production order but was not applied because the board order is already on the
 * line (an issued, running or done schedule): shown on /paperboard/orders, empty once the two agree.
 */
export const boardOrderFollow: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('board_order')
      .addColumn('revoked', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('change_note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('changed_at', 'timestamptz')
      .execute();
    await sql`create index board_order_changed_idx on board_order (enterprise_id, org_id) where change_note <> ''`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('board_order_changed_idx').ifExists().execute();
    await db.schema.alterTable('board_order').dropColumn('changed_at').dropColumn('change_note').dropColumn('revoked').execute();
  },
};
