import { AccountPaths, type DepartmentNode } from '@core/contracts/account';
import { http } from '@core/http';

/** The factory's department tree; renames, additions and removals (removal of one with users is refused). */
export const departmentsApi = {
  tree: () => http.get<DepartmentNode[]>(AccountPaths.departmentTree),
  add: (name: string, parentId: number | null) => http.post<{ id: number }>(AccountPaths.departmentAdd, { name, parentId }),
  rename: (id: number, name: string) => http.post<void>(AccountPaths.departmentRename, { id, name }),
  remove: (id: number) => http.post<void>(AccountPaths.departmentRemove, { id }),
};
