import {
  AliasNode,
  ColumnNode,
  CompiledQuery,
  IdentifierNode,
  ReferenceNode,
  SelectionNode,
  SelectQueryNode,
  sql,
  type Expression,
  type Kysely,
  type KyselyPlugin,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { PAGE_SIZES } from '@core/constants';
import { MAX_ID, notOneOfMessage, ResultCode, type PageResult } from '@core/contracts/common';
import { keepPrepared } from '../db';
import type { Scope } from '../plugins/auth';
import { AppError } from '../plugins/envelopes';
import { bindSlotted, compileSlotted, type SlottedQuery } from './compiled-once';
import { formatDate } from './datetime';

/**
 * The one way a list endpoint reads a table: declared filters and sorts (anything else in the
 * request is ignored or refused), paging with a total, and the session scope applied always.
 * Column names come from the declaration only; request values travel as bound parameters.
 */

export type FilterKind =
  /** column = value */
  | 'eq'
  /** column in (values); comma-joined values (tag input, spec §7) are split */
  | 'in'
  /** column contains the text (case-insensitive); comma-joined texts (tag input) match any of them */
  | 'like'
  /** `<name>Start` ≤ column ≤ `<name>End`; a date-only end covers its whole day */
  | 'dateRange';

export interface FilterDef {
  /** Column reference, e.g. `u.nick_name`. */
  column: string;
  kind: FilterKind;
  /** Chinese name, used in validation messages. */
  label: string;
  /** Values are integers (default: text). */
  integer?: boolean;
  /**
   * dateRange on a `date` column: the bounds are compared as days (a date-time bound by its day),
   * so the column is compared as it is stored and its index can take the range. Without it, each
   * row's day would be turned into an instant in the database session's time zone.
   */
  day?: boolean;
}

export type SortDirection = 'asc' | 'desc';

export interface ListSpec {
  /** Columns carrying the tenant scope of the listed rows. */
  scope: { enterprise: string; org: string };
  /** Query parameter name → filter. */
  filters: Record<string, FilterDef>;
  /** Public sort field → column. */
  sorts: Record<string, string>;
  defaultSort: { field: string; direction: SortDirection };
  /** A unique column: the final tiebreak (pages never overlap) and what the total counts. */
  key: string;
}

/** Raw request parameters (query string or export body). */
export type ListParams = Record<string, unknown>;

/** The page sizes of spec §9 (10 default; 20, 50, 100, 200; 500, 1000): nothing else is read. */
export const LIST_PAGE_SIZES = PAGE_SIZES;
export const LIST_DEFAULT_LIMIT = 10;
const MAX_VALUES = 1000;
const MAX_TEXT = 100;

export const ListMessages = {
  badValue: (label: string) => `${label}格式不正确`,
  tooManyValues: (label: string) => `${label}最多同时筛选${MAX_VALUES}项`,
  tooLong: (label: string) => `${label}长度不能超过${MAX_TEXT}个字符`,
  badSort: (field: string) => `不支持按「${field}」排序`,
  badSortDirection: '排序方向只能是 asc 或 desc',
  badPage: '页码必须是不小于1的整数',
  badLimit: notOneOfMessage('每页条数', LIST_PAGE_SIZES),
  badRange: (label: string) => `${label}开始时间不能晚于结束时间`,
} as const;

/** What a request asks for, checked against the declaration. */
export interface PreparedList {
  /** The scope and the active filters as where clauses (built on first use). */
  readonly conditions: Array<Expression<SqlBool>>;
  /** The values the conditions bind, in the order they bind them. */
  values: readonly unknown[];
  /** The conditions with other values in their places (`values`' order): placeholders, when a page is compiled once for its shape. */
  buildConditions(values: readonly unknown[]): Array<Expression<SqlBool>>;
  /** The named text filter's conditions on another column, from values laid out as `buildConditions` reads them; null when it is not active. */
  textConditionsOn(name: string, column: string, values: readonly unknown[]): Array<Expression<SqlBool>> | null;
  /** What the conditions look like apart from their values: one shape, one SQL text. */
  shape: string;
  /** Columns of the active filters (scope columns excluded). */
  filterColumns: string[];
  /** The scope and the active filters with their values: what the conditions select, as a key (no SQL compiled for it). */
  filterKey: string;
  order: Array<{ column: string; direction: SortDirection }>;
  page: number;
  limit: number;
}

function invalid(message: string): AppError {
  return new AppError(ResultCode.VALIDATION, message);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function textOf(value: unknown, label: string): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw invalid(ListMessages.badValue(label));
}

function typed(text: string, filter: FilterDef): string | number {
  if (!filter.integer) {
    if ([...text].length > MAX_TEXT) throw invalid(ListMessages.tooLong(filter.label));
    return text;
  }
  // Integer columns hold 32 bits: a larger number is not a value of the filter.
  if (!/^-?\d{1,15}$/.test(text) || Math.abs(Number(text)) > MAX_ID) throw invalid(ListMessages.badValue(filter.label));
  return Number(text);
}

/** Comma-joined text or an array (of comma-joined texts) → distinct non-empty values. */
export function splitValues(value: unknown, label = '筛选条件'): string[] {
  const parts = (Array.isArray(value) ? value : [value]).flatMap((item) =>
    isBlank(item) ? [] : textOf(item, label).split(','),
  );
  return [...new Set(parts.map((part) => part.trim()).filter((part) => part !== ''))];
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:mm[:ss]` in server local time; a date-only end means 23:59:59.999. */
export function parseDateBound(value: unknown, bound: 'start' | 'end', label: string): Date {
  const text = textOf(value, label);
  const dateOnly = DATE_ONLY.exec(text);
  const dateTime = dateOnly ? null : DATE_TIME.exec(text);
  const parts = dateOnly ?? dateTime;
  if (!parts) throw invalid(ListMessages.badValue(label));
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = dateOnly
    ? bound === 'start'
      ? new Date(year, month - 1, day, 0, 0, 0, 0)
      : new Date(year, month - 1, day, 23, 59, 59, 999)
    : new Date(year, month - 1, day, Number(parts[4]), Number(parts[5]), Number(parts[6] ?? 0), bound === 'end' ? 999 : 0);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    throw invalid(ListMessages.badValue(label));
  }
  return date;
}

function positiveInteger(value: unknown, fallback: number, message: string): number {
  if (isBlank(value)) return fallback;
  const number = typeof value === 'number' ? value : Number(textOf(value, ''));
  if (!Number.isSafeInteger(number) || number < 1) throw invalid(message);
  return number;
}

function pageSize(value: unknown): number {
  const size = positiveInteger(value, LIST_DEFAULT_LIMIT, ListMessages.badLimit);
  if (!LIST_PAGE_SIZES.includes(size)) throw invalid(ListMessages.badLimit);
  return size;
}

/**
 * Texts of characters that no case mapping changes or produces (Han, kana, digits, ASCII and CJK
 * punctuation, fullwidth digits and punctuation). For such a text `like` finds exactly the rows
 * `ilike` finds: ilike lowercases every row's text before it compares, and lowercasing leaves these
 * characters as they are and turns no other character into one of them. It costs a quarter per row
 * (0.4 → 0.09 µs on PostgreSQL here), which counts where a filter walks an index and tests each row:
 * most searches in this console are Chinese names.
 */
const CASELESS = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u0020-\u0040\u005b-\u0060\u007b-\u007e\u3000-\u303f\uff01-\uff20\uff3b-\uff40\uff5b-\uff65]*$/u;

/**
 * An active filter: the values it binds, its conditions built from values in that order (the
 * request's, or placeholders), what its SQL looks like apart from the values, and what identifies
 * it in a reused total's key.
 */
interface ActiveFilter {
  values: unknown[];
  build: (values: readonly unknown[]) => Array<Expression<SqlBool>>;
  /** A text filter's conditions on another column holding the same texts (RunListOptions `narrowBy`). */
  buildOn?: (column: string, values: readonly unknown[]) => Array<Expression<SqlBool>>;
  shape: string;
  key: unknown;
}

function filterConditions(name: string, filter: FilterDef, params: ListParams): ActiveFilter | null {
  // Built only with the conditions: once per shape when a page is compiled, not on every request.
  const column = () => sql.ref(filter.column);
  if (filter.kind === 'dateRange') {
    const rawStart = params[`${name}Start`];
    const rawEnd = params[`${name}End`];
    const start = isBlank(rawStart) ? null : parseDateBound(rawStart, 'start', filter.label);
    const end = isBlank(rawEnd) ? null : parseDateBound(rawEnd, 'end', filter.label);
    if (start && end && start > end) throw invalid(ListMessages.badRange(filter.label));
    if (!start && !end) return null;
    if (filter.day) {
      const days = [start, end].filter((bound) => bound !== null).map((bound) => formatDate(bound));
      return {
        values: days,
        build: (values) => [
          ...(start ? [sql<SqlBool>`${column()} >= ${values[0]}::date`] : []),
          ...(end ? [sql<SqlBool>`${column()} <= ${values[start ? 1 : 0]}::date`] : []),
        ],
        shape: `${start ? '>' : ''}${end ? '<' : ''}`,
        key: days,
      };
    }
    // The bounds are instants (the day's first and last moment in the server's zone), typed as such:
    // against a `date` column an untyped parameter would be read as a date, i.e. the UTC day of the
    // instant, a day early east of Greenwich.
    return {
      values: [start, end].filter((bound) => bound !== null),
      build: (values) => [
        ...(start ? [sql<SqlBool>`${column()} >= ${values[0]}::timestamptz`] : []),
        ...(end ? [sql<SqlBool>`${column()} <= ${values[start ? 1 : 0]}::timestamptz`] : []),
      ],
      shape: `${start ? '>' : ''}${end ? '<' : ''}`,
      key: [start?.getTime() ?? null, end?.getTime() ?? null],
    };
  }
  const raw = params[name];
  if (isBlank(raw) || (Array.isArray(raw) && raw.every(isBlank))) return null;
  switch (filter.kind) {
    case 'in': {
      const values = splitValues(raw, filter.label).map((value) => typed(value, filter));
      if (values.length === 0) return null;
      if (values.length > MAX_VALUES) throw invalid(ListMessages.tooManyValues(filter.label));
      return { values, build: (bound) => [sql<SqlBool>`${column()} in (${sql.join(bound)})`], shape: String(values.length), key: values };
    }
    case 'like': {
      const texts = splitValues(raw, filter.label).map((value) => typed(value, { ...filter, integer: false }) as string);
      if (texts.length === 0) return null;
      if (texts.length > MAX_VALUES) throw invalid(ListMessages.tooManyValues(filter.label));
      const operators = texts.map((text) => (CASELESS.test(text) ? 'like' : 'ilike'));
      const buildOn = (on: string, patterns: readonly unknown[]) => {
        const likes = patterns.map((pattern, index) => sql<SqlBool>`${sql.ref(on)} ${sql.raw(operators[index]!)} ${pattern}`);
        return [likes.length === 1 ? likes[0]! : sql<SqlBool>`(${sql.join(likes, sql` or `)})`];
      };
      return {
        values: texts.map((text) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`),
        build: (patterns) => buildOn(filter.column, patterns),
        buildOn,
        shape: operators.join(','),
        key: texts,
      };
    }
    case 'eq': {
      const value = typed(textOf(raw, filter.label), filter);
      return { values: [value], build: (bound) => [sql<SqlBool>`${column()} = ${bound[0]}`], shape: '', key: [value] };
    }
  }
}

