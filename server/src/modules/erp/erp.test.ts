import { describe, expect, it } from 'vitest';
import type { PageResult } from '@core/contracts/common';
import {
  ErpPaths as P,
  type BinOrder,
  type ErpBatchResult,
  type ChangeWarning,
  type CreatedIntegrationKey,
  type ErpLogDetail,
  type ErpLogEntry,
  type ErpOrderMessage,
  type ErpSyncResult,
  type IntegrationKey,
} from '@core/contracts/work-order/erp';
import { checkOrderFactsAfterEach, bearer, loginAs, type Envelope, type TestApp, useTwoFactoryApp } from '../../test-support';
import { dayText } from './order-changes';
import { DEMO_INTEGRATION_KEYS } from './seed';

let t: TestApp;
/** admin in 示例纸箱厂 (1001) */
let admin: string;
/** admin switched to 示例纸板厂 (1002) */
let boardAdmin: string;
/** planner: orders (incl. 处理变更) and scheduling; no sync log, keys or bin actions */
let planner: string;
/** operator: reporting only */
let operator: string;

const { get, post, data, logCount } = useTwoFactoryApp(async (env) => {
  ({ t, admin, boardAdmin } = env);
  planner = await loginAs(t.app, 'planner', 'planner123');
  operator = await loginAs(t.app, 'operator', 'op123456');
});
checkOrderFactsAfterEach(() => t.db);

const CARTON_KEY = DEMO_INTEGRATION_KEYS[1001]!;
const BOARD_KEY = DEMO_INTEGRATION_KEYS[1002]!;

/** The ERP's call: the key header only (or any headers given). */
async function sync(message: ErpOrderMessage, headers: Record<string, string> = { 'x-integration-key': CARTON_KEY }): Promise<Envelope<ErpSyncResult>> {
  const response = await t.app.inject({ method: 'POST', url: P.sync, headers, payload: message });
  expect(response.statusCode).toBe(200);
  return response.json();
}

let erpSeq = 0;
const erpNo = () => `T-ERP-${Date.now() % 100000}-${++erpSeq}`;

