import { Type, type Static } from '@sinclair/typebox';
import { get, post } from './endpoint';

/**
 * User config (spec §3): flat fields; objects travel as JSON strings (quickSearchParams and any
 * other structured field), so the server keeps every value as a string. A user's config is small:
 * at most 200 fields of up to 64 K characters each.
 */
export const USER_CONFIG_LIMITS = { fields: 200, valueLength: 65_536 } as const;
export const UserConfig = Type.Record(Type.String({ maxLength: 100 }), Type.Union([Type.String({ maxLength: USER_CONFIG_LIMITS.valueLength }), Type.Null()]), {
  maxProperties: USER_CONFIG_LIMITS.fields,
});
export type UserConfig = Static<typeof UserConfig>;

/** The caller's own config (succeed envelope). */
export const UserConfigApi = {
  get: get('/dps-server/platform/user_config/get_config_params', { response: UserConfig, session: true }),
  replace: post('/dps-server/platform/user_config/replace_config_params', { body: UserConfig, response: Type.Null(), session: true, name: '保存个人配置' }),
};