/** `field,asc|desc` (antd's ascend/descend accepted) → order columns ending with the key. */
function parseSort(spec: ListSpec, raw: unknown): PreparedList['order'] {
  let field = spec.defaultSort.field;
  let direction = spec.defaultSort.direction;
  if (!isBlank(raw)) {
    const [rawField = '', rawDirection = 'asc'] = textOf(raw, '排序').split(',').map((part) => part.trim());
    field = rawField;
    const normalized = rawDirection.toLowerCase().replace(/end$/, '');
    if (normalized !== 'asc' && normalized !== 'desc') throw invalid(ListMessages.badSortDirection);
    direction = normalized;
  }
  const column = Object.hasOwn(spec.sorts, field) ? spec.sorts[field] : undefined;
  if (!column) throw invalid(ListMessages.badSort(field));
  const order = [{ column, direction }];
  if (column !== spec.key) order.push({ column: spec.key, direction });
  return order;
}

/** The scope's conditions (enterprise, factory): the first of a list's conditions. */
const SCOPE_CONDITIONS = 2;

/** Validates the request against the declaration (throws 4000 naming what is wrong). */
export function prepareList(spec: ListSpec, scope: Scope, params: ListParams): PreparedList {
  const scoped: ActiveFilter = {
    values: [scope.enterpriseId, scope.orgId],
    build: (values) => [sql<SqlBool>`${sql.ref(spec.scope.enterprise)} = ${values[0]}`, sql<SqlBool>`${sql.ref(spec.scope.org)} = ${values[1]}`],
    shape: '',
    key: null,
  };
  const parts: Array<ActiveFilter & { name: string }> = [{ ...scoped, name: '' }];
  const filterColumns: string[] = [];
  const keyed: unknown[] = [spec.scope.enterprise, scope.enterpriseId, spec.scope.org, scope.orgId];
  // Text filters last: PostgreSQL checks a row's conditions of equal cost in the order written, and
  // an ilike is the costliest of them, so it runs only on rows the others let through (the order
  // list by customer and delivery range walked 1,000 rows of its index: 1.5 → 0.9 ms).
  const texts: Array<ActiveFilter & { name: string }> = [];
  for (const [name, filter] of Object.entries(spec.filters)) {
    const active = filterConditions(name, filter, params);
    if (!active) continue;
    filterColumns.push(filter.column);
    (filter.kind === 'like' ? texts : parts).push({ ...active, name });
    keyed.push(filter.kind, filter.column, active.key);
  }
  parts.push(...texts);
  /** Each part's values from values laid out as `values` is (other values in their places). */
  const perPart = (laidOut: readonly unknown[]) => {
    let at = 0;
    return parts.map((part) => laidOut.slice(at, (at += part.values.length)));
  };
  const buildConditions = (laidOut: readonly unknown[]) => {
    const slices = perPart(laidOut);
    return parts.flatMap((part, index) => part.build(slices[index]!));
  };
  const values = parts.flatMap((part) => part.values);
  const textConditionsOn = (name: string, column: string, laidOut: readonly unknown[]) => {
    const index = parts.findIndex((part) => part.name === name);
    const part = parts[index];
    return part?.buildOn ? part.buildOn(column, perPart(laidOut)[index]!) : null;
  };
  let conditions: Array<Expression<SqlBool>> | undefined;
  return {
    get conditions() {
      return (conditions ??= buildConditions(values));
    },
    values,
    buildConditions,
    textConditionsOn,
    shape: JSON.stringify(parts.map((part) => [part.name, part.values.length, part.shape])),
    filterColumns,
    filterKey: JSON.stringify(keyed),
    order: parseSort(spec, params.sort),
    page: positiveInteger(params.page, 1, ListMessages.badPage),
    limit: pageSize(params.limit),
  };
}

