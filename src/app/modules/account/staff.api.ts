import type { PageResult } from '@core/contracts/common';
import {
  AccountPaths,
  type AddStaffRequest,
  type EditStaffRequest,
  type StaffUser,
  type UserBrief,
} from '@core/contracts/account';
import { http } from '@core/http';
import type { ListQuery } from '../../components';
import { importApi } from '@app/shared';

type AccountStatus = StaffUser['status'];

/** Users of the factory: per department, the other departments' users, and the plain picker list. */
export const staffApi = {
  list: (query: ListQuery) => http.get<PageResult<StaffUser>>(AccountPaths.staffList, query),
  otherDepartment: (departmentId: number, query: ListQuery) =>
    http.get<PageResult<StaffUser>>(AccountPaths.otherDepartment, { ...query, departmentId }),
  users: (query: { page: number; limit: number; nickName?: string }) => http.get<PageResult<UserBrief>>(AccountPaths.userList, query),
  add: (request: AddStaffRequest) => http.post<{ userId: number }>(AccountPaths.staffAdd, request),
  edit: (request: EditStaffRequest) => http.post<void>(AccountPaths.staffEdit, request),
  setStatus: (userIds: number[], status: AccountStatus) => http.post<void>(AccountPaths.staffEditStatus, { userIds, status }),
  moveToDepartment: (departmentId: number, userIds: number[]) =>
    http.post<void>(AccountPaths.staffBatchAdd, { departmentId, userIds }),
  removeAccount: (userId: number) => http.delete<void>(AccountPaths.deleteAccount, { userId }),
  /** The ImportDialog shows failures itself; an ImportResult is an ImportOutcome. */
  ...importApi(AccountPaths.staffImport, AccountPaths.staffImportTemplate, '人员导入模板.xlsx'),
  exportFile: (query: ListQuery) => {
    const { page: _page, limit: _limit, ...filters } = query;
    return http.exportFile(AccountPaths.staffExport, filters, '人员列表');
  },
};