async function productOf(orgId: number) {
  return t.db.selectFrom('product').select(['product_no', 'name']).where('org_id', '=', orgId).where('process_flow_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
}

async function createMessage(erpOrderNo: string, overrides: Partial<NonNullable<ErpOrderMessage['order']>> = {}, orgId = 1001): Promise<ErpOrderMessage> {
  const product = await productOf(orgId);
  return {
    type: 'create',
    erpOrderNo,
    erpLine: '1',
    version: 1,
    order: { customerName: '测试客户', productNo: product.product_no, quantity: 1000, deliveryDate: '2027-03-01', customerPo: 'PO-1', ...overrides },
  };
}

/** An order's columns, without its list row text (a trigger writes it from the others, migration 0035; order-facts.test.ts checks it). */
const orderOf = async (id: number) => {
  const { list_row: _listRow, ...columns } = await t.db.selectFrom('production_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return columns;
};
const operationsOf = (orderId: number) => t.db.selectFrom('production_order_operation').selectAll().where('order_id', '=', orderId).orderBy('seq').execute();
const logsOf = (erpOrderNo: string) => t.db.selectFrom('erp_sync_log').selectAll().where('erp_order_no', '=', erpOrderNo).orderBy('id').execute();

async function accepted(message: ErpOrderMessage): Promise<ErpSyncResult> {
  const body = await sync(message);
  expect(body, JSON.stringify(body)).toMatchObject({ resultCode: 1000 });
  return body.resultData!;
}

/** A report against the order's first operation (what the report module writes). */
async function report(orderId: number, auditState = 1) {
  const operation = (await operationsOf(orderId))[0]!;
  await t.db
    .insertInto('work_report')
    .values({
      enterprise_id: 8888,
      org_id: 1001,
      report_no: `T-BG-${orderId}-${auditState}`,
      order_id: orderId,
      operation_id: operation.id,
      process_name: operation.process_name,
      good_qty: 10,
      start_at: new Date(),
      end_at: new Date(),
      source: 1,
      audit_state: auditState,
    })
    .execute();
}

describe('ERP intake: create, duplicates and versions', () => {
  it('creates an order from a create message, logs it, and ignores the same message sent again', async () => {
    const no = erpNo();
    const message = await createMessage(no);
    const first = await accepted(message);
    expect(first).toMatchObject({ status: 2, orderNo: expect.stringMatching(/^\w+\d{12}$/) });
    const order = await orderOf(first.orderId!);
    expect(order).toMatchObject({ source: 2, erp_order_no: no, erp_line: '1', erp_version: 1, customer_name: '测试客户', quantity: 1000, org_id: 1001 });
    expect((await operationsOf(order.id)).length).toBeGreaterThan(0);

    const before = await t.db.selectFrom('production_order').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const again = await accepted(message);
    expect(again).toMatchObject({ status: 2, orderId: order.id, result: '重复消息：版本1已处理，未做修改' });
    const after = await t.db.selectFrom('production_order').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await orderOf(order.id)).toEqual(order);
    expect((await logsOf(no)).map((log) => [log.message_type, log.status, log.result])).toEqual([
      ['create', 2, `已新建订单${order.order_no}`],
      ['create', 2, '重复消息：版本1已处理，未做修改'],
    ]);
  });

  it('refuses an older version after a newer one (abnormal) and changes nothing', async () => {
    const no = erpNo();
    const { orderId } = await accepted(await createMessage(no));
    await accepted({ type: 'change', erpOrderNo: no, erpLine: '1', version: 3, order: { remark: '第三版' } });
    const order = await orderOf(orderId!);
    expect(order).toMatchObject({ erp_version: 3, remark: '第三版' });
    const late = await sync({ type: 'change', erpOrderNo: no, erpLine: '1', version: 2, order: { remark: '第二版', quantity: 5 } });
    expect(late).toEqual({ resultCode: 4009, resultMsg: '版本2早于已处理的版本3，已拒绝' });
    expect(await orderOf(orderId!)).toEqual(order);
    expect((await logsOf(no)).at(-1)).toMatchObject({ status: 4, error: '版本2早于已处理的版本3，已拒绝', erp_version: 2, order_id: orderId });
  });

  it('accepts an order whose product is not in the product file as 待录入, without operations', async () => {
    const no = erpNo();
    const result = await accepted(await createMessage(no, { productNo: 'NO-SUCH-PRODUCT', productName: '新品礼盒', lengthMm: 300, widthMm: 200, heightMm: 150, boxStyle: '0201', flute: 'B' }));
    expect(result.result).toContain('待录入');
    expect(await orderOf(result.orderId!)).toMatchObject({ status: 8, product_id: null, product_name: '新品礼盒' });
    expect(await operationsOf(result.orderId!)).toEqual([]);
  });

  it('answers the same message sent twice at once with one order and one duplicate', async () => {
    const no = erpNo();
    const message = await createMessage(no);
    const answers = await Promise.all([sync(message), sync(message)]);
    expect(answers.map((answer) => answer.resultCode)).toEqual([1000, 1000]);
    expect(answers.map((answer) => answer.resultData!.result.startsWith('重复消息')).sort()).toEqual([false, true]);
    expect(await t.db.selectFrom('production_order').select('id').where('erp_order_no', '=', no).execute()).toHaveLength(1);
  });

  it('completes a 待录入 order when a change names a product of the file: its flow becomes the operations', async () => {
    const no = erpNo();
    const waiting = await accepted(await createMessage(no, { productNo: 'NOT-YET', productName: '待建产品', lengthMm: 300, widthMm: 200, heightMm: 150, boxStyle: '0201', flute: 'B' }));
    expect(await orderOf(waiting.orderId!)).toMatchObject({ status: 8 });
    const product = await productOf(1001);
    await accepted({ type: 'change', erpOrderNo: no, erpLine: '1', version: 2, order: { productNo: product.product_no } });
    // The status a new order of the factory gets (0, or 2 without order audit).
    const fresh = await accepted(await createMessage(erpNo()));
    const { status } = await orderOf(fresh.orderId!);
    expect(await orderOf(waiting.orderId!)).toMatchObject({ status, product_no: product.product_no, product_name: product.name });
    expect((await operationsOf(waiting.orderId!)).length).toBeGreaterThan(0);
  });

  it('logs a create without its required fields as failed (3) with the field named', async () => {
    const no = erpNo();
    const body = await sync({ type: 'create', erpOrderNo: no, version: 1, order: { productName: '外箱', quantity: 100, deliveryDate: '2027-01-01' } });
    expect(body).toEqual({ resultCode: 4000, resultMsg: '新建订单缺少客户名称' });
    expect(await logsOf(no)).toMatchObject([{ status: 3, error: '新建订单缺少客户名称', order_id: null }]);
  });

  it('applies a change to an order not yet scheduled at once, re-planning its operations', async () => {
    const no = erpNo();
    const { orderId } = await accepted(await createMessage(no));
    const planned = (await operationsOf(orderId!)).map((operation) => operation.planned_qty);
    const result = await accepted({ type: 'change', erpOrderNo: no, erpLine: '1', version: 2, order: { quantity: 3000, deliveryDate: '2027-03-05' } });
    expect(result.result).toBe(`订单${result.orderNo}已更新：订单数量、交货日期`);
    const changed = await orderOf(orderId!);
    expect({ quantity: changed.quantity, day: dayText(changed.delivery_date), version: changed.erp_version }).toEqual({ quantity: 3000, day: '2027-03-05', version: 2 });
    const replanned = (await operationsOf(orderId!)).map((operation) => operation.planned_qty);
    expect(replanned.at(-1)).toBeGreaterThanOrEqual(3000);
    expect(replanned[0]).toBeGreaterThan(planned[0]!);
    const history = await t.db.selectFrom('production_order_history').select(['user_name', 'content']).where('order_id', '=', orderId!).orderBy('id').execute();
    expect(history.at(-1)).toEqual({ user_name: 'ERP', content: 'ERP变更（版本2）：订单数量、交货日期' });
  });
});

describe('ERP batch intake', () => {
  async function syncBatch(messages: ErpOrderMessage[], headers: Record<string, string> = { 'x-integration-key': CARTON_KEY }): Promise<Envelope<ErpBatchResult>> {
    const response = await t.app.inject({ method: 'POST', url: P.syncBatch, headers, payload: { messages } });
    expect(response.statusCode).toBe(200);
    return response.json();
  }
  const history = (orderId: number) => t.db.selectFrom('production_order_history').select(['action', 'user_name', 'content']).where('order_id', '=', orderId).orderBy('id').execute();
  /** An order as the ERP's message made it: what does not depend on its number or when. */
  const essence = async (id: number) => {
    const { id: _id, order_no: _no, erp_order_no: _erp, created_at: _c, updated_at: _u, ...rest } = await orderOf(id);
    const operations = (await operationsOf(id)).map(({ seq, process_id, process_name, planned_qty, waste_qty, status }) => ({ seq, process_id, process_name, planned_qty, waste_qty, status }));
    return { ...rest, operations };
  };

  it('gives each message its own outcome and log row: new orders, a duplicate, a change, an older version, a bad and an unknown message', async () => {
    const [a, b, bad, missing, waiting] = [erpNo(), erpNo(), erpNo(), erpNo(), erpNo()];
    const createA = await createMessage(a);
    const messages: ErpOrderMessage[] = [
      createA,
      await createMessage(b, { quantity: 2000 }),
      { type: 'create', erpOrderNo: bad, erpLine: '1', version: 1, order: { productName: '外箱', quantity: 100, deliveryDate: '2027-01-01' } },
      createA,
      { type: 'change', erpOrderNo: b, erpLine: '1', version: 3, order: { remark: '第三版' } },
      { type: 'change', erpOrderNo: b, erpLine: '1', version: 2, order: { remark: '第二版', quantity: 5 } },
      { type: 'revoke', erpOrderNo: missing, erpLine: '1', version: 1 },
      await createMessage(waiting, { productNo: 'NO-SUCH-PRODUCT', productName: '新品礼盒', lengthMm: 300, widthMm: 200, heightMm: 150, boxStyle: '0201', flute: 'B' }),
    ];
    const body = await syncBatch(messages);
    expect(body.resultCode, JSON.stringify(body)).toBe(1000);
    const results = body.resultData!.results;
    const [orderA, orderB] = [results[0]!.orderId!, results[1]!.orderId!];
    expect(results.map(({ status, code, result, error }) => ({ status, code, result, error }))).toEqual([
      { status: 2, code: 1000, result: `已新建订单${results[0]!.orderNo}`, error: '' },
      { status: 2, code: 1000, result: `已新建订单${results[1]!.orderNo}`, error: '' },
      { status: 3, code: 4000, result: '', error: '新建订单缺少客户名称' },
      { status: 2, code: 1000, result: '重复消息：版本1已处理，未做修改', error: '' },
      { status: 2, code: 1000, result: `订单${results[1]!.orderNo}已更新：备注`, error: '' },
      { status: 4, code: 4009, result: '', error: '版本2早于已处理的版本3，已拒绝' },
      { status: 3, code: 4004, result: '', error: `ERP订单${missing}/1不存在` },
      { status: 2, code: 1000, result: `已新建订单${results[7]!.orderNo}，产品或工艺路线未找到，待录入`, error: '' },
    ]);
    expect(results.map((result) => result.orderId)).toEqual([orderA, orderB, null, orderA, orderB, orderB, null, results[7]!.orderId]);
    expect(new Set([results[0]!.orderNo, results[1]!.orderNo, results[7]!.orderNo]).size).toBe(3);

    // One log row per message, in the order sent, saying what the answer said.
    const logs = await t.db.selectFrom('erp_sync_log').selectAll().where('id', 'in', results.map((result) => result.logId)).orderBy('id').execute();
    expect(logs.map((log) => log.id)).toEqual(results.map((result) => result.logId));
    expect(logs.map((log) => [log.erp_order_no, log.message_type, log.erp_version, log.status, log.result, log.error, log.order_id])).toEqual(
      messages.map((message, index) => [message.erpOrderNo, message.type, message.version, results[index]!.status, results[index]!.result, results[index]!.error, results[index]!.orderId]),
    );
    expect(logs[2]!.payload).toEqual(messages[2]);

    // Nothing of a refused message written: no order for the bad or unknown one, B as its third version left it.
    expect(await t.db.selectFrom('production_order').select('id').where('erp_order_no', 'in', [bad, missing]).execute()).toEqual([]);
    expect(await orderOf(orderB)).toMatchObject({ erp_version: 3, remark: '第三版', quantity: 2000 });
    expect(await orderOf(results[7]!.orderId!)).toMatchObject({ status: 8, product_id: null, product_name: '新品礼盒' });
    expect((await history(orderA)).map((line) => [line.action, line.user_name, line.content])).toEqual([
      ['create', 'ERP', `新增订单${results[0]!.orderNo}（${(await orderOf(orderA)).product_name}，1000只）`],
    ]);
    expect((await history(orderB)).at(-1)).toEqual({ action: 'erp-change', user_name: 'ERP', content: 'ERP变更（版本3）：备注' });
    expect(await logCount(`新增生产订单：${results[0]!.orderNo}`)).toBe(1);
  });

  it('makes the same order, operations and history as the single call', async () => {
    const [single, batched] = [erpNo(), erpNo()];
    const overrides = { quantity: 4321, deliveryDate: '2027-04-02', urgency: 2, remark: '同一订单' };
    const one = await accepted(await createMessage(single, overrides));
    const { results } = await data(syncBatch([await createMessage(batched, overrides)]));
    expect(await essence(results[0]!.orderId!)).toEqual(await essence(one.orderId!));
    expect((await history(results[0]!.orderId!)).map((line) => line.content.replace(results[0]!.orderNo, '#'))).toEqual(
      (await history(one.orderId!)).map((line) => line.content.replace(one.orderNo, '#')),
    );
    expect(results[0]!.orderNo > one.orderNo).toBe(true);
  });

  it('answers two batches sent at once sharing a message with one order for it and distinct order numbers for all', async () => {
    const [shared, first, second] = [erpNo(), erpNo(), erpNo()];
    const [one, two] = await Promise.all([
      data(syncBatch([await createMessage(first), await createMessage(shared)])),
      data(syncBatch([await createMessage(shared), await createMessage(second)])),
    ]);
    const sharedAnswers = [one.results[1]!, two.results[0]!];
    expect(sharedAnswers.map((answer) => answer.result.startsWith('重复消息')).sort()).toEqual([false, true]);
    expect(new Set(sharedAnswers.map((answer) => answer.orderId)).size).toBe(1);
    const created = [one.results[0]!, two.results[1]!, ...sharedAnswers.filter((answer) => !answer.result.startsWith('重复消息'))];
    expect(new Set(created.map((answer) => answer.orderNo)).size).toBe(3);
    expect(await t.db.selectFrom('production_order').select('id').where('erp_order_no', 'in', [shared, first, second]).execute()).toHaveLength(3);
  });

  it('checks the integration key and the messages like the single call, logging nothing when it refuses the call', async () => {
    const no = erpNo();
    const message = await createMessage(no);
    expect(await syncBatch([message], {})).toEqual({ resultCode: 4003, resultMsg: '缺少接口密钥（请求头 X-Integration-Key）' });
    expect(await syncBatch([message], bearer(admin))).toEqual({ resultCode: 4003, resultMsg: '缺少接口密钥（请求头 X-Integration-Key）' });
    expect(await syncBatch([])).toMatchObject({ resultCode: 4000 });
    expect(await syncBatch(Array.from({ length: 501 }, () => message))).toMatchObject({ resultCode: 4000 });
    expect(await syncBatch([message, { ...message, erpOrderNo: '' }])).toMatchObject({ resultCode: 4000 });
    expect(await logsOf(no)).toEqual([]);
    // The other factory's key: its order, in its factory.
    const { results } = await data(syncBatch([await createMessage(no, {}, 1002)], { 'x-integration-key': BOARD_KEY }));
    expect(await orderOf(results[0]!.orderId!)).toMatchObject({ org_id: 1002, erp_order_no: no });
  });
});

describe('change warnings on scheduled orders', () => {
  /** A fresh ERP order moved to 3 已部署 with its first operation issued, as scheduling leaves it. */
  async function scheduledOrder() {
    const no = erpNo();
    const { orderId } = await accepted(await createMessage(no));
    await t.db.updateTable('production_order').set({ status: 3, schedule_state: 2, issue_state: 1 }).where('id', '=', orderId!).execute();
    const first = (await operationsOf(orderId!))[0]!;
    await t.db.updateTable('production_order_operation').set({ issued: true, status: 1 }).where('id', '=', first.id).execute();
    return { no, orderId: orderId! };
  }

  it('records a warning and leaves the order and its operations untouched; accept applies it to unissued operations only', async () => {
    const { no, orderId } = await scheduledOrder();
    const order = await orderOf(orderId);
    const operations = await operationsOf(orderId);
    const result = await accepted({ type: 'change', erpOrderNo: no, erpLine: '1', version: 2, order: { quantity: 2500, urgency: 2 } });
    expect(result.result).toBe(`订单${order.order_no}已排产，已记录变更提醒：订单数量、紧急程度`);
    // Only its version moves, and its count of pending warnings (what the order list shows).
    expect(await orderOf(orderId)).toEqual({ ...order, erp_version: 2, warning_count: 1 });
    expect(await operationsOf(orderId)).toEqual(operations);

    const warnings = await data(get<ChangeWarning[]>(planner, `${P.warningList}?orderId=${orderId}`));
    expect(warnings).toMatchObject([
      {
        orderNo: order.order_no,
        erpVersion: 2,
        state: 0,
        changes: [
          { field: 'quantity', label: '订单数量', from: '1000', to: '2500' },
          { field: 'urgency', label: '紧急程度', from: '正常', to: expect.any(String) },
        ],
      },
    ]);
    expect(await data(get<ChangeWarning[]>(boardAdmin, `${P.warningList}?orderId=${orderId}`))).toEqual([]);
    expect(await post(boardAdmin, P.warningAccept, { ids: [warnings[0]!.id] })).toMatchObject({ resultCode: 4004 });
    expect(await post(operator, P.warningAccept, { ids: [warnings[0]!.id] })).toMatchObject({ resultCode: 4003 });

    await data(post(planner, P.warningAccept, { ids: [warnings[0]!.id] }));
    expect(await orderOf(orderId)).toMatchObject({ quantity: 2500, urgency: 2 });
    const after = await operationsOf(orderId);
    expect(after[0]).toEqual(operations[0]); // issued: kept as it was
    expect(after.slice(1).every((operation, index) => operation.planned_qty > operations[index + 1]!.planned_qty)).toBe(true);
    expect(await data(get<ChangeWarning[]>(planner, `${P.warningList}?orderId=${orderId}`))).toEqual([]);
    expect(await data(get<ChangeWarning[]>(planner, `${P.warningList}?orderId=${orderId}&all=true`))).toMatchObject([{ state: 1, handledBy: expect.any(String) }]);
    expect(await post(planner, P.warningAccept, { ids: [warnings[0]!.id] })).toEqual({ resultCode: 4009, resultMsg: '变更提醒已处理' });
    expect(await logCount(`接受变更：${order.order_no}`)).toBe(1);
  });

  it('keeps the order as it is when the planner keeps it', async () => {
    const { no, orderId } = await scheduledOrder();
    await accepted({ type: 'change', erpOrderNo: no, erpLine: '1', version: 2, order: { deliveryDate: '2027-04-01' } });
    const order = await orderOf(orderId);
    const [warning] = await data(get<ChangeWarning[]>(admin, `${P.warningList}?orderId=${orderId}`));
    await data(post(planner, P.warningKeep, { ids: [warning!.id] }));
    expect(order.warning_count).toBe(1);
    expect(await orderOf(orderId)).toEqual({ ...order, warning_count: 0 });
    expect(await data(get<ChangeWarning[]>(admin, `${P.warningList}?orderId=${orderId}&all=true`))).toMatchObject([{ state: 2 }]);
    expect(await logCount(`保持原样：${order.order_no}`)).toBe(1);
  });
});

describe('revoke and the recycling bin', () => {
  it('revokes an order into the bin; restore brings it back; delete for good removes it with its operations', async () => {
    const no = erpNo();
    const { orderId, orderNo } = await accepted(await createMessage(no));
    const revoked = await accepted({ type: 'revoke', erpOrderNo: no, erpLine: '1', version: 2 });
    expect(revoked.result).toBe(`订单${orderNo}已撤销，移入订单回收站`);
    const bin = await data(get<PageResult<BinOrder>>(admin, `${P.binList}?erpOrderNo=${no}`));
    expect(bin.list).toMatchObject([{ id: orderId, orderNo, erpOrderNo: no, hasReports: false }]);
    expect((await data(get<PageResult<BinOrder>>(boardAdmin, `${P.binList}?erpOrderNo=${no}`))).list).toEqual([]);

    expect(await post(planner, P.binRestore, { ids: [orderId] })).toMatchObject({ resultCode: 4003 });
    expect(await data(post(admin, P.binRestore, { ids: [orderId] }))).toEqual({ restored: 1 });
    expect(await orderOf(orderId!)).toMatchObject({ revoked: false, revoked_at: null });
    expect(await post(admin, P.binDelete, { ids: [orderId] })).toEqual({ resultCode: 4009, resultMsg: `${orderNo}：订单不在回收站中，不能彻底删除` });

    await accepted({ type: 'revoke', erpOrderNo: no, erpLine: '1', version: 3 });
    expect(await post(boardAdmin, P.binDelete, { ids: [orderId] })).toMatchObject({ resultCode: 4004 });
    expect(await post(planner, P.binDelete, { ids: [orderId] })).toMatchObject({ resultCode: 4003 });
    expect(await data(post(admin, P.binDelete, { ids: [orderId] }))).toEqual({ deleted: 1 });
    expect(await t.db.selectFrom('production_order').select('id').where('id', '=', orderId!).execute()).toEqual([]);
    expect(await operationsOf(orderId!)).toEqual([]);
    expect(await logCount(`彻底删除生产订单：${orderNo}`)).toBe(1);
    // The log keeps the messages; their order is gone.
    expect((await logsOf(no)).map((log) => log.order_id)).toEqual([null, null, null]);
  });

  it('refuses a revoke once a report exists (abnormal), and a purge of an order reported on', async () => {
    const no = erpNo();
    const { orderId, orderNo } = await accepted(await createMessage(no));
    await report(orderId!);
    const refused = await sync({ type: 'revoke', erpOrderNo: no, erpLine: '1', version: 2 });
    expect(refused).toEqual({ resultCode: 4009, resultMsg: `${orderNo}：订单已有报工记录，不能撤销` });
    expect(await orderOf(orderId!)).toMatchObject({ revoked: false, erp_version: 1 });
    expect((await logsOf(no)).at(-1)).toMatchObject({ message_type: 'revoke', status: 4, error: `${orderNo}：订单已有报工记录，不能撤销` });

    // A cancelled report does not stop a revoke, but the order then cannot be deleted for good.
    const second = erpNo();
    const other = await accepted(await createMessage(second));
    await report(other.orderId!, 3);
    await accepted({ type: 'revoke', erpOrderNo: second, erpLine: '1', version: 2 });
    expect(await post(admin, P.binDelete, { ids: [other.orderId] })).toEqual({ resultCode: 4009, resultMsg: `${other.orderNo}：订单已有报工记录，不能彻底删除` });
    expect(await orderOf(other.orderId!)).toMatchObject({ revoked: true });
  });

  it('refuses a change to a revoked order (abnormal)', async () => {
    const no = erpNo();
    await accepted(await createMessage(no));
    await accepted({ type: 'revoke', erpOrderNo: no, erpLine: '1', version: 2 });
    expect(await sync({ type: 'change', erpOrderNo: no, erpLine: '1', version: 3, order: { quantity: 9 } })).toEqual({ resultCode: 4009, resultMsg: `ERP订单${no}/1已撤销（在回收站中）` });
  });
});

describe('integration keys', () => {
  it('refuses a missing, wrong or revoked key and a user token, with a Chinese message and nothing logged', async () => {
    const no = erpNo();
    const message = await createMessage(no);
    expect(await sync(message, {})).toEqual({ resultCode: 4003, resultMsg: '缺少接口密钥（请求头 X-Integration-Key）' });
    expect(await sync(message, { 'x-integration-key': 'mesk_wrong' })).toEqual({ resultCode: 4003, resultMsg: '接口密钥无效' });
    expect(await sync(message, bearer(admin))).toEqual({ resultCode: 4003, resultMsg: '缺少接口密钥（请求头 X-Integration-Key）' });
    expect(await logsOf(no)).toEqual([]);

    const created = await data(post<CreatedIntegrationKey>(admin, P.keyCreate, { name: '测试ERP' }));
    expect(created.key).toMatch(/^mesk_[\w-]{40,}$/);
    expect(created.keyPrefix).toBe(created.key.slice(0, 12));
    const stored = await t.db.selectFrom('erp_integration_key').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.key_hash).not.toContain(created.key);
    const keys = await data(get<IntegrationKey[]>(admin, P.keyList));
    expect(keys[0]).toEqual({ id: created.id, name: '测试ERP', keyPrefix: created.keyPrefix, revoked: false, lastUsedTime: '', createdBy: '系统管理员', createTime: expect.any(String) });
    expect(JSON.stringify(keys)).not.toContain(created.key);

    await accepted(message);
    expect(await sync({ ...message, version: 2, type: 'change', order: { remark: 'x' } }, { 'x-integration-key': created.key })).toMatchObject({ resultCode: 1000 });
    expect((await data(get<IntegrationKey[]>(admin, P.keyList)))[0]!.lastUsedTime).not.toBe('');

    expect(await post(boardAdmin, P.keyRevoke, { id: created.id })).toMatchObject({ resultCode: 4004 });
    await data(post(admin, P.keyRevoke, { id: created.id }));
    expect(await post(admin, P.keyRevoke, { id: created.id })).toEqual({ resultCode: 4009, resultMsg: '接口密钥已作废，无需重复作废' });
    expect(await sync({ ...message, version: 3, type: 'change', order: { remark: 'y' } }, { 'x-integration-key': created.key })).toEqual({ resultCode: 4003, resultMsg: '接口密钥已作废' });
    expect(await logCount('新增接口密钥：测试ERP')).toBe(1);
    expect(await logCount('作废接口密钥：测试ERP')).toBe(1);
  });

  it('never opens a user route to a key', async () => {
    const response = await t.app.inject({ method: 'GET', url: P.binList, headers: { 'x-integration-key': CARTON_KEY } });
    expect(response.json()).toMatchObject({ resultCode: 1003 });
  });

  it('keeps each factory to its own orders: a key of one factory cannot touch the other’s', async () => {
    const no = erpNo();
    const board = await sync(await createMessage(no, {}, 1002), { 'x-integration-key': BOARD_KEY });
    expect(board.resultCode).toBe(1000);
    const boardOrder = await orderOf(board.resultData!.orderId!);
    expect(boardOrder.org_id).toBe(1002);
    // The carton key's change and revoke of that ERP order find nothing in 示例纸箱厂.
    expect(await sync({ type: 'change', erpOrderNo: no, erpLine: '1', version: 2, order: { quantity: 1 } })).toEqual({ resultCode: 4004, resultMsg: `ERP订单${no}/1不存在` });
    expect(await sync({ type: 'revoke', erpOrderNo: no, erpLine: '1', version: 2 })).toMatchObject({ resultCode: 4004 });
    expect(await orderOf(boardOrder.id)).toEqual(boardOrder);
    // Its log rows are the carton factory's, not visible to the board admin.
    const boardLogs = await data(get<PageResult<ErpLogEntry>>(boardAdmin, `${P.logList}?erpOrderNo=${no}`));
    expect(boardLogs.list.map((log) => [log.messageType, log.status])).toEqual([['create', 2]]);
    const cartonLogs = await data(get<PageResult<ErpLogEntry>>(admin, `${P.logList}?erpOrderNo=${no}`));
    expect(cartonLogs.list.map((log) => [log.messageType, log.status])).toEqual([
      ['revoke', 3],
      ['change', 3],
    ]);
  });
});

