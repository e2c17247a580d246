import type { Kysely } from 'kysely';
import type { AppUser, Database } from '../../db/schema';
import type { Scope } from '../../plugins/auth';

type Db = Kysely<Database>;

export type { Scope };

export interface TokenRow {
  userId: number;
  username: string;
  enterpriseId: number;
  orgId: number;
  pairId: string;
}

export async function findUserForLogin(db: Db, username: string): Promise<AppUser | undefined> {
  return db.selectFrom('app_user').selectAll().where('username', '=', username).forUpdate().executeTakeFirst();
}

export async function findUser(db: Db, enterpriseId: number, userId: number): Promise<AppUser | undefined> {
  return db
    .selectFrom('app_user')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function defaultOrgOf(db: Db, enterpriseId: number, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('user_org')
    .select('org_id')
    .where('enterprise_id', '=', enterpriseId)
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('org_id')
    .limit(1)
    .executeTakeFirst();
  return row?.org_id;
}

export async function recordFailedLogin(
  db: Db,
  userId: number,
  values: { count: number; windowStart: Date; lock: boolean; now: Date },
): Promise<void> {
  await db
    .updateTable('app_user')
    .set({
      failed_login_count: values.count,
      failed_login_window_start: values.windowStart,
      ...(values.lock ? { status: 2 as const, locked_at: values.now } : {}),
    })
    .where('id', '=', userId)
    .execute();
}

export async function clearFailedLogins(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ failed_login_count: 0, failed_login_window_start: null })
    .where('id', '=', userId)
    .execute();
}

export async function insertToken(
  db: Db,
  token: {
    hash: string;
    pairId: string;
    kind: 'access' | 'refresh';
    userId: number;
    enterpriseId: number;
    orgId: number;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('auth_token')
    .values({
      token_hash: token.hash,
      pair_id: token.pairId,
      kind: token.kind,
      user_id: token.userId,
      enterprise_id: token.enterpriseId,
      org_id: token.orgId,
      expires_at: token.expiresAt,
    })
    .execute();
}

/** The token row of a hash joined with its user; callers add their liveness conditions. */
function tokenByHash(db: Db, hash: string) {
  return db
    .selectFrom('auth_token as t')
    .innerJoin('app_user as u', 'u.id', 't.user_id')
    .select([
      't.user_id as userId',
      'u.username as username',
      't.enterprise_id as enterpriseId',
      't.org_id as orgId',
      't.pair_id as pairId',
    ])
    .where('t.token_hash', '=', hash);
}

/** A token that is not revoked, not expired and whose account is in normal status. */
export async function findLiveToken(
  db: Db,
  hash: string,
  kind: 'access' | 'refresh',
  now: Date,
): Promise<TokenRow | undefined> {
  return tokenByHash(db, hash)
    .where('t.kind', '=', kind)
    .where('t.revoked', '=', false)
    .where('t.expires_at', '>', now)
    .where('u.status', '=', 1)
    .executeTakeFirst();
}

/** Any token row by hash, live or not (logout revokes what it is given). */
export async function findTokenPair(db: Db, hash: string): Promise<TokenRow | undefined> {
  return tokenByHash(db, hash)
    .executeTakeFirst();
}

/** Revokes both tokens of a pair; returns how many were still live (0: someone revoked it first). */
export async function revokePair(db: Db, pairId: string): Promise<number> {
  const result = await db
    .updateTable('auth_token')
    .set({ revoked: true })
    .where('pair_id', '=', pairId)
    .where('revoked', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function movePairToOrg(db: Db, pairId: string, orgId: number): Promise<void> {
  await db.updateTable('auth_token').set({ org_id: orgId }).where('pair_id', '=', pairId).execute();
}

/** Authority codes the user holds in the scope's factory (through roles of that factory). */
export async function accountAuthorities(db: Db, scope: Scope): Promise<string[]> {
  const rows = await db
    .selectFrom('user_role as ur')
    .innerJoin('role_authority as ra', (join) =>
      join.onRef('ra.role_id', '=', 'ur.role_id').onRef('ra.org_id', '=', 'ur.org_id'),
    )
    .innerJoin('authority as a', 'a.id', 'ra.authority_id')
    .select('a.code')
    .distinct()
    .where('ur.enterprise_id', '=', scope.enterpriseId)
    .where('ur.org_id', '=', scope.orgId)
    .where('ur.user_id', '=', scope.userId)
    .orderBy('a.code')
    .execute();
  return rows.map((row) => row.code);
}

/** Authority codes granted to any role of the scope's factory. */
export async function orgAuthorities(db: Db, scope: Scope): Promise<string[]> {
  const rows = await db
    .selectFrom('role_authority as ra')
    .innerJoin('authority as a', 'a.id', 'ra.authority_id')
    .select('a.code')
    .distinct()
    .where('ra.enterprise_id', '=', scope.enterpriseId)
    .where('ra.org_id', '=', scope.orgId)
    .orderBy('a.code')
    .execute();
  return rows.map((row) => row.code);
}

export async function rolesOf(db: Db, scope: Scope): Promise<Array<{ roleId: number; roleName: string }>> {
  return db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.id', 'ur.role_id')
    .select(['r.id as roleId', 'r.name as roleName'])
    .where('ur.enterprise_id', '=', scope.enterpriseId)
    .where('ur.org_id', '=', scope.orgId)
    .where('ur.user_id', '=', scope.userId)
    .orderBy('r.id')
    .execute();
}

export async function orgsOf(
  db: Db,
  enterpriseId: number,
  userId: number,
): Promise<Array<{ orgId: number; orgName: string }>> {
  return db
    .selectFrom('user_org as uo')
    .innerJoin('org as o', (join) => join.onRef('o.id', '=', 'uo.org_id').onRef('o.enterprise_id', '=', 'uo.enterprise_id'))
    .select(['o.id as orgId', 'o.name as orgName'])
    .where('uo.enterprise_id', '=', enterpriseId)
    .where('uo.user_id', '=', userId)
    .orderBy('o.id')
    .execute();
}

export async function insertUserLog(db: Db, scope: Scope, systemId: string, buttonId: string): Promise<void> {
  await db
    .insertInto('user_log')
    .values({
      enterprise_id: scope.enterpriseId,
      org_id: scope.orgId,
      user_id: scope.userId,
      system_id: systemId,
      button_id: buttonId,
    })
    .execute();
}
