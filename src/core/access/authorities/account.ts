import { defineAuthorities, entityActions } from '../module';

/**
 * Authority codes of the account module, declared once: the console's menus and AuthButtons and
 * the server's route config use these (menus from the route catalogue, buttons ACTION_*).
 */
const account = defineAuthorities({
  account: 'MENU_ACCOUNT',
  staff: 'MENU_ACCOUNT_STAFF',
  role: 'MENU_ACCOUNT_ROLE',
  resetPassword: 'MENU_ACCOUNT_RESET_PASSWORD',
  modifyPhone: 'MENU_ACCOUNT_MODIFY_PHONE',
  authorization: 'MENU_ACCOUNT_AUTHORIZATION',
  ...entityActions('staff', 'ACTION_STAFF', '人员管理', ['add', 'edit', 'export', 'import']),
  staffStatus: { code: 'ACTION_STAFF_STATUS', name: '人员管理-启用/禁用/解锁' },
  staffDelete: { code: 'ACTION_STAFF_DELETE', name: '人员管理-删除账号' },
  department: { code: 'ACTION_STAFF_DEPARTMENT', name: '人员管理-部门管理' },
  ...entityActions('role', 'ACTION_ROLE', '角色管理', ['add', 'edit']),
  roleAssign: { code: 'ACTION_ROLE_ASSIGN', name: '角色管理-分配用户' },
  roleDelete: { code: 'ACTION_ROLE_DELETE', name: '角色管理-删除' },
});
export const AccountAuthorities = account.codes;
/** The button actions above with their permission-tree names. */
export const ACCOUNT_ACTIONS = account.actions;
