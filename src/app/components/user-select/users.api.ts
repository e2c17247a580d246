import { AccountPaths, type UserBrief } from '../../../core/contracts/account';
import type { PageResult } from '../../../core/contracts/common';
import { http } from '../../../core/http';

/** The user list's largest page: a factory's staff fits in one (searched in the browser). */
const ALL_USERS = { page: 1, limit: 1000 };

/** Users of the current factory (the account module's plain user list). */
export const factoryUsersApi = {
  all: () => http.get<PageResult<UserBrief>>(AccountPaths.userList, ALL_USERS).then((page) => page.list),
};

/** How a user is shown in pickers: 昵称（用户名）. */
export const userLabel = (user: Pick<UserBrief, 'nickName' | 'username'>) => `${user.nickName}（${user.username}）`;
