import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductionOrderListRow } from '@core/contracts/work-order/order';
import { createTestApp, orderFactsOutOfStep, parsedPage, rowId, type TestApp } from '../../test-support';
import { createOrder } from './order-core';
import { ProductionOrderService } from './production-order.service';

/**
 * The order list's per-row facts (migration 0028) are counts on the order kept by triggers: every
 * kind of row change of warnings, reports and operations — one row or many in one statement, a row
 * moved to another order, rows cascading away with their order — leaves them equal to the rows.
 * (The suites of the writers — work-report, schedule, erp, production-order — check the same after
 * each of their tests: checkOrderFactsAfterEach.) The order's row of the lists, kept on the order as
 * JSON text by another trigger (migration 0035), is its detail's row at every step.
 */
let t: TestApp;
const CARTON = { enterpriseId: 8888, orgId: 1001, userId: 1 };
const at = new Date('2026-06-01T08:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let counter = 0;
async function newOrder(): Promise<{ id: number; operations: number[] }> {
  counter += 1;
  const productId = await rowId(t.db, 'product', 'product_no', 'CP00001');
  const product = await t.db.selectFrom('product').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();
  const flowId = await rowId(t.db, 'process_flow', 'code', 'GY01');
  const { id } = await t.db.transaction().execute((trx) =>
    createOrder(
      trx,
      CARTON,
      { orderNo: `FACT${counter}`, customerName: '事实测试', productId, flowId, lengthMm: product.length_mm, widthMm: product.width_mm, heightMm: product.height_mm, quantity: 500, deliveryDate: '2026-12-20' },
      { source: 1, actor: { userId: 1 }, context: { path: '/test', source: 1, system: 12 } },
    ),
  );
  const operations = await t.db.selectFrom('production_order_operation').select('id').where('order_id', '=', id).orderBy('seq').execute();
  return { id, operations: operations.map((operation) => operation.id) };
}

const LIST_FIELDS = Object.keys(ProductionOrderListRow.properties).sort();

/** The order's row as the list answers it (the JSON text kept on the order), checked to be its detail's row field for field (read from its columns). */
async function listRow(id: number): Promise<ProductionOrderListRow> {
  const service = new ProductionOrderService(t.db);
  const detail = await service.detail(CARTON, id);
  const listed = parsedPage<ProductionOrderListRow>(await service.list(CARTON, { orderNo: detail.orderNo, limit: '100' })).list.find((row) => row.id === id);
  expect(Object.keys(listed ?? {}).sort()).toEqual(LIST_FIELDS);
  expect(listed).toEqual(Object.fromEntries(LIST_FIELDS.map((field) => [field, detail[field as keyof typeof detail]])));
  return listed!;
}

async function facts(id: number) {
  const { changeWarnings, hasReports, hasIssued } = await listRow(id);
  const row = await t.db.selectFrom('production_order').select(['warning_count', 'report_count', 'issued_count']).where('id', '=', id).executeTakeFirstOrThrow();
  expect(await orderFactsOutOfStep(t.db)).toEqual([]);
  expect([changeWarnings, hasReports, hasIssued]).toEqual([row.warning_count, row.report_count > 0, row.issued_count > 0]);
  return [row.warning_count, row.report_count, row.issued_count];
}

const report = (orderId: number, operationId: number, no: string, auditState = 1) => ({
  enterprise_id: 8888,
  org_id: 1001,
  report_no: no,
  order_id: orderId,
  operation_id: operationId,
  process_name: '测试',
  good_qty: 10,
  start_at: at,
  end_at: at,
  source: 1,
  audit_state: auditState,
});

describe('order list facts', () => {
  it('start in step with the seeded orders', async () => {
    expect(await orderFactsOutOfStep(t.db)).toEqual([]);
    const seeded = await t.db.selectFrom('production_order').select((eb) => [eb.fn.sum<number>('issued_count').as('issued'), eb.fn.sum<number>('report_count').as('reports'), eb.fn.sum<number>('warning_count').as('warnings')]).executeTakeFirstOrThrow();
    // The seed has issued operations, reports and pending warnings, so the backfill and the triggers were both exercised.
    expect(Number(seeded.issued)).toBeGreaterThan(0);
    expect(Number(seeded.reports)).toBeGreaterThan(0);
    expect(Number(seeded.warnings)).toBeGreaterThan(0);
  });

  it('count issued operations through issue and cancel, one or many rows a statement', async () => {
    const order = await newOrder();
    expect(await facts(order.id)).toEqual([0, 0, 0]);
    await t.db.updateTable('production_order_operation').set({ issued: true }).where('order_id', '=', order.id).execute();
    expect(await facts(order.id)).toEqual([0, 0, order.operations.length]);
    await t.db.updateTable('production_order_operation').set({ issued: true, status: 1 }).where('id', '=', order.operations[0]!).execute();
    expect(await facts(order.id)).toEqual([0, 0, order.operations.length]);
    await t.db.updateTable('production_order_operation').set({ issued: false }).where('id', 'in', order.operations.slice(1)).execute();
    expect(await facts(order.id)).toEqual([0, 0, 1]);
    // Re-planned: operations deleted and inserted (issued ones included).
    await t.db.deleteFrom('production_order_operation').where('order_id', '=', order.id).execute();
    expect(await facts(order.id)).toEqual([0, 0, 0]);
    await t.db
      .insertInto('production_order_operation')
      .values([1, 2].map((seq) => ({ enterprise_id: 8888, org_id: 1001, order_id: order.id, seq, process_name: '测试', planned_qty: 10, issued: seq === 1 })))
      .execute();
    expect(await facts(order.id)).toEqual([0, 0, 1]);
  });

  it('count reports not cancelled through create, audit, rollback, cancel and a move to another order', async () => {
    const order = await newOrder();
    const other = await newOrder();
    const [first, second] = order.operations;
    const inserted = await t.db
      .insertInto('work_report')
      .values([(report(order.id, first!, `FR${counter}a`)), (report(order.id, second!, `FR${counter}b`)), (report(order.id, second!, `FR${counter}c`, 3))])
      .returning('id')
      .execute();
    const ids = inserted.map((row) => row.id);
    expect(await facts(order.id)).toEqual([0, 2, 0]);
    await t.db.updateTable('work_report').set({ audit_state: 2 }).where('id', 'in', ids.slice(0, 2)).execute();
    expect(await facts(order.id)).toEqual([0, 2, 0]);
    await t.db.updateTable('work_report').set({ audit_state: 1 }).where('id', '=', ids[0]!).execute();
    await t.db.updateTable('work_report').set({ audit_state: 3 }).where('id', 'in', ids).execute();
    expect(await facts(order.id)).toEqual([0, 0, 0]);
    await t.db.updateTable('work_report').set({ audit_state: 1 }).where('id', '=', ids[2]!).execute();
    expect(await facts(order.id)).toEqual([0, 1, 0]);
    await t.db.updateTable('work_report').set({ order_id: other.id, operation_id: other.operations[0]! }).where('id', '=', ids[2]!).execute();
    expect(await facts(order.id)).toEqual([0, 0, 0]);
    expect(await facts(other.id)).toEqual([0, 1, 0]);
    await t.db.deleteFrom('work_report').where('id', 'in', ids).execute();
    expect(await facts(other.id)).toEqual([0, 0, 0]);
  });

  it('count pending change warnings through intake, accept / keep, and an order deleted with them', async () => {
    const order = await newOrder();
    const warning = (version: number) => ({ enterprise_id: 8888, org_id: 1001, order_id: order.id, erp_version: version, changes: JSON.stringify([]) });
    const inserted = await t.db.insertInto('order_change_warning').values([warning(2), warning(3), warning(4)]).returning('id').execute();
    expect(await facts(order.id)).toEqual([3, 0, 0]);
    await t.db.updateTable('order_change_warning').set({ state: 1 }).where('id', '=', inserted[0]!.id).execute();
    await t.db.updateTable('order_change_warning').set({ state: 2 }).where('id', '=', inserted[1]!.id).execute();
    expect(await facts(order.id)).toEqual([1, 0, 0]);
    await t.db.updateTable('production_order_operation').set({ issued: true }).where('order_id', '=', order.id).execute();
    // Its operations and warnings cascade away with it; the triggers find no order to count on.
    await t.db.deleteFrom('production_order').where('id', '=', order.id).execute();
    expect(await orderFactsOutOfStep(t.db)).toEqual([]);
  });

  it('are what the list, the detail and the state machine show', async () => {
    const order = await newOrder();
    await t.db.updateTable('production_order_operation').set({ issued: true }).where('id', '=', order.operations[0]!).execute();
    await t.db.insertInto('work_report').values((report(order.id, order.operations[0]!, `FR${counter}l`))).execute();
    await t.db.insertInto('order_change_warning').values({ enterprise_id: 8888, org_id: 1001, order_id: order.id, erp_version: 2, changes: JSON.stringify([]) }).execute();
    const service = new ProductionOrderService(t.db);
    const listed = parsedPage<ProductionOrderListRow>(await service.list(CARTON, { orderNo: `FACT${counter}` })).list;
    expect(listed.map((row) => [row.changeWarnings, row.hasReports, row.hasIssued])).toEqual([[1, true, true]]);
    expect(await service.detail(CARTON, order.id)).toMatchObject({ changeWarnings: 1, hasReports: true, hasIssued: true });
  });
});

describe('the order list row kept on the order', () => {
  it('is its detail’s row with any text, a null, large numbers and the creation time in the server’s zone', async () => {
    const order = await newOrder();
    const customerName = '引号"反斜杠\\ 换行\n制表\t</script> 😀';
    await t.db
      .updateTable('production_order')
      .set({ customer_name: customerName, product_name: 'Ω≈ç√', unit: '片', quantity: 2147483647, good_qty: 77, delivery_date: '2027-02-28', urgency: 3 })
      .set({ status: 10, suspended_from: 4, schedule_state: 1, issue_state: 2, production_state: 1, length_mm: 0 })
      .where('id', '=', order.id)
      .execute();
    expect(await listRow(order.id)).toMatchObject({ customerName, quantity: 2147483647, deliveryDate: '2027-02-28', status: 10, suspendedFrom: 4 });
    // Just before midnight UTC: in the server's zone (Asia/Shanghai in the tests) the next morning; the fraction is cut, not rounded.
    await sql`update production_order set created_at = '2026-03-01 23:30:59.999+00' where id = ${order.id}`.execute(t.db);
    expect((await listRow(order.id)).createTime).toBe('2026-03-02 07:30:59');
    await t.db.updateTable('production_order').set({ suspended_from: null, status: 4 }).where('id', '=', order.id).execute();
    expect(await listRow(order.id)).toMatchObject({ suspendedFrom: null, status: 4 });
  });
});
