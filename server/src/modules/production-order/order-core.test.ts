import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '@core/contracts/common';
import { AppError } from '../../plugins/envelopes';
import { createTestApp, rowId, type TestApp } from '../../test-support';
import { createOrder, moveOrder, plannedQuantities } from './order-core';

const scope = { enterpriseId: 8888, orgId: 1001, userId: 1 };
const context = { path: '/test', source: 1, system: 12 };
const actor = { userId: 1 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('planned quantities', () => {
  it('adds each step’s setup and running waste to what the next step needs, from the last backwards', () => {
    const planned = plannedQuantities(1000, [
      { seq: 1, processId: 1, processName: '印刷', setupWaste: 30, runningWastePercent: 1.5 },
      { seq: 2, processId: 2, processName: '糊箱', setupWaste: 10, runningWastePercent: 0.5 },
      { seq: 3, processId: 3, processName: '打包', setupWaste: 0, runningWastePercent: 0 },
    ]);
    // 打包 1000; 糊箱 1000 + 10 + ceil(5) = 1015; 印刷 1015 + 30 + ceil(15.225) = 1061.
    expect(planned.map((operation) => [operation.processName, operation.plannedQty, operation.wasteQty])).toEqual([
      ['印刷', 1061, 46],
      ['糊箱', 1015, 15],
      ['打包', 1000, 0],
    ]);
  });
});

describe('order core', () => {
  it('seeds several hundred orders per factory in every status, each with its flow copied as operations', async () => {
    for (const orgId of [1001, 1002]) {
      const statuses = await t.db.selectFrom('production_order').select(['status']).where('org_id', '=', orgId).execute();
      expect(statuses.length, `orders of ${orgId}`).toBeGreaterThanOrEqual(300);
      expect(new Set(statuses.map((row) => row.status)), `statuses of ${orgId}`).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    }
    const withoutOperations = await t.db
      .selectFrom('production_order as o')
      .select('o.id')
      .where('o.status', '!=', 8)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('production_order_operation as op').select('op.id').whereRef('op.order_id', '=', 'o.id'))))
      .execute();
    expect(withoutOperations).toEqual([]);
  });

  it('creates an order from a product: its flow becomes the operations and the sheet size is computed', async () => {
    const productId = await rowId(t.db, 'product', 'product_no', 'CP00001');
    const product = await t.db.selectFrom('product').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();
    const created = await t.db.transaction().execute((trx) =>
      createOrder(
        trx,
        scope,
        { customerName: '测试客户', productId, lengthMm: product.length_mm, widthMm: product.width_mm, heightMm: product.height_mm, quantity: 2000, deliveryDate: '2026-12-20' },
        { source: 1, actor, context, now: new Date(2027, 5, 1) },
      ),
    );
    expect(created.orderNo).toBe('SO202706010001');
    expect(created.status).toBe(2);
    const order = await t.db.selectFrom('production_order').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ product_name: product.name, flow_id: product.process_flow_id, board_code: product.board_code });
    expect(order.sheet_width_mm).toBeGreaterThan(product.width_mm);
    const operations = await t.db.selectFrom('production_order_operation').selectAll().where('order_id', '=', created.id).orderBy('seq').execute();
    const steps = await t.db.selectFrom('process_flow_step').select('process_id').where('flow_id', '=', product.process_flow_id!).orderBy('seq').execute();
    expect(operations.map((operation) => operation.process_id)).toEqual(steps.map((step) => step.process_id));
    expect(operations.at(-1)!.planned_qty).toBeGreaterThanOrEqual(2000);
    expect(operations[0]!.planned_qty).toBeGreaterThan(operations.at(-1)!.planned_qty);
  });

  it('refuses an illegal move with 4009 and changes nothing; a legal one writes status and history', async () => {
    const order = await t.db.selectFrom('production_order').select(['id', 'order_no', 'updated_at']).where('org_id', '=', 1001).where('status', '=', 6).limit(1).executeTakeFirstOrThrow();
    const refused = await t.db.transaction().execute((trx) => moveOrder(trx, scope, order.id, 'suspend', { actor, context })).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: ResultCode.CONFLICT, message: `${order.order_no}：订单状态为「已核对」，不能暂停` });
    const after = await t.db.selectFrom('production_order').select(['status', 'updated_at']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 6, updated_at: order.updated_at });

    const released = await t.db.selectFrom('production_order').select('id').where('org_id', '=', 1001).where('status', '=', 2).limit(1).executeTakeFirstOrThrow();
    await t.db.transaction().execute((trx) => moveOrder(trx, scope, released.id, 'suspend', { actor, context }));
    expect(await t.db.selectFrom('production_order').select(['status', 'suspended_from']).where('id', '=', released.id).executeTakeFirstOrThrow()).toEqual({ status: 10, suspended_from: 2 });
    await t.db.transaction().execute((trx) => moveOrder(trx, scope, released.id, 'resume', { actor, context }));
    const history = await t.db.selectFrom('production_order_history').select(['action', 'content', 'user_name']).where('order_id', '=', released.id).orderBy('id').execute();
    expect(history.slice(-2)).toEqual([
      { action: 'suspend', content: '暂停', user_name: '系统管理员' },
      { action: 'resume', content: '恢复', user_name: '系统管理员' },
    ]);
  });

  it('never moves another factory’s order', async () => {
    const board = await t.db.selectFrom('production_order').select('id').where('org_id', '=', 1002).where('status', '=', 2).limit(1).executeTakeFirstOrThrow();
    const refused = await t.db.transaction().execute((trx) => moveOrder(trx, scope, board.id, 'suspend', { actor, context })).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: ResultCode.NOT_FOUND, message: '生产订单不存在' });
  });
});
