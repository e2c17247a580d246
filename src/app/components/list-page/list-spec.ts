import type { ReactNode } from 'react';
import type { PageResult } from '@core/contracts/common';
import type { FilterItem, FilterOption } from '../filter-form/filter-form.types';
import type { ImportOutcome } from '../import-dialog/import-state';
import type { PageSizeSet } from '../pager/pager-sizes';
import type { ListQuery, SortOrder } from './list-state';

/** How a column's value is shown: text as is, number right-aligned, date shortened, enum as its label, tag as coloured tags. */
export type ColumnType = 'text' | 'number' | 'date' | 'enum' | 'tag';

/** A column's filter: the FilterForm item with prop, label and options taken from the column unless given. */
export type ColumnFilter = Omit<FilterItem, 'prop' | 'label'> & Partial<Pick<FilterItem, 'prop' | 'label'>>;

/** One column of a list; the same declaration yields the table cell, its filter and its sort. */
export interface ListColumn<Row> {
  prop: keyof Row & string;
  label: string;
  /** Default 'text'. */
  type?: ColumnType;
  /** Labels (and tag colours) of enum and tag values; also the column filter's options. */
  options?: readonly FilterOption[];
  /** date columns: 'datetime' (as sent), 'date' (YYYY-MM-DD) or 'monthDay' (MM-DD). */
  dateFormat?: 'datetime' | 'date' | 'monthDay';
  width?: number;
  fixed?: 'left' | 'right';
  /** Custom cell; wins over `type`. */
  render?: (row: Row) => ReactNode;
  filter?: ColumnFilter;
  /** The server must accept this prop in `sort` (its whitelist mirrors these). */
  sortable?: boolean;
}

/** What actions get to work with. */
export interface ListContext<Row> {
  /** Fetches the current page again. */
  reload: () => void;
  query: ListQuery;
  selectedRows: readonly Row[];
}

/** Fields every action shares. A `run` that returns a promise reloads the list once it resolves. */
interface ActionBase {
  key: string;
  label: string;
  /** Authority code; the action is absent without it. */
  authority?: string | number;
  danger?: boolean;
}

/** A button above the table. */
export interface ToolbarAction<Row> extends ActionBase {
  primary?: boolean;
  icon?: ReactNode;
  /** Asks 提示/{confirm} first (destructive actions). */
  confirm?: string;
  /** Disabled with 请先选择数据 until rows are selected (turns on row selection). */
  needsSelection?: boolean;
  /** A reason to show the button disabled. */
  disabledReason?: (context: ListContext<Row>) => string | undefined;
  run: (context: ListContext<Row>) => unknown;
}

/** A link in the 操作 column (or an entry of its 更多 menu when a row has too many). */
export interface RowAction<Row> extends ActionBase {
  /** Shown only for rows where this holds. */
  when?: (row: Row) => boolean;
  /** Asks 提示/{confirm} first (destructive actions). */
  confirm?: string | ((row: Row) => string);
  run: (row: Row, context: ListContext<Row>) => unknown;
}

/** An 导入 button opening the ImportDialog; the list reloads after a successful import. */
export interface ListImport {
  /** Dialog title: 导入{title}. */
  title: string;
  authority?: string | number;
  template?: string | (() => unknown);
  upload?: (file: File) => Promise<{ url: string }>;
  submit: (fileUrl: string) => Promise<ImportOutcome>;
  /** After a successful import, once the list has reloaded (e.g. to refresh related counts). */
  onImported?: (outcome: ImportOutcome) => void;
}

/** An 导出 button exporting with the list's current filters and sort. */
export interface ListExport {
  authority?: string | number;
  run: (query: ListQuery) => Promise<unknown>;
}

/** A whole list page as data: `<ListPage spec={...} />` renders filters, summary, table, pager and buttons. */
export interface ListSpec<Row> {
  rowKey: (keyof Row & string) | ((row: Row) => string | number);
  columns: readonly ListColumn<Row>[];
  /** Filters that belong to no column (shown after the column filters). */
  filters?: readonly FilterItem[];
  fetch: (query: ListQuery) => Promise<PageResult<Row>>;
  toolbar?: readonly ToolbarAction<Row>[];
  rowActions?: readonly RowAction<Row>[];
  importer?: ListImport;
  exporter?: ListExport;
  /** Row checkboxes (implied by a permitted toolbar action that needs a selection). */
  selectable?: boolean;
  /** 'large' uses [100,200,500,1000]. */
  pageSizes?: PageSizeSet;
  defaultSort?: SortOrder;
  /** Keep page, size, filters and sort in the URL (default true); false for lists inside dialogs. */
  urlState?: boolean;
  /** Filter items shown while the form is collapsed (default 3). */
  visibleFilters?: number;
  /** Links a row shows before the rest fold into 更多 (default 3). */
  visibleRowActions?: number;
  /** Width of the 操作 column (default: fits the widest links a row can show). */
  actionsWidth?: number;
}