// Kysely's builder types are invariant in the database type; the helpers only add where/order
// clauses, so they take any select builder and hand back the same type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySelect = SelectQueryBuilder<any, any, any>;
/** The database a list's base is built on (any schema: only its executor is used). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Scope and filters as where clauses. */
export function applyConditions<QB extends AnySelect>(query: QB, prepared: PreparedList): QB {
  return prepared.conditions.reduce((built, condition) => built.where(condition), query as AnySelect) as QB;
}

function applyOrder<QB extends AnySelect>(query: QB, prepared: PreparedList): QB {
  return prepared.order.reduce((built, { column, direction }) => built.orderBy(sql.ref(column), direction), query as AnySelect) as QB;
}

/**
 * A cheaper source for the total: the scope table alone (one row per listed key), e.g.
 * `db.selectFrom('user_org as uo')` with `aliases: ['uo']`. Used whenever every active filter is on
 * one of its aliases; otherwise the total is counted over the full base query.
 */
export interface CountBase {
  query: AnySelect;
  aliases: string[];
}

export interface RunListOptions {
  countBase?: CountBase;
  /**
   * The base query yields exactly one row per key (no one-to-many join) and nothing in its select
   * list costs much per row (no per-row subqueries: the order list keeps its per-row facts on the
   * order, migration 0028). Its page is then one plain query (filters, order, limit, offset) that walks the
   * sort index and stops after the page, and its total is a plain count(*). A page past DEEP_OFFSET
   * rows finds its keys first all the same: the plain query would read, and compute the select list
   * of, every row its offset skips (the order list's row text, ~1.5 µs a row: page 200 took 25 ms).
   */
  oneRowPerKey?: boolean;
  /**
   * With oneRowPerKey: filters that can reject most rows and whose columns the index of the
   * default order carries (INCLUDE, with every other filter column). When one of them is active
   * and the page is in the default order, the page's keys are found first, from that index alone
   * (an index-only scan), and only the page's rows are read: the plain query reads every row it
   * passes, mostly to reject it (the order list's customer filter: 0.4 against 1.3 ms a page).
   */
  coveredFilters?: readonly string[];
  /**
   * A text filter whose column holds few distinct texts per factory, each kept in a table of them
   * (columns enterprise_id, org_id and `column`), with an index of the base's rows by that column
   * then the default order. When the filter is active and the page's keys are found first in the
   * default order, they are found per matching text: each text's rows in order, as far as the page
   * reaches, then merged. A page of one customer's orders walks that customer's orders only, not
   * every order until enough of that customer's turn up (issue 11: 1,000 index entries for the order
   * list's spring page of 「食品」 among 200,000 orders, about 90 this way; a rare customer's page
   * walked the whole index). More than NARROW_MAX_TEXTS matching texts: found as before. Which of
   * the two a page is read by comes from the count of matching texts (narrowsToFew).
   */
  narrowBy?: NarrowBy;
}