describe('sync log and retry', () => {
  it('lists with filters, shows the payload, and retries a failed message once its cause is gone', async () => {
    const no = erpNo();
    const change: ErpOrderMessage = { type: 'change', erpOrderNo: no, erpLine: '1', version: 2, order: { quantity: 4000 } };
    expect(await sync(change)).toMatchObject({ resultCode: 4004 });
    const [failed] = (await data(get<PageResult<ErpLogEntry>>(admin, `${P.logList}?erpOrderNo=${no}&status=3`))).list;
    expect(failed).toMatchObject({ messageType: 'change', status: 3, error: `ERP订单${no}/1不存在`, attempts: 1, orderNo: '' });
    const detail = await data(get<ErpLogDetail>(admin, P.logDetail(failed!.id)));
    expect(detail.payload).toEqual(change);
    expect(await get(boardAdmin, P.logDetail(failed!.id))).toMatchObject({ resultCode: 4004 });

    const created = await accepted(await createMessage(no));
    expect(await post(planner, P.logRetry, { ids: [failed!.id] })).toMatchObject({ resultCode: 4003 });
    expect(await post(boardAdmin, P.logRetry, { ids: [failed!.id] })).toMatchObject({ resultCode: 4004 });
    expect(await data(post(admin, P.logRetry, { ids: [failed!.id] }))).toEqual({ retried: 1, succeeded: 1 });
    const retried = await data(get<ErpLogDetail>(admin, P.logDetail(failed!.id)));
    expect(retried).toMatchObject({ status: 2, attempts: 2, error: '', orderId: created.orderId, orderNo: created.orderNo, result: `订单${created.orderNo}已更新：订单数量` });
    expect(await orderOf(created.orderId!)).toMatchObject({ quantity: 4000 });
    expect(await post(admin, P.logRetry, { ids: [failed!.id] })).toEqual({ resultCode: 4009, resultMsg: `同步日志${no}不是失败或异常状态，不能重试` });

    const types = await data(get<PageResult<ErpLogEntry>>(admin, `${P.logList}?messageType=revoke&limit=1000`));
    expect(types.list.length).toBeGreaterThan(0);
    expect(types.list.every((log) => log.messageType === 'revoke')).toBe(true);
    const future = await data(get<PageResult<ErpLogEntry>>(admin, `${P.logList}?createTimeStart=2099-01-01`));
    expect(future.total).toBe(0);
  });

  it('guards the log, the keys and the bin by their codes', async () => {
    expect(await get(planner, P.logList)).toMatchObject({ resultCode: 4003 });
    expect(await get(planner, P.keyList)).toMatchObject({ resultCode: 4003 });
    expect(await post(planner, P.keyCreate, { name: 'x' })).toMatchObject({ resultCode: 4003 });
    const [demoKey] = await data(get<IntegrationKey[]>(admin, P.keyList));
    expect(await post(planner, P.keyRevoke, { id: demoKey!.id })).toMatchObject({ resultCode: 4003 });
    const pending = await t.db.selectFrom('order_change_warning').select('id').where('org_id', '=', 1001).where('state', '=', 0).executeTakeFirstOrThrow();
    expect(await post(operator, P.warningKeep, { ids: [pending.id] })).toMatchObject({ resultCode: 4003 });
    expect(await t.db.selectFrom('order_change_warning').select('state').where('id', '=', pending.id).executeTakeFirstOrThrow()).toEqual({ state: 0 });
    expect(await get(operator, P.binList)).toMatchObject({ resultCode: 4003 });
    expect(await get(planner, P.binList)).toMatchObject({ resultCode: 1000 });
  });
});

