import type { FilterItem, FilterOption, FilterValue, FilterValues } from './filter-form.types';

/** True for filters whose value is a list (multiple select, tags, cascader path, date range). */
export function isMultiValued(item: Pick<FilterItem, 'type' | 'multiple'>): boolean {
  return item.type === 'tagInput' || item.type === 'cascader' || item.type === 'daterange' || !!item.multiple;
}

/** undefined, '' and [] count as "no filter". */
export function isEmptyValue(value: FilterValue): boolean {
  return value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Drops empty values, so equal filters compare equal. */
export function compactValues(values: FilterValues): FilterValues {
  const result: FilterValues = {};
  for (const [prop, value] of Object.entries(values)) if (!isEmptyValue(value)) result[prop] = value;
  return result;
}

/** The values every item starts with (its defaultValue). */
export function defaultFilterValues(items: readonly FilterItem[]): FilterValues {
  return compactValues(Object.fromEntries(items.map((item) => [item.prop, item.defaultValue])));
}

/** Same filters, ignoring empty values and key order. */
export function sameValues(a: FilterValues, b: FilterValues): boolean {
  const left = compactValues(a);
  const right = compactValues(b);
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => sameValue(left[key], right[key]));
}

export function sameValue(a: FilterValue, b: FilterValue): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    const left = Array.isArray(a) ? a : a === undefined ? [] : [a];
    const right = Array.isArray(b) ? b : b === undefined ? [] : [b];
    return left.length === right.length && left.every((value, index) => value === right[index]);
  }
  return (a ?? '') === (b ?? '');
}

function optionLabel(options: readonly FilterOption[] | undefined, value: string): string {
  return options?.find((option) => String(option.value) === value)?.label ?? value;
}

function cascaderLabel(options: readonly FilterOption[] | undefined, path: readonly string[]): string {
  const labels: string[] = [];
  let level = options;
  for (const value of path) {
    const option = level?.find((candidate) => String(candidate.value) === value);
    labels.push(option?.label ?? value);
    level = option?.children;
  }
  return labels.join(' / ');
}

/** How a filter's value reads in the filter summary. */
export function describeValue(item: FilterItem, value: FilterValue): string {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  switch (item.type) {
    case 'daterange':
      return list.join(' ~ ');
    case 'cascader':
      return cascaderLabel(item.options, list);
    case 'select':
    case 'radioGroup':
      return list.map((entry) => optionLabel(item.options, entry)).join('、');
    default:
      return list.join('、');
  }
}

/** An active filter as listed by the filter summary. */
export interface ActiveFilter {
  prop: string;
  label: string;
  text: string;
}

/** The filters that hold a value, in form order. */
export function activeFilters(items: readonly FilterItem[], values: FilterValues): ActiveFilter[] {
  return items
    .filter((item) => !isEmptyValue(values[item.prop]))
    .map((item) => ({ prop: item.prop, label: item.label, text: describeValue(item, values[item.prop]) }));
}
