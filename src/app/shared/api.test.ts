import { describe, expect, it } from 'vitest';
import { ModelingPaths } from '@core/contracts/modeling';
import { StencilPaths } from '@core/contracts/stencil';
import { entityPaths, filtersOf } from './api';

describe('entityPaths', () => {
  it('picks one entity’s list and write paths as crudEndpoints names them (prefixed, or plain for a one-entity contract)', () => {
    const cases = [
      { paths: entityPaths(ModelingPaths, 'workshop'), names: ['workshopList', 'workshopCreate', 'workshopUpdate', 'workshopDeleteBatch'], all: ModelingPaths as Record<string, unknown> },
      { paths: entityPaths(StencilPaths, ''), names: ['list', 'create', 'update', 'deleteBatch'], all: StencilPaths as Record<string, unknown> },
    ];
    for (const { paths, names, all } of cases) {
      expect([paths.list, paths.create, paths.update, paths.deleteBatch]).toEqual(names.map((name) => all[name]));
      expect(Object.values(paths).every((path) => path.startsWith('/'))).toBe(true);
    }
  });
});

describe('filtersOf (an export body from a list query)', () => {
  it('drops paging and comma-joins multi-valued filters, as a list GET sends them', () => {
    expect(filtersOf({ page: 2, limit: 50, sort: 'createTime,desc', orderNo: ['SO-1', 'SO-2'], status: ['1'], customerName: '华东' })).toEqual({
      sort: 'createTime,desc',
      orderNo: 'SO-1,SO-2',
      status: '1',
      customerName: '华东',
    });
  });
});
