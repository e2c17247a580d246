import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { AccountApi, AccountPaths } from './account';
import { crudEndpoints, get, pathsOf } from './endpoint';

describe('endpoint declarations', () => {
  it('give the console plain paths, and functions where the path has params', () => {
    const Api = {
      list: get('/dps-server/x/list', { response: Type.Null(), authority: 'MENU_X' }),
      detail: get('/dps-server/x/detail/:id', { response: Type.Null(), authority: 'MENU_X' }),
      pair: get('/dps-server/x/:a/to/:b', { response: Type.Null(), session: true }),
    };
    const paths = pathsOf(Api);
    expect(paths.list).toBe('/dps-server/x/list');
    expect(paths.detail(7)).toBe('/dps-server/x/detail/7');
    expect(paths.pair(1, 'b2')).toBe('/dps-server/x/1/to/b2');
    expect(AccountPaths.roleDetail(3)).toBe('/dps-server/role/detail/3');
    expect(AccountPaths.staffList).toBe(AccountApi.staffList.path);
  });

  it('declare the writes of one entity with their buttons', () => {
    const writes = crudEndpoints('x', '/dps-server/x', Type.Object({}), Type.Object({}), { add: 'A', edit: 'E', remove: 'D' });
    expect([writes.xCreate, writes.xUpdate, writes.xDeleteBatch].map((e) => [e.method, e.path, e.authority])).toEqual([
      ['POST', '/dps-server/x/create', 'A'],
      ['POST', '/dps-server/x/update', 'E'],
      ['POST', '/dps-server/x/delete_batch', 'D'],
    ]);
    expect(Object.keys(crudEndpoints('', '/dps-server/y', Type.Object({}), Type.Object({}), { add: 'A', edit: 'E', remove: 'D' }))).toEqual(['create', 'update', 'deleteBatch']);
  });
});
