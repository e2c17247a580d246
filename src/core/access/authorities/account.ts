/**
 * Authority codes of the account module, declared once: the console's menus and AuthButtons and
 * the server's route config use these (menus from the route catalogue, buttons ACTION_*).
 */
export const AccountAuthorities = {
  account: 'MENU_ACCOUNT',
  staff: 'MENU_ACCOUNT_STAFF',
  role: 'MENU_ACCOUNT_ROLE',
  resetPassword: 'MENU_ACCOUNT_RESET_PASSWORD',
  modifyPhone: 'MENU_ACCOUNT_MODIFY_PHONE',
  authorization: 'MENU_ACCOUNT_AUTHORIZATION',
  staffAdd: 'ACTION_STAFF_ADD',
  staffEdit: 'ACTION_STAFF_EDIT',
  staffExport: 'ACTION_STAFF_EXPORT',
  staffImport: 'ACTION_STAFF_IMPORT',
  staffStatus: 'ACTION_STAFF_STATUS',
  staffDelete: 'ACTION_STAFF_DELETE',
  department: 'ACTION_STAFF_DEPARTMENT',
  roleAdd: 'ACTION_ROLE_ADD',
  roleEdit: 'ACTION_ROLE_EDIT',
  roleAssign: 'ACTION_ROLE_ASSIGN',
  roleDelete: 'ACTION_ROLE_DELETE',
} as const;
