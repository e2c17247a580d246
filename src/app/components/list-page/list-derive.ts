import { shortDate, shortMonthDay } from '@core/format/date';
import type { FilterItem } from '../filter-form/filter-form.types';
import { pageSizesOf } from '../pager/pager-sizes';
import type { ListColumn, ListSpec, RowAction } from './list-spec';
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

/** Answers whether the user holds an authority code (no code: always). */
export type Can = (authority: string | number | undefined) => boolean;

/** Row checkboxes: asked for by the spec, or needed by a toolbar action the user may use. */
export function hasRowSelection<Row>(spec: Pick<ListSpec<Row>, 'selectable' | 'toolbar'>, can: Can): boolean {
  return !!spec.selectable || !!spec.toolbar?.some((action) => action.needsSelection && can(action.authority));
}

/** The row actions the user may use; the 操作 column is left out when there are none. */
export function permittedRowActions<Row>(spec: Pick<ListSpec<Row>, 'rowActions'>, can: Can): RowAction<Row>[] {
  return (spec.rowActions ?? []).filter((action) => can(action.authority));
}

/** How many links a row shows before the rest fold into 更多. */
export const VISIBLE_ROW_ACTIONS = 3;

/** A row's links: all of them when they fit, else the first `visible − 1` and the rest under 更多. */
export function splitRowActions<Action>(actions: readonly Action[], visible = VISIBLE_ROW_ACTIONS): { inline: Action[]; more: Action[] } {
  const limit = Math.max(visible, 2);
  if (actions.length <= limit) return { inline: [...actions], more: [] };
  return { inline: actions.slice(0, limit - 1), more: actions.slice(limit - 1) };
}

// Small link buttons at 14px: 8px padding and border either side, CJK characters 14px wide, others
// about 8px; 更多 with its arrow measures 64px.
const LINK_PADDING = 16;
const MORE_LINK_WIDTH = 64;
const CELL_PADDING = 16;
const linkWidth = (label: string) => [...label].reduce((sum, char) => sum + (char.charCodeAt(0) > 0xff ? 14 : 8), LINK_PADDING);
const sumOfWidest = (widths: readonly number[], count: number) =>
  [...widths].sort((a, b) => b - a).slice(0, count).reduce((sum, width) => sum + width, 0);

/**
 * Width of the 操作 column: room for the widest set of links any row can show, given the labels of the
 * permitted actions in order. A row shows up to `visible` links, or `visible − 1` and 更多 when more
 * apply; links beside 更多 come from all but the last two actions (at least two must fold).
 */
export function rowActionsWidth(labels: readonly string[], visible = VISIBLE_ROW_ACTIONS): number {
  const limit = Math.max(visible, 2);
  const widths = labels.map(linkWidth);
  const unfolded = sumOfWidest(widths, limit);
  const folded = labels.length > limit ? sumOfWidest(widths.slice(0, -2), limit - 1) + MORE_LINK_WIDTH : 0;
  return Math.max(unfolded, folded) + CELL_PADDING;
}
