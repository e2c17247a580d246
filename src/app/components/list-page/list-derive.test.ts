import { describe, expect, it } from 'vitest';
import {
  cellText,
  hasRowSelection,
  listFilterItems,
  listStateConfig,
  permittedRowActions,
  rowActionsWidth,
  rowKeyOf,
  splitRowActions,
  type Can,
} from './list-derive';
import type { ListSpec } from './list-spec';

interface Staff {
  id: number;
  name: string;
  status: number;
  createTime: string;
}

const STATUS = [
  { value: 0, label: '禁用' },
  { value: 1, label: '正常' },
];

const spec: Pick<ListSpec<Staff>, 'columns' | 'filters' | 'rowKey' | 'pageSizes'> = {
  rowKey: 'id',
  columns: [
    { prop: 'name', label: '姓名', filter: { type: 'input' }, sortable: true },
    { prop: 'status', label: '状态', type: 'enum', options: STATUS, filter: { type: 'select' } },
    { prop: 'createTime', label: '创建时间', type: 'date', dateFormat: 'date', sortable: true },
  ],
  filters: [{ prop: 'createTime', label: '创建时间', type: 'daterange' }],
  pageSizes: 'large',
};

describe('what a list spec derives', () => {
  it('takes filter prop, label and options from the column, then the extra filters', () => {
    expect(listFilterItems(spec).map((item) => [item.prop, item.label, item.type, item.options?.length])).toEqual([
      ['name', '姓名', 'input', undefined],
      ['status', '状态', 'select', 2],
      ['createTime', '创建时间', 'daterange', undefined],
    ]);
  });

  it('whitelists sortable columns and uses the size set default', () => {
    const config = listStateConfig(spec);
    expect(config.sortable).toEqual(['name', 'createTime']);
    expect(config.defaultLimit).toBe(100);
  });

  it('shows cells by type', () => {
    expect(cellText({ type: 'enum', options: STATUS }, 1)).toBe('正常');
    expect(cellText({ type: 'date', dateFormat: 'date' }, '2026-11-23 08:00:00')).toBe('2026-11-23');
    expect(cellText({ type: 'date', dateFormat: 'monthDay' }, '2026-11-23 08:00:00')).toBe('11-23');
    expect(cellText({ type: 'number' }, 0)).toBe('0');
    expect(cellText({}, null)).toBe('');
    expect(rowKeyOf(spec, { id: 7, name: '', status: 1, createTime: '' })).toBe(7);
  });
});

describe('what the user may do with a list', () => {
  const holds =
    (...codes: string[]): Can =>
    (authority) =>
      authority === undefined || codes.includes(String(authority));
  const run = () => undefined;
  const toolbar = [
    { key: 'add', label: '新增', authority: 'ADD', run },
    { key: 'disable', label: '批量禁用', authority: 'EDIT', needsSelection: true, run },
  ];

  it('shows checkboxes only for a permitted action that needs a selection, or when asked', () => {
    expect(hasRowSelection({ toolbar }, holds('ADD', 'EDIT'))).toBe(true);
    expect(hasRowSelection({ toolbar }, holds('ADD'))).toBe(false);
    expect(hasRowSelection({ toolbar: [] }, holds())).toBe(false);
    expect(hasRowSelection({ toolbar, selectable: true }, holds())).toBe(true);
  });

  it('keeps the row actions whose authority the user holds', () => {
    const rowActions = [
      { key: 'edit', label: '编辑', authority: 'EDIT', run },
      { key: 'view', label: '查看', run },
      { key: 'delete', label: '删除', authority: 'DELETE', run },
    ];
    expect(permittedRowActions({ rowActions }, holds('DELETE')).map((action) => action.key)).toEqual(['view', 'delete']);
    expect(permittedRowActions({ rowActions: rowActions.filter((action) => action.authority) }, holds())).toEqual([]);
    expect(permittedRowActions({}, holds('EDIT'))).toEqual([]);
  });

  it('folds links beyond the visible count into 更多', () => {
    expect(splitRowActions(['a', 'b', 'c'])).toEqual({ inline: ['a', 'b', 'c'], more: [] });
    expect(splitRowActions(['a', 'b', 'c', 'd'])).toEqual({ inline: ['a', 'b'], more: ['c', 'd'] });
    expect(splitRowActions(['a', 'b', 'c', 'd'], 4)).toEqual({ inline: ['a', 'b', 'c', 'd'], more: [] });
    expect(splitRowActions(['a', 'b', 'c'], 1), '更多 never holds a single link').toEqual({ inline: ['a'], more: ['b', 'c'] });
  });

  it('sizes the 操作 column for the widest links a row can show', () => {
    // Two-character links are 44px, four-character ones 72px, 更多 64px; the cell pads 16px.
    expect(rowActionsWidth(['编辑', '删除'])).toBe(16 + 44 + 44);
    expect(rowActionsWidth(['编辑', '禁用', '启用', '删除'])).toBe(16 + 44 + 44 + 64);
    expect(rowActionsWidth(['Edit', '删除'])).toBe(16 + 48 + 44);
    // Four-character links last: a row shows them only when at most three links apply.
    expect(rowActionsWidth(['编辑', '禁用', '启用', '解锁', '工厂授权', '删除账号'])).toBe(16 + 44 + 72 + 72);
    expect(rowActionsWidth(['工厂授权', '编辑', '禁用', '启用'])).toBe(16 + 72 + 44 + 64);
  });
});