export interface NarrowBy {
  /** The filter (its name in the spec), a `like` filter. */
  filter: string;
  /** The table of the column's texts per factory, e.g. `production_order_customer`. */
  table: string;
  /** Its column of texts. */
  column: string;
  /**
   * Filters (names in the spec) the list's index for the narrowing column compares in its keys
   * after the sort, e.g. a delivery range: with no other filter active on a one-row-per-key base
   * that itself filters nothing else, a page's rows are read as each text's index walk finds them
   * (narrowedRows), since the walk skips the rows these filters reject without reading them. Else
   * the keys are found first.
   */
  inIndex?: readonly string[];
}

/** Counts one RememberedCounts keeps at most. */
const COUNTS_REMEMBERED = 500;

/**
 * Counts remembered by key, each answering for `reuseMs` after it started; then, up to `answerMs`,
 * it still answers while it is counted again in the background (once at a time: a failed recount is
 * tried again by the next request). A count that fails is forgotten; remembered counts older than
 * `memoryMs`, and the oldest past COUNTS_REMEMBERED, are forgotten as another is kept.
 */
class RememberedCounts {
  private readonly counts = new Map<string, { count: Promise<number>; at: number; recounting?: boolean }>();

  constructor(
    private readonly reuseMs: number,
    private readonly answerMs: number,
    private readonly memoryMs: number,
    /** A count to forget once known (e.g. a small total, counted on every request instead). */
    private readonly forgetIf: (count: number) => boolean = () => false,
  ) {}

  /** The count remembered for `key` that still answers at `now` (recounted by `count` in the background when due), or undefined. */
  answer(key: string, now: number, count: () => Promise<number>): Promise<number> | undefined {
    const known = this.counts.get(key);
    if (!known || now - known.at >= this.answerMs) return undefined;
    if (now - known.at >= this.reuseMs && !known.recounting) {
      known.recounting = true;
      const next = count();
      next.then(
        () => this.counts.get(key) === known && this.keep(key, next, now),
        () => (known.recounting = false),
      );
    }
    return known.count;
  }

  /** Whether a count is remembered for `key` (answering or not). */
  has(key: string): boolean {
    return this.counts.has(key);
  }

  /** Remembers `count`, started at `at`, for `key` as the newest. */
  keep(key: string, count: Promise<number>, at: number): void {
    this.counts.delete(key);
    for (const [old, entry] of this.counts) if (at - entry.at >= this.memoryMs || this.counts.size >= COUNTS_REMEMBERED) this.counts.delete(old);
    const entry = { count, at };
    this.counts.set(key, entry);
    const forget = () => this.counts.get(key) === entry && this.counts.delete(key);
    count.then((value) => this.forgetIf(value) && forget(), forget);
  }
}

/** Matching texts at most for a page found per text (each costs an index descent and a walk up to the page's end). */
export const NARROW_MAX_TEXTS = 8;

/**
 * A count of matching texts is reused this long by the pages of the same list, scope and filters,
 * then counted again in the background while it still answers; forgotten when not asked for
 * within 6 × this.
 */
export const TEXT_COUNT_REUSE_MS = 10_000;

/** Counts of a narrowing filter's matching texts (at most NARROW_MAX_TEXTS + 1), by its table and the list's scope and filters. */
const textCounts = new RememberedCounts(TEXT_COUNT_REUSE_MS, 6 * TEXT_COUNT_REUSE_MS, 6 * TEXT_COUNT_REUSE_MS);

/**
 * Whether a page with this narrowing filter is found per matching text: at most NARROW_MAX_TEXTS of
 * them when last counted. The count is remembered (TEXT_COUNT_REUSE_MS) and shared by the requests
 * that arrive while it runs, so a page asked for again is one statement: PostgreSQL choosing the
 * way in the page's own statement (both ways in one plan, each behind a one-time filter on the
 * count) cost the order list's customer page a third more database time (0.37-0.41 against
 * 0.27-0.29 ms a statement; issue 11). Either way finds the same rows: a count grown since (new
 * texts are added as rows bring them) only reads those pages the slower way until it is counted
 * again.
 */
async function narrowsToFew(db: AnyDb, prepared: PreparedList, narrowBy: NarrowBy): Promise<boolean> {
  const key = `${narrowBy.table}\n${prepared.filterKey}`;
  const count = () =>
    (selectOver(matchingTexts(db, prepared, narrowBy, prepared.values).limit(NARROW_MAX_TEXTS + 1), { texts: sql`count(*)` }).executeTakeFirst() as Promise<
      { texts: number | string } | undefined
    >).then((row) => Number(row?.texts ?? 0));
  const now = Date.now();
  let texts = textCounts.answer(key, now, count);
  if (!texts) textCounts.keep(key, (texts = count()), now);
  return (await texts) <= NARROW_MAX_TEXTS;
}

