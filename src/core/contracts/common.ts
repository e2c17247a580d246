import { FormatRegistry, Type, type Static, type StringOptions, type TProperties, type TSchema } from '@sinclair/typebox';
import { PAGE_SIZES } from '../constants';

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

/**
 * The format of every text field of a request: no NUL (PostgreSQL cannot store it) and no lone
 * surrogate (it would be stored as U+FFFD); refused with 4000 {field}格式不正确. One check for every
 * present and future field: the builders below use `Text`, and the server's validator puts every
 * request string without a format of its own into this one (server/src/plugins/validation.ts), so a
 * bare `Type.String` in a request, a record's keys, query strings and params are covered too.
 */
export const TEXT_FORMAT = 'text';

/** Whether a string is storable text: no NUL character and no unpaired surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !/[\uD800-\uDFFF]/u.test(value);
}

// TypeBox (console forms, Value.Check) knows the format too; the server's Ajv registers the same function.
if (!FormatRegistry.Has(TEXT_FORMAT)) FormatRegistry.Set(TEXT_FORMAT, isStorableText);

/** A text field of a request (body, query, params): a string in the shared text format. */
export const Text = (options: StringOptions = {}) => Type.String({ ...options, format: TEXT_FORMAT });

/** The format of a calendar date field (yyyy-mm-dd that exists: no 2026-02-30, years 1900–2999). */
export const DATE_FORMAT = 'date-only';

export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
if (!FormatRegistry.Has(DATE_FORMAT)) FormatRegistry.Set(DATE_FORMAT, isCalendarDate);

/** A date field (yyyy-mm-dd) of a request: a day that exists, else 4000 {field}格式不正确. */
export const DateOnly = (title: string) => Type.String({ title, format: DATE_FORMAT });

/** Ids are PostgreSQL `integer` keys: larger numbers can name no row and are refused as input. */
export const MAX_ID = 2_147_483_647;
/** A row id in a request. */
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

/**
 * 超报比例: how far a report may exceed the planned quantity, in percent. One rule for a process's
 * own limit and the enterprise default (contracts and forms alike).
 */
export const OVER_REPORT_PERCENT = { min: 0, max: 100 } as const;
export const OverReportPercent = Type.Number({ minimum: OVER_REPORT_PERCENT.min, maximum: OVER_REPORT_PERCENT.max, title: '超报比例（%）' });

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

/** The refusal of a value outside a fixed list (e.g. 每页条数只能是10、20、…之一). */
export const notOneOfMessage = (label: string, allowed: readonly unknown[]) => `${label}只能是${allowed.join('、')}之一`;

/**
 * 每页条数: only the page sizes of spec §9 (PAGE_SIZES); any other size is refused with
 * 每页条数只能是10、20、50、100、200、500、1000之一 (the `enum` message of plugins/errors.ts,
 * the same text the list engine gives).
 */
export const PageSize = (options: { default?: number } = {}) => Type.Optional(Type.Integer({ title: '每页条数', enum: [...PAGE_SIZES], ...options }));

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ title: '页码', minimum: 1, default: 1 })),
  limit: PageSize({ default: 10 }),
  sort: Type.Optional(Text({ title: '排序', maxLength: 50 })),
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

// ---- shared field builders (every field carries its Chinese label as `title`) -----------------
//
// The title names the field in validation messages (e.g. 内宽（mm）不能大于10000) and in forms;
// each module declares its own, so two modules' `widthMm` never share a label.

/** The same schema under another label (a shared schema is never mutated). */
export function titled<T extends TSchema>(schema: T, title: string): T {
  return { ...schema, title };
}

/** Required text of 1..maxLength characters. */
export const ShortText = (title: string, maxLength = 20) => Text({ title, minLength: 1, maxLength });
/** Optional text of at most maxLength characters. */
export const OptionalText = (title: string, maxLength: number) => Type.Optional(Text({ title, maxLength }));
/** 备注: optional, at most 200 characters. */
export const Remark = (title = '备注') => OptionalText(title, 200);
/** 排序: optional 0..9999. */
export const Sort = (title = '排序') => Type.Optional(Type.Integer({ title, minimum: 0, maximum: 9999 }));
/** An optional reference to another row (null clears it). */
export const OptionalId = (title: string) => Type.Optional(Type.Union([Id, Type.Null()], { title }));
/** A text filter of a list query. */
export const TextFilter = (title: string) => Type.Optional(Text({ title, maxLength: 100 }));
/** A multi-value filter: comma-joined text (spec §7), one number, or repeated numbers. */
export const MultiFilter = (title: string) =>
  Type.Optional(Type.Union([Text({ maxLength: 2000 }), Type.Integer(), Type.Array(Type.Integer())], { title }));

/** Paging and sorting fields of every list query. */
export const PageFields = {
  page: Type.Optional(Type.Integer({ title: '页码', minimum: 1 })),
  limit: PageSize(),
  sort: Type.Optional(Text({ title: '排序', maxLength: 50 })),
};

/** createTime / updateTime of every master-data row (yyyy-MM-dd HH:mm:ss). */
export const Stamps = { createTime: Type.String(), updateTime: Type.String() };

export const IdParams = Type.Object({ id: titled(Id, '编号') });
/** An update body: the create fields plus the row's id (编号). */
export const updateOf = <F extends TProperties>(fields: F) => Type.Object({ id: titled(Id, '编号'), ...fields });
export type IdParams = Static<typeof IdParams>;

export const DeleteBatchRequest = Type.Object({
  ids: Type.Array(Id, { title: '所选数据', minItems: 1, maxItems: 1000, uniqueItems: true }),
});
export type DeleteBatchRequest = Static<typeof DeleteBatchRequest>;

export const DeleteBatchResult = Type.Object({ deleted: Type.Integer() });
export type DeleteBatchResult = Static<typeof DeleteBatchResult>;

export const CreatedResult = Type.Object({ id: Type.Integer() });
export type CreatedResult = Static<typeof CreatedResult>;

/** The result of a write that answers nothing (`resultData: null`). */
export const NoData = Type.Null();
