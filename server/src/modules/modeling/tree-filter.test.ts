import { describe, expect, it } from 'vitest';
import type { PageResult } from '@core/contracts/common';
import { ModelingPaths, type Device, type Product, type ProductClassifyNode } from '@core/contracts/modeling';
import { type TestApp, useTwoFactoryApp } from '../../test-support';

// Selecting a tree node (device type, product classify) lists the node's whole subtree.

let t: TestApp;
let admin: string;

const { get, data } = useTwoFactoryApp((env) => ({ t, admin } = env));


async function subtree(table: 'device_type' | 'product_classify', name: string): Promise<{ id: number; ids: number[] }> {
  const rows = await t.db.selectFrom(table).select(['id', 'name', 'parent_id']).where('org_id', '=', 1001).execute();
  const root = rows.find((row) => row.name === name);
  if (!root) throw new Error(`${name} is not seeded`);
  const ids = [root.id];
  for (let i = 0; i < ids.length; i++) ids.push(...rows.filter((row) => row.parent_id === ids[i]).map((row) => row.id));
  return { id: root.id, ids };
}

describe('tree filters include descendants', () => {
  it('lists the devices of a parent device type and its subtypes', async () => {
    const { id, ids } = await subtree('device_type', '生产设备');
    expect(ids.length, 'the parent has subtypes').toBeGreaterThan(1);
    const own = await t.db.selectFrom('device').select('id').where('org_id', '=', 1001).where('device_type_id', 'in', ids).execute();
    expect(own.length).toBeGreaterThan(0);
    const page = await data(get<PageResult<Device>>(admin, `${ModelingPaths.deviceList}?page=1&limit=1000&deviceTypeId=${id}`));
    expect(page.total).toBe(own.length);
    expect(page.list.map((device) => device.id).sort()).toEqual(own.map((row) => row.id).sort());
  });

  it('lists and counts the products of a parent classify and its children', async () => {
    const { id, ids } = await subtree('product_classify', '纸箱');
    const own = await t.db.selectFrom('product').select('id').where('org_id', '=', 1001).where('classify_id', 'in', ids).execute();
    expect(own.length).toBeGreaterThan(0);
    const page = await data(get<PageResult<Product>>(admin, `${ModelingPaths.productList}?page=1&limit=10&classifyId=${id}`));
    expect(page.total).toBe(own.length);
    const find = (nodes: ProductClassifyNode[]): ProductClassifyNode | undefined =>
      nodes.reduce<ProductClassifyNode | undefined>((hit, node) => hit ?? (node.id === id ? node : find(node.children)), undefined);
    const tree = await data(get<ProductClassifyNode[]>(admin, ModelingPaths.productClassifyTree));
    expect(find(tree)?.productCount).toBe(own.length);
  });

  it('still refuses a filter that is not an id', async () => {
    const body = await get(admin, `${ModelingPaths.deviceList}?deviceTypeId=abc`);
    expect(body.resultCode).not.toBe(1000);
    expect(body.resultMsg).toBe('设备类型格式不正确');
  });
});
