import { describe, expect, it } from 'vitest';
import { editorActions } from './editor-actions';
import type { ListContext } from './list-spec';

interface Plate {
  id: number;
  no: string;
  inUse: boolean;
}

const PLATE: Plate = { id: 7, no: 'YB-07', inUse: false };

function contextWith(opened: Array<Plate | undefined>): ListContext<Plate> {
  return { reload: () => undefined, query: { page: 1, limit: 20 }, selectedRows: [], openEditor: (row) => opened.push(row) };
}

describe('editorActions', () => {
  it('gives 新增{noun}, 编辑 and 删除 with their codes; add and edit open the list editor', async () => {
    const removed: number[] = [];
    const { toolbar, rowActions } = editorActions<Plate>({
      noun: '印版',
      authorities: ['ADD', 'EDIT', 'DEL'],
      name: (row) => row.no,
      remove: async (row) => removed.push(row.id),
    });
    expect(toolbar.map((action) => [action.key, action.label, action.authority, action.primary])).toEqual([['add', '新增印版', 'ADD', true]]);
    expect(rowActions.map((action) => [action.key, action.label, action.authority, action.danger ?? false])).toEqual([
      ['edit', '编辑', 'EDIT', false],
      ['delete', '删除', 'DEL', true],
    ]);
    const opened: Array<Plate | undefined> = [];
    const context = contextWith(opened);
    toolbar[0]!.run(context);
    rowActions[0]!.run(PLATE, context);
    expect(opened).toEqual([undefined, PLATE]);

    const remove = rowActions[1]!;
    expect(typeof remove.confirm === 'function' ? remove.confirm(PLATE) : remove.confirm).toBe('确定删除印版「YB-07」吗？');
    expect(remove.refuse).toBeUndefined();
    await remove.run(PLATE, context);
    expect(removed).toEqual([7]);
  });

  it('opens a page of its own, refuses rows in use and asks its own question when told', () => {
    const pages: Array<Plate | undefined> = [];
    const { toolbar, rowActions } = editorActions<Plate>({
      noun: '印版',
      authorities: ['ADD', 'EDIT', 'DEL'],
      name: (row) => row.no,
      remove: async () => undefined,
      open: (row) => pages.push(row),
      refuseDelete: (row) => (row.inUse ? '印版使用中' : undefined),
      confirmDelete: (row) => `确定报废${row.no}吗？`,
    });
    const listEditor: Array<Plate | undefined> = [];
    toolbar[0]!.run(contextWith(listEditor));
    rowActions[0]!.run(PLATE, contextWith(listEditor));
    expect(listEditor).toEqual([]);
    expect(pages).toEqual([undefined, PLATE]);
    const remove = rowActions[1]!;
    expect(remove.refuse?.({ ...PLATE, inUse: true })).toBe('印版使用中');
    expect(remove.refuse?.(PLATE)).toBeUndefined();
    expect(typeof remove.confirm === 'function' && remove.confirm(PLATE)).toBe('确定报废YB-07吗？');
  });
});
