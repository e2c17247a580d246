import { describe, expect, it } from 'vitest';
import { cellText, listFilterItems, listStateConfig, rowKeyOf } from './list-derive';
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
