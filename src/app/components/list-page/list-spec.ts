import type { ReactNode } from 'react';
import type { PageResult } from '@core/contracts/common';
import type { CategoryTreeProps } from '../category-tree/category-tree';
import type { FilterItem, FilterOption } from '../filter-form/filter-form.types';
import type { FieldOption, FormField } from '../form-dialog/form-fields';
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
  /** Opens the spec's `editor`: empty to add, with a row to edit. */
  openEditor: (row?: Row) => void;
}

/** Fields every action shares. A `run` that returns a promise reloads the list once it resolves. */
export interface ActionBase {
  key: string;
  label: string;
  /** Authority code; the action is absent without it. */
  authority?: string | number;
  danger?: boolean;
  /** Message once a `run` promise resolved; key 'delete' says 删除成功 unless given (false: none). */
  success?: string | false;
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
  /** Why this row cannot take the action (e.g. still in use): shown as 无法{label} with 知道了, and nothing runs. */
  refuse?: (row: Row) => string | undefined;
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

/** What a custom editor gets: the row being edited (none when adding), close and saved callbacks. */
export interface ListEditorProps<Row> {
  /** Closed when null; `{}` adds, `{ row }` edits. */
  editing: { row?: Row } | null;
  onClose: () => void;
  /** Reloads the list (keeping selection and scroll) and the aside. */
  onSaved: () => void;
  /** The list's current query (filters and the aside's node), e.g. for a new row's defaults. */
  query: ListQuery;
}

/**
 * The list's create/edit dialog: fields declared as data (the FormField list of EditFormDialog,
 * titled 新增{noun}/编辑{noun}), or a custom dialog built on the FormDialog shell.
 */
export type ListEditor<Row> =
  | {
      noun: string;
      fields: readonly FormField[];
      /** Form values for a row (default: the row itself) or defaults when adding (row undefined; the list's query has the aside's node). */
      initial?: (row: Row | undefined, query: ListQuery) => object | undefined;
      /** Loaded options by field name. */
      options?: Record<string, FieldOption[] | undefined>;
      /** Options loaded each time the dialog opens (pickers that may have changed since), merged over `options`. */
      loadOptions?: (row: Row | undefined) => Promise<Record<string, FieldOption[] | undefined>>;
      /** Message after saving (default 新增成功 / 修改成功), e.g. 调班成功. */
      successText?: string;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- form values are typed by the caller's save
      save: (values: any, row: Row | undefined) => Promise<unknown>;
    }
  | { render: (props: ListEditorProps<Row>) => ReactNode };

/**
 * A panel beside the list that filters it: a CategoryTree whose selected node becomes the `filter`
 * query param of fetch and export (the server includes the node's descendants). The selection lives
 * in the URL param `param` (default: the filter name) when the list keeps its state in the URL.
 */
export interface ListAside {
  tree: Omit<CategoryTreeProps, 'selected' | 'onSelect' | 'refreshKey'>;
  filter: string;
  param?: string;
  /** Width of the panel in px (default 260). */
  width?: number;
  /**
   * What the right-hand side shows around the list for the selected node (default: the list alone),
   * e.g. tabs with a second list of the node. `node.key` is ALL_CATEGORIES for the 全部 entry.
   */
  wrap?: (list: ReactNode, node: { key: string; name: string }) => ReactNode;
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
  /** A class for a row that must stand out (e.g. `is-overdue`); the module's CSS colours it. */
  rowClassName?: (row: Row) => string | undefined;
  /** The create/edit dialog that `openEditor` of actions opens; saving reloads the list. */
  editor?: ListEditor<Row>;
  /** A tree beside the list filtering it (device types, product classifies, departments). */
  aside?: ListAside;
  /** A row opens to show more of it (e.g. an order's operations); rendered when first opened. */
  expandable?: { render: (row: Row) => ReactNode; rowExpandable?: (row: Row) => boolean };
  /** A 列设置 button: the user hides columns, saved per user under `pageKey` (user_page_config). */
  columnSettings?: { pageKey: string };
}
