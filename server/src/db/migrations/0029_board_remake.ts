import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * 补单 from a defect report (/paperboard/fecalOrders 生成补单): `source_report_id` links a re-make board
 * order to the audited work report whose defects it replaces; one re-make per report and factory
 * (partial unique index, so hand-entered and imported re-makes stay unlinked).
 */
export const boardRemake: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('board_order')
      .addColumn('source_report_id', 'bigint', (c) => c.references('work_report.id').onDelete('set null'))
      .execute();
    await sql`create unique index board_order_source_report_uq on board_order (enterprise_id, org_id, source_report_id) where source_report_id is not null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('board_order_source_report_uq').ifExists().execute();
    await db.schema.alterTable('board_order').dropColumn('source_report_id').execute();
  },
};
