import { sql } from 'kysely';
import { randomInt } from 'node:crypto';
import type {
  AddDepartmentRequest,
  AddRoleRequest,
  AddStaffRequest,
  AssignRoleUsersRequest,
  BatchAddStaffRequest,
  DepartmentNode,
  EditRoleRequest,
  EditStaffRequest,
  EditStaffStatusRequest,
  PermissionNode,
  RenameDepartmentRequest,
  RoleDetail,
  RoleItem,
  SetUserOrgsRequest,
  SmsRequest,
  SmsResult,
  StaffUser,
  UpdateMobileRequest,
  UpdatePasswordRequest,
  UserOption,
  UserOrgGrant,
} from '@core/contracts/account';
import { roleInUseMessage } from '@core/contracts/account';
import { ResultCode, type PageResult } from '@core/contracts/common';
import type { ImportResult } from '@core/contracts/files';
import { checkMobile, checkPassword } from '@core/rules/patterns';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import type { AccountStatus, AuthorityKind, SmsPurpose } from '../../db/schema';
import { conflict, notFound, validation } from '../../lib/errors';
import { factoryList, inScope, refuseTaken, type RowOf } from '../../lib/scoped';
import { guardUnique } from '../../lib/unique';
import { ImportMessages, runImport, type ImportColumn, type ImportRowError } from '../../lib/excel-import';
import type { ExportColumn } from '../../lib/excel-export';
import { runList, streamList, type ListParams, type ListSpec } from '../../lib/list-query';
import { scopeOf, type Scope, type Session } from '../../plugins/auth';
import { AppError } from '../../plugins/envelopes';
import { hashPassword, hashToken } from '@server/modules/auth';
import { formatDateTime } from '../../lib/datetime';
import { authorityCatalogue, buildPermissionTree, GROUP_PREFIX } from './permission-tree';
import { maskMobile, SMS_CODE_TTL_MS, SMS_MAX_ATTEMPTS, SMS_RESEND_SECONDS, smsText, type SmsSender } from './sms';

export const AccountMessages = {
  departmentNotFound: '部门不存在',
  parentNotFound: '上级部门不存在',
  departmentNameTaken: '同级部门下已存在该名称',
  departmentHasUsers: '该部门下存在用户，无法删除',
  departmentHasChildren: '该部门下存在子部门，无法删除',
  userNotFound: '用户不存在',
  usernameTaken: '用户名已存在',
  roleNotFound: '角色不存在',
  roleNameTaken: '角色名称已存在',
  roleInUse: roleInUseMessage,
  unknownAuthority: (codes: string[]) => `未知的权限编码：${codes.join('、')}`,
  authorityNotHeld: '不能授予自己没有的权限',
  ownStatus: '不能修改当前登录账号的状态',
  ownAccount: '不能删除当前登录账号',
  ownFactory: '不能取消自己当前所在工厂的授权',
  orgNotFound: '工厂不存在',
  noMobile: '账号未绑定手机号，请联系管理员',
  sameMobile: '新手机号不能与原手机号相同',
  /** Mobile numbers receive the SMS codes of password reset: one account each per enterprise. */
  mobileTaken: (mobile: string) => `手机号${mobile}已被其他账号使用，请更换`,
  smsTooOften: (seconds: number) => `验证码已发送，请${seconds}秒后再试`,
  badCode: '验证码错误或已过期',
  noAuthority: '没有操作权限',
  usernamePattern: '用户名只能包含字母、数字和 _ . @ -，长度3-30位',
} as const;

const STATUS_LABELS: Record<AccountStatus, string> = { 0: '禁用', 1: '正常', 2: '锁定' };
const PURPOSE_LABELS: Record<SmsPurpose, string> = { reset_password: '重置密码', modify_phone: '修改手机号' };
const PURPOSE_AUTHORITY: Record<SmsPurpose, string> = {
  reset_password: 'MENU_ACCOUNT_RESET_PASSWORD',
  modify_phone: 'MENU_ACCOUNT_MODIFY_PHONE',
};
const USERNAME = /^[A-Za-z0-9_.@-]{3,30}$/;
/** Unique indexes of app_user (migrations 0001 and 0009). */
const UNIQUE_INDEXES = { username: 'app_user_username_key', mobile: 'app_user_mobile_uq' } as const;

export const STAFF_LIST: ListSpec = {
  scope: { enterprise: 'uo.enterprise_id', org: 'uo.org_id' },
  filters: {
    departmentId: { column: 'uo.department_id', kind: 'in', label: '部门', integer: true },
    userId: { column: 'u.id', kind: 'in', label: '用户', integer: true },
    username: { column: 'u.username', kind: 'like', label: '用户名' },
    nickName: { column: 'u.nick_name', kind: 'like', label: '姓名' },
    mobile: { column: 'u.mobile', kind: 'like', label: '手机号' },
    status: { column: 'u.status', kind: 'in', label: '状态', integer: true },
    createTime: { column: 'u.created_at', kind: 'dateRange', label: '创建时间' },
  },
  sorts: { userId: 'u.id', username: 'u.username', nickName: 'u.nick_name', status: 'u.status', createTime: 'u.created_at' },
  defaultSort: { field: 'userId', direction: 'asc' },
  key: 'u.id',
};

export const ROLE_LIST = factoryList('r', {
  filters: { roleName: { column: 'r.name', kind: 'like', label: '角色名称' } },
  sorts: { roleId: 'r.id', roleName: 'r.name', createTime: 'r.created_at' },
  defaultSort: { field: 'roleId', direction: 'asc' },
});

