import type { ModuleRegistration } from '../registry';

/** 账号配置 (spec §2 /account_config): staff, roles, own password and phone, factory grants; `<mes-account>` for hosts. */
export const accountModule: ModuleRegistration = {
  module: 'account',
  pages: {
    '/account_config/staff': () => import('./pages/staff.page'),
    '/role': () => import('./pages/role.page'),
    '/resetPsw': () => import('./pages/reset-password.page'),
    '/modifyPhone': () => import('./pages/modify-phone.page'),
    '/tool/authorization': () => import('./pages/authorization.page'),
  },
  element: { name: 'mes-account', load: () => import('./pages/account-element.page') },
};