/** The narrowing filter (RunListOptions `narrowBy`) when the request uses it, or null. */
function activeNarrowing(spec: ListSpec, prepared: PreparedList, { narrowBy }: RunListOptions): NarrowBy | null {
  return narrowBy && prepared.filterColumns.includes(spec.filters[narrowBy.filter]!.column) ? narrowBy : null;
}

/** The filter a page's keys are found through: the active narrowing filter, when the page is in the default order. */
function narrowingOf(spec: ListSpec, prepared: PreparedList, options: RunListOptions): NarrowBy | null {
  if (prepared.order.length !== 2 || prepared.order[0]!.column !== spec.sorts[spec.defaultSort.field]) return null;
  return activeNarrowing(spec, prepared, options);
}

/**
 * From this many rows skipped on, a page finds its keys first (from the sort index) and reads only
 * its own rows, even of a `oneRowPerKey` base (see there).
 */
export const DEEP_OFFSET = 200;

/** Whether this page is one plain query (see RunListOptions): else its keys are found first. */
function plainPage(spec: ListSpec, prepared: PreparedList, options: RunListOptions, deep: boolean): boolean {
  if (!options.oneRowPerKey || deep) return false;
  if (!options.coveredFilters || prepared.order[0]?.column !== spec.sorts[spec.defaultSort.field]) return true;
  return !options.coveredFilters.some((name) => prepared.filterColumns.includes(spec.filters[name]!.column));
}

function countQuery(filtered: AnySelect, spec: ListSpec, prepared: PreparedList, options: RunListOptions): AnySelect {
  const { countBase } = options;
  const onCountBase = countBase && prepared.filterColumns.every((column) => countBase.aliases.some((alias) => column.startsWith(`${alias}.`)));
  if (onCountBase) return applyConditions(countBase.query, prepared).select(sql<number>`count(*)`.as('total'));
  return filtered
    .clearSelect()
    .clearOrderBy()
    .select(options.oneRowPerKey ? sql<number>`count(*)`.as('total') : sql<number>`count(distinct ${sql.ref(spec.key)})`.as('total'));
}

/** The compiled text and parameters of a base query, compiled once per builder (a service that keeps its base builds it once). */
const baseKeys = new WeakMap<AnySelect, string>();

function baseKey(base: AnySelect): string {
  let key = baseKeys.get(base);
  if (key === undefined) {
    const { sql: text, parameters } = base.compile();
    key = JSON.stringify([text, parameters]);
    baseKeys.set(base, key);
  }
  return key;
}

/**
 * Up to this many matching rows a total is counted exactly on every request: the count reads at
 * most this many rows, so it costs about as much as a page.
 */
export const EXACT_TOTAL_ROWS = 1000;
/**
 * A larger total (a full count reads every matching row: ~35 ms for 200,000 on PostgreSQL) is
 * counted once and reused for this long by every request for the same list, scope and filters.
 * Then it is counted again in the background while the last count still answers, so no request
 * waits for a large count it asked for before: a total is an exact count at most twice this old.
 * Small results are never reused.
 */
export const TOTAL_REUSE_MS = 10_000;
/** How long a count is remembered as large: asked for again later, it is recounted at once (no small-list check). */
const LARGE_MEMORY_MS = 6 * TOTAL_REUSE_MS;

/**
 * Full counts above EXACT_TOTAL_ROWS by their SQL and parameters (scope and filters included).
 * One process serves one database, so the SQL names the count completely. A full count that finds
 * the list small again is forgotten (counted exactly on every request from then on).
 */
const largeTotals = new RememberedCounts(TOTAL_REUSE_MS, 2 * TOTAL_REUSE_MS, LARGE_MEMORY_MS, (total) => total <= EXACT_TOTAL_ROWS);

/** Small counts running now, by the same key as largeTotals: shared by the requests that arrive meanwhile. */
const samples = new Map<string, Promise<{ rows: number; total: number }>>();

/** `select <selections> from (query) as counted`, run through the query's own executor. */
function selectOver(query: AnySelect, selections: Record<string, RawBuilder<unknown>>): AnySelect {
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) =>
      SelectQueryNode.cloneWithSelections(
        SelectQueryNode.createFrom([AliasNode.create(node, IdentifierNode.create('counted'))]),
        Object.entries(selections).map(([alias, expression]) =>
          SelectionNode.create(AliasNode.create(expression.toOperationNode(), IdentifierNode.create(alias))),
        ),
      ),
    transformResult: async ({ result }) => result,
  };
  return query.withPlugin(plugin);
}

/**
 * The list's total: exact when at most EXACT_TOTAL_ROWS rows match (counted for every request, a
 * count shared by the requests that arrive while it runs, as if they had come a moment earlier);
 * above that the full count, shared by concurrent requests and reused for TOTAL_REUSE_MS, then
 * recounted in the background by the first request that finds it due (the others keep the last
 * count until the new one is in). A list not asked for within 2 × TOTAL_REUSE_MS waits for a
 * fresh count.
 */
