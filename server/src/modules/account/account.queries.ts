import { sql } from 'kysely';
import type { Db } from '../../db';
import type { AccountStatus, AuthorityKind, SmsPurpose } from '../../db/schema';
import type { Scope } from '../../plugins/auth';
import { type RowOf } from '../../lib/scoped';

// ---- departments -------------------------------------------------------------------------

export interface DepartmentRow {
  id: number;
  name: string;
  parentId: number | null;
  userCount: number;
}

export async function listDepartments(db: Db, scope: Scope): Promise<DepartmentRow[]> {
  return db
    .selectFrom('department as d')
    .select((eb) => [
      'd.id',
      'd.name',
      'd.parent_id as parentId',
      eb
        .selectFrom('user_org as uo')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('uo.department_id', '=', 'd.id')
        .where('uo.org_id', '=', scope.orgId)
        .as('userCount'),
    ])
    .where('d.enterprise_id', '=', scope.enterpriseId)
    .where('d.org_id', '=', scope.orgId)
    .orderBy('d.sort')
    .orderBy('d.id')
    .execute() as Promise<DepartmentRow[]>;
}

export async function findDepartment(db: Db, scope: Scope, id: number): Promise<{ id: number; name: string; parentId: number | null } | undefined> {
  return db
    .selectFrom('department')
    .select(['id', 'name', 'parent_id as parentId'])
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Departments of the scope by name (for imports). */
export async function departmentsByName(db: Db, scope: Scope): Promise<Map<string, number[]>> {
  const rows = await db
    .selectFrom('department')
    .select(['id', 'name'])
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .execute();
  const byName = new Map<string, number[]>();
  for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row.id]);
  return byName;
}

