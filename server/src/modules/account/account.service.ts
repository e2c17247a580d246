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
import type { AccountStatus, SmsPurpose } from '../../db/schema';
import { guardUnique } from '../../lib/unique';
import { ImportMessages, runImport, type ImportColumn, type ImportRowError } from '../../lib/excel-import';
import type { ExportColumn } from '../../lib/excel-export';
import { runList, streamList, type ListParams, type ListSpec } from '../../lib/list-query';
import { scopeOf, type Scope, type Session } from '../../plugins/auth';
import { AppError } from '../../plugins/envelopes';
import { hashPassword, hashToken } from '@server/modules/auth';
import { formatDateTime } from '../../lib/datetime';
import { authorityCatalogue, buildPermissionTree, GROUP_PREFIX } from './permission-tree';
import * as repo from './account.queries';
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

export const ROLE_LIST: ListSpec = {
  scope: { enterprise: 'r.enterprise_id', org: 'r.org_id' },
  filters: { roleName: { column: 'r.name', kind: 'like', label: '角色名称' } },
  sorts: { roleId: 'r.id', roleName: 'r.name', createTime: 'r.created_at' },
  defaultSort: { field: 'roleId', direction: 'asc' },
  key: 'r.id',
};

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

function validation(message: string): AppError {
  return new AppError(ResultCode.VALIDATION, message);
}
function notFound(message: string): AppError {
  return new AppError(ResultCode.NOT_FOUND, message);
}
function conflict(message: string): AppError {
  return new AppError(ResultCode.CONFLICT, message);
}

const FIELD_SEPARATOR = String.fromCharCode(31);
const ITEM_SEPARATOR = String.fromCharCode(30);

