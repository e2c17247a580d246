import { AccountPaths, type UserOption } from '@core/contracts/account';
import type { PageResult } from '@core/contracts/common';
import { http } from '@core/http';

/** The user list's largest page: a factory's staff fits in one (searched in the browser). */
const ALL_USERS = { page: 1, limit: 1000 };

/** Users of the current factory (the account module's plain user list). */
export const factoryUsersApi = {
  all: () => http.get<PageResult<UserOption>>(AccountPaths.userList, ALL_USERS).then((page) => page.list),
};
