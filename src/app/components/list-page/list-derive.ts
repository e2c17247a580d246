import { shortDate, shortMonthDay } from '../../../core/format/date';
import type { FilterItem } from '../filter-form/filter-form.types';
import { pageSizesOf } from '../pager/pager-sizes';
import type { ListColumn, ListSpec } from './list-spec';
import type { ListStateConfig } from './list-state';

/** The filter items of a list: column filters (prop, label and options from the column), then the extra ones. */
export function listFilterItems<Row>(spec: Pick<ListSpec<Row>, 'columns' | 'filters'>): FilterItem[] {
  const fromColumns = spec.columns.flatMap((column): FilterItem[] =>
    column.filter
      ? [{ ...column.filter, prop: column.filter.prop ?? column.prop, label: column.filter.label ?? column.label, options: column.filter.options ?? column.options }]
      : [],
  );
  return [...fromColumns, ...(spec.filters ?? [])];
}

/** The state config of a list: its filters, sortable fields and default size. */
export function listStateConfig<Row>(spec: Pick<ListSpec<Row>, 'columns' | 'filters' | 'pageSizes' | 'defaultSort'>): ListStateConfig {
  return {
    filters: listFilterItems(spec),
    sortable: spec.columns.filter((column) => column.sortable).map((column) => column.prop),
    defaultLimit: pageSizesOf(spec.pageSizes).defaultSize,
    defaultSort: spec.defaultSort,
  };
}

/** The key of a row, by prop or function. */
export function rowKeyOf<Row>(spec: Pick<ListSpec<Row>, 'rowKey'>, row: Row): string | number {
  if (typeof spec.rowKey === 'function') return spec.rowKey(row);
  return row[spec.rowKey] as string | number;
}

/** Text of a plain cell (text, number, date, enum); tags and custom renders are drawn by the table. */
export function cellText<Row>(column: Pick<ListColumn<Row>, 'type' | 'options' | 'dateFormat'>, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.type ?? 'text') {
    case 'enum':
    case 'tag':
      return (Array.isArray(value) ? value : [value])
        .map((entry) => column.options?.find((option) => String(option.value) === String(entry))?.label ?? String(entry))
        .join('、');
    case 'date':
      if (column.dateFormat === 'date') return shortDate(String(value));
      if (column.dateFormat === 'monthDay') return shortMonthDay(String(value));
      return String(value);
    default:
      return String(value);
  }
}
