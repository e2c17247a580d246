import type { RowAction, ToolbarAction } from './list-spec';

export interface EditorActionsOptions<Row> {
  /** What a row is: the button says 新增{noun}, the delete asks 确定删除{noun}「{name}」吗？. */
  noun: string;
  /** The codes of the three buttons: [新增, 编辑, 删除]. */
  authorities: readonly [add: string, edit: string, remove: string];
  /** The row's name in the delete question. */
  name: (row: Row) => string;
  /** Deletes the row; the list says 删除成功 and reloads once it resolves. */
  remove: (row: Row) => Promise<unknown>;
  /** Opens something else than the list's `editor` (e.g. a page of its own): no row adds. */
  open?: (row?: Row) => void;
  /** Why a row cannot be deleted (e.g. still in use): shown instead of the question. */
  refuseDelete?: (row: Row) => string | undefined;
  /** A delete question other than 确定删除{noun}「{name}」吗？. */
  confirmDelete?: (row: Row) => string;
}

/**
 * The 新增 button and the 编辑 / 删除 row actions of a list whose rows are added and edited in its
 * `editor`: `...editorActions({ noun: '印版', authorities: [A.add, A.edit, A.delete], name: (row) => row.stencilNo, remove: (row) => api.remove([row.id]) })`.
 * Extra buttons go around them (`toolbar: [...crud.toolbar, other]`).
 */
export function editorActions<Row>(options: EditorActionsOptions<Row>): { toolbar: ToolbarAction<Row>[]; rowActions: RowAction<Row>[] } {
  const { noun, authorities, name, remove, open, refuseDelete, confirmDelete } = options;
  const [add, edit, removal] = authorities;
  return {
    toolbar: [{ key: 'add', label: `新增${noun}`, primary: true, authority: add, run: ({ openEditor }) => (open ?? openEditor)() }],
    rowActions: [
      { key: 'edit', label: '编辑', authority: edit, run: (row, { openEditor }) => (open ?? openEditor)(row) },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        authority: removal,
        ...(refuseDelete ? { refuse: refuseDelete } : {}),
        confirm: confirmDelete ?? ((row) => `确定删除${noun}「${name(row)}」吗？`),
        run: remove,
      },
    ],
  };
}
