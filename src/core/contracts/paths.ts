/** Every path the skeleton mounts; module contracts add their own files. */
export const AuthPaths = {
  login: '/base/auth/login',
  refresh: '/base/auth/refresh',
  logout: '/base/auth/logout',
  userInfo: '/base/user/info',
  authorityAccount: '/base/authority/account',
  authorityOrg: '/base/authority/org',
  switchOrg: (orgId: number | string) => `/base/switch/user/org/${orgId}`,
  userLog: '/account_center/user_log',
} as const;

export const UserConfigPaths = {
  get: '/dps-server/platform/user_config/get_config_params',
  replace: '/dps-server/platform/user_config/replace_config_params',
} as const;

export const StaticPaths = {
  version: '/static/version.txt',
} as const;
