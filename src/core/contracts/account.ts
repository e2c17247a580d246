import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { AccountAuthorities as A } from '../access/authorities/account';
import { CreatedResult, Id, NoData, OptionalId, PageFields, PageResult, PageSize, TextFilter, titled } from './common';
import { del, FILE, get, pathsOf, post, put } from './endpoint';
import { importEndpoints } from './files';

/** Account status (spec §4): 0 forbidden, 1 normal, 2 locked. */
export const AccountStatusSchema = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]);

const Ids = Type.Array(Id, { minItems: 1, maxItems: 1000, uniqueItems: true });
const Name = Type.String({ minLength: 1, maxLength: 20 });

// ---- departments -------------------------------------------------------------------------

export interface DepartmentNode {
  id: number;
  name: string;
  parentId: number | null;
  /** Users directly in this department. */
  userCount: number;
  children: DepartmentNode[];
}
export const DepartmentNode: TSchema = Type.Recursive((self) =>
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    parentId: Type.Union([Type.Integer(), Type.Null()]),
    userCount: Type.Integer(),
    children: Type.Array(self),
  }),
);

export const AddDepartmentRequest = Type.Object({
  name: titled(Name, '名称'),
  parentId: OptionalId('上级部门'),
});
export type AddDepartmentRequest = Static<typeof AddDepartmentRequest>;

export const RenameDepartmentRequest = Type.Object({ id: titled(Id, '编号'), name: titled(Name, '名称') });
export type RenameDepartmentRequest = Static<typeof RenameDepartmentRequest>;

export const RemoveDepartmentRequest = Type.Object({ id: titled(Id, '编号') });
export type RemoveDepartmentRequest = Static<typeof RemoveDepartmentRequest>;

// ---- department users --------------------------------------------------------------------

/** Filters of the staff list and its export (comma-joined multi-values for status and userId). */
export const StaffListQuery = Type.Object({
  ...PageFields,
  departmentId: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 20 })], { title: '部门' })),
  username: TextFilter('用户名'),
  nickName: TextFilter('姓名'),
  mobile: TextFilter('手机号'),
  status: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Integer(), Type.Array(Type.Integer())], { title: '状态' })),
  userId: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Integer(), Type.Array(Type.Integer())], { title: '用户' })),
  createTimeStart: Type.Optional(Type.String({ title: '创建时间', maxLength: 19 })),
  createTimeEnd: Type.Optional(Type.String({ title: '创建时间', maxLength: 19 })),
});
export type StaffListQuery = Static<typeof StaffListQuery>;

export const RoleBrief = Type.Object({ roleId: Type.Integer(), roleName: Type.String() });
export type RoleBrief = Static<typeof RoleBrief>;

export const StaffUser = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  nickName: Type.String(),
  mobile: Type.String(),
  status: AccountStatusSchema,
  departmentId: Type.Union([Type.Integer(), Type.Null()]),
  departmentName: Type.String(),
  roles: Type.Array(RoleBrief),
  createTime: Type.String({ description: 'YYYY-MM-DD HH:mm:ss' }),
});
export type StaffUser = Static<typeof StaffUser>;

export const UserBrief = Type.Object({ userId: Type.Integer(), username: Type.String(), nickName: Type.String() });
export type UserBrief = Static<typeof UserBrief>;
/** A row of the people pickers' list (user_list): who, and whether the account may still be chosen. */
export const UserOption = Type.Composite([UserBrief, Type.Object({ status: AccountStatusSchema })]);
export type UserOption = Static<typeof UserOption>;

/** mobile and password are checked against the spec §5 patterns with their own messages. */
export const AddStaffRequest = Type.Object({
  username: Type.String({ title: '用户名', minLength: 3, maxLength: 30, pattern: '^[A-Za-z0-9_.@-]+$' }),
  nickName: titled(Name, '姓名'),
  mobile: Type.String({ title: '手机号', maxLength: 11 }),
  password: Type.String({ title: '密码', maxLength: 64 }),
  departmentId: OptionalId('部门'),
  roleIds: Type.Optional(Type.Array(Id, { title: '角色', maxItems: 100, uniqueItems: true })),
  status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { title: '状态' })),
});
export type AddStaffRequest = Static<typeof AddStaffRequest>;

export const EditStaffRequest = Type.Object({
  userId: titled(Id, '用户'),
  nickName: titled(Name, '姓名'),
  mobile: Type.String({ title: '手机号', maxLength: 11 }),
  departmentId: OptionalId('部门'),
  /** Present: the user's roles in this factory become exactly these. */
  roleIds: Type.Optional(Type.Array(Id, { title: '角色', maxItems: 100, uniqueItems: true })),
});
export type EditStaffRequest = Static<typeof EditStaffRequest>;

/** 1 also unlocks a locked account (failures reset). */
export const EditStaffStatusRequest = Type.Object({ userIds: titled(Ids, '用户'), status: titled(AccountStatusSchema, '状态') });
export type EditStaffStatusRequest = Static<typeof EditStaffStatusRequest>;

