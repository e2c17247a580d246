import { Type, type Static } from '@sinclair/typebox';
import { get, post } from './endpoint';

export const LoginRequest = Type.Object({
  username: Type.String({ title: '用户名', minLength: 1, maxLength: 50 }),
  password: Type.String({ title: '密码', minLength: 1, maxLength: 64 }),
});
export type LoginRequest = Static<typeof LoginRequest>;

/** Login info (spec §3). */
export const LoginInfo = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  refresh_token: Type.String(),
  expires_in: Type.Integer({ description: 'seconds until access_token expires' }),
  applicationId: Type.String(),
});
export type LoginInfo = Static<typeof LoginInfo>;

export const RefreshRequest = Type.Object({ refresh_token: Type.String({ title: '刷新令牌', minLength: 1 }) });
export type RefreshRequest = Static<typeof RefreshRequest>;

export const Authority = Type.Object({ authority: Type.String() });
export type Authority = Static<typeof Authority>;

export const OrgBrief = Type.Object({ orgId: Type.Integer(), orgName: Type.String() });
export type OrgBrief = Static<typeof OrgBrief>;

/** User info (spec §3), authorities for the current factory. */
export const UserInfo = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  nickName: Type.String(),
  orgId: Type.Integer(),
  orgName: Type.String(),
  enterpriseId: Type.Integer(),
  mobile: Type.String(),
  expireTime: Type.Union([Type.String(), Type.Null()], { description: 'YYYY-MM-DD HH:mm:ss' }),
  accountSurplusDay: Type.Union([Type.Integer(), Type.Null()], {
    description: 'days left, negative once expired',
  }),
  remindType: Type.String({ description: 'comma-separated reminder levels, e.g. "0,1,2,3,4"' }),
  authorities: Type.Array(Authority),
  roleBaseResponses: Type.Array(Type.Object({ roleId: Type.Integer(), roleName: Type.String() })),
  attrs: Type.Object({ applicationId: Type.String() }),
  /** Factories of the enterprise this user may switch to (for the header switch). */
  orgList: Type.Array(OrgBrief),
});
export type UserInfo = Static<typeof UserInfo>;

export const SwitchOrgParams = Type.Object({ orgId: Type.Integer({ title: '工厂' }) });

/** POST /account_center/user_log */
export const UserLogRequest = Type.Object({
  systemId: Type.Union([Type.Integer(), Type.String()], { title: '系统编号' }),
  enterpriseId: Type.Union([Type.Integer(), Type.String()], { title: '企业编号' }),
  buttonId: Type.Union([Type.Integer(), Type.String()], { title: '按钮编号' }),
});
export type UserLogRequest = Static<typeof UserLogRequest>;

/** Sign-in, session and user info (spec §3): `/base/*` (base envelope) and the button log. */
export const AuthApi = {
  login: post('/base/auth/login', { body: LoginRequest, response: LoginInfo, public: true, name: '登录' }),
  refresh: post('/base/auth/refresh', { body: RefreshRequest, response: LoginInfo, public: true, name: '刷新登录' }),
  logout: post('/base/auth/logout', { response: Type.Null(), public: true, name: '退出登录' }),
  userInfo: get('/base/user/info', { response: UserInfo, session: true }),
  authorityAccount: get('/base/authority/account', { response: Type.Array(Authority), session: true }),
  authorityOrg: get('/base/authority/org', { response: Type.Array(Authority), session: true }),
  switchOrg: post('/base/switch/user/org/:orgId', { params: SwitchOrgParams, response: OrgBrief, session: true, name: '切换工厂' }),
  userLog: post('/account_center/user_log', { body: UserLogRequest, response: Type.Null(), session: true, name: '记录按钮点击' }),
};
