import type { PageResult } from '@core/contracts/common';
import {
  AccountPaths,
  type AddRoleRequest,
  type EditRoleRequest,
  type PermissionNode,
  type RoleDetail,
  type RoleItem,
} from '@core/contracts/account';
import { http } from '@core/http';

/** The console lists every role of the factory at once (page 1, size 500). */
export const ROLE_LIST_SIZE = 500;

export const rolesApi = {
  list: (roleName?: string) =>
    http.get<PageResult<RoleItem>>(AccountPaths.roleList, { page: 1, size: ROLE_LIST_SIZE, roleName }),
  detail: (roleId: number) => http.get<RoleDetail>(AccountPaths.roleDetail(roleId)),
  permissionTree: () => http.get<PermissionNode[]>(AccountPaths.rolePermissionTree),
  add: (request: AddRoleRequest) => http.post<{ roleId: number }>(AccountPaths.roleAdd, request),
  edit: (request: EditRoleRequest) => http.post<void>(AccountPaths.roleEdit, request),
  assignUsers: (roleId: number, userIds: number[]) => http.post<void>(AccountPaths.roleAssignUsers, { roleId, userIds }),
  remove: (roleId: number) => http.post<void>(AccountPaths.roleDelete, { roleId }),
};