/** Moves users of this factory into a department. */
export const BatchAddStaffRequest = Type.Object({ departmentId: titled(Id, '部门'), userIds: titled(Ids, '用户') });
export type BatchAddStaffRequest = Static<typeof BatchAddStaffRequest>;

export const OtherDepartmentQuery = Type.Object({
  ...PageFields,
  departmentId: titled(Id, '部门'),
  username: TextFilter('用户名'),
  nickName: TextFilter('姓名'),
});
export type OtherDepartmentQuery = Static<typeof OtherDepartmentQuery>;

export const UserListQuery = Type.Object({ ...PageFields, username: TextFilter('用户名'), nickName: TextFilter('姓名') });
export type UserListQuery = Static<typeof UserListQuery>;

// ---- roles ---------------------------------------------------------------------------------

export const RoleListQuery = Type.Object({
  ...PageFields,
  /** Alias of limit (the console asks page 1 size 500). */
  size: PageSize(),
  roleName: TextFilter('角色名称'),
});
export type RoleListQuery = Static<typeof RoleListQuery>;

export const RoleItem = Type.Object({
  roleId: Type.Integer(),
  roleName: Type.String(),
  remark: Type.String(),
  userCount: Type.Integer(),
  createTime: Type.String(),
});
export type RoleItem = Static<typeof RoleItem>;

export const RoleDetail = Type.Composite([
  RoleItem,
  Type.Object({ authorities: Type.Array(Type.String()), userIds: Type.Array(Type.Integer()) }),
]);
export type RoleDetail = Static<typeof RoleDetail>;

export const RoleIdParams = Type.Object({ roleId: titled(Id, '角色') });

const RoleFields = {
  roleName: titled(Name, '角色名称'),
  remark: Type.Optional(Type.String({ title: '备注', maxLength: 200 })),
  /** Authority codes from the permission tree; group nodes are ignored, parents are added. */
  authorities: Type.Array(Type.String({ maxLength: 100 }), { title: '权限', maxItems: 5000 }),
};
export const AddRoleRequest = Type.Object(RoleFields);
export type AddRoleRequest = Static<typeof AddRoleRequest>;
export const EditRoleRequest = Type.Object({ roleId: titled(Id, '角色'), ...RoleFields });
export type EditRoleRequest = Static<typeof EditRoleRequest>;

export const DeleteRoleRequest = Type.Object({ roleId: Id });
/** Why a role cannot be deleted: said by the server's 4009 and by the console before it asks. */
export const roleInUseMessage = (roleName: string, users: number) =>
  `角色「${roleName}」已分配给${users}个用户，请先在「分配用户」中移除这些用户后再删除`;
export type DeleteRoleRequest = Static<typeof DeleteRoleRequest>;

/** The role's users in this factory become exactly these. */
export const AssignRoleUsersRequest = Type.Object({ roleId: titled(Id, '角色'), userIds: Type.Array(Id, { title: '用户', maxItems: 5000, uniqueItems: true }) });
export type AssignRoleUsersRequest = Static<typeof AssignRoleUsersRequest>;

export type PermissionKind = 'group' | 'menu' | 'action';
export interface PermissionNode {
  /** Authority code; pure grouping nodes start with `GROUP:` and are not codes. */
  code: string;
  name: string;
  kind: PermissionKind;
  children: PermissionNode[];
}
export const PermissionNode: TSchema = Type.Recursive((self) =>
  Type.Object({
    code: Type.String(),
    name: Type.String(),
    kind: Type.Union([Type.Literal('group'), Type.Literal('menu'), Type.Literal('action')]),
    children: Type.Array(self),
  }),
);

// ---- own account: SMS code, password, phone; account removal; factory grants ----------------

export const SmsPurpose = Type.Union([Type.Literal('reset_password'), Type.Literal('modify_phone')]);
export type SmsPurpose = Static<typeof SmsPurpose>;

/** reset_password: the code goes to the account's own phone; modify_phone: to `mobile` (the new number). */
export const SmsRequest = Type.Object({ purpose: titled(SmsPurpose, '验证码用途'), mobile: Type.Optional(Type.String({ title: '手机号', maxLength: 11 })) });
export type SmsRequest = Static<typeof SmsRequest>;

export const SmsResult = Type.Object({ mobile: Type.String({ description: 'masked' }), resendAfterSeconds: Type.Integer() });
export type SmsResult = Static<typeof SmsResult>;

export const UpdatePasswordRequest = Type.Object({ code: Type.String({ title: '验证码', maxLength: 10 }), password: Type.String({ title: '密码', maxLength: 64 }) });
export type UpdatePasswordRequest = Static<typeof UpdatePasswordRequest>;