async function listTotal(base: AnySelect, filtered: () => AnySelect, spec: ListSpec, prepared: PreparedList, options: RunListOptions): Promise<number> {
  // The base and the filters' values name the count (a count base counts the same rows: its contract); no SQL is compiled for it.
  const cacheKey = `${baseKey(base)}\n${prepared.filterKey}`;
  const count = () =>
    countQuery(filtered(), spec, prepared, options)
      .executeTakeFirst()
      .then((row: { total: number | string } | undefined) => Number(row?.total ?? 0));
  const now = Date.now();
  const known = largeTotals.answer(cacheKey, now, count);
  if (known) return known;
  if (!largeTotals.has(cacheKey)) {
    // At most EXACT_TOTAL_ROWS + 1 rows: all of them when the list is small. Requests for the same
    // count arriving while one runs wait for it (fifty planners opening one filter at once count once).
    let sampling = samples.get(cacheKey);
    if (!sampling) {
      const sample = filtered().clearSelect().clearOrderBy().select(sql.ref(spec.key).as('__key')).limit(EXACT_TOTAL_ROWS + 1);
      sampling = (selectOver(sample, { rows: sql`count(*)`, total: sql`count(distinct ${sql.ref('counted.__key')})` }).executeTakeFirst() as Promise<
        { rows: number | string; total: number | string } | undefined
      >).then((row) => ({ rows: Number(row?.rows ?? 0), total: Number(row?.total ?? 0) }));
      const running = sampling;
      samples.set(cacheKey, running);
      const forget = () => samples.get(cacheKey) === running && samples.delete(cacheKey);
      running.then(forget, forget);
    }
    const small = await sampling;
    if (small.rows <= EXACT_TOTAL_ROWS) return small.total;
    const again = largeTotals.answer(cacheKey, Date.now(), count);
    if (again) return again;
  }
  // Shared at once: every request arriving while this count runs waits for it.
  const total = count();
  largeTotals.keep(cacheKey, total, now);
  return total;
}

/** Prepared lists by spec, then by factory and parameters (a list's preparation reads nothing else). */
const preparedLists = new WeakMap<ListSpec, Map<string, PreparedList>>();
/** Parameter sets kept per spec; then the oldest goes first. */
const PREPARED_LISTS = 500;

/**
 * The prepared list of a request, reused for the same factory and parameters: a page asked for
 * again (the list everyone opens, a board refreshing) skips reading and checking its parameters
 * (~30 µs of the order list's ~0.5 ms in Node). A PreparedList is never changed once made.
 * Parameters that are refused are refused again on every request.
 */
function preparedFor(spec: ListSpec, scope: Scope, params: ListParams): PreparedList {
  let bySpec = preparedLists.get(spec);
  if (!bySpec) preparedLists.set(spec, (bySpec = new Map()));
  const key = `${scope.enterpriseId}\n${scope.orgId}\n${JSON.stringify(params)}`;
  let prepared = bySpec.get(key);
  if (!prepared) {
    prepared = prepareList(spec, scope, params);
    if (bySpec.size >= PREPARED_LISTS) bySpec.delete(bySpec.keys().next().value as string);
    bySpec.set(key, prepared);
  }
  return prepared;
}

/**
 * One page of a list: `base`, built on `db`, selects the row columns (joins as needed, no where on
 * scope — that is added here); `map` turns a row into its response shape. One query reads the page: its keys
 * are found first (a subquery with the order, limit and offset) and only those rows are read in
 * full, so per-row subqueries run for the page's rows only; a base of `oneRowPerKey` reads it with
 * one plain query, unless one of its `coveredFilters` is active or the page is past DEEP_OFFSET. The total is exact (see listTotal for how a large one is reused).
 */
export async function runList<DB, TB extends keyof DB, O, R = O>(
  db: AnyDb,
  base: SelectQueryBuilder<DB, TB, O>,
  spec: ListSpec,
  scope: Scope,
  params: ListParams,
  map: (row: O) => R = (row) => row as unknown as R,
  options: RunListOptions = {},
): Promise<PageResult<R>> {
  const prepared = preparedFor(spec, scope, params);
  const offset = (prepared.page - 1) * prepared.limit;
  const anyBase = base as unknown as AnySelect;
  let filtered: AnySelect | undefined;
  const filteredQuery = () => (filtered ??= withMatchingTexts(db, applyConditions(anyBase, prepared), spec, prepared, options));
  const [rows, total] = await Promise.all([
    readPage(db, anyBase, spec, prepared, options, offset) as Promise<O[]>,
    listTotal(anyBase, filteredQuery, spec, prepared, options),
  ]);
  return { list: rows.map(map), total, page: prepared.page, limit: prepared.limit };
}

/**
 * The page query of a base, for conditions, paging values and an order: one plain query when
 * `plain` (plainPage), else its keys are found first. Any base but a `oneRowPerKey` one finds its
 * keys first, on every page: with per-row subqueries a plain first-page
 * query was planned as a sort of every matching row with those subqueries evaluated for each (the
 * order list before migration 0028, 200,000 orders: 42 ms against 5 ms by keys).
 */
function pageQuery(db: AnyDb, base: AnySelect, spec: ListSpec, prepared: PreparedList, kind: PageKind, values: readonly unknown[]): AnySelect {
  const { plain, oneRowPerKey, narrowBy } = kind;
  const conditions = prepared.buildConditions(values);
  const [limit, offset, reach] = values.slice(prepared.values.length) as [number, number, number];
  const filtered = conditions.reduce((built, condition) => built.where(condition), base);
  const ordered = <Q extends AnySelect>(query: Q) => applyOrder(query, prepared);
  if (plain) return ordered(filtered).limit(limit).offset(offset);
  const paging = { limit, offset, reach };
  if (narrowBy && oneRowPerKey && !kind.deep && readsRowsInIndex(spec, prepared, narrowBy)) {
    const rows = narrowedRows(db, filtered, spec, prepared, narrowBy, values, paging);
    if (rows) return rows;
  }
  const keys = narrowBy
    ? narrowedKeys(db, filtered, spec, prepared, narrowBy, values, paging)
    : ordered(filtered.clearSelect().select(sql.ref(spec.key).as(KEY_VALUE)))
        .limit(limit)
        .offset(offset);
  // One row per key in the scope: the key's row there is the row its key was found by, so the
  // filters need not be planned twice (a third of the planning). Else they also pick which joined
  // rows a key shows.
  const rows = oneRowPerKey ? conditions.slice(0, SCOPE_CONDITIONS).reduce((built, condition) => built.where(condition), base) : filtered;
  return ordered(rows.where(sql<SqlBool>`${sql.ref(spec.key)} in (${keys})`));
}

