import { describe, expect, it } from 'vitest';
import { ModelingPaths } from '@core/contracts/modeling';
import { StencilPaths } from '@core/contracts/stencil';
import { entityPaths } from './api';

describe('entityPaths', () => {
  it('picks one entity’s list and write paths as crudEndpoints names them', () => {
    expect(entityPaths(ModelingPaths, 'workshop')).toEqual({
      list: ModelingPaths.workshopList,
      create: ModelingPaths.workshopCreate,
      update: ModelingPaths.workshopUpdate,
      deleteBatch: ModelingPaths.workshopDeleteBatch,
    });
  });

  it('reads the unprefixed names of a contract with one entity', () => {
    expect(entityPaths(StencilPaths, '')).toEqual({
      list: StencilPaths.list,
      create: StencilPaths.create,
      update: StencilPaths.update,
      deleteBatch: StencilPaths.deleteBatch,
    });
    expect(Object.values(entityPaths(StencilPaths, '')).every((path) => path.startsWith('/'))).toBe(true);
  });
});