export const STAFF_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<StaffUser>> = [
  { header: '用户名', value: (user) => user.username },
  { header: '姓名', value: (user) => user.nickName },
  { header: '手机号', value: (user) => user.mobile },
  { header: '部门', value: (user) => user.departmentName },
  { header: '角色', value: (user) => user.roles.map((role) => role.roleName).join('、') },
  { header: '状态', value: (user) => STATUS_LABELS[user.status] },
  { header: '创建时间', value: (user) => user.createTime, width: 22 },
];

type StaffImportKey = 'username' | 'nickName' | 'mobile' | 'department' | 'roles' | 'password';
export const STAFF_IMPORT_COLUMNS: ReadonlyArray<ImportColumn<StaffImportKey>> = [
  { key: 'username', header: '用户名', required: true, maxLength: 30 },
  { key: 'nickName', header: '姓名', required: true, maxLength: 20 },
  { key: 'mobile', header: '手机号', required: true },
  { key: 'department', header: '部门' },
  { key: 'roles', header: '角色' },
  { key: 'password', header: '初始密码', required: true },
];

interface StaffImportRecord {
  username: string;
  nickName: string;
  mobile: string;
  password: string;
  departmentId: number | null;
  roleIds: number[];
}

const FIELD_SEPARATOR = String.fromCharCode(31);
const ITEM_SEPARATOR = String.fromCharCode(30);

// ---- queries: departments -------------------------------------------------------------------------

interface DepartmentRow {
  id: number;
  name: string;
  parentId: number | null;
  userCount: number;
}

async function listDepartments(db: Db, scope: Scope): Promise<DepartmentRow[]> {
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
    .where(inScope(scope, 'd'))
    .orderBy('d.sort')
    .orderBy('d.id')
    .execute() as Promise<DepartmentRow[]>;
}

async function findDepartment(db: Db, scope: Scope, id: number): Promise<{ id: number; name: string; parentId: number | null } | undefined> {
  return db
    .selectFrom('department')
    .select(['id', 'name', 'parent_id as parentId'])
    .where(inScope(scope))
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Departments of the scope by name (for imports). */
async function departmentsByName(db: Db, scope: Scope): Promise<Map<string, number[]>> {
  const rows = await db
    .selectFrom('department')
    .select(['id', 'name'])
    .where(inScope(scope))
    .execute();
  const byName = new Map<string, number[]>();
  for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row.id]);
  return byName;
}