describe('seed', () => {
  it('gives each factory a demo key, sync log rows in every status, pending warnings on scheduled orders and revoked orders', async () => {
    for (const orgId of [1001, 1002]) {
      const statuses = await t.db.selectFrom('erp_sync_log').select('status').distinct().where('org_id', '=', orgId).execute();
      expect(new Set(statuses.map((row) => row.status))).toEqual(new Set([1, 2, 3, 4, 5]));
      const warnings = await t.db
        .selectFrom('order_change_warning as w')
        .innerJoin('production_order as o', 'o.id', 'w.order_id')
        .select('o.status')
        .where('w.org_id', '=', orgId)
        .where('w.state', '=', 0)
        .execute();
      expect(warnings.length).toBeGreaterThan(0);
      expect(warnings.every((warning) => [3, 4].includes(warning.status))).toBe(true);
      const bin = await t.db.selectFrom('production_order').select('id').where('org_id', '=', orgId).where('revoked', '=', true).execute();
      expect(bin.length).toBeGreaterThan(0);
    }
    const duplicates = await t.db.selectFrom('erp_sync_log').select('id').where('result', 'like', '重复消息%').execute();
    expect(duplicates.length).toBeGreaterThan(0);
    const older = await t.db.selectFrom('erp_sync_log').select('id').where('error', 'like', '%早于已处理的版本%').execute();
    expect(older.length).toBeGreaterThan(0);
  });
});
