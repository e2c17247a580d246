import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Failed logins per username string (whether or not the account exists) and client address: the
 * throttle that slows a guesser down without locking the owner out from elsewhere (issue 9 §5).
 * An administrator's unlock (an account set to status 1 by edit_status) clears the throttle of that
 * username, by a trigger, so every path that sets the status back to normal does it. Account
 * status 2 stays the administrator's own lock.
 */
export const loginThrottle: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('login_throttle')
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('client', 'text', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull())
      .addColumn('blocked_until', 'timestamptz')
      .addPrimaryKeyConstraint('login_throttle_pk', ['username', 'client'])
      .execute();
    await db.schema.createIndex('login_throttle_last_failure_idx').on('login_throttle').column('last_failure_at').execute();
    await sql`
      create function login_throttle_unlock() returns trigger language plpgsql as $$
      begin
        delete from login_throttle where username = new.username;
        return new;
      end
      $$
    `.execute(db);
    await sql`
      create trigger app_user_unlock_clears_login_throttle after update of status on app_user
      for each row when (new.status = 1) execute function login_throttle_unlock()
    `.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop trigger if exists app_user_unlock_clears_login_throttle on app_user`.execute(db);
    await sql`drop function if exists login_throttle_unlock()`.execute(db);
    await db.schema.dropTable('login_throttle').execute();
  },
};
