import { PAGE_SIZES } from '@core/constants';
import type { FilterItem, FilterValue, FilterValues } from '../filter-form/filter-form.types';
import { defaultFilterValues, isEmptyValue, isMultiValued, sameValue } from '../filter-form/filter-values';

/** A sort as DECISIONS.md sends it: `sort=field,asc|desc`. */
export interface SortOrder {
  field: string;
  direction: 'asc' | 'desc';
}

/** Everything that decides which rows a list shows; what lives in the URL. */
export interface ListState {
  page: number;
  limit: number;
  sort?: SortOrder;
  filters: FilterValues;
}

/** What a list's fetch function receives: paging, sort and every active filter as a top-level key. */
export interface ListQuery {
  page: number;
  limit: number;
  sort?: string;
  [filter: string]: string | string[] | number | undefined;
}

/** What reading and writing list state needs to know about the list. */
export interface ListStateConfig {
  filters: readonly FilterItem[];
  /** Fields the server accepts in `sort` (the whitelist); anything else in the URL is ignored. */
  sortable: readonly string[];
  defaultLimit: number;
  defaultSort?: SortOrder;
}

/** Paging and sort parameter names; filter props must not use them. */
export const LIST_PARAMS = { page: 'page', limit: 'limit', sort: 'sort' } as const;

export function parseSort(text: string | null | undefined, sortable: readonly string[]): SortOrder | undefined {
  if (!text) return undefined;
  const [field, direction] = text.split(',');
  if (!field || !sortable.includes(field) || (direction !== 'asc' && direction !== 'desc')) return undefined;
  return { field, direction };
}

export const formatSort = (sort: SortOrder | undefined): string | undefined =>
  sort ? `${sort.field},${sort.direction}` : undefined;

function pageSize(text: string | null, fallback: number): number {
  const size = positiveInt(text, fallback);
  return PAGE_SIZES.includes(size) ? size : fallback;
}

function positiveInt(text: string | null, fallback: number): number {
  if (text === null || !/^\d+$/.test(text)) return fallback;
  const value = Number(text);
  return value >= 1 && Number.isSafeInteger(value) ? value : fallback;
}

/** The initial state: page 1, the default size and sort, each filter's defaultValue. */
export function initialListState(config: ListStateConfig): ListState {
  return { page: 1, limit: config.defaultLimit, sort: config.defaultSort, filters: defaultFilterValues(config.filters) };
}

function readFilter(params: URLSearchParams, item: FilterItem): FilterValue {
  const values = params.getAll(item.prop).filter((value) => value !== '');
  if (isMultiValued(item)) return values.length > 0 ? values : undefined;
  return values[0];
}

/**
 * Reads list state from URL search params. A filter absent from the URL takes its default; present but
 * empty (`prop=`) means the user cleared it. Bad paging values fall back to the defaults.
 */
export function readListState(params: URLSearchParams, config: ListStateConfig): ListState {
  const initial = initialListState(config);
  const filters: FilterValues = {};
  for (const item of config.filters) {
    const value = params.has(item.prop) ? readFilter(params, item) : initial.filters[item.prop];
    if (!isEmptyValue(value)) filters[item.prop] = value;
  }
  const sortText = params.get(LIST_PARAMS.sort);
  return {
    page: positiveInt(params.get(LIST_PARAMS.page), 1),
    // The server takes only the spec's page sizes; any other size in a URL reads as the default.
    limit: pageSize(params.get(LIST_PARAMS.limit), config.defaultLimit),
    sort: sortText === null ? initial.sort : parseSort(sortText, config.sortable),
    filters,
  };
}

/**
 * Writes list state into a copy of `previous`: parameters the list does not own (the route's keepQuery
 * ones such as `tab`) stay; values equal to their defaults are left out so URLs stay short.
 */
export function writeListState(previous: URLSearchParams, state: ListState, config: ListStateConfig): URLSearchParams {
  const owned = new Set<string>([LIST_PARAMS.page, LIST_PARAMS.limit, LIST_PARAMS.sort, ...config.filters.map((f) => f.prop)]);
  const next = new URLSearchParams();
  for (const [key, value] of previous) if (!owned.has(key)) next.append(key, value);
  if (state.page !== 1) next.set(LIST_PARAMS.page, String(state.page));
  if (state.limit !== config.defaultLimit) next.set(LIST_PARAMS.limit, String(state.limit));
  const sort = formatSort(state.sort);
  if (sort !== formatSort(config.defaultSort)) next.set(LIST_PARAMS.sort, sort ?? '');
  for (const item of config.filters) {
    const value = state.filters[item.prop];
    if (sameValue(value, item.defaultValue)) continue;
    if (isEmptyValue(value)) next.set(item.prop, '');
    else for (const entry of Array.isArray(value) ? value : [value as string]) next.append(item.prop, entry);
  }
  return next;
}

/**
 * The query handed to a list's fetch function. A date range travels as `<prop>Start` and `<prop>End`
 * (the spec's recordDateStart/recordDateEnd convention, which the server's list builder reads).
 */
export function toListQuery(state: ListState, filters: readonly FilterItem[] = []): ListQuery {
  const query: ListQuery = { page: state.page, limit: state.limit };
  const sort = formatSort(state.sort);
  if (sort) query.sort = sort;
  const ranges = new Set(filters.filter((item) => item.type === 'daterange').map((item) => item.prop));
  for (const [prop, value] of Object.entries(state.filters)) {
    if (isEmptyValue(value)) continue;
    if (ranges.has(prop) && Array.isArray(value)) {
      if (value[0]) query[`${prop}Start`] = value[0];
      if (value[1]) query[`${prop}End`] = value[1];
    } else query[prop] = value;
  }
  return query;
}

/** Applies a change the way users expect: new filters, size or sort go back to page 1. */
export function nextListState(state: ListState, change: Partial<ListState>): ListState {
  const next = { ...state, ...change };
  const reset = change.filters !== undefined || change.limit !== undefined || 'sort' in change;
  if (reset && change.page === undefined) next.page = 1;
  return next;
}
