import { ACCOUNT_PAGES } from '@core/access/pages/account';
import { defineModule } from '../define-module';

/** 账号配置 (spec §2 /account_config): staff, roles, own password and phone, factory grants; `<mes-account>` for hosts. */
export const accountModule = defineModule(
  ACCOUNT_PAGES,
  {
    STAFF: () => import('./pages/staff.page'),
    ROLE: () => import('./pages/role.page'),
    RESET_PASSWORD: () => import('./pages/reset-password.page'),
    MODIFY_PHONE: () => import('./pages/modify-phone.page'),
    AUTHORIZATION: () => import('./pages/authorization.page'),
  },
  { name: 'mes-account', load: () => import('./pages/account-element.page') },
);