export async function siblingNameTaken(db: Db, scope: Scope, parentId: number | null, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('department')
    .select('id')
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('name', '=', name)
    .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertDepartment(db: Db, scope: Scope, parentId: number | null, name: string): Promise<number> {
  const row = await db
    .insertInto('department')
    .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, parent_id: parentId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameDepartment(db: Db, scope: Scope, id: number, name: string): Promise<void> {
  await db
    .updateTable('department')
    .set({ name })
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('id', '=', id)
    .execute();
}

export async function departmentUsage(db: Db, scope: Scope, id: number): Promise<{ users: number; children: number }> {
  const [users, children] = await Promise.all([
    db
      .selectFrom('user_org')
      .select(sql<number>`count(*)`.as('n'))
      .where('enterprise_id', '=', scope.enterpriseId)
      .where('department_id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('department')
      .select(sql<number>`count(*)`.as('n'))
      .where('enterprise_id', '=', scope.enterpriseId)
      .where('parent_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return { users: Number(users.n), children: Number(children.n) };
}

export async function deleteDepartment(db: Db, scope: Scope, id: number): Promise<void> {
  await db
    .deleteFrom('department')
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('id', '=', id)
    .execute();
}

// ---- users of the factory ------------------------------------------------------------------

/** Rows of the staff list: members of a factory with department and role names (filters add the scope). */
export function staffQuery(db: Db) {
  return db
    .selectFrom('user_org as uo')
    .innerJoin('app_user as u', (join) => join.onRef('u.id', '=', 'uo.user_id').onRef('u.enterprise_id', '=', 'uo.enterprise_id'))
    .leftJoin('department as d', 'd.id', 'uo.department_id')
    .select((eb) => [
      'u.id as userId',
      'u.username',
      'u.nick_name as nickName',
      'u.mobile',
      'u.status',
      'uo.department_id as departmentId',
      'd.name as departmentName',
      'u.created_at as createdAt',
      eb
        .selectFrom('user_role as ur')
        .innerJoin('role as r', 'r.id', 'ur.role_id')
        .select(sql<string | null>`string_agg(r.id::text || chr(31) || r.name, chr(30) order by r.id)`.as('roles'))
        .whereRef('ur.user_id', '=', 'uo.user_id')
        .whereRef('ur.org_id', '=', 'uo.org_id')
        .as('roles'),
    ]);
}
export type StaffRow = RowOf<typeof staffQuery>;

/** Which of these users are members of the scope's factory. */
export async function membersOf(db: Db, scope: Scope, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('user_org')
    .select('user_id')
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('user_id', 'in', userIds)
    .execute();
  return rows.map((row) => row.user_id);
}

export async function existingUsernames(db: Db, usernames: string[]): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await db.selectFrom('app_user').select('username').where('username', 'in', usernames).execute();
  return rows.map((row) => row.username);
}

/** Whether another account of the enterprise holds this mobile number. */
export async function mobileTaken(db: Db, enterpriseId: number, mobile: string, exceptUserId?: number): Promise<boolean> {
  if (!mobile) return false;
  let query = db.selectFrom('app_user').select('id').where('enterprise_id', '=', enterpriseId).where('mobile', '=', mobile);
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** The enterprise's accounts holding any of these mobile numbers. */
export async function existingMobiles(db: Db, enterpriseId: number, mobiles: string[]): Promise<string[]> {
  if (mobiles.length === 0) return [];
  const rows = await db.selectFrom('app_user').select('mobile').where('enterprise_id', '=', enterpriseId).where('mobile', 'in', mobiles).execute();
  return rows.map((row) => row.mobile);
}

export async function insertUser(
  db: Db,
  scope: Scope,
  user: { username: string; nickName: string; mobile: string; passwordHash: string; status: AccountStatus; departmentId: number | null },
): Promise<number> {
  const { id } = await db
    .insertInto('app_user')
    .values({
      enterprise_id: scope.enterpriseId,
      username: user.username,
      nick_name: user.nickName,
      mobile: user.mobile,
      password_hash: user.passwordHash,
      status: user.status,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_org')
    .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, user_id: id, is_default: true, department_id: user.departmentId })
    .execute();
  return id;
}

export async function updateUser(db: Db, scope: Scope, userId: number, values: { nickName: string; mobile: string }): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ nick_name: values.nickName, mobile: values.mobile })
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('id', '=', userId)
    .execute();
}

export async function setDepartment(db: Db, scope: Scope, userIds: number[], departmentId: number | null): Promise<void> {
  await db
    .updateTable('user_org')
    .set({ department_id: departmentId })
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('user_id', 'in', userIds)
    .execute();
}

export async function setStatus(db: Db, scope: Scope, userIds: number[], status: AccountStatus, now: Date): Promise<void> {
  await db
    .updateTable('app_user')
    .set(
      status === 1
        ? { status, failed_login_count: 0, failed_login_window_start: null, locked_at: null }
        : status === 2
          ? { status, locked_at: now }
          : { status },
    )
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('id', 'in', userIds)
    .execute();
}

export async function userBriefs(db: Db, scope: Scope, userIds: number[]): Promise<Array<{ userId: number; username: string; mobile: string }>> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('app_user')
    .select(['id as userId', 'username', 'mobile'])
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('id', 'in', userIds)
    .execute();
}

// ---- roles --------------------------------------------------------------------------------

export function roleQuery(db: Db) {
  return db.selectFrom('role as r').select((eb) => [
    'r.id as roleId',
    'r.name as roleName',
    'r.remark',
    'r.created_at as createdAt',
    eb
      .selectFrom('user_role as ur')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('ur.role_id', '=', 'r.id')
      .as('userCount'),
  ]);
}
export type RoleRow = RowOf<typeof roleQuery>;

export async function findRole(db: Db, scope: Scope, roleId: number): Promise<RoleRow | undefined> {
  return roleQuery(db)
    .where('r.enterprise_id', '=', scope.enterpriseId)
    .where('r.org_id', '=', scope.orgId)
    .where('r.id', '=', roleId)
    .executeTakeFirst();
}

/** Locks the scope's role row for the rest of the transaction; false when there is none. */
export async function lockRole(db: Db, scope: Scope, roleId: number): Promise<boolean> {
  const row = await db
    .selectFrom('role')
    .select('id')
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('id', '=', roleId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes the role with its authorities (cascade). */
export async function deleteRole(db: Db, scope: Scope, roleId: number): Promise<void> {
  await db.deleteFrom('role').where('enterprise_id', '=', scope.enterpriseId).where('org_id', '=', scope.orgId).where('id', '=', roleId).execute();
}

/** Role ids and names of the scope's factory. */
export async function rolesOfScope(db: Db, scope: Scope): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('role')
    .select(['id', 'name'])
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .orderBy('id')
    .execute();
}

export async function roleNameTaken(db: Db, scope: Scope, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('role')
    .select('id')
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertRole(db: Db, scope: Scope, name: string, remark: string): Promise<number> {
  const row = await db
    .insertInto('role')
    .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, name, remark })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRole(db: Db, scope: Scope, roleId: number, name: string, remark: string): Promise<void> {
  await db
    .updateTable('role')
    .set({ name, remark })
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('id', '=', roleId)
    .execute();
}

/** Makes sure every code exists in the authority table (new codes arrive with new modules). */
export async function ensureAuthorities(db: Db, entries: Array<{ code: string; name: string; kind: AuthorityKind }>): Promise<Map<string, number>> {
  if (entries.length === 0) return new Map();
  await db
    .insertInto('authority')
    .values(entries)
    .onConflict((conflict) => conflict.column('code').doNothing())
    .execute();
  const rows = await db
    .selectFrom('authority')
    .select(['id', 'code'])
    .where(
      'code',
      'in',
      entries.map((entry) => entry.code),
    )
    .execute();
  return new Map(rows.map((row) => [row.code, row.id]));
}

export async function replaceRoleAuthorities(db: Db, scope: Scope, roleId: number, authorityIds: number[]): Promise<void> {
  await db.deleteFrom('role_authority').where('role_id', '=', roleId).where('org_id', '=', scope.orgId).execute();
  if (authorityIds.length === 0) return;
  await db
    .insertInto('role_authority')
    .values(authorityIds.map((id) => ({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, role_id: roleId, authority_id: id })))
    .execute();
}

export async function roleAuthorityCodes(db: Db, scope: Scope, roleId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('role_authority as ra')
    .innerJoin('authority as a', 'a.id', 'ra.authority_id')
    .select('a.code')
    .where('ra.enterprise_id', '=', scope.enterpriseId)
    .where('ra.org_id', '=', scope.orgId)
    .where('ra.role_id', '=', roleId)
    .orderBy('a.code')
    .execute();
  return rows.map((row) => row.code);
}

export async function roleUserIds(db: Db, scope: Scope, roleId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_role')
    .select('user_id')
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('role_id', '=', roleId)
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

export async function replaceRoleUsers(db: Db, scope: Scope, roleId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('user_role').where('org_id', '=', scope.orgId).where('role_id', '=', roleId).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('user_role')
    .values(userIds.map((userId) => ({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, user_id: userId, role_id: roleId })))
    .execute();
}

/** The user's roles in the scope's factory become exactly `roleIds`. */
export async function replaceUserRoles(db: Db, scope: Scope, userId: number, roleIds: number[]): Promise<void> {
  await db
    .deleteFrom('user_role')
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('user_id', '=', userId)
    .execute();
  if (roleIds.length === 0) return;
  await db
    .insertInto('user_role')
    .values(roleIds.map((roleId) => ({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, user_id: userId, role_id: roleId })))
    .execute();
}

// ---- own account --------------------------------------------------------------------------

export async function latestSmsCode(
  db: Db,
  userId: number,
  purpose: SmsPurpose,
): Promise<{ id: number; mobile: string; codeHash: string; attempts: number; used: boolean; expiresAt: Date; createdAt: Date } | undefined> {
  return db
    .selectFrom('sms_code')
    .select(['id', 'mobile', 'code_hash as codeHash', 'attempts', 'used', 'expires_at as expiresAt', 'created_at as createdAt'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertSmsCode(
  db: Db,
  scope: Scope,
  code: { purpose: SmsPurpose; mobile: string; codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('sms_code')
    .values({
      enterprise_id: scope.enterpriseId,
      user_id: scope.userId,
      purpose: code.purpose,
      mobile: code.mobile,
      code_hash: code.codeHash,
      expires_at: code.expiresAt,
      created_at: code.createdAt,
    })
    .execute();
}

export async function markSmsCode(db: Db, id: number, values: { attempts?: number; used?: boolean }): Promise<void> {
  await db.updateTable('sms_code').set(values).where('id', '=', id).execute();
}

export async function setPasswordHash(db: Db, scope: Scope, passwordHash: string): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ password_hash: passwordHash })
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('id', '=', scope.userId)
    .execute();
}

export async function setMobile(db: Db, scope: Scope, mobile: string): Promise<void> {
  await db.updateTable('app_user').set({ mobile }).where('enterprise_id', '=', scope.enterpriseId).where('id', '=', scope.userId).execute();
}

/** Revokes every token of a user except the given pair (null: all). */
export async function revokeOtherPairs(db: Db, userId: number, keepPairId: string | null): Promise<void> {
  let query = db.updateTable('auth_token').set({ revoked: true }).where('user_id', '=', userId).where('revoked', '=', false);
  if (keepPairId) query = query.where('pair_id', '!=', keepPairId);
  await query.execute();
}

/** Sessions opened in factories the user no longer belongs to end at once. */
export async function revokeTokensInOrgs(db: Db, userId: number, orgIds: number[]): Promise<void> {
  if (orgIds.length === 0) return;
  await db.updateTable('auth_token').set({ revoked: true }).where('user_id', '=', userId).where('org_id', 'in', orgIds).execute();
}

// ---- factory membership -------------------------------------------------------------------

export async function enterpriseOrgs(db: Db, enterpriseId: number): Promise<Array<{ orgId: number; orgName: string }>> {
  return db.selectFrom('org').select(['id as orgId', 'name as orgName']).where('enterprise_id', '=', enterpriseId).orderBy('id').execute();
}

export async function userMemberships(db: Db, enterpriseId: number, userId: number): Promise<Array<{ orgId: number; isDefault: boolean }>> {
  return db
    .selectFrom('user_org')
    .select(['org_id as orgId', 'is_default as isDefault'])
    .where('enterprise_id', '=', enterpriseId)
    .where('user_id', '=', userId)
    .orderBy('org_id')
    .execute();
}

export async function removeMemberships(db: Db, enterpriseId: number, userId: number, orgIds: number[]): Promise<void> {
  if (orgIds.length === 0) return;
  await db
    .deleteFrom('user_role')
    .where('enterprise_id', '=', enterpriseId)
    .where('user_id', '=', userId)
    .where('org_id', 'in', orgIds)
    .execute();
  await db
    .deleteFrom('user_org')
    .where('enterprise_id', '=', enterpriseId)
    .where('user_id', '=', userId)
    .where('org_id', 'in', orgIds)
    .execute();
}

export async function addMemberships(db: Db, enterpriseId: number, userId: number, orgIds: number[]): Promise<void> {
  if (orgIds.length === 0) return;
  await db
    .insertInto('user_org')
    .values(orgIds.map((orgId) => ({ enterprise_id: enterpriseId, org_id: orgId, user_id: userId, is_default: false })))
    .execute();
}

export async function setDefaultOrg(db: Db, enterpriseId: number, userId: number, orgId: number): Promise<void> {
  await db
    .updateTable('user_org')
    .set({ is_default: sql<boolean>`org_id = ${orgId}` })
    .where('enterprise_id', '=', enterpriseId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteUser(db: Db, enterpriseId: number, userId: number): Promise<void> {
  await db.deleteFrom('app_user').where('enterprise_id', '=', enterpriseId).where('id', '=', userId).execute();
}
