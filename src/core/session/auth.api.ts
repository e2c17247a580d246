import { AuthPaths, UserConfigPaths, type LoginInfo, type UserConfig, type UserInfo } from '../contracts';
import { DEFAULT_ENTERPRISE_ID, SYSTEM_ID } from '../constants';
import { http } from '../http';
import { getUser } from './session.store';

/** Session calls are not route-scoped: leaving a page must not cancel a login or user-info load. */
const sessionScope = { routeScoped: false } as const;

export const authApi = {
  login: (username: string, password: string) =>
    http.post<LoginInfo>(AuthPaths.login, { username, password }, sessionScope),
  refresh: (refreshToken: string) =>
    http.post<LoginInfo>(AuthPaths.refresh, { refresh_token: refreshToken }, sessionScope),
  fetchUserInfo: () => http.get<UserInfo>(AuthPaths.userInfo, undefined, sessionScope),
  fetchAccountAuthorities: () => http.get<{ authority: string }[]>(AuthPaths.authorityAccount, undefined, sessionScope),
  fetchOrgAuthorities: () => http.get<{ authority: string }[]>(AuthPaths.authorityOrg, undefined, sessionScope),
  switchOrg: (orgId: number | string) => http.post<unknown>(AuthPaths.switchOrg(orgId), undefined, sessionScope),
  /** Best effort: the local logout happens whatever the server says. */
  logoutRemote: () => http.post<unknown>(AuthPaths.logout, undefined, { ...sessionScope, hideError: true }),
  getUserConfig: () => http.get<UserConfig>(UserConfigPaths.get, undefined, sessionScope),
  replaceUserConfig: (config: UserConfig) => http.post<unknown>(UserConfigPaths.replace, config, sessionScope),
  logUserAction: (buttonId: number | string) =>
    http.post<null>(
      AuthPaths.userLog,
      { systemId: SYSTEM_ID, enterpriseId: getUser()?.enterpriseId ?? DEFAULT_ENTERPRISE_ID, buttonId },
      { ...sessionScope, hideError: true },
    ),
};
