import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * What decides a request's session: the access token (revoked, expired, deleted), its account
 * (status, username) and the account's authority codes in the token's factory (its roles, their
 * authorities). A statement that changes any of these notifies channel `mes_session`
 * (SESSION_CHANNEL of db/notifications.ts), delivered once per transaction at its commit, so every
 * server process drops the sessions it keeps in memory (modules/auth/session-cache.ts). The triggers are on the tables, not in the
 * services: no writer can forget them (logout, refresh, account and role screens, seeds, an
 * administrator's SQL). A new token (INSERT into auth_token) changes no session already known.
 */
const WATCHED = [
  { table: 'auth_token', events: 'update or delete or truncate' },
  { table: 'app_user', events: 'update of status, username or delete or truncate' },
  { table: 'user_role', events: 'insert or update or delete or truncate' },
  { table: 'role_authority', events: 'insert or update or delete or truncate' },
  { table: 'authority', events: 'update or delete or truncate' },
] as const;

export const sessionNotify: Migration = {
  async up(db: Kysely<unknown>) {
    await sql
      .raw(
        `create function notify_session_change() returns trigger language plpgsql as $$
         begin
           perform pg_notify('mes_session', '');
           return null;
         end
         $$`,
      )
      .execute(db);
    for (const { table, events } of WATCHED) {
      await sql.raw(`create trigger ${table}_session_change after ${events} on ${table} for each statement execute function notify_session_change()`).execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    for (const { table } of WATCHED) await sql.raw(`drop trigger if exists ${table}_session_change on ${table}`).execute(db);
    await sql.raw('drop function if exists notify_session_change()').execute(db);
  },
};
