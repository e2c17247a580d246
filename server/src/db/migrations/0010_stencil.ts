import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { factoryUnique, scoped, stamps } from './columns';

/**
 * Printing plates (印版, /stencil-list). A plate may name a product of its factory; deleting the
 * product keeps the plate (its product is cleared). Plate numbers are unique per factory.
 */
export const stencil: Migration = {
  async up(db: Kysely<unknown>) {
    await scoped(db, 'stencil')
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
      .$call(stamps)
      .execute();
    await factoryUnique(db, 'stencil_code_uq', 'stencil', ['code']);
    await db.schema.createIndex('stencil_product_idx').on('stencil').columns(['product_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('stencil').execute();
  },
};
