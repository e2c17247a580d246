import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AccountApi as E, type StaffListQuery } from '@core/contracts/account';
import { mount } from '../../lib/endpoint';
import { operationContext } from '../../lib/operation-context';
import { registerExportRoute, registerImportRoutes, type StoredFiles } from '../../lib/transfer-routes';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { STAFF_EXPORT_COLUMNS, STAFF_IMPORT_COLUMNS, type AccountService } from './account.service';

const STAFF_EXPORT_NAME = '人员列表';

export async function accountRoutes(app: FastifyInstance, { service, files }: { service: AccountService; files: StoredFiles }): Promise<void> {
  const scope = (request: FastifyRequest) => scopeOf(sessionOf(request));

  // ---- departments ----
  mount(app, E.departmentTree, async (request) => service.departmentTree(scope(request)));
  mount(app, E.departmentAdd, async (request) => service.addDepartment(scope(request), request.body, operationContext(request)));
  mount(app, E.departmentRename, async (request) => service.renameDepartment(scope(request), request.body, operationContext(request)));
  mount(app, E.departmentRemove, async (request) => service.removeDepartment(scope(request), request.body.id, operationContext(request)));

  // ---- department users ----
  mount(app, E.staffList, async (request) => service.listStaff(scope(request), request.query));
  mount(app, E.staffAdd, async (request) => service.addStaff(scope(request), request.body, operationContext(request)));
  mount(app, E.staffEdit, async (request) => service.editStaff(scope(request), request.body, operationContext(request)));
  mount(app, E.staffEditStatus, async (request) => service.editStaffStatus(sessionOf(request), request.body, operationContext(request)));
  mount(app, E.staffBatchAdd, async (request) => service.batchAddStaff(scope(request), request.body, operationContext(request)));
  registerImportRoutes(app, {
    endpoint: E.staffImport,
    template: E.staffImportTemplate,
    templateName: '人员导入模板',
    columns: STAFF_IMPORT_COLUMNS,
    files,
    run: (s, path, context) => service.importStaff(s, path, context),
  });
  registerExportRoute(app, {
    endpoint: E.staffExport,
    name: STAFF_EXPORT_NAME,
    columns: STAFF_EXPORT_COLUMNS,
    rows: (s, query: StaffListQuery) => service.staffRows(s, query),
  });
  mount(app, E.otherDepartment, async (request) => service.otherDepartmentStaff(scope(request), request.query.departmentId, request.query));
  mount(app, E.userList, async (request) => service.userList(scope(request), request.query));

  // ---- roles ----
  mount(app, E.roleList, async (request) => service.listRoles(scope(request), { ...request.query, limit: request.query.limit ?? request.query.size }));
  mount(app, E.roleDetail, async (request) => service.roleDetail(scope(request), request.params.roleId));
  mount(app, E.roleAdd, async (request) => service.addRole(sessionOf(request), request.body, operationContext(request)));
  mount(app, E.roleEdit, async (request) => service.editRole(sessionOf(request), request.body, operationContext(request)));
  mount(app, E.roleDelete, async (request) => service.deleteRole(scope(request), request.body.roleId, operationContext(request)));
  mount(app, E.rolePermissionTree, async () => service.permissionTree());
  mount(app, E.roleAssignUsers, async (request) => service.assignRoleUsers(scope(request), request.body, operationContext(request)));

  // ---- own account, account removal, factory grants (/base family) ----
  mount(app, E.sms, async (request) => service.sendSmsCode(sessionOf(request), request.body, operationContext(request)));
  mount(app, E.updatePassword, async (request) => service.updatePassword(sessionOf(request), request.body, operationContext(request)));
  mount(app, E.updateMobile, async (request) => service.updateMobile(sessionOf(request), request.body, operationContext(request)));
  mount(app, E.deleteAccount, async (request) => service.deleteAccount(sessionOf(request), request.query.userId, operationContext(request)));
  mount(app, E.userOrgs, async (request) => service.userOrgs(scope(request), request.query.userId));
  mount(app, E.userOrgsSave, async (request) => service.setUserOrgs(sessionOf(request), request.body, operationContext(request)));
}
