import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AccountPaths,
  AddDepartmentRequest,
  AddRoleRequest,
  AddStaffRequest,
  AssignRoleUsersRequest,
  BatchAddStaffRequest,
  DeleteRoleRequest,
  EditRoleRequest,
  EditStaffRequest,
  EditStaffStatusRequest,
  OtherDepartmentQuery,
  RemoveDepartmentRequest,
  RenameDepartmentRequest,
  RoleIdParams,
  RoleListQuery,
  SetUserOrgsRequest,
  SmsRequest,
  StaffListQuery,
  UpdateMobileRequest,
  UpdatePasswordRequest,
  UserIdQuery,
  UserListQuery,
} from '@core/contracts/account';
import { AccountAuthorities } from '@core/access/authorities/account';
import { registerExportRoute, registerImportRoutes, type StoredFiles } from '../../lib/legacy-routes';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelopes';
import { operationContext } from '../../lib/operation-context';
import { STAFF_EXPORT_COLUMNS, STAFF_IMPORT_COLUMNS, type AccountService } from './account.service';

const A = AccountAuthorities;

const STAFF_EXPORT_NAME = '人员列表';

type Body<T> = { Body: T };
type Query<T> = { Querystring: T };

export async function accountRoutes(
  app: FastifyInstance,
  { service, files }: { service: AccountService; files: StoredFiles },
): Promise<void> {
  const scope = (request: FastifyRequest) => scopeOf(sessionOf(request));

  // ---- departments ----
  app.get(AccountPaths.departmentTree, { config: { authority: A.staff } }, async (request) =>
    ok('result', await service.departmentTree(scope(request))),
  );
  app.post<Body<AddDepartmentRequest>>(
    AccountPaths.departmentAdd,
    { schema: { body: AddDepartmentRequest }, config: { authority: A.department } },
    async (request) => ok('result', await service.addDepartment(scope(request), request.body, operationContext(request))),
  );
  app.post<Body<RenameDepartmentRequest>>(
    AccountPaths.departmentRename,
    { schema: { body: RenameDepartmentRequest }, config: { authority: A.department } },
    async (request) => ok('result', await service.renameDepartment(scope(request), request.body, operationContext(request))),
  );
  app.post<Body<RemoveDepartmentRequest>>(
    AccountPaths.departmentRemove,
    { schema: { body: RemoveDepartmentRequest }, config: { authority: A.department } },
    async (request) => ok('result', await service.removeDepartment(scope(request), request.body.id, operationContext(request))),
  );

  // ---- department users ----
  app.get<Query<StaffListQuery>>(
    AccountPaths.staffList,
    { schema: { querystring: StaffListQuery }, config: { authority: A.staff } },
    async (request) => ok('result', await service.listStaff(scope(request), request.query)),
  );
  app.post<Body<AddStaffRequest>>(
    AccountPaths.staffAdd,
    { schema: { body: AddStaffRequest }, config: { authority: A.staffAdd } },
    async (request) => ok('result', await service.addStaff(scope(request), request.body, operationContext(request))),
  );
  app.post<Body<EditStaffRequest>>(
    AccountPaths.staffEdit,
    { schema: { body: EditStaffRequest }, config: { authority: A.staffEdit } },
    async (request) => ok('result', await service.editStaff(scope(request), request.body, operationContext(request))),
  );
  app.post<Body<EditStaffStatusRequest>>(
    AccountPaths.staffEditStatus,
    { schema: { body: EditStaffStatusRequest }, config: { authority: A.staffStatus } },
    async (request) => ok('result', await service.editStaffStatus(sessionOf(request), request.body, operationContext(request))),
  );
  app.post<Body<BatchAddStaffRequest>>(
    AccountPaths.staffBatchAdd,
    { schema: { body: BatchAddStaffRequest }, config: { authority: A.staffAdd } },
    async (request) => ok('result', await service.batchAddStaff(scope(request), request.body, operationContext(request))),
  );
  registerImportRoutes(app, {
    path: AccountPaths.staffImport,
    templatePath: AccountPaths.staffImportTemplate,
    templateName: '人员导入模板',
    authority: A.staffImport,
    columns: STAFF_IMPORT_COLUMNS,
    files,
    run: (s, path, context) => service.importStaff(s, path, context),
  });
  registerExportRoute(app, {
    path: AccountPaths.staffExport,
    schema: StaffListQuery,
    authority: A.staffExport,
    name: STAFF_EXPORT_NAME,
    columns: STAFF_EXPORT_COLUMNS,
    rows: (s, query: StaffListQuery) => service.staffRows(s, query),
  });
  app.get<Query<OtherDepartmentQuery>>(
    AccountPaths.otherDepartment,
    { schema: { querystring: OtherDepartmentQuery }, config: { authority: A.staff } },
    async (request) => ok('result', await service.otherDepartmentStaff(scope(request), request.query.departmentId, request.query)),
  );
  // Every picker of people (auditors, IC cards, team members…) lists the factory's colleagues: id, account
  // and name only, so any signed-in user of the factory may read it; the tenant scope still applies.
  app.get<Query<UserListQuery>>(
    AccountPaths.userList,
    { schema: { querystring: UserListQuery }, config: { session: true } },
    async (request) => ok('result', await service.userList(scope(request), request.query)),
  );

  // ---- roles ----
  app.get<Query<RoleListQuery>>(
    AccountPaths.roleList,
    { schema: { querystring: RoleListQuery }, config: { authority: A.role } },
    async (request) =>
      ok('result', await service.listRoles(scope(request), { ...request.query, limit: request.query.limit ?? request.query.size })),
  );
  app.get<{ Params: { roleId: number } }>(
    '/dps-server/role/detail/:roleId',
    { schema: { params: RoleIdParams }, config: { authority: A.role } },
    async (request) => ok('result', await service.roleDetail(scope(request), request.params.roleId)),
  );
  app.post<Body<AddRoleRequest>>(
    AccountPaths.roleAdd,
    { schema: { body: AddRoleRequest }, config: { authority: A.roleAdd } },
    async (request) => ok('result', await service.addRole(sessionOf(request), request.body, operationContext(request))),
  );
  app.post<Body<EditRoleRequest>>(
    AccountPaths.roleEdit,
    { schema: { body: EditRoleRequest }, config: { authority: A.roleEdit } },
    async (request) => ok('result', await service.editRole(sessionOf(request), request.body, operationContext(request))),
  );
  app.post<Body<DeleteRoleRequest>>(
    AccountPaths.roleDelete,
    { schema: { body: DeleteRoleRequest }, config: { authority: A.roleDelete } },
    async (request) => ok('result', await service.deleteRole(scope(request), request.body.roleId, operationContext(request))),
  );
  app.get(AccountPaths.rolePermissionTree, { config: { authority: A.role } }, async () => ok('result', service.permissionTree()));
  app.post<Body<AssignRoleUsersRequest>>(
    AccountPaths.roleAssignUsers,
    { schema: { body: AssignRoleUsersRequest }, config: { authority: A.roleAssign } },
    async (request) => ok('result', await service.assignRoleUsers(scope(request), request.body, operationContext(request))),
  );

  // ---- own account, account removal, factory grants (/base family) ----
  app.post<Body<SmsRequest>>(AccountPaths.sms, { schema: { body: SmsRequest }, config: { session: true } }, async (request) =>
    ok('base', await service.sendSmsCode(sessionOf(request), request.body, operationContext(request))),
  );
  app.put<Body<UpdatePasswordRequest>>(
    AccountPaths.updatePassword,
    { schema: { body: UpdatePasswordRequest }, config: { authority: A.resetPassword } },
    async (request) => ok('base', await service.updatePassword(sessionOf(request), request.body, operationContext(request))),
  );
  app.put<Body<UpdateMobileRequest>>(
    AccountPaths.updateMobile,
    { schema: { body: UpdateMobileRequest }, config: { authority: A.modifyPhone } },
    async (request) => ok('base', await service.updateMobile(sessionOf(request), request.body, operationContext(request))),
  );
  app.delete<Query<UserIdQuery>>(
    AccountPaths.deleteAccount,
    { schema: { querystring: UserIdQuery }, config: { authority: A.staffDelete } },
    async (request) => ok('base', await service.deleteAccount(sessionOf(request), request.query.userId, operationContext(request))),
  );
  app.get<Query<UserIdQuery>>(
    AccountPaths.userOrgs,
    { schema: { querystring: UserIdQuery }, config: { authority: A.authorization } },
    async (request) => ok('base', await service.userOrgs(scope(request), request.query.userId)),
  );
  app.post<Body<SetUserOrgsRequest>>(
    AccountPaths.userOrgs,
    { schema: { body: SetUserOrgsRequest }, config: { authority: A.authorization } },
    async (request) => ok('base', await service.setUserOrgs(sessionOf(request), request.body, operationContext(request))),
  );
}
