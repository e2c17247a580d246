import { Type, type Static } from '@sinclair/typebox';

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