export function toStaffUser(row: repo.StaffRow): StaffUser {
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

function toRoleItem(row: repo.RoleRow): RoleItem {
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

  constructor(
    private readonly db: Db,
    private readonly settings: AccountSettings,
  ) {}

  // ---- departments -----------------------------------------------------------------------

  async departmentTree(scope: Scope): Promise<DepartmentNode[]> {
    const rows = await repo.listDepartments(this.db, scope);
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
      if (parentId !== null && !(await repo.findDepartment(trx, scope, parentId))) throw notFound(AccountMessages.parentNotFound);
      if (await repo.siblingNameTaken(trx, scope, parentId, name)) throw conflict(AccountMessages.departmentNameTaken);
      const id = await repo.insertDepartment(trx, scope, parentId, name);
      await recordOperation(trx, context, { ...scope, content: `新增部门：${name}` });
      return { id };
    });
  }

  async renameDepartment(scope: Scope, request: RenameDepartmentRequest, context: OperationContext): Promise<void> {
    const name = request.name.trim();
    await this.db.transaction().execute(async (trx) => {
      const department = await repo.findDepartment(trx, scope, request.id);
      if (!department) throw notFound(AccountMessages.departmentNotFound);
      if (await repo.siblingNameTaken(trx, scope, department.parentId, name, department.id)) {
        throw conflict(AccountMessages.departmentNameTaken);
      }
      await repo.renameDepartment(trx, scope, department.id, name);
      await recordOperation(trx, context, { ...scope, content: `部门重命名：${department.name} → ${name}` });
    });
  }

  async removeDepartment(scope: Scope, id: number, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const department = await repo.findDepartment(trx, scope, id);
      if (!department) throw notFound(AccountMessages.departmentNotFound);
      const usage = await repo.departmentUsage(trx, scope, id);
      if (usage.users > 0) throw conflict(AccountMessages.departmentHasUsers);
      if (usage.children > 0) throw conflict(AccountMessages.departmentHasChildren);
      await repo.deleteDepartment(trx, scope, id);
      await recordOperation(trx, context, { ...scope, content: `删除部门：${department.name}` });
    });
  }

  // ---- staff --------------------------------------------------------------------------------

  listStaff(scope: Scope, params: ListParams): Promise<PageResult<StaffUser>> {
    return runList(repo.staffQuery(this.db), STAFF_LIST, scope, params, toStaffUser, {
      countBase: { query: this.db.selectFrom('user_org as uo'), aliases: ['uo'] },
    });
  }

  /** Every row of the list for these filters, for the export (validated before the first row). */
  staffRows(scope: Scope, params: ListParams): AsyncIterable<StaffUser> {
    return streamList(repo.staffQuery(this.db), STAFF_LIST, scope, params, toStaffUser);
  }

  /** Users of the factory outside one department. */
  otherDepartmentStaff(scope: Scope, departmentId: number, params: ListParams): Promise<PageResult<StaffUser>> {
    const base = repo
      .staffQuery(this.db)
      .where((eb) => eb.or([eb('uo.department_id', 'is', null), eb('uo.department_id', '!=', departmentId)]));
    return runList(base, STAFF_LIST, scope, { ...params, departmentId: undefined }, toStaffUser);
  }

  async userList(scope: Scope, params: ListParams): Promise<PageResult<UserOption>> {
    return runList(repo.staffQuery(this.db), STAFF_LIST, scope, params, (row) => ({
      userId: row.userId,
      username: row.username,
      nickName: row.nickName,
      status: row.status,
    }));
  }

  private async checkDepartment(db: Db, scope: Scope, departmentId: number | null | undefined): Promise<number | null> {
    if (departmentId === undefined || departmentId === null) return null;
    if (!(await repo.findDepartment(db, scope, departmentId))) throw notFound(AccountMessages.departmentNotFound);
    return departmentId;
  }

  private async checkRoles(db: Db, scope: Scope, roleIds: number[]): Promise<void> {
    if (roleIds.length === 0) return;
    const known = new Set((await repo.rolesOfScope(db, scope)).map((role) => role.id));
    if (roleIds.some((id) => !known.has(id))) throw notFound(AccountMessages.roleNotFound);
  }

  private async checkMembers(db: Db, scope: Scope, userIds: number[]): Promise<void> {
    const members = new Set(await repo.membersOf(db, scope, userIds));
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
      if ((await repo.existingUsernames(trx, [request.username])).length > 0) throw conflict(AccountMessages.usernameTaken);
      await this.checkMobileFree(trx, scope, request.mobile);
      const userId = await repo.insertUser(trx, scope, {
        username: request.username,
        nickName: request.nickName.trim(),
        mobile: request.mobile,
        passwordHash,
        status: request.status ?? 1,
        departmentId,
      });
      await repo.replaceUserRoles(trx, scope, userId, roleIds);
      await recordOperation(trx, context, { ...scope, content: `新增人员：${request.username}（${request.nickName.trim()}）` });
      return { userId };
    }));
  }

  private async checkMobileFree(db: Db, scope: Scope, mobile: string, exceptUserId?: number): Promise<void> {
    if (await repo.mobileTaken(db, scope.enterpriseId, mobile, exceptUserId)) throw conflict(AccountMessages.mobileTaken(mobile));
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
      await repo.updateUser(trx, scope, request.userId, { nickName: request.nickName.trim(), mobile: request.mobile });
      if (request.departmentId !== undefined) await repo.setDepartment(trx, scope, [request.userId], departmentId);
      if (request.roleIds) {
        await this.checkRoles(trx, scope, request.roleIds);
        await repo.replaceUserRoles(trx, scope, request.userId, request.roleIds);
      }
      const [user] = await repo.userBriefs(trx, scope, [request.userId]);
      await recordOperation(trx, context, { ...scope, content: `编辑人员：${user?.username ?? request.userId}` });
    }));
  }

  async editStaffStatus(session: Session, request: EditStaffStatusRequest, context: OperationContext): Promise<void> {
    const scope = scopeOf(session);
    if (request.userIds.includes(session.userId)) throw conflict(AccountMessages.ownStatus);
    await this.db.transaction().execute(async (trx) => {
      await this.checkMembers(trx, scope, request.userIds);
      await repo.setStatus(trx, scope, request.userIds, request.status, this.settings.now());
      const users = await repo.userBriefs(trx, scope, request.userIds);
      const action = request.status === 1 ? '启用/解锁' : request.status === 0 ? '禁用' : '锁定';
      await recordOperation(trx, context, { ...scope, content: `${action}账号：${users.map((user) => user.username).join('、')}` });
    });
  }

  async batchAddStaff(scope: Scope, request: BatchAddStaffRequest, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const department = await repo.findDepartment(trx, scope, request.departmentId);
      if (!department) throw notFound(AccountMessages.departmentNotFound);
      await this.checkMembers(trx, scope, request.userIds);
      await repo.setDepartment(trx, scope, request.userIds, department.id);
      await recordOperation(trx, context, { ...scope, content: `批量添加人员到部门「${department.name}」：${request.userIds.length}人` });
    });
  }

  /** Staff import from an uploaded xlsx: every row valid → all written, else nothing and the bad rows. */
  async importStaff(scope: Scope, filePath: string, context: OperationContext): Promise<ImportResult> {
    const departments = await repo.departmentsByName(this.db, scope);
    const roles = new Map((await repo.rolesOfScope(this.db, scope)).map((role) => [role.name, role.id]));
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
        const taken = new Set(await repo.existingUsernames(this.db, [...firstRow.keys()]));
        for (const { row, record } of records) {
          if (taken.has(record.username) && firstRow.get(record.username) === row) {
            errors.push({ row, message: `用户名「${record.username}」已存在` });
          }
        }
        const mobileRow = new Map<string, number>();
        const mobilesTaken = new Set(await repo.existingMobiles(this.db, scope.enterpriseId, [...new Set(records.map(({ record }) => record.mobile))]));
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
          const userId = await repo.insertUser(trx, scope, { ...record, passwordHash: hashes[index]!, status: 1 });
          await repo.replaceUserRoles(trx, scope, userId, record.roleIds);
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
    return runList(repo.roleQuery(this.db), ROLE_LIST, scope, params, toRoleItem);
  }

  async roleDetail(scope: Scope, roleId: number): Promise<RoleDetail> {
    const role = await repo.findRole(this.db, scope, roleId);
    if (!role) throw notFound(AccountMessages.roleNotFound);
    const [authorities, userIds] = await Promise.all([
      repo.roleAuthorityCodes(this.db, scope, roleId),
      repo.roleUserIds(this.db, scope, roleId),
    ]);
    return { ...toRoleItem(role), authorities, userIds };
  }

  permissionTree(): PermissionNode[] {
    return this.tree;
  }

  /** Known codes only, each with its menu parents; never more than the granting session holds. */
  private normalizeAuthorities(session: Session, requested: string[]): string[] {
    const codes = requested.filter((code) => !code.startsWith(GROUP_PREFIX));
    const unknown = codes.filter((code) => !this.catalogue.has(code));
    if (unknown.length > 0) throw validation(AccountMessages.unknownAuthority(unknown.slice(0, 5)));
    const withParents = new Set(codes.flatMap((code) => [...this.catalogue.get(code)!.parents, code]));
    const held = new Set(session.authorities);
    if ([...withParents].some((code) => !held.has(code))) throw new AppError(ResultCode.NO_AUTHORITY, AccountMessages.authorityNotHeld);
    return [...withParents].sort();
  }

  private async saveRoleAuthorities(trx: Db, scope: Scope, roleId: number, codes: string[]): Promise<void> {
    const ids = await repo.ensureAuthorities(
      trx,
      codes.map((code) => {
        const entry = this.catalogue.get(code)!;
        return { code, name: entry.name, kind: entry.kind };
      }),
    );
    await repo.replaceRoleAuthorities(trx, scope, roleId, codes.map((code) => ids.get(code)!));
  }

  async addRole(session: Session, request: AddRoleRequest, context: OperationContext): Promise<{ roleId: number }> {
    const scope = scopeOf(session);
    const codes = this.normalizeAuthorities(session, request.authorities);
    const name = request.roleName.trim();
    return this.db.transaction().execute(async (trx) => {
      if (await repo.roleNameTaken(trx, scope, name)) throw conflict(AccountMessages.roleNameTaken);
      const roleId = await repo.insertRole(trx, scope, name, request.remark?.trim() ?? '');
      await this.saveRoleAuthorities(trx, scope, roleId, codes);
      await recordOperation(trx, context, { ...scope, content: `新增角色：${name}（${codes.length}项权限）` });
      return { roleId };
    });
  }

  async editRole(session: Session, request: EditRoleRequest, context: OperationContext): Promise<void> {
    const scope = scopeOf(session);
    const codes = this.normalizeAuthorities(session, request.authorities);
    const name = request.roleName.trim();
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.findRole(trx, scope, request.roleId))) throw notFound(AccountMessages.roleNotFound);
      if (await repo.roleNameTaken(trx, scope, name, request.roleId)) throw conflict(AccountMessages.roleNameTaken);
      await repo.updateRole(trx, scope, request.roleId, name, request.remark?.trim() ?? '');
      await this.saveRoleAuthorities(trx, scope, request.roleId, codes);
      await recordOperation(trx, context, { ...scope, content: `编辑角色：${name}（${codes.length}项权限）` });
    });
  }

  /** Deletes a role no user holds; the role row is locked first so an assignment cannot slip in between. */
  async deleteRole(scope: Scope, roleId: number, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.lockRole(trx, scope, roleId))) throw notFound(AccountMessages.roleNotFound);
      const role = (await repo.findRole(trx, scope, roleId))!;
      const users = Number(role.userCount ?? 0);
      if (users > 0) throw conflict(AccountMessages.roleInUse(role.roleName, users));
      await repo.deleteRole(trx, scope, roleId);
      await recordOperation(trx, context, { ...scope, content: `删除角色：${role.roleName}` });
    });
  }

  async assignRoleUsers(scope: Scope, request: AssignRoleUsersRequest, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const role = await repo.findRole(trx, scope, request.roleId);
      if (!role) throw notFound(AccountMessages.roleNotFound);
      await this.checkMembers(trx, scope, request.userIds);
      await repo.replaceRoleUsers(trx, scope, request.roleId, request.userIds);
      await recordOperation(trx, context, { ...scope, content: `角色「${role.roleName}」分配用户：${request.userIds.length}人` });
    });
  }

  // ---- own account ----------------------------------------------------------------------------

  async sendSmsCode(session: Session, request: SmsRequest, context: OperationContext): Promise<SmsResult> {
    const scope = scopeOf(session);
    if (!session.authorities.includes(PURPOSE_AUTHORITY[request.purpose])) {
      throw new AppError(ResultCode.NO_AUTHORITY, AccountMessages.noAuthority);
    }
    const [user] = await repo.userBriefs(this.db, scope, [session.userId]);
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
      const latest = await repo.latestSmsCode(trx, session.userId, request.purpose);
      const elapsed = latest ? (now.getTime() - latest.createdAt.getTime()) / 1000 : Infinity;
      if (elapsed < SMS_RESEND_SECONDS) throw validation(AccountMessages.smsTooOften(Math.ceil(SMS_RESEND_SECONDS - elapsed)));
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await repo.insertSmsCode(trx, scope, {
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
      const latest = await repo.latestSmsCode(trx, userId, purpose);
      if (!latest || latest.used || latest.expiresAt <= this.settings.now() || latest.mobile !== mobile) return null;
      if (latest.codeHash !== hashToken(`${userId}:${code.trim()}`)) {
        const attempts = latest.attempts + 1;
        await repo.markSmsCode(trx, latest.id, { attempts, used: attempts >= SMS_MAX_ATTEMPTS });
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
    const [user] = await repo.userBriefs(this.db, scope, [session.userId]);
    if (!user) throw notFound(AccountMessages.userNotFound);
    const codeId = await this.consumeCode(session.userId, 'reset_password', user.mobile, request.code);
    const passwordHash = await hashPassword(request.password);
    await this.db.transaction().execute(async (trx) => {
      await repo.markSmsCode(trx, codeId, { used: true });
      await repo.setPasswordHash(trx, scope, passwordHash);
      await repo.revokeOtherPairs(trx, session.userId, session.pairId);
      await recordOperation(trx, context, { ...scope, content: '通过短信验证码修改密码' });
    });
  }

  async updateMobile(session: Session, request: UpdateMobileRequest, context: OperationContext): Promise<void> {
    const scope = scopeOf(session);
    const problem = checkMobile(request.mobile);
    if (problem) throw validation(problem);
    const [user] = await repo.userBriefs(this.db, scope, [session.userId]);
    if (!user) throw notFound(AccountMessages.userNotFound);
    const codeId = await this.consumeCode(session.userId, 'modify_phone', request.mobile, request.code);
    await this.guardAccountUnique(request.mobile, () => this.db.transaction().execute(async (trx) => {
      await this.checkMobileFree(trx, scope, request.mobile, session.userId);
      await repo.markSmsCode(trx, codeId, { used: true });
      await repo.setMobile(trx, scope, request.mobile);
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
      const [user] = await repo.userBriefs(trx, scope, [userId]);
      const memberships = await repo.userMemberships(trx, scope.enterpriseId, userId);
      const remaining = memberships.filter((membership) => membership.orgId !== scope.orgId);
      if (remaining.length === 0) {
        await repo.deleteUser(trx, scope.enterpriseId, userId);
      } else {
        await repo.removeMemberships(trx, scope.enterpriseId, userId, [scope.orgId]);
        if (!remaining.some((membership) => membership.isDefault)) {
          await repo.setDefaultOrg(trx, scope.enterpriseId, userId, remaining[0]!.orgId);
        }
        await repo.revokeTokensInOrgs(trx, userId, [scope.orgId]);
      }
      await recordOperation(trx, context, { ...scope, content: `删除账号：${user?.username ?? userId}` });
    });
  }

  async userOrgs(scope: Scope, userId: number): Promise<UserOrgGrant[]> {
    await this.checkMembers(this.db, scope, [userId]);
    const [orgs, memberships] = await Promise.all([
      repo.enterpriseOrgs(this.db, scope.enterpriseId),
      repo.userMemberships(this.db, scope.enterpriseId, userId),
    ]);
    const granted = new Map(memberships.map((membership) => [membership.orgId, membership.isDefault]));
    return orgs.map((org) => ({ ...org, granted: granted.has(org.orgId), isDefault: granted.get(org.orgId) ?? false }));
  }

  async setUserOrgs(session: Session, request: SetUserOrgsRequest, context: OperationContext): Promise<void> {
    const scope = scopeOf(session);
    if (request.userId === session.userId && !request.orgIds.includes(session.orgId)) throw conflict(AccountMessages.ownFactory);
    await this.db.transaction().execute(async (trx) => {
      await this.checkMembers(trx, scope, [request.userId]);
      const orgs = await repo.enterpriseOrgs(trx, scope.enterpriseId);
      const known = new Map(orgs.map((org) => [org.orgId, org.orgName]));
      if (request.orgIds.some((orgId) => !known.has(orgId))) throw notFound(AccountMessages.orgNotFound);
      const memberships = await repo.userMemberships(trx, scope.enterpriseId, request.userId);
      const current = new Set(memberships.map((membership) => membership.orgId));
      const wanted = new Set(request.orgIds);
      const removed = [...current].filter((orgId) => !wanted.has(orgId));
      await repo.removeMemberships(trx, scope.enterpriseId, request.userId, removed);
      await repo.revokeTokensInOrgs(trx, request.userId, removed);
      await repo.addMemberships(trx, scope.enterpriseId, request.userId, [...wanted].filter((orgId) => !current.has(orgId)));
      const defaultOrg = memberships.find((membership) => membership.isDefault && wanted.has(membership.orgId))?.orgId ?? request.orgIds[0]!;
      await repo.setDefaultOrg(trx, scope.enterpriseId, request.userId, defaultOrg);
      const [user] = await repo.userBriefs(trx, scope, [request.userId]);
      await recordOperation(trx, context, {
        ...scope,
        content: `工厂授权：${user?.username ?? request.userId} → ${request.orgIds.map((orgId) => known.get(orgId)).join('、')}`,
      });
    });
  }
}
