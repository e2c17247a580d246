/** Button authorities of the account module (src/core/access/action-codes.ts); menus come from the route catalogue. */
export const ACCOUNT_ACTIONS = {
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
  /** The hidden 工厂授权 page. */
  authorization: 'MENU_ACCOUNT_AUTHORIZATION',
} as const;
