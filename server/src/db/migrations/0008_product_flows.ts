import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Process flows made for one product (产品专用): the product they belong to. Deleting the product
 * deletes its own flows. Flows already marked 产品专用 keep that mark only when exactly one product
 * uses them (that product becomes the owner); otherwise they become templates.
 */
export const productFlows: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('process_flow')
      .addColumn('product_id', 'bigint', (c) => c.references('product.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('process_flow_product_idx').on('process_flow').columns(['product_id']).execute();
    await sql`
      update process_flow f set product_id = (
        select min(p.id) from product p
        where p.process_flow_id = f.id and p.enterprise_id = f.enterprise_id and p.org_id = f.org_id
      )
      where not f.is_template
        and (select count(*) from product p where p.process_flow_id = f.id and p.enterprise_id = f.enterprise_id and p.org_id = f.org_id) = 1
    `.execute(db);
    await sql`update process_flow set is_template = true where not is_template and product_id is null`.execute(db);
    await sql`alter table process_flow add constraint process_flow_product_ck check (is_template = (product_id is null))`.execute(db);
  },
};
