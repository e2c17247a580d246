/** UserSelect: pick one or several users of the current factory (昵称（用户名）, searchable). */
export { UserSelect, type UserSelectProps } from './user-select';
export { factoryUsersApi } from './users.api';
