import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Process flows made for one product (产品专用): the product they belong to. */
export const productFlows: Migration = {
  async up(_db: Kysely<unknown>) {
    // filled in by the change that adds the tables
  },
};
