import { definePages } from '../page-declaration';

/** Pages of 账号配置 (console module account). */
export const ACCOUNT_PAGES = definePages('account', 'ACCOUNT', {
  STAFF: { path: '/account_config/staff', title: '人员管理' },
  ROLE: { path: '/role', title: '角色管理' },
  RESET_PASSWORD: { path: '/resetPsw', title: '重置密码' },
  MODIFY_PHONE: { path: '/modifyPhone', title: '修改手机号' },
  AUTHORIZATION: { path: '/tool/authorization', title: '工厂授权', hidden: true },
});
