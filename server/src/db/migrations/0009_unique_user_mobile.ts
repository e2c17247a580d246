import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The account service maps a violation of this index to 手机号…已被其他账号使用. */
const USER_MOBILE_INDEX = 'app_user_mobile_uq';

/**
 * A mobile number belongs to one account of an enterprise: SMS codes (password reset, phone change)
 * go to it. Older data may hold duplicates: the earliest account keeps the number, the later ones
 * are unbound ('' — their holders ask an administrator, as for any account without a number).
 */
export const uniqueUserMobile: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      update app_user u set mobile = ''
      where u.mobile <> ''
        and exists (select 1 from app_user o where o.enterprise_id = u.enterprise_id and o.mobile = u.mobile and o.id < u.id)
    `.execute(db);
    await db.schema
      .createIndex(USER_MOBILE_INDEX)
      .unique()
      .on('app_user')
      .columns(['enterprise_id', 'mobile'])
      .where(sql.ref('mobile'), '<>', '')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex(USER_MOBILE_INDEX).execute();
  },
};
