import { describe, expect, it } from 'vitest';
import { ModelingPaths } from '@core/contracts/modeling';
import { StencilPaths } from '@core/contracts/stencil';
import { entityPaths } from './api';

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