async function siblingNameTaken(db: Db, scope: Scope, parentId: number | null, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('department')
    .select('id')
    .where(inScope(scope))
    .where('name', '=', name)
    .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

async function insertDepartment(db: Db, scope: Scope, parentId: number | null, name: string): Promise<number> {
  const row = await db
    .insertInto('department')
    .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, parent_id: parentId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function renameDepartment(db: Db, scope: Scope, id: number, name: string): Promise<void> {
  await db
    .updateTable('department')
    .set({ name })
    .where(inScope(scope))
    .where('id', '=', id)
    .execute();
}

async function departmentUsage(db: Db, scope: Scope, id: number): Promise<{ users: number; children: number }> {
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

async function deleteDepartment(db: Db, scope: Scope, id: number): Promise<void> {
  await db
    .deleteFrom('department')
    .where(inScope(scope))
    .where('id', '=', id)
    .execute();
}

// ---- users of the factory ------------------------------------------------------------------

/** Rows of the staff list: members of a factory with department and role names (filters add the scope). */
function staffQuery(db: Db) {
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
type StaffRow = RowOf<typeof staffQuery>;

/** Which of these users are members of the scope's factory. */
async function membersOf(db: Db, scope: Scope, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('user_org')
    .select('user_id')
    .where(inScope(scope))
    .where('user_id', 'in', userIds)
    .execute();
  return rows.map((row) => row.user_id);
}

async function existingUsernames(db: Db, usernames: string[]): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await db.selectFrom('app_user').select('username').where('username', 'in', usernames).execute();
  return rows.map((row) => row.username);
}

/** Whether another account of the enterprise holds this mobile number. */
async function mobileTaken(db: Db, enterpriseId: number, mobile: string, exceptUserId?: number): Promise<boolean> {
  if (!mobile) return false;
  let query = db.selectFrom('app_user').select('id').where('enterprise_id', '=', enterpriseId).where('mobile', '=', mobile);
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** The enterprise's accounts holding any of these mobile numbers. */
async function existingMobiles(db: Db, enterpriseId: number, mobiles: string[]): Promise<string[]> {
  if (mobiles.length === 0) return [];
  const rows = await db.selectFrom('app_user').select('mobile').where('enterprise_id', '=', enterpriseId).where('mobile', 'in', mobiles).execute();
  return rows.map((row) => row.mobile);
}

async function insertUser(
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

async function updateUser(db: Db, scope: Scope, userId: number, values: { nickName: string; mobile: string }): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ nick_name: values.nickName, mobile: values.mobile })
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('id', '=', userId)
    .execute();
}

async function setDepartment(db: Db, scope: Scope, userIds: number[], departmentId: number | null): Promise<void> {
  await db
    .updateTable('user_org')
    .set({ department_id: departmentId })
    .where(inScope(scope))
    .where('user_id', 'in', userIds)
    .execute();
}

async function setStatus(db: Db, scope: Scope, userIds: number[], status: AccountStatus, now: Date): Promise<void> {
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

async function userBriefs(db: Db, scope: Scope, userIds: number[]): Promise<Array<{ userId: number; username: string; mobile: string }>> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('app_user')
    .select(['id as userId', 'username', 'mobile'])
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('id', 'in', userIds)
    .execute();
}

// ---- roles --------------------------------------------------------------------------------

function roleQuery(db: Db) {
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
type RoleRow = RowOf<typeof roleQuery>;

async function findRole(db: Db, scope: Scope, roleId: number): Promise<RoleRow | undefined> {
  return roleQuery(db)
    .where(inScope(scope, 'r'))
    .where('r.id', '=', roleId)
    .executeTakeFirst();
}

/** Locks the scope's role row for the rest of the transaction; false when there is none. */
async function lockRole(db: Db, scope: Scope, roleId: number): Promise<boolean> {
  const row = await db
    .selectFrom('role')
    .select('id')
    .where(inScope(scope))
    .where('id', '=', roleId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes the role with its authorities (cascade). */
async function deleteRole(db: Db, scope: Scope, roleId: number): Promise<void> {
  await db.deleteFrom('role').where(inScope(scope)).where('id', '=', roleId).execute();
}

/** Role ids and names of the scope's factory. */
async function rolesOfScope(db: Db, scope: Scope): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('role')
    .select(['id', 'name'])
    .where(inScope(scope))
    .orderBy('id')
    .execute();
}

async function insertRole(db: Db, scope: Scope, name: string, remark: string): Promise<number> {
  const row = await db
    .insertInto('role')
    .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, name, remark })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function updateRole(db: Db, scope: Scope, roleId: number, name: string, remark: string): Promise<void> {
  await db
    .updateTable('role')
    .set({ name, remark })
    .where(inScope(scope))
    .where('id', '=', roleId)
    .execute();
}

/** Makes sure every code exists in the authority table (new codes arrive with new modules). */
async function ensureAuthorities(db: Db, entries: Array<{ code: string; name: string; kind: AuthorityKind }>): Promise<Map<string, number>> {
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

async function replaceRoleAuthorities(db: Db, scope: Scope, roleId: number, authorityIds: number[]): Promise<void> {
  await db.deleteFrom('role_authority').where('role_id', '=', roleId).where('org_id', '=', scope.orgId).execute();
  if (authorityIds.length === 0) return;
  await db
    .insertInto('role_authority')
    .values(authorityIds.map((id) => ({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, role_id: roleId, authority_id: id })))
    .execute();
}

async function roleAuthorityCodes(db: Db, scope: Scope, roleId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('role_authority as ra')
    .innerJoin('authority as a', 'a.id', 'ra.authority_id')
    .select('a.code')
    .where(inScope(scope, 'ra'))
    .where('ra.role_id', '=', roleId)
    .orderBy('a.code')
    .execute();
  return rows.map((row) => row.code);
}

async function roleUserIds(db: Db, scope: Scope, roleId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_role')
    .select('user_id')
    .where(inScope(scope))
    .where('role_id', '=', roleId)
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

async function replaceRoleUsers(db: Db, scope: Scope, roleId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('user_role').where('org_id', '=', scope.orgId).where('role_id', '=', roleId).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('user_role')
    .values(userIds.map((userId) => ({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, user_id: userId, role_id: roleId })))
    .execute();
}

/** The user's roles in the scope's factory become exactly `roleIds`. */
async function replaceUserRoles(db: Db, scope: Scope, userId: number, roleIds: number[]): Promise<void> {
  await db
    .deleteFrom('user_role')
    .where(inScope(scope))
    .where('user_id', '=', userId)
    .execute();
  if (roleIds.length === 0) return;
  await db
    .insertInto('user_role')
    .values(roleIds.map((roleId) => ({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, user_id: userId, role_id: roleId })))
    .execute();
}

// ---- own account --------------------------------------------------------------------------

async function latestSmsCode(
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

async function insertSmsCode(
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

async function markSmsCode(db: Db, id: number, values: { attempts?: number; used?: boolean }): Promise<void> {
  await db.updateTable('sms_code').set(values).where('id', '=', id).execute();
}

async function setPasswordHash(db: Db, scope: Scope, passwordHash: string): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ password_hash: passwordHash })
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('id', '=', scope.userId)
    .execute();
}

async function setMobile(db: Db, scope: Scope, mobile: string): Promise<void> {
  await db.updateTable('app_user').set({ mobile }).where('enterprise_id', '=', scope.enterpriseId).where('id', '=', scope.userId).execute();
}

/** Revokes every token of a user except the given pair (null: all). */
async function revokeOtherPairs(db: Db, userId: number, keepPairId: string | null): Promise<void> {
  let query = db.updateTable('auth_token').set({ revoked: true }).where('user_id', '=', userId).where('revoked', '=', false);
  if (keepPairId) query = query.where('pair_id', '!=', keepPairId);
  await query.execute();
}

/** Sessions opened in factories the user no longer belongs to end at once. */
async function revokeTokensInOrgs(db: Db, userId: number, orgIds: number[]): Promise<void> {
  if (orgIds.length === 0) return;
  await db.updateTable('auth_token').set({ revoked: true }).where('user_id', '=', userId).where('org_id', 'in', orgIds).execute();
}

// ---- factory membership -------------------------------------------------------------------

async function enterpriseOrgs(db: Db, enterpriseId: number): Promise<Array<{ orgId: number; orgName: string }>> {
  return db.selectFrom('org').select(['id as orgId', 'name as orgName']).where('enterprise_id', '=', enterpriseId).orderBy('id').execute();
}

async function userMemberships(db: Db, enterpriseId: number, userId: number): Promise<Array<{ orgId: number; isDefault: boolean }>> {
  return db
    .selectFrom('user_org')
    .select(['org_id as orgId', 'is_default as isDefault'])
    .where('enterprise_id', '=', enterpriseId)
    .where('user_id', '=', userId)
    .orderBy('org_id')
    .execute();
}

async function removeMemberships(db: Db, enterpriseId: number, userId: number, orgIds: number[]): Promise<void> {
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

async function addMemberships(db: Db, enterpriseId: number, userId: number, orgIds: number[]): Promise<void> {
  if (orgIds.length === 0) return;
  await db
    .insertInto('user_org')
    .values(orgIds.map((orgId) => ({ enterprise_id: enterpriseId, org_id: orgId, user_id: userId, is_default: false })))
    .execute();
}

async function setDefaultOrg(db: Db, enterpriseId: number, userId: number, orgId: number): Promise<void> {
  await db
    .updateTable('user_org')
    .set({ is_default: sql<boolean>`org_id = ${orgId}` })
    .where('enterprise_id', '=', enterpriseId)
    .where('user_id', '=', userId)
    .execute();
}

async function deleteUser(db: Db, enterpriseId: number, userId: number): Promise<void> {
  await db.deleteFrom('app_user').where('enterprise_id', '=', enterpriseId).where('id', '=', userId).execute();
}

// ---- service ------------------------------------------------------------------------------------

export function toStaffUser(row: StaffRow): StaffUser {
  const roles = (row.roles ?? '')
    .split(ITEM_SEPARATOR)
    .filter(Boolean)
    .map((item) => {
      const [id, ...name] = item.split(FIELD_SEPARATOR);
      return { roleId: Number(id), roleName: name.join(FIELD_SEPARATOR) };
    });
  return {
    userId: row.userId,
    username: row.username,
    nickName: row.nickName,
    mobile: row.mobile,
    status: row.status,
    departmentId: row.departmentId,
    departmentName: row.departmentName ?? '',
    roles,
    createTime: formatDateTime(row.createdAt),
  };
}

function toRoleItem(row: RoleRow): RoleItem {
  return {
    roleId: row.roleId,
    roleName: row.roleName,
    remark: row.remark,
    userCount: Number(row.userCount ?? 0),
    createTime: formatDateTime(row.createdAt),
  };
}

export interface AccountSettings {
  now: () => Date;
  sms: SmsSender;
}

/** Departments, staff, roles and the account's own settings, all inside the session's factory. */
export class AccountService {
  private readonly tree = buildPermissionTree();
  private readonly catalogue = authorityCatalogue(this.tree);

  /** The staff list's select query, built once (Kysely builders are immutable; each read adds its clauses). */
  private readonly staff: ReturnType<typeof staffQuery>;

  constructor(
    private readonly db: Db,
    private readonly settings: AccountSettings,
  ) {
    this.staff = staffQuery(db);
  }

  // ---- departments -----------------------------------------------------------------------

  async departmentTree(scope: Scope): Promise<DepartmentNode[]> {
    const rows = await listDepartments(this.db, scope);
    const nodes = new Map<number, DepartmentNode>(
      rows.map((row) => [row.id, { id: row.id, name: row.name, parentId: row.parentId, userCount: Number(row.userCount ?? 0), children: [] }]),
    );
    const roots: DepartmentNode[] = [];
    for (const current of nodes.values()) {
      const parent = current.parentId === null ? undefined : nodes.get(current.parentId);
      (parent ? parent.children : roots).push(current);
    }
    return roots;
  }

  async addDepartment(scope: Scope, request: AddDepartmentRequest, context: OperationContext): Promise<{ id: number }> {
    const name = request.name.trim();
    const parentId = request.parentId ?? null;
    return this.db.transaction().execute(async (trx) => {
      if (parentId !== null && !(await findDepartment(trx, scope, parentId))) throw notFound(AccountMessages.parentNotFound);
      if (await siblingNameTaken(trx, scope, parentId, name)) throw conflict(AccountMessages.departmentNameTaken);
      const id = await insertDepartment(trx, scope, parentId, name);
      await recordOperation(trx, context, { ...scope, content: `新增部门：${name}` });
      return { id };
    });
  }

  async renameDepartment(scope: Scope, request: RenameDepartmentRequest, context: OperationContext): Promise<void> {
    const name = request.name.trim();
    await this.db.transaction().execute(async (trx) => {
      const department = await findDepartment(trx, scope, request.id);
      if (!department) throw notFound(AccountMessages.departmentNotFound);
      if (await siblingNameTaken(trx, scope, department.parentId, name, department.id)) {
        throw conflict(AccountMessages.departmentNameTaken);
      }
      await renameDepartment(trx, scope, department.id, name);
      await recordOperation(trx, context, { ...scope, content: `部门重命名：${department.name} → ${name}` });
    });
  }

  async removeDepartment(scope: Scope, id: number, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const department = await findDepartment(trx, scope, id);
      if (!department) throw notFound(AccountMessages.departmentNotFound);
      const usage = await departmentUsage(trx, scope, id);
      if (usage.users > 0) throw conflict(AccountMessages.departmentHasUsers);
      if (usage.children > 0) throw conflict(AccountMessages.departmentHasChildren);
      await deleteDepartment(trx, scope, id);
      await recordOperation(trx, context, { ...scope, content: `删除部门：${department.name}` });
    });
  }

  // ---- staff --------------------------------------------------------------------------------

  listStaff(scope: Scope, params: ListParams): Promise<PageResult<StaffUser>> {
    return runList(this.db, this.staff, STAFF_LIST, scope, params, toStaffUser, {
      countBase: { query: this.db.selectFrom('user_org as uo'), aliases: ['uo'] },
    });
  }

  /** Every row of the list for these filters, for the export (validated before the first row). */
  staffRows(scope: Scope, params: ListParams): AsyncIterable<StaffUser> {
    return streamList(this.staff, STAFF_LIST, scope, params, toStaffUser);
  }

  /** Users of the factory outside one department. */
  otherDepartmentStaff(scope: Scope, departmentId: number, params: ListParams): Promise<PageResult<StaffUser>> {
    const base = this.staff.where((eb) => eb.or([eb('uo.department_id', 'is', null), eb('uo.department_id', '!=', departmentId)]));
    return runList(this.db, base, STAFF_LIST, scope, { ...params, departmentId: undefined }, toStaffUser);
  }

  async userList(scope: Scope, params: ListParams): Promise<PageResult<UserOption>> {
    return runList(this.db, this.staff, STAFF_LIST, scope, params, (row) => ({
      userId: row.userId,
      username: row.username,
      nickName: row.nickName,
      status: row.status,
    }));
  }

  private async checkDepartment(db: Db, scope: Scope, departmentId: number | null | undefined): Promise<number | null> {
    if (departmentId === undefined || departmentId === null) return null;
    if (!(await findDepartment(db, scope, departmentId))) throw notFound(AccountMessages.departmentNotFound);
    return departmentId;
  }

  private async checkRoles(db: Db, scope: Scope, roleIds: number[]): Promise<void> {
    if (roleIds.length === 0) return;
    const known = new Set((await rolesOfScope(db, scope)).map((role) => role.id));
    if (roleIds.some((id) => !known.has(id))) throw notFound(AccountMessages.roleNotFound);
  }

  private async checkMembers(db: Db, scope: Scope, userIds: number[]): Promise<void> {
    const members = new Set(await membersOf(db, scope, userIds));
    if (userIds.some((id) => !members.has(id))) throw notFound(AccountMessages.userNotFound);
  }

  async addStaff(scope: Scope, request: AddStaffRequest, context: OperationContext): Promise<{ userId: number }> {
    const mobileProblem = checkMobile(request.mobile);
    if (mobileProblem) throw validation(mobileProblem);
    const passwordProblem = checkPassword(request.password);
    if (passwordProblem) throw validation(passwordProblem);
    const passwordHash = await hashPassword(request.password);
    // The unique indexes turn a concurrent duplicate (past the checks below) into the same 4009.
    return this.guardAccountUnique(request.mobile, () => this.db.transaction().execute(async (trx) => {
      const departmentId = await this.checkDepartment(trx, scope, request.departmentId);
      const roleIds = request.roleIds ?? [];
      await this.checkRoles(trx, scope, roleIds);
      if ((await existingUsernames(trx, [request.username])).length > 0) throw conflict(AccountMessages.usernameTaken);
      await this.checkMobileFree(trx, scope, request.mobile);
      const userId = await insertUser(trx, scope, {
        username: request.username,
        nickName: request.nickName.trim(),
        mobile: request.mobile,
        passwordHash,
        status: request.status ?? 1,
        departmentId,
      });
      await replaceUserRoles(trx, scope, userId, roleIds);
      await recordOperation(trx, context, { ...scope, content: `新增人员：${request.username}（${request.nickName.trim()}）` });
      return { userId };
    }));
  }

  private async checkMobileFree(db: Db, scope: Scope, mobile: string, exceptUserId?: number): Promise<void> {
    if (await mobileTaken(db, scope.enterpriseId, mobile, exceptUserId)) throw conflict(AccountMessages.mobileTaken(mobile));
  }

  private guardAccountUnique<T>(mobile: string, write: () => Promise<T>): Promise<T> {
    return guardUnique(write, { [UNIQUE_INDEXES.mobile]: AccountMessages.mobileTaken(mobile), [UNIQUE_INDEXES.username]: AccountMessages.usernameTaken });
  }

  async editStaff(scope: Scope, request: EditStaffRequest, context: OperationContext): Promise<void> {
    const mobileProblem = checkMobile(request.mobile);
    if (mobileProblem) throw validation(mobileProblem);
    await this.guardAccountUnique(request.mobile, () => this.db.transaction().execute(async (trx) => {
      await this.checkMembers(trx, scope, [request.userId]);
      await this.checkMobileFree(trx, scope, request.mobile, request.userId);
      const departmentId = await this.checkDepartment(trx, scope, request.departmentId);
      await updateUser(trx, scope, request.userId, { nickName: request.nickName.trim(), mobile: request.mobile });
      if (request.departmentId !== undefined) await setDepartment(trx, scope, [request.userId], departmentId);
      if (request.roleIds) {
        await this.checkRoles(trx, scope, request.roleIds);
        await replaceUserRoles(trx, scope, request.userId, request.roleIds);
      }
      const [user] = await userBriefs(trx, scope, [request.userId]);
      await recordOperation(trx, context, { ...scope, content: `编辑人员：${user?.username ?? request.userId}` });
    }));
  }

  async editStaffStatus(session: Session, request: EditStaffStatusRequest, context: OperationContext): Promise<void> {
    const scope = scopeOf(session);
    if (request.userIds.includes(session.userId)) throw conflict(AccountMessages.ownStatus);
    await this.db.transaction().execute(async (trx) => {
      await this.checkMembers(trx, scope, request.userIds);
      await setStatus(trx, scope, request.userIds, request.status, this.settings.now());
      const users = await userBriefs(trx, scope, request.userIds);
      const action = request.status === 1 ? '启用/解锁' : request.status === 0 ? '禁用' : '锁定';
      await recordOperation(trx, context, { ...scope, content: `${action}账号：${users.map((user) => user.username).join('、')}` });
    });
  }

  async batchAddStaff(scope: Scope, request: BatchAddStaffRequest, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const department = await findDepartment(trx, scope, request.departmentId);
      if (!department) throw notFound(AccountMessages.departmentNotFound);
      await this.checkMembers(trx, scope, request.userIds);
      await setDepartment(trx, scope, request.userIds, department.id);
      await recordOperation(trx, context, { ...scope, content: `批量添加人员到部门「${department.name}」：${request.userIds.length}人` });
    });
  }

  /** Staff import from an uploaded xlsx: every row valid → all written, else nothing and the bad rows. */
  async importStaff(scope: Scope, filePath: string, context: OperationContext): Promise<ImportResult> {
    const departments = await departmentsByName(this.db, scope);
    const roles = new Map((await rolesOfScope(this.db, scope)).map((role) => [role.name, role.id]));
    const result = await runImport<StaffImportKey, StaffImportRecord>(this.db, filePath, {
      columns: STAFF_IMPORT_COLUMNS,
      validateRow: (values) => {
        if (!USERNAME.test(values.username)) return AccountMessages.usernamePattern;
        const problem = checkMobile(values.mobile) ?? checkPassword(values.password);
        if (problem) return problem;
        let departmentId: number | null = null;
        if (values.department) {
          const ids = departments.get(values.department) ?? [];
          if (ids.length === 0) return `部门「${values.department}」不存在`;
          if (ids.length > 1) return `部门「${values.department}」有重名，请先在部门树中改为不同名称`;
          departmentId = ids[0]!;
        }
        const roleNames = values.roles.split(/[,，、;；]/).map((name) => name.trim()).filter(Boolean);
        const missing = roleNames.filter((name) => !roles.has(name));
        if (missing.length > 0) return `角色「${missing.join('、')}」不存在`;
        return {
          username: values.username,
          nickName: values.nickName,
          mobile: values.mobile,
          password: values.password,
          departmentId,
          roleIds: [...new Set(roleNames.map((name) => roles.get(name)!))],
        };
      },
      validateAll: async (records) => {
        const errors: ImportRowError[] = [];
        const firstRow = new Map<string, number>();
        for (const { row, record } of records) {
          const first = firstRow.get(record.username);
          if (first !== undefined) errors.push({ row, message: `用户名「${record.username}」与第${first}行重复` });
          else firstRow.set(record.username, row);
        }
        const taken = new Set(await existingUsernames(this.db, [...firstRow.keys()]));
        for (const { row, record } of records) {
          if (taken.has(record.username) && firstRow.get(record.username) === row) {
            errors.push({ row, message: `用户名「${record.username}」已存在` });
          }
        }
        const mobileRow = new Map<string, number>();
        const mobilesTaken = new Set(await existingMobiles(this.db, scope.enterpriseId, [...new Set(records.map(({ record }) => record.mobile))]));
        for (const { row, record } of records) {
          const first = mobileRow.get(record.mobile);
          if (first !== undefined) errors.push({ row, message: `手机号${record.mobile}与第${first}行重复` });
          else if (mobilesTaken.has(record.mobile)) errors.push({ row, message: AccountMessages.mobileTaken(record.mobile) });
          if (first === undefined) mobileRow.set(record.mobile, row);
        }
        return errors;
      },
      write: async (trx, records) => {
        const hashes: string[] = [];
        for (let start = 0; start < records.length; start += 8) {
          hashes.push(...(await Promise.all(records.slice(start, start + 8).map((record) => hashPassword(record.password)))));
        }
        for (const [index, record] of records.entries()) {
          const userId = await insertUser(trx, scope, { ...record, passwordHash: hashes[index]!, status: 1 });
          await replaceUserRoles(trx, scope, userId, record.roleIds);
        }
        await recordOperation(trx, context, { ...scope, content: `导入人员：${records.length}人` });
      },
    });
    return {
      ...result,
      message: result.failures.length > 0 ? ImportMessages.failed(new Set(result.failures.map((f) => f.row)).size) : '导入成功',
    };
  }

  // ---- roles --------------------------------------------------------------------------------

  listRoles(scope: Scope, params: ListParams): Promise<PageResult<RoleItem>> {
    return runList(this.db, roleQuery(this.db), ROLE_LIST, scope, params, toRoleItem);
  }

  async roleDetail(scope: Scope, roleId: number): Promise<RoleDetail> {
    const role = await findRole(this.db, scope, roleId);
    if (!role) throw notFound(AccountMessages.roleNotFound);
    const [authorities, userIds] = await Promise.all([
      roleAuthorityCodes(this.db, scope, roleId),
      roleUserIds(this.db, scope, roleId),
    ]);
    return { ...toRoleItem(role), authorities, userIds };
  }

  permissionTree(): PermissionNode[] {
    return this.tree;
  }

  /** Known codes only, each with its menu parents; never more than the granting session holds. */
  private async normalizeAuthorities(session: Session, requested: string[]): Promise<string[]> {
    const codes = requested.filter((code) => !code.startsWith(GROUP_PREFIX));
    const unknown = codes.filter((code) => !this.catalogue.has(code));
    if (unknown.length > 0) throw validation(AccountMessages.unknownAuthority(unknown.slice(0, 5)));
    const withParents = new Set(codes.flatMap((code) => [...this.catalogue.get(code)!.parents, code]));
    const held = new Set(await session.authorities());
    if ([...withParents].some((code) => !held.has(code))) throw new AppError(ResultCode.NO_AUTHORITY, AccountMessages.authorityNotHeld);
    return [...withParents].sort();
  }

  private async saveRoleAuthorities(trx: Db, scope: Scope, roleId: number, codes: string[]): Promise<void> {
    const ids = await ensureAuthorities(
      trx,
      codes.map((code) => {
        const entry = this.catalogue.get(code)!;
        return { code, name: entry.name, kind: entry.kind };
      }),
    );
    await replaceRoleAuthorities(trx, scope, roleId, codes.map((code) => ids.get(code)!));
  }

  async addRole(session: Session, request: AddRoleRequest, context: OperationContext): Promise<{ roleId: number }> {
    const scope = scopeOf(session);
    const codes = await this.normalizeAuthorities(session, request.authorities);
    const name = request.roleName.trim();
    return this.db.transaction().execute(async (trx) => {
      await refuseTaken(trx, 'role', 'name', scope, name, AccountMessages.roleNameTaken);
      const roleId = await insertRole(trx, scope, name, request.remark?.trim() ?? '');
      await this.saveRoleAuthorities(trx, scope, roleId, codes);
      await recordOperation(trx, context, { ...scope, content: `新增角色：${name}（${codes.length}项权限）` });
      return { roleId };
    });
  }

  async editRole(session: Session, request: EditRoleRequest, context: OperationContext): Promise<void> {
    const scope = scopeOf(session);
    const codes = await this.normalizeAuthorities(session, request.authorities);
    const name = request.roleName.trim();
    await this.db.transaction().execute(async (trx) => {
      if (!(await findRole(trx, scope, request.roleId))) throw notFound(AccountMessages.roleNotFound);
      await refuseTaken(trx, 'role', 'name', scope, name, AccountMessages.roleNameTaken, request.roleId);
      await updateRole(trx, scope, request.roleId, name, request.remark?.trim() ?? '');
      await this.saveRoleAuthorities(trx, scope, request.roleId, codes);
      await recordOperation(trx, context, { ...scope, content: `编辑角色：${name}（${codes.length}项权限）` });
    });
  }

  /** Deletes a role no user holds; the role row is locked first so an assignment cannot slip in between. */
  async deleteRole(scope: Scope, roleId: number, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await lockRole(trx, scope, roleId))) throw notFound(AccountMessages.roleNotFound);
      const role = (await findRole(trx, scope, roleId))!;
      const users = Number(role.userCount ?? 0);
      if (users > 0) throw conflict(AccountMessages.roleInUse(role.roleName, users));
      await deleteRole(trx, scope, roleId);
      await recordOperation(trx, context, { ...scope, content: `删除角色：${role.roleName}` });
    });
  }

  async assignRoleUsers(scope: Scope, request: AssignRoleUsersRequest, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const role = await findRole(trx, scope, request.roleId);
      if (!role) throw notFound(AccountMessages.roleNotFound);
      await this.checkMembers(trx, scope, request.userIds);
      await replaceRoleUsers(trx, scope, request.roleId, request.userIds);
      await recordOperation(trx, context, { ...scope, content: `角色「${role.roleName}」分配用户：${request.userIds.length}人` });
    });
  }

  // ---- own account ----------------------------------------------------------------------------

  async sendSmsCode(session: Session, request: SmsRequest, context: OperationContext): Promise<SmsResult> {
    const scope = scopeOf(session);
    if (!(await session.authorities()).includes(PURPOSE_AUTHORITY[request.purpose])) {
      throw new AppError(ResultCode.NO_AUTHORITY, AccountMessages.noAuthority);
    }
    const [user] = await userBriefs(this.db, scope, [session.userId]);
    if (!user) throw notFound(AccountMessages.userNotFound);
    let mobile = user.mobile;
    if (request.purpose === 'modify_phone') {
      mobile = request.mobile ?? '';
      const problem = checkMobile(mobile);
      if (problem) throw validation(problem);
      if (mobile === user.mobile) throw validation(AccountMessages.sameMobile);
      await this.checkMobileFree(this.db, scope, mobile, session.userId);
    } else if (!mobile) {
      throw validation(AccountMessages.noMobile);
    }
    const now = this.settings.now();
    await this.db.transaction().execute(async (trx) => {
      const latest = await latestSmsCode(trx, session.userId, request.purpose);
      const elapsed = latest ? (now.getTime() - latest.createdAt.getTime()) / 1000 : Infinity;
      if (elapsed < SMS_RESEND_SECONDS) throw validation(AccountMessages.smsTooOften(Math.ceil(SMS_RESEND_SECONDS - elapsed)));
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await insertSmsCode(trx, scope, {
        purpose: request.purpose,
        mobile,
        codeHash: hashToken(`${session.userId}:${code}`),
        createdAt: now,
        expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
      });
      await recordOperation(trx, context, { ...scope, content: `发送短信验证码（${PURPOSE_LABELS[request.purpose]}）：${maskMobile(mobile)}` });
      await this.settings.sms.send(mobile, smsText(code));
    });
    return { mobile: maskMobile(mobile), resendAfterSeconds: SMS_RESEND_SECONDS };
  }

  /**
   * Checks a code in its own transaction, so failed attempts are counted even though the caller
   * then refuses; a used, expired or over-tried code never passes. Returns the code id.
   */
  private async consumeCode(userId: number, purpose: SmsPurpose, mobile: string, code: string): Promise<number> {
    const outcome = await this.db.transaction().execute(async (trx) => {
      const latest = await latestSmsCode(trx, userId, purpose);
      if (!latest || latest.used || latest.expiresAt <= this.settings.now() || latest.mobile !== mobile) return null;
      if (latest.codeHash !== hashToken(`${userId}:${code.trim()}`)) {
        const attempts = latest.attempts + 1;
        await markSmsCode(trx, latest.id, { attempts, used: attempts >= SMS_MAX_ATTEMPTS });
        return null;
      }
      return latest.id;
    });
    if (outcome === null) throw validation(AccountMessages.badCode);
    return outcome;
  }

  async updatePassword(session: Session, request: UpdatePasswordRequest, context: OperationContext): Promise<void> {
    const scope = scopeOf(session);
    const problem = checkPassword(request.password);
    if (problem) throw validation(problem);
    const [user] = await userBriefs(this.db, scope, [session.userId]);
    if (!user) throw notFound(AccountMessages.userNotFound);
    const codeId = await this.consumeCode(session.userId, 'reset_password', user.mobile, request.code);
    const passwordHash = await hashPassword(request.password);
    await this.db.transaction().execute(async (trx) => {
      await markSmsCode(trx, codeId, { used: true });
      await setPasswordHash(trx, scope, passwordHash);
      await revokeOtherPairs(trx, session.userId, session.pairId);
      await recordOperation(trx, context, { ...scope, content: '通过短信验证码修改密码' });
    });
  }

  async updateMobile(session: Session, request: UpdateMobileRequest, context: OperationContext): Promise<void> {
    const scope = scopeOf(session);
    const problem = checkMobile(request.mobile);
    if (problem) throw validation(problem);
    const [user] = await userBriefs(this.db, scope, [session.userId]);
    if (!user) throw notFound(AccountMessages.userNotFound);
    const codeId = await this.consumeCode(session.userId, 'modify_phone', request.mobile, request.code);
    await this.guardAccountUnique(request.mobile, () => this.db.transaction().execute(async (trx) => {
      await this.checkMobileFree(trx, scope, request.mobile, session.userId);
      await markSmsCode(trx, codeId, { used: true });
      await setMobile(trx, scope, request.mobile);
      await recordOperation(trx, context, {
        ...scope,
        content: `修改手机号：${maskMobile(user.mobile)} → ${maskMobile(request.mobile)}`,
      });
    }));
  }

  /** Removes the user from this factory; the account itself goes once it belongs to no factory. */
  async deleteAccount(session: Session, userId: number, context: OperationContext): Promise<void> {
    const scope = scopeOf(session);
    if (userId === session.userId) throw conflict(AccountMessages.ownAccount);
    await this.db.transaction().execute(async (trx) => {
      await this.checkMembers(trx, scope, [userId]);
      const [user] = await userBriefs(trx, scope, [userId]);
      const memberships = await userMemberships(trx, scope.enterpriseId, userId);
      const remaining = memberships.filter((membership) => membership.orgId !== scope.orgId);
      if (remaining.length === 0) {
        await deleteUser(trx, scope.enterpriseId, userId);
      } else {
        await removeMemberships(trx, scope.enterpriseId, userId, [scope.orgId]);
        if (!remaining.some((membership) => membership.isDefault)) {
          await setDefaultOrg(trx, scope.enterpriseId, userId, remaining[0]!.orgId);
        }
        await revokeTokensInOrgs(trx, userId, [scope.orgId]);
      }
      await recordOperation(trx, context, { ...scope, content: `删除账号：${user?.username ?? userId}` });
    });
  }

  async userOrgs(scope: Scope, userId: number): Promise<UserOrgGrant[]> {
    await this.checkMembers(this.db, scope, [userId]);
    const [orgs, memberships] = await Promise.all([
      enterpriseOrgs(this.db, scope.enterpriseId),
      userMemberships(this.db, scope.enterpriseId, userId),
    ]);
    const granted = new Map(memberships.map((membership) => [membership.orgId, membership.isDefault]));
    return orgs.map((org) => ({ ...org, granted: granted.has(org.orgId), isDefault: granted.get(org.orgId) ?? false }));
  }

  async setUserOrgs(session: Session, request: SetUserOrgsRequest, context: OperationContext): Promise<void> {
    const scope = scopeOf(session);
    if (request.userId === session.userId && !request.orgIds.includes(session.orgId)) throw conflict(AccountMessages.ownFactory);
    await this.db.transaction().execute(async (trx) => {
      await this.checkMembers(trx, scope, [request.userId]);
      const orgs = await enterpriseOrgs(trx, scope.enterpriseId);
      const known = new Map(orgs.map((org) => [org.orgId, org.orgName]));
      if (request.orgIds.some((orgId) => !known.has(orgId))) throw notFound(AccountMessages.orgNotFound);
      const memberships = await userMemberships(trx, scope.enterpriseId, request.userId);
      const current = new Set(memberships.map((membership) => membership.orgId));
      const wanted = new Set(request.orgIds);
      const removed = [...current].filter((orgId) => !wanted.has(orgId));
      await removeMemberships(trx, scope.enterpriseId, request.userId, removed);
      await revokeTokensInOrgs(trx, request.userId, removed);
      await addMemberships(trx, scope.enterpriseId, request.userId, [...wanted].filter((orgId) => !current.has(orgId)));
      const defaultOrg = memberships.find((membership) => membership.isDefault && wanted.has(membership.orgId))?.orgId ?? request.orgIds[0]!;
      await setDefaultOrg(trx, scope.enterpriseId, request.userId, defaultOrg);
      const [user] = await userBriefs(trx, scope, [request.userId]);
      await recordOperation(trx, context, {
        ...scope,
        content: `工厂授权：${user?.username ?? request.userId} → ${request.orgIds.map((orgId) => known.get(orgId)).join('、')}`,
      });
    });
  }
}
