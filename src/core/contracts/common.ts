import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Result codes shared by the console and the server (DECISIONS.md "Envelopes"). */
export const ResultCode = {
  SUCCESS: 1000,
  NOT_LOGGED_IN: 1003,
  VALIDATION: 4000,
  NO_AUTHORITY: 4003,
  NOT_FOUND: 4004,
  CONFLICT: 4009,
  SERVER_ERROR: 5000,
  SUPERSEDED: 5001,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** Ids are PostgreSQL `integer` keys: larger numbers can name no row and are refused as input. */
export const MAX_ID = 2_147_483_647;
/** A row id in a request. */
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

/**
 * 超报比例: how far a report may exceed the planned quantity, in percent. One rule for a process's
 * own limit and the enterprise default (contracts and forms alike).
 */
export const OVER_REPORT_PERCENT = { min: 0, max: 100 } as const;
export const OverReportPercent = Type.Number({ minimum: OVER_REPORT_PERCENT.min, maximum: OVER_REPORT_PERCENT.max, title: '超报比例' });

/** `/dps-server/*`, `/file/*`, `/account_center/*`. */
export const ResultEnvelope = <T extends TSchema>(data: T) =>
  Type.Union([
    Type.Object({ resultCode: Type.Literal(1000), resultData: data }),
    Type.Object({ resultCode: Type.Number(), resultMsg: Type.String() }),
  ]);

/** `/base/*`. */
export const BaseEnvelope = <T extends TSchema>(data: T) =>
  Type.Union([
    Type.Object({ success: Type.Literal(true), code: Type.Literal(200), data }),
    Type.Object({ success: Type.Literal(false), code: Type.Number(), message: Type.String() }),
  ]);

/** `/dps-server/platform/user_config/*`. */
export const SucceedEnvelope = <T extends TSchema>(body: T) =>
  Type.Union([
    Type.Object({ succeed: Type.Literal(true), body }),
    Type.Object({ succeed: Type.Literal(false), message: Type.String() }),
  ]);

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 10 })),
  sort: Type.Optional(Type.String()),
});
export type PageQuery = Static<typeof PageQuery>;

export const PageResult = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    limit: Type.Integer(),
  });
export interface PageResult<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}
