import { describe, expect, it } from 'vitest';
import type { FilterItem } from './filter-form.types';
import { activeFilters, compactValues, defaultFilterValues, isMultiValued, sameValues } from './filter-values';

const items: FilterItem[] = [
  { prop: 'name', label: '名称', type: 'input' },
  { prop: 'status', label: '状态', type: 'select', options: [{ value: 1, label: '正常' }, { value: 2, label: '锁定' }], defaultValue: '1' },
  { prop: 'area', label: '区域', type: 'cascader', options: [{ value: 'zj', label: '浙江', children: [{ value: 'hz', label: '杭州' }] }] },
  { prop: 'time', label: '时间', type: 'daterange' },
  { prop: 'codes', label: '编号', type: 'tagInput' },
];

describe('filter values', () => {
  it('knows which filters hold lists', () => {
    expect(items.map(isMultiValued)).toEqual([false, false, true, true, true]);
    expect(isMultiValued({ type: 'select', multiple: true })).toBe(true);
  });

  it('takes the defaults and ignores empty values when comparing', () => {
    expect(defaultFilterValues(items)).toEqual({ status: '1' });
    expect(compactValues({ a: '', b: [], c: undefined, d: 'x' })).toEqual({ d: 'x' });
    expect(sameValues({ a: 'x', b: '' }, { a: 'x' })).toBe(true);
    expect(sameValues({ a: ['1', '2'] }, { a: ['2', '1'] })).toBe(false);
  });

  it('describes active filters with option labels, cascader paths, ranges and tags', () => {
    const active = activeFilters(items, {
      name: '',
      status: '2',
      area: ['zj', 'hz'],
      time: ['2026-11-01 00:00:00', '2026-11-02 23:59:59'],
      codes: ['A', 'B'],
    });
    expect(active).toEqual([
      { prop: 'status', label: '状态', text: '锁定' },
      { prop: 'area', label: '区域', text: '浙江 / 杭州' },
      { prop: 'time', label: '时间', text: '2026-11-01 00:00:00 ~ 2026-11-02 23:59:59' },
      { prop: 'codes', label: '编号', text: 'A、B' },
    ]);
  });
});
