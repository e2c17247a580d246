import { describe, expect, it } from 'vitest';
import type { FilterItem } from '../filter-form/filter-form.types';
import { nextListState, parseSort, readListState, toListQuery, writeListState, type ListStateConfig } from './list-state';

const filters: FilterItem[] = [
  { prop: 'name', label: '名称', type: 'input' },
  { prop: 'status', label: '状态', type: 'select', defaultValue: '1' },
  { prop: 'codes', label: '编号', type: 'tagInput' },
  { prop: 'createTime', label: '创建时间', type: 'daterange' },
];
const config: ListStateConfig = { filters, sortable: ['createTime'], defaultLimit: 10 };

describe('list state in the URL', () => {
  it('starts from the defaults when the URL has nothing', () => {
    expect(readListState(new URLSearchParams(), config)).toEqual({ page: 1, limit: 10, sort: undefined, filters: { status: '1' } });
  });

  it('round-trips page, size, sort and every kind of filter', () => {
    const state = {
      page: 3,
      limit: 50,
      sort: { field: 'createTime', direction: 'desc' as const },
      filters: { name: '纸箱 A', status: '2', codes: ['A01', 'B/02'], createTime: ['2026-11-01 00:00:00', '2026-11-23 23:59:59'] },
    };
    const params = writeListState(new URLSearchParams(), state, config);
    expect(readListState(new URLSearchParams(params.toString()), config)).toEqual(state);
  });

  it('writes nothing for defaults and records a cleared default as prop=', () => {
    const params = writeListState(new URLSearchParams(), { page: 1, limit: 10, filters: {} }, config);
    expect(params.toString()).toBe('status=');
    expect(readListState(params, config).filters).toEqual({});
  });

  it('keeps parameters the list does not own (the route keepQuery ones) and replaces its own', () => {
    const previous = new URLSearchParams('tab=2&page=4&name=old');
    const params = writeListState(previous, { page: 2, limit: 10, filters: { status: '1' } }, config);
    expect(params.get('tab')).toBe('2');
    expect(params.get('page')).toBe('2');
    expect(params.has('name')).toBe(false);
  });

  it('ignores bad paging values and sorts outside the whitelist', () => {
    const state = readListState(new URLSearchParams('page=-2&limit=abc&sort=password,asc'), config);
    expect(state).toMatchObject({ page: 1, limit: 10, sort: undefined });
    expect(readListState(new URLSearchParams('limit=5000'), config).limit).toBe(10);
    // Only the spec's page sizes: the server refuses any other.
    expect(readListState(new URLSearchParams('limit=37'), config).limit).toBe(10);
    expect(readListState(new URLSearchParams('limit=500'), config).limit).toBe(500);
    expect(parseSort('createTime,up', ['createTime'])).toBeUndefined();
    expect(parseSort('createTime,asc', ['createTime'])).toEqual({ field: 'createTime', direction: 'asc' });
  });
});

describe('list query and changes', () => {
  it('puts paging, sort (field,direction) and active filters at the top level', () => {
    const query = toListQuery({ page: 2, limit: 20, sort: { field: 'createTime', direction: 'asc' }, filters: { name: 'x', codes: [] } });
    expect(query).toEqual({ page: 2, limit: 20, sort: 'createTime,asc', name: 'x' });
  });

  it('sends a date range as <prop>Start and <prop>End, the convention of the server list builder', () => {
    const state = { page: 1, limit: 10, filters: { createTime: ['2026-11-01 00:00:00', '2026-11-07 23:59:59'], name: 'x' } };
    expect(toListQuery(state, config.filters)).toEqual({
      page: 1,
      limit: 10,
      createTimeStart: '2026-11-01 00:00:00',
      createTimeEnd: '2026-11-07 23:59:59',
      name: 'x',
    });
  });

  it('goes back to page 1 when filters, size or sort change, not when only the page does', () => {
    const state = { page: 5, limit: 10, filters: {} };
    expect(nextListState(state, { page: 6 }).page).toBe(6);
    expect(nextListState(state, { filters: { name: 'a' } }).page).toBe(1);
    expect(nextListState(state, { limit: 50 }).page).toBe(1);
    expect(nextListState(state, { sort: undefined }).page).toBe(1);
  });
});
