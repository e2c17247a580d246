import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Work-order ticket (流转卡) print templates per factory (/ticket-temp-cfg). */
export const ticketTemplates: Migration = {
  async up(_db: Kysely<unknown>) {
    // filled in by the change that adds the tables
  },
};