export const UpdateMobileRequest = Type.Object({ mobile: Type.String({ title: '手机号', maxLength: 11 }), code: Type.String({ title: '验证码', maxLength: 10 }) });
export type UpdateMobileRequest = Static<typeof UpdateMobileRequest>;

export const UserIdQuery = Type.Object({ userId: titled(Id, '用户') });
export type UserIdQuery = Static<typeof UserIdQuery>;

export const UserOrgGrant = Type.Object({ orgId: Type.Integer(), orgName: Type.String(), granted: Type.Boolean(), isDefault: Type.Boolean() });
export type UserOrgGrant = Static<typeof UserOrgGrant>;

export const SetUserOrgsRequest = Type.Object({ userId: titled(Id, '用户'), orgIds: Type.Array(Id, { title: '工厂', minItems: 1, maxItems: 100, uniqueItems: true }) });
export type SetUserOrgsRequest = Static<typeof SetUserOrgsRequest>;

// ---- endpoints (spec §7 "Account", DECISIONS.md "Paths") ---------------------------------------

export const AccountApi = {
  departmentTree: get('/dps-server/department/tree', { response: Type.Array(DepartmentNode), authority: A.staff }),
  departmentAdd: post('/dps-server/department/add_department', { body: AddDepartmentRequest, response: CreatedResult, authority: A.department }),
  departmentRename: post('/dps-server/department/update_name', { body: RenameDepartmentRequest, response: NoData, authority: A.department }),
  departmentRemove: post('/dps-server/department/remove', { body: RemoveDepartmentRequest, response: NoData, authority: A.department }),
  staffList: get('/dps-server/department_user/list', { query: StaffListQuery, response: PageResult(StaffUser), authority: A.staff }),
  staffAdd: post('/dps-server/department_user/add', { body: AddStaffRequest, response: Type.Object({ userId: Type.Integer() }), authority: A.staffAdd }),
  staffEdit: post('/dps-server/department_user/edit', { body: EditStaffRequest, response: NoData, authority: A.staffEdit }),
  staffEditStatus: post('/dps-server/department_user/edit_status', { body: EditStaffStatusRequest, response: NoData, authority: A.staffStatus }),
  staffBatchAdd: post('/dps-server/department_user/batch_add', { body: BatchAddStaffRequest, response: NoData, authority: A.staffAdd }),
  ...importEndpoints('staff', '/dps-server/department_user', A.staffImport),
  staffExport: post('/dps-server/department_user/export', { body: StaffListQuery, response: FILE, authority: A.staffExport }),
  otherDepartment: get('/dps-server/other_department', { query: OtherDepartmentQuery, response: PageResult(StaffUser), authority: A.staff }),
  /**
   * Every picker of people (auditors, IC cards, team members…) lists the factory's colleagues: id,
   * account and name only, so any signed-in user of the factory may read it; the tenant scope still applies.
   */
  userList: get('/dps-server/user_list', { query: UserListQuery, response: PageResult(UserOption), session: true }),
  roleList: get('/dps-server/role/page_list', { query: RoleListQuery, response: PageResult(RoleItem), authority: A.role }),
  roleDetail: get('/dps-server/role/detail/:roleId', { params: RoleIdParams, response: RoleDetail, authority: A.role }),
  roleAdd: post('/dps-server/role/add', { body: AddRoleRequest, response: Type.Object({ roleId: Type.Integer() }), authority: A.roleAdd }),
  roleEdit: post('/dps-server/role/edit', { body: EditRoleRequest, response: NoData, authority: A.roleEdit }),
  rolePermissionTree: get('/dps-server/role/permission_list_tree', { response: Type.Array(PermissionNode), authority: A.role }),
  roleAssignUsers: post('/dps-server/role/assign_users', { body: AssignRoleUsersRequest, response: NoData, authority: A.roleAssign }),
  /** POST { roleId }: refused (4009) while users hold the role. */
  roleDelete: post('/dps-server/role/delete', { body: DeleteRoleRequest, response: NoData, authority: A.roleDelete }),
  sms: post('/base/org/user/sms', { body: SmsRequest, response: SmsResult, session: true, name: '发送短信验证码' }),
  updatePassword: put('/base/org/user/code/update/password', { body: UpdatePasswordRequest, response: NoData, authority: A.resetPassword }),
  updateMobile: put('/base/org/user/code/update/mobile', { body: UpdateMobileRequest, response: NoData, authority: A.modifyPhone }),
  deleteAccount: del('/base/org/users/account', { query: UserIdQuery, response: NoData, authority: A.staffDelete }),
  /** GET ?userId= lists the enterprise's factories with the user's grants; POST (userOrgsSave) replaces them. */
  userOrgs: get('/base/org/user/orgs', { query: UserIdQuery, response: Type.Array(UserOrgGrant), authority: A.authorization }),
  userOrgsSave: post('/base/org/user/orgs', { body: SetUserOrgsRequest, response: NoData, authority: A.authorization }),
};
export const AccountPaths = pathsOf(AccountApi);
