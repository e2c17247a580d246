import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Printing plates (印版, /stencil-list). A plate may name a product of its factory; deleting the
 * product keeps the plate (its product is cleared). Plate numbers are unique per factory.
 */
export const stencil: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('stencil')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
      .addColumn('org_id', 'bigint', (c) => c.notNull().references('org.id'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('customer_name', 'text', (c) => c.notNull())
      .addColumn('product_id', 'bigint', (c) => c.references('product.id').onDelete('set null'))
      .addColumn('color', 'text', (c) => c.notNull())
      .addColumn('plate_type', 'text', (c) => c.notNull())
      .addColumn('width_mm', 'integer', (c) => c.notNull())
      .addColumn('height_mm', 'integer', (c) => c.notNull())
      .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`status between 1 and 3`))
      .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('life_count', 'integer', (c) => c.notNull())
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('stencil_code_uq').on('stencil').columns(['enterprise_id', 'org_id', 'code']).unique().execute();
    await db.schema.createIndex('stencil_product_idx').on('stencil').columns(['product_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('stencil').execute();
  },
};
