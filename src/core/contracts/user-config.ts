import { Type, type Static } from '@sinclair/typebox';

/**
 * User config (spec §3): flat fields; objects travel as JSON strings (quickSearchParams and any
 * other structured field), so the server keeps every value as a string.
 */
export const UserConfig = Type.Record(Type.String({ maxLength: 100 }), Type.Union([Type.String(), Type.Null()]));
export type UserConfig = Static<typeof UserConfig>;
