import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { scoped, stamps } from './columns';

/**
 * Work-order ticket (流转卡) print templates per factory (/ticket-temp-cfg): names unique per
 * factory and print type, and at most one default per factory and print type (partial unique
 * index; the service keeps exactly one once a print type has templates).
 */
export const ticketTemplates: Migration = {
  async up(db: Kysely<unknown>) {
    await scoped(db, 'ticket_template')
      .addColumn('template_name', 'text', (c) => c.notNull())
      .addColumn('print_type', 'integer', (c) => c.notNull())
      .addColumn('paper_size', 'text', (c) => c.notNull())
      .addColumn('orientation', 'text', (c) => c.notNull().check(sql`orientation in ('portrait', 'landscape')`))
      .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('fields', 'jsonb', (c) => c.notNull())
      .addColumn('show_qr_code', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('qr_position', 'text', (c) => c.notNull().defaultTo('topRight'))
      .addColumn('show_process_table', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .$call(stamps)
      .execute();
    await db.schema
      .createIndex('ticket_template_name_uq')
      .on('ticket_template')
      .columns(['enterprise_id', 'org_id', 'print_type', 'template_name'])
      .unique()
      .execute();
    await db.schema
      .createIndex('ticket_template_default_uq')
      .on('ticket_template')
      .columns(['enterprise_id', 'org_id', 'print_type'])
      .unique()
      .where(sql.ref('is_default'), '=', true)
      .execute();
  },
};