interface PageKind {
  plain: boolean;
  /** At least DEEP_OFFSET rows skipped: only the page's own rows are read from the table. */
  deep: boolean;
  oneRowPerKey: boolean;
  narrowBy: NarrowBy | null;
}

/**
 * The page's keys found per text of a narrowing filter (RunListOptions `narrowBy`): the texts of
 * the factory that match, and for each its rows in order up to the page's end (`reach` = offset +
 * limit), merged and paged. Only for at most NARROW_MAX_TEXTS matching texts (narrowsToFew): with
 * more, the keys are found as without narrowing.
 */
function narrowedKeys(db: AnyDb, filtered: AnySelect, spec: ListSpec, prepared: PreparedList, narrowBy: NarrowBy, values: readonly unknown[], paging: Paging): AnySelect {
  return perTextPage(db, filtered.clearSelect(), spec, prepared, narrowBy, values, paging, [KEY_VALUE]);
}

/** Whether every active filter is the narrowing one or one its index compares in its keys (NarrowBy `inIndex`). */
function readsRowsInIndex(spec: ListSpec, prepared: PreparedList, narrowBy: NarrowBy): boolean {
  if (!narrowBy.inIndex) return false;
  const compared = new Set([narrowBy.filter, ...narrowBy.inIndex].map((name) => spec.filters[name]!.column));
  return prepared.filterColumns.every((column) => compared.has(column));
}

/**
 * The page of a one-row-per-key base found per text of a narrowing filter, its rows read as each
 * text's walk of its index finds them: each matching text's rows in order up to the page's end,
 * merged and paged, as narrowedKeys finds their keys, without finding the keys first and then
 * looking each row up again through the primary key. Only when the index compares every active
 * filter in its keys (readsRowsInIndex): a filter it only carries would be checked on each row read
 * from the table, where the keys are found from the index alone. Null when the base's columns
 * cannot all be named (a `select *`), or one is named as a sort helper: then the keys are found first.
 */
function narrowedRows(db: AnyDb, filtered: AnySelect, spec: ListSpec, prepared: PreparedList, narrowBy: NarrowBy, values: readonly unknown[], paging: Paging): AnySelect | null {
  const names = selectedNames(filtered);
  if (!names || names.includes(SORT_VALUE) || names.includes(KEY_VALUE)) return null;
  return perTextPage(db, filtered, spec, prepared, narrowBy, values, paging, names);
}

interface Paging {
  limit: number;
  offset: number;
  /** offset + limit: how far each text's rows are read. */
  reach: number;
}

/**
 * `selected` (output names of `rows`, or KEY_VALUE) of the page found per matching text: `rows`
 * with its key and sort value added, each matching text's in order up to the page's end, merged
 * and paged.
 */
function perTextPage(
  db: AnyDb,
  rows: AnySelect,
  spec: ListSpec,
  prepared: PreparedList,
  narrowBy: NarrowBy,
  values: readonly unknown[],
  paging: Paging,
  selected: readonly string[],
): AnySelect {
  const [{ column: sortColumn, direction }] = prepared.order as [{ column: string; direction: SortDirection }];
  const inOrder = applyOrder(rows.select([sql.ref(spec.key).as(KEY_VALUE), sql.ref(sortColumn).as(SORT_VALUE)]), prepared);
  const perText = inOrder.where(sql<SqlBool>`${sql.ref(spec.filters[narrowBy.filter]!.column)} = matched.text`).limit(paging.reach);
  return db
    .with('matched', () => matchingTexts(db, prepared, narrowBy, values))
    .selectFrom('matched')
    .innerJoinLateral(perText.as('l'), (join) => join.onTrue())
    .select(selected.map((name) => sql.ref(`l.${name}`).as(name)))
    .orderBy(`l.${SORT_VALUE}`, direction)
    .orderBy(`l.${KEY_VALUE}`, direction)
    .limit(paging.limit)
    .offset(paging.offset);
}

const KEY_VALUE = '__key';
const SORT_VALUE = '__sort';

/** The output names of a query's columns, or null when one cannot be named from the query alone (`select *`, an unnamed expression). */
function selectedNames(query: AnySelect): string[] | null {
  const names: string[] = [];
  for (const { selection } of query.toOperationNode().selections ?? []) {
    if (AliasNode.is(selection) && IdentifierNode.is(selection.alias)) names.push(selection.alias.name);
    else if (ReferenceNode.is(selection) && ColumnNode.is(selection.column)) names.push(selection.column.column.name);
    else return null;
  }
  return names.length > 0 ? names : null;
}

/** The texts of the narrowing filter's table in the scope that the filter matches, as `text`; values laid out as `buildConditions` reads them. */
function matchingTexts(db: AnyDb, prepared: PreparedList, narrowBy: NarrowBy, values: readonly unknown[]): AnySelect {
  return prepared.textConditionsOn(narrowBy.filter, `t.${narrowBy.column}`, values)!.reduce(
    (built, condition) => built.where(condition),
    db
      .selectFrom(`${narrowBy.table} as t`)
      .select(sql.ref(`t.${narrowBy.column}`).as('text'))
      .where(sql.ref('t.enterprise_id'), '=', values[0])
      .where(sql.ref('t.org_id'), '=', values[1]),
  );
}

/**
 * The filtered rows a total counts, told also that the narrowing filter's column is one of the
 * texts it matches (what the filter says already: every row's text is in the table). Whatever the
 * order, PostgreSQL can then count each matching text's rows in its index, not test every row of
 * the scope: a customer with a few hundred orders among 200,000 counted in well under a
 * millisecond, not ~70 ms on every request (a total that small is counted for each request).
 */
