/** ListPage: renders a list declared as a ListSpec (filters, summary, table, pager, buttons). */
export { ListPage, useListReload, VIRTUAL_THRESHOLD, VIRTUAL_HEIGHT, type ListHandle, type ListPageProps } from './list-page';
/** The usual 新增 / 编辑 / 删除 actions of a list with an editor. */
export { editorActions, type EditorActionsOptions } from './editor-actions';
/** The declaration a module writes for one list. */
export type {
  ColumnFilter,
  ColumnType,
  ListColumn,
  ListAside,
  ListContext,
  ListEditor,
  ListEditorProps,
  ListExport,
  ListImport,
  ListSpec,
  RowAction,
  ToolbarAction,
} from './list-spec';
/** List state ↔ URL search params ↔ fetch query (pure). */
export {
  formatSort,
  initialListState,
  LIST_PARAMS,
  nextListState,
  parseSort,
  readListState,
  toListQuery,
  writeListState,
  type ListQuery,
  type ListState,
  type ListStateConfig,
  type SortOrder,
} from './list-state';
/** What a spec derives: filter items, state config, row keys, cell text, permitted actions and their layout (pure). */
export {
  cellText,
  hasRowSelection,
  listFilterItems,
  listStateConfig,
  permittedRowActions,
  rowActionsWidth,
  rowKeyOf,
  splitRowActions,
  VISIBLE_ROW_ACTIONS,
  type Can,
} from './list-derive';
/** The list state hook (URL or component state) and the page-fetching hook. */
export { useListState } from './use-list-state';
export { useListData } from './use-list-data';
