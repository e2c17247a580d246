import { AuthApi } from './auth';
import { pathsOf } from './endpoint';
import { UserConfigApi } from './user-config';

/** The console's paths of the platform endpoints (declared in auth.ts and user-config.ts). */
export const AuthPaths = pathsOf(AuthApi);

export const UserConfigPaths = pathsOf(UserConfigApi);

/** Not an API endpoint: the static build's version file. */
export const StaticPaths = {
  version: '/static/version.txt',
} as const;