function withMatchingTexts(db: AnyDb, filtered: AnySelect, spec: ListSpec, prepared: PreparedList, options: RunListOptions): AnySelect {
  const narrowBy = activeNarrowing(spec, prepared, options);
  if (!narrowBy) return filtered;
  return filtered.where(sql.ref(spec.filters[narrowBy.filter]!.column), 'in', matchingTexts(db, prepared, narrowBy, prepared.values));
}

/** Compiled page queries by base, shape, order and kind; null: a shape that cannot be reused (built each time). */
const compiledPages = new Map<string, SlottedQuery | null>();
/** Shapes kept at most; then the oldest goes first. */
const COMPILED_PAGES = 2000;

/**
 * One page. Its query is built and compiled by Kysely once per shape (the base, which filters are
 * active with how many values, the order and the list's kind); each request then binds only its
 * values to that text: building and compiling cost more than the page's own query planning
 * (~0.1 ms a request; issue 11). On PostgreSQL the text is also kept prepared (db `keepPrepared`):
 * parsed once per connection, still planned for each request's values, and the same values asked
 * for again run as a statement planned once for them (db/prepared.ts); on PGlite only the latter
 * (`pagesOnPglite`). A shape whose compiled text does not bind every value as a parameter is built
 * each time.
 */
async function readPage(db: AnyDb, base: AnySelect, spec: ListSpec, prepared: PreparedList, options: RunListOptions, offset: number): Promise<unknown[]> {
  const deep = offset >= DEEP_OFFSET;
  const plain = plainPage(spec, prepared, options, deep);
  const narrowing = plain ? null : narrowingOf(spec, prepared, options);
  const narrowBy = narrowing && (await narrowsToFew(db, prepared, narrowing)) ? narrowing : null;
  const kind: PageKind = { plain, deep, oneRowPerKey: options.oneRowPerKey === true, narrowBy };
  const values = [...prepared.values, prepared.limit, offset, ...(kind.narrowBy ? [offset + prepared.limit] : [])];
  const key = `${baseKey(base)}\n${prepared.shape}\n${JSON.stringify(prepared.order)}\n${plain ? 1 : 0}${kind.deep ? 1 : 0}${kind.oneRowPerKey ? 1 : 0}${kind.narrowBy ? 1 : 0}`;
  let page = compiledPages.get(key);
  if (page === undefined) {
    const compiled = compileSlotted(values.length, (slots) => pageQuery(db, base, spec, prepared, kind, slots));
    page = compiled.unbound.length === 0 ? compiled : null;
    if (page) keepPrepared(page.sql, { page: true });
    if (compiledPages.size >= COMPILED_PAGES) compiledPages.delete(compiledPages.keys().next().value as string);
    compiledPages.set(key, page);
  }
  if (!page) return pageQuery(db, base, spec, prepared, kind, values).execute();
  return (await db.executeQuery(CompiledQuery.raw(page.sql, bindSlotted(page, values)))).rows;
}

/**
 * Every row the list would show for these filters and sort (paging ignored), read in chunks so an
 * export never holds the whole table. Validation happens before the first row is asked for.
 *
 * Chunks continue after the last row read (keyset), never at a growing OFFSET: each chunk walks
 * the sort index from where the previous one stopped, so reading N rows costs O(N) instead of
 * O(N²/chunk). PostgreSQL puts NULLs last ascending and first descending; a nullable sort column
 * is walked in two legs (its values, its NULLs) in that order, each a single index range.
 */
export function streamList<DB, TB extends keyof DB, O, R = O>(
  base: SelectQueryBuilder<DB, TB, O>,
  spec: ListSpec,
  scope: Scope,
  params: ListParams,
  map: (row: O) => R = (row) => row as unknown as R,
  chunkSize = 1000,
): AsyncIterable<R> {
  const prepared = prepareList(spec, scope, { ...params, page: undefined, limit: undefined });
  const filtered = applyConditions(base as unknown as AnySelect, prepared);
  const [first, second] = prepared.order;
  const direction = first!.direction;
  const after = direction === 'asc' ? sql.raw('>') : sql.raw('<');
  const key = sql.ref(spec.key);
  // The position of a row: its sort value (as text, so timestamps keep their microseconds) and key.
  const positioned = applyOrder(
    filtered.select([sql<string | null>`${sql.ref(first!.column)}::text`.as('__sort'), sql<string>`${key}::text`.as('__key')]),
    prepared,
  );
  type Leg = { where: Expression<SqlBool> | null; from: (sortValue: string | null, keyValue: string) => Expression<SqlBool> };
  const legs: Leg[] = second
    ? (() => {
        const column = sql.ref(first!.column);
        const values: Leg = {
          where: sql<SqlBool>`${column} is not null`,
          from: (sortValue, keyValue) => sql<SqlBool>`(${column}, ${key}) ${after} (${sortValue}, ${keyValue})`,
        };
        const nulls: Leg = { where: sql<SqlBool>`${column} is null`, from: (_sortValue, keyValue) => sql<SqlBool>`${key} ${after} ${keyValue}` };
        return direction === 'asc' ? [values, nulls] : [nulls, values];
      })()
    : [{ where: null, from: (_sortValue, keyValue) => sql<SqlBool>`${key} ${after} ${keyValue}` }];
  return {
    async *[Symbol.asyncIterator]() {
      for (const leg of legs) {
        const inLeg = leg.where ? positioned.where(leg.where) : positioned;
        let last: { __sort: string | null; __key: string } | null = null;
        for (;;) {
          const chunk = last ? inLeg.where(leg.from(last.__sort, last.__key)) : inLeg;
          const rows = (await chunk.limit(chunkSize).execute()) as Array<O & { __sort: string | null; __key: string }>;
          for (const { __sort: _sort, __key: _key, ...row } of rows) yield map(row as unknown as O);
          if (rows.length < chunkSize) break;
          last = rows[rows.length - 1]!;
        }
      }
    },
  };
}
