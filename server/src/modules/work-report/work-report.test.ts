import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../domain/rng';
import {
  operationDoneQty,
  ReportMessages,
  WorkReportPaths as P,
  type CreateWorkReportRequest,
  type ReportableOperation,
  type ReportFormOptions,
  type WorkReportDetail,
  type WorkReportPage,
} from '@core/contracts/work-order/report';
import { checkOrderFactsAfterEach, loginAs, operationLogCount, sheetRows, rowId, type TestApp, useTwoFactoryApp } from '../../test-support';
import { createOrder } from '../production-order';
import { issueMachineKey } from '../../lib/machine-key';

let t: TestApp;
let admin: string;
let boardAdmin: string;
let operator: string;
let qc: string;
let noperm: string;

const { get, post, data } = useTwoFactoryApp(async (env) => {
  ({ t, admin, boardAdmin } = env);
  operator = await loginAs(t.app, 'operator', 'op123456');
  qc = await loginAs(t.app, 'qc', 'qc123456');
  noperm = await loginAs(t.app, 'noperm', 'noperm123');
});
checkOrderFactsAfterEach(() => t.db);

const CARTON = { enterpriseId: 8888, orgId: 1001, userId: 1 };
const CONFIG_UPDATE = '/dps-server/enterprise/config/update';
const pad = (value: number) => String(value).padStart(2, '0');
/** yyyy-MM-dd HH:mm:ss, `hoursAgo` before now. */
function at(hoursAgo: number): string {
  const date = new Date(Date.now() - hoursAgo * 3_600_000);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:00`;
}

interface TestOrder {
  id: number;
  orderNo: string;
  /** Operations by seq (1..n): id, process and machine. */
  operations: Array<{ id: number; processId: number; processName: string; plannedQty: number; wasteQty: number; deviceId: number | null }>;
}

let counter = 0;
/**
 * A fresh order of product CP00001's flow (开槽粘箱: 瓦线生产, 水印开槽, 糊箱, 打包) in `status`, its
 * operations issued on the flow's machines — what scheduling and issuing leave behind.
 */
async function makeOrder(options: { quantity?: number; status?: number; issued?: boolean } = {}): Promise<TestOrder> {
  counter += 1;
  const productId = await rowId(t.db, 'product', 'product_no', 'CP00001');
  const product = await t.db.selectFrom('product').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();
  const flowId = await rowId(t.db, 'process_flow', 'code', 'GY01');
  const created = await t.db.transaction().execute((trx) =>
    createOrder(
      trx,
      CARTON,
      { orderNo: `TBG${counter}`, customerName: '报工测试客户', productId, flowId, lengthMm: product.length_mm, widthMm: product.width_mm, heightMm: product.height_mm, quantity: options.quantity ?? 1000, underPercent: 3, deliveryDate: '2026-12-20' },
      { source: 1, actor: { userId: 1 }, context: { path: '/test', source: 1, system: 12 } },
    ),
  );
  await t.db.updateTable('production_order').set({ status: options.status ?? 3, schedule_state: 2, issue_state: 2 }).where('id', '=', created.id).execute();
  const steps = await t.db.selectFrom('process_flow_step').select(['seq', 'default_device_id']).where('flow_id', '=', flowId).orderBy('seq').execute();
  const operations = await t.db.selectFrom('production_order_operation').selectAll().where('order_id', '=', created.id).orderBy('seq').execute();
  for (const [index, operation] of operations.entries()) {
    await t.db
      .updateTable('production_order_operation')
      .set({ issued: options.issued ?? true, status: (options.issued ?? true) ? 1 : 0, device_id: steps[index]?.default_device_id ?? null })
      .where('id', '=', operation.id)
      .execute();
  }
  return {
    id: created.id,
    orderNo: created.orderNo,
    operations: operations.map((operation, index) => ({
      id: operation.id,
      processId: operation.process_id!,
      processName: operation.process_name,
      plannedQty: operation.planned_qty,
      wasteQty: operation.waste_qty,
      deviceId: steps[index]?.default_device_id ?? null,
    })),
  };
}

let operatorId = 0;
async function operatorIds(): Promise<number[]> {
  operatorId ||= (await t.db.selectFrom('app_user').select('id').where('username', '=', 'operator').executeTakeFirstOrThrow()).id;
  return [operatorId];
}

async function report(order: TestOrder, seq: number, overrides: Partial<CreateWorkReportRequest> = {}): Promise<CreateWorkReportRequest> {
  const operation = order.operations[seq - 1]!;
  return {
    operationId: operation.id,
    goodQty: 100,
    defectQty: 0,
    inspectQty: 0,
    defects: [],
    startTime: at(3),
    endTime: at(1),
    shift: 'A',
    operatorIds: await operatorIds(),
    deviceId: operation.deviceId,
    ...overrides,
  };
}

async function create(token: string, body: CreateWorkReportRequest) {
  return post<{ id: number; reportNo: string; auditState: number }>(token, P.create, body);
}

async function operationRow(id: number) {
  return t.db.selectFrom('production_order_operation').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
async function orderRow(id: number) {
  return t.db.selectFrom('production_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
/** SUM over the operation's audited reports, straight from the table. */
async function auditedSums(operationId: number) {
  const row = await t.db
    .selectFrom('work_report')
    .select([sql<string>`coalesce(sum(good_qty), 0)`.as('good'), sql<string>`coalesce(sum(defect_qty), 0)`.as('defect')])
    .where('operation_id', '=', operationId)
    .where('audit_state', '=', 2)
    .executeTakeFirstOrThrow();
  return { good: Number(row.good), defect: Number(row.defect) };
}

async function phenomenon(processId: number, name: string): Promise<number> {
  const row = await t.db.selectFrom('bad_phenomenon').select('id').where('process_id', '=', processId).where('reason_name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

describe('seeded reports', () => {
  it('give both factories a month of reports in every audit state, some over-reports, with defects by phenomenon', async () => {
    for (const token of [admin, boardAdmin]) {
      const page = await data(get<WorkReportPage>(token, `${P.list}?limit=1000`));
      expect(page.total).toBeGreaterThan(200);
      expect(new Set(page.list.map((row) => row.auditState))).toEqual(new Set([1, 2, 3]));
      expect(page.list.some((row) => row.overReport)).toBe(true);
      expect(page.list.some((row) => row.defects.length > 0 && row.defects.reduce((sum, defect) => sum + defect.qty, 0) === row.defectQty)).toBe(true);
      expect(new Set(page.list.map((row) => row.source))).toEqual(new Set([1, 2, 3]));
      expect(new Set(page.list.map((row) => row.kind))).toEqual(new Set([1, 2]));
    }
  });

  it('derive every operation’s quantities from its audited reports, and every order’s from its last operation', async () => {
    const drift = await sql<{ id: number }>`
      select op.id from production_order_operation op
      left join (select operation_id, sum(good_qty) good, sum(defect_qty) defect from work_report where audit_state = 2 group by operation_id) s
        on s.operation_id = op.id
      where op.good_qty <> coalesce(s.good, 0) or op.defect_qty <> coalesce(s.defect, 0)`.execute(t.db);
    expect(drift.rows).toEqual([]);
    const orders = await sql<{ id: number }>`
      select o.id from production_order o
      join production_order_operation op on op.order_id = o.id and op.seq = (select max(seq) from production_order_operation where order_id = o.id)
      where o.good_qty <> op.good_qty`.execute(t.db);
    expect(orders.rows).toEqual([]);
    // Orders still deployed (3) have no audited report: the first one would have started them.
    const started = await sql<{ id: number }>`select distinct o.id from production_order o join work_report r on r.order_id = o.id where o.status = 3 and r.audit_state = 2`.execute(t.db);
    expect(started.rows).toEqual([]);
    // Every seeded report lies in the past and ends after it starts.
    const odd = await sql<{ id: number }>`select id from work_report where end_at <= start_at or end_at > now()`.execute(t.db);
    expect(odd.rows).toEqual([]);
  });

  it('totals the whole filtered list, not the page', async () => {
    const page = await data(get<WorkReportPage>(admin, `${P.list}?limit=10&auditState=2`));
    const all = await data(get<WorkReportPage>(admin, `${P.list}?limit=1000&auditState=2`));
    expect(page.list).toHaveLength(10);
    expect(page.totals).toEqual(all.totals);
    if (all.total <= 1000) expect(all.totals.goodQty).toBe(all.list.reduce((sum, row) => sum + row.goodQty, 0));
  });

  it('filters by kind (纸板: the 纸板工序 group), shift, source and audit state', async () => {
    const board = await data(get<WorkReportPage>(admin, `${P.reviewList}?limit=1000&kind=2`));
    expect(board.list.length).toBeGreaterThan(0);
    expect(new Set(board.list.map((row) => row.processName))).toEqual(new Set(['瓦线生产', '分纸压线'].filter((name) => board.list.some((row) => row.processName === name))));
    const carton = await data(get<WorkReportPage>(admin, `${P.reviewList}?limit=1000&kind=1&auditState=1`));
    expect(carton.list.every((row) => row.kind === 1 && row.auditState === 1 && row.processName !== '瓦线生产')).toBe(true);
    const allDay = await data(get<WorkReportPage>(admin, `${P.list}?limit=1000&shift=ALL_DAY&source=2`));
    expect(allDay.list.length).toBeGreaterThan(0);
    expect(allDay.list.every((row) => row.shift === '' && row.source === 2)).toBe(true);
  });
});

describe('reporting', () => {
  it('refuses bad input with a message naming the problem, and writes nothing', async () => {
    const order = await makeOrder();
    const printing = order.operations[1]!;
    const before = (await data(get<WorkReportPage>(admin, `${P.list}?limit=10&orderNo=${order.orderNo}`))).total;
    const refusals: Array<[Partial<CreateWorkReportRequest>, number, string]> = [
      [{ goodQty: 0, defectQty: 0, inspectQty: 0 }, 4000, ReportMessages.allZero],
      [{ goodQty: -1 }, 4000, '良品数不能小于0'],
      [{ startTime: at(1), endTime: at(2) }, 4000, ReportMessages.endBeforeStart],
      [{ startTime: '2026-02-30 08:00:00' }, 4000, '开始时间格式不正确'],
      [{ operatorIds: [] }, 4000, ReportMessages.operatorsRequired],
      [{ defectQty: 5, defects: [{ badPhenomenonId: await phenomenon(printing.processId, '色差'), qty: 3 }] }, 4000, ReportMessages.defectMismatch(5, 3)],
      [{ defectQty: 5, defects: [] }, 4000, ReportMessages.defectsRequired],
      [{ defectQty: 2, defects: [{ badPhenomenonId: await phenomenon(order.operations[2]!.processId, '溢胶'), qty: 2 }] }, 4000, ReportMessages.phenomenonNotOfProcess],
      [{ deviceId: await rowId(t.db, 'device', 'device_no', 'MQ-01') }, 4000, ReportMessages.deviceCannotProcess('圆压圆模切机', '水印开槽')],
      [{ deviceId: null }, 4000, ReportMessages.deviceRequired],
      [{ endTime: at(-30) }, 4000, ReportMessages.futureTime],
    ];
    for (const [overrides, code, message] of refusals) {
      expect(await create(admin, await report(order, 2, overrides)), JSON.stringify(overrides)).toMatchObject({ resultCode: code, resultMsg: message });
    }
    expect((await data(get<WorkReportPage>(admin, `${P.list}?limit=10&orderNo=${order.orderNo}`))).total).toBe(before);
  });

  it('accepts another machine able to do the process (its speed is set for it)', async () => {
    const order = await makeOrder();
    const other = await rowId(t.db, 'device', 'device_no', 'YS-03');
    const created = await data(create(admin, await report(order, 2, { deviceId: other })));
    const detail = await data(get<WorkReportDetail>(admin, P.detail(created.id)));
    expect(detail).toMatchObject({ deviceName: '双色印刷开槽机', processName: '水印开槽', auditState: 1, source: 1, shift: 'A', operatorNames: '操作员小张' });
  });

  it('refuses an operation that is not issued and an order that is not deployed or in production', async () => {
    const notIssued = await makeOrder({ issued: false });
    expect(await create(admin, await report(notIssued, 1))).toMatchObject({ resultCode: 4009, resultMsg: ReportMessages.notIssued('瓦线生产') });
    const released = await makeOrder({ status: 2 });
    expect(await create(admin, await report(released, 1))).toMatchObject({ resultCode: 4009, resultMsg: ReportMessages.orderNotReportable(released.orderNo, '已下单') });
    const suspended = await makeOrder({ status: 10 });
    expect(await create(admin, await report(suspended, 1))).toMatchObject({ resultCode: 4009, resultMsg: ReportMessages.orderNotReportable(suspended.orderNo, '已暂停') });
  });

  it('needs confirmOverReport beyond planned × (1 + tolerance), then marks the report', async () => {
    const order = await makeOrder({ quantity: 1000 });
    const operation = order.operations[3]!; // 打包: planned = ordered (no waste); factory tolerance 5 %
    const options = await data(get<ReportFormOptions>(admin, P.formOptions(operation.id)));
    expect(options).toMatchObject({ tolerancePercent: 5, limitQty: Math.floor(operation.plannedQty * 1.05), reportedQty: 0 });
    expect(options.phenomena).toEqual([]);
    await data(create(admin, await report(order, 4, { goodQty: 1000 })));
    const over = await report(order, 4, { goodQty: 60 });
    expect(await create(admin, over)).toMatchObject({ resultCode: 4000, resultMsg: ReportMessages.overReport(1050, 1060) });
    const confirmed = await data(create(admin, { ...over, confirmOverReport: true }));
    expect((await data(get<WorkReportDetail>(admin, P.detail(confirmed.id)))).overReport).toBe(true);
    expect(await operationLogCount(t.db, `报工：${confirmed.reportNo}`)).toBe(1);
  });

  it('takes the order’s own over-run tolerance (超交比例) before the process’s and the factory’s', async () => {
    const order = await makeOrder({ quantity: 1000 });
    await t.db.updateTable('production_order').set({ over_percent: 8 }).where('id', '=', order.id).execute();
    const operation = order.operations[3]!; // 打包: process 超报比例 5 %, factory 5 %
    expect(await data(get<ReportFormOptions>(admin, P.formOptions(operation.id)))).toMatchObject({ tolerancePercent: 8, limitQty: 1080 });
    // 1,070 is within the order's 8 % (it would need the confirmation at 5 %); 1,081 is not.
    await data(create(admin, await report(order, 4, { goodQty: 1070 })));
    expect(await create(admin, await report(order, 4, { goodQty: 11 }))).toMatchObject({ resultCode: 4000, resultMsg: ReportMessages.overReport(1080, 1081) });
  });

  it('takes the source from the session: mobile when X_REQUEST_SOURCE says so', async () => {
    const order = await makeOrder();
    const response = await t.app.inject({
      method: 'POST',
      url: P.create,
      headers: { authorization: `bearer ${operator}`, X_ENTERPRISE_ID: '8888', X_REQUEST_SOURCE: 'MOBILE' },
      payload: (await report(order, 1)) as object,
    });
    const { id } = response.json<{ resultData: { id: number } }>().resultData;
    expect((await data(get<WorkReportDetail>(admin, P.detail(id)))).source).toBe(3);
  });

  it('takes reports from an all-in-one machine with its machine key (source 一体机), never with a user token', async () => {
    const machineId = (await t.db.selectFrom('work_machine').select('id').where('org_id', '=', 1001).orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
    const issued = await t.db.transaction().execute((trx) => issueMachineKey(trx, CARTON, machineId));
    const order = await makeOrder();
    const send = (headers: Record<string, string>, body: CreateWorkReportRequest) =>
      t.app.inject({ method: 'POST', url: P.machineCreate, headers, payload: body as object }).then((answer) => answer.json<{ resultCode: number; resultData?: { id: number } }>());

    const made = await send({ X_MACHINE_KEY: issued!.key }, await report(order, 1, { goodQty: 80 }));
    expect(made.resultCode).toBe(1000);
    const detail = await data(get<WorkReportDetail>(admin, P.detail(made.resultData!.id)));
    expect(detail).toMatchObject({ source: 2, goodQty: 80 });
    // The same rules as the platform: a report on an operation not issued is refused.
    const notIssued = await makeOrder({ issued: false });
    expect((await send({ X_MACHINE_KEY: issued!.key }, await report(notIssued, 1))).resultCode).toBe(4009);
    // A user token does not open the machine route; the machine key does not reach another factory's operation.
    expect((await send({ authorization: `bearer ${admin}`, X_ENTERPRISE_ID: '8888' }, await report(order, 1))).resultCode).toBe(1003);
    const boardOperation = await t.db.selectFrom('production_order_operation').select('id').where('org_id', '=', 1002).where('issued', '=', true).limit(1).executeTakeFirstOrThrow();
    expect((await send({ X_MACHINE_KEY: issued!.key }, { ...(await report(order, 1)), operationId: boardOperation.id })).resultCode).toBe(4004);
  });

  it('lists issued operations of deployed and producing orders for the 平台报工 picker', async () => {
    const order = await makeOrder();
    const found = await data(get<ReportableOperation[]>(operator, `${P.operations}?orderNo=${order.orderNo}`));
    expect(found.map((operation) => operation.processName)).toEqual(['瓦线生产', '水印开槽', '糊箱', '打包']);
    const hidden = await makeOrder({ status: 2 });
    expect(await data(get<ReportableOperation[]>(operator, `${P.operations}?orderNo=${hidden.orderNo}`))).toEqual([]);
  });
});

describe('review arithmetic', () => {
  it('counts only audited reports; the first audit starts the order, roll back takes the quantities out again', async () => {
    const order = await makeOrder();
    const [first, second] = [await data(create(admin, await report(order, 1, { goodQty: 300 }))), await data(create(admin, await report(order, 1, { goodQty: 200 })))];
    expect(await operationRow(order.operations[0]!.id)).toMatchObject({ good_qty: 0, status: 1 });
    expect((await orderRow(order.id)).status).toBe(3);

    await data(post(admin, P.batchAudit, { ids: [first.id] }));
    expect(await operationRow(order.operations[0]!.id)).toMatchObject({ good_qty: 300, status: 2 });
    expect(await orderRow(order.id)).toMatchObject({ status: 4, production_state: 1 });
    const history = await t.db.selectFrom('production_order_history').select(['action', 'content']).where('order_id', '=', order.id).orderBy('id').execute();
    expect(history.at(-1)).toEqual({ action: 'start', content: '开始生产（首次审核报工）' });

    await data(post(admin, P.batchAudit, { ids: [second.id] }));
    expect((await operationRow(order.operations[0]!.id)).good_qty).toBe(500);
    await data(post(admin, P.batchRollBack, { ids: [first.id, second.id] }));
    expect(await operationRow(order.operations[0]!.id)).toMatchObject({ good_qty: 0, status: 1 });
    expect((await orderRow(order.id)).status).toBe(4);
  });

  it('stays exactly equal to SUM over audited reports through many approvals and roll-backs', async () => {
    const order = await makeOrder({ quantity: 100_000 });
    const phenomenonId = await phenomenon(order.operations[1]!.processId, '色差');
    const ids: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const seq = 1 + (index % 2);
      const defects = seq === 2 ? [{ badPhenomenonId: phenomenonId, qty: index + 1 }] : [];
      const body = await report(order, seq, { goodQty: 100 + index * 37, defectQty: defects[0]?.qty ?? 0, defects });
      ids.push((await data(create(admin, seq === 1 ? { ...body, defects: [], defectQty: 0 } : body))).id);
    }
    const random = seededRandom(42);
    const audited = new Set<number>();
    for (let round = 0; round < 30; round += 1) {
      const chosen = ids.filter(() => random() < 0.5);
      const toAudit = chosen.filter((id) => !audited.has(id));
      const toRollBack = chosen.filter((id) => audited.has(id));
      if (toAudit.length > 0) await data(post(admin, P.batchAudit, { ids: toAudit }));
      if (toRollBack.length > 0) await data(post(admin, P.batchRollBack, { ids: toRollBack }));
      toAudit.forEach((id) => audited.add(id));
      toRollBack.forEach((id) => audited.delete(id));
      for (const operation of order.operations.slice(0, 2)) {
        const row = await operationRow(operation.id);
        expect({ good: row.good_qty, defect: row.defect_qty }, `round ${round}`).toEqual(await auditedSums(operation.id));
      }
    }
  });

  it('edits quantities before approving, recording the change in the report’s history', async () => {
    const order = await makeOrder();
    const colour = await phenomenon(order.operations[1]!.processId, '色差');
    const smudge = await phenomenon(order.operations[1]!.processId, '糊版');
    const { id } = await data(create(admin, await report(order, 2, { goodQty: 500, defectQty: 4, defects: [{ badPhenomenonId: colour, qty: 4 }] })));
    const refused = await post(admin, P.audit, { id, goodQty: 480 });
    expect(refused).toMatchObject({ resultCode: 4000, resultMsg: ReportMessages.partialEdit });
    await data(post(admin, P.audit, { id, goodQty: 480, defectQty: 6, defects: [{ badPhenomenonId: colour, qty: 4 }, { badPhenomenonId: smudge, qty: 2 }] }));
    const detail = await data(get<WorkReportDetail>(admin, P.detail(id)));
    expect(detail).toMatchObject({ goodQty: 480, defectQty: 6, auditState: 2, auditorName: '系统管理员' });
    expect(detail.history.map((entry) => entry.action)).toEqual(['create', 'audit', 'audit']);
    expect(detail.history[1]!.content).toBe('审核时修改：良品数 500 → 480；不良数 4 → 6；不良明细 色差×4 → 色差×4、糊版×2');
    expect(detail.history[1]!.changes).toContainEqual({ field: 'goodQty', label: '良品数', from: 500, to: 480 });
    expect(await operationRow(order.operations[1]!.id)).toMatchObject({ good_qty: 480, defect_qty: 6 });
  });

  it('corrects a pending report without approving it (counted only once audited); an audited one is not editable', async () => {
    const order = await makeOrder();
    const { id } = await data(create(admin, await report(order, 1, { goodQty: 300, inspectQty: 10 })));
    await data(post(admin, P.update, { id, goodQty: 280, defectQty: 0, inspectQty: 30, remark: '复核后更正' }));
    const detail = await data(get<WorkReportDetail>(admin, P.detail(id)));
    expect(detail).toMatchObject({ goodQty: 280, inspectQty: 30, remark: '复核后更正', auditState: 1 });
    expect(detail.history.at(-1)).toMatchObject({ action: 'edit', content: '修改：良品数 300 → 280；待检数 10 → 30', userName: '系统管理员' });
    expect((await operationRow(order.operations[0]!.id)).good_qty).toBe(0);
    expect(await operationLogCount(t.db, `修改报工：${detail.reportNo}`)).toBe(1);
    await data(post(admin, P.batchAudit, { ids: [id] }));
    expect((await operationRow(order.operations[0]!.id)).good_qty).toBe(280);
    expect(await post(admin, P.update, { id, goodQty: 1, defectQty: 0 })).toMatchObject({ resultCode: 4009, resultMsg: ReportMessages.notEditable(detail.reportNo, '已审核') });
  });

  it('leaves canceled reports out of the over-report arithmetic', async () => {
    const order = await makeOrder({ quantity: 1000 });
    const big = await data(create(admin, await report(order, 4, { goodQty: 1000 })));
    expect((await create(admin, await report(order, 4, { goodQty: 100 }))).resultCode).toBe(4000);
    await data(post(admin, P.cancel, { ids: [big.id] }));
    expect((await data(get<ReportFormOptions>(admin, P.formOptions(order.operations[3]!.id)))).reportedQty).toBe(0);
    expect((await create(admin, await report(order, 4, { goodQty: 100 }))).resultCode).toBe(1000);
  });

  it('batch audit is all or nothing: one report already audited refuses the batch', async () => {
    const order = await makeOrder();
    const a = await data(create(admin, await report(order, 1)));
    const b = await data(create(admin, await report(order, 1)));
    await data(post(admin, P.batchAudit, { ids: [a.id] }));
    const refused = await post(admin, P.batchAudit, { ids: [b.id, a.id] });
    expect(refused.resultCode).toBe(4009);
    expect(refused.resultMsg).toMatch(/状态为「已审核」，不能审核$/);
    expect((await data(get<WorkReportDetail>(admin, P.detail(b.id)))).auditState).toBe(1);
    expect((await operationRow(order.operations[0]!.id)).good_qty).toBe(100);
  });

  it('cancels pending reports only; an audited one must be rolled back first', async () => {
    const order = await makeOrder();
    const a = await data(create(admin, await report(order, 1)));
    const b = await data(create(admin, await report(order, 1)));
    await data(post(admin, P.batchAudit, { ids: [b.id] }));
    expect(await post(admin, P.cancel, { ids: [a.id, b.id] })).toMatchObject({ resultCode: 4009, resultMsg: ReportMessages.cancelAudited(b.reportNo) });
    await data(post(admin, P.cancel, { ids: [a.id] }));
    expect((await data(get<WorkReportDetail>(admin, P.detail(a.id)))).auditState).toBe(3);
    expect(await post(admin, P.batchAudit, { ids: [a.id] })).toMatchObject({ resultCode: 4009 });
  });

  it('completes the order when the last operation’s audited good reaches the order quantity less its under-run', async () => {
    const order = await makeOrder({ quantity: 1000 });
    const last = order.operations[3]!;
    expect(operationDoneQty(last.plannedQty, last.wasteQty, 3)).toBe(970);
    const ids = [];
    for (const seq of [1, 2, 3]) ids.push((await data(create(admin, await report(order, seq, { goodQty: order.operations[seq - 1]!.plannedQty, defectQty: 0 })))).id);
    const short = await data(create(admin, await report(order, 4, { goodQty: 969 })));
    await data(post(admin, P.batchAudit, { ids: [...ids, short.id] }));
    expect(await orderRow(order.id)).toMatchObject({ status: 4, good_qty: 969 });
    expect((await operationRow(order.operations[0]!.id)).status).toBe(3);
    expect((await operationRow(last.id)).status).toBe(2);

    const rest = await data(create(admin, await report(order, 4, { goodQty: 1 })));
    await data(post(admin, P.batchAudit, { ids: [rest.id] }));
    expect(await orderRow(order.id)).toMatchObject({ status: 5, production_state: 3, good_qty: 970 });
    expect((await operationRow(last.id)).status).toBe(3);
    // A finished order's reports are closed: no roll back, no new report.
    expect(await post(admin, P.batchRollBack, { ids: [rest.id] })).toMatchObject({ resultCode: 4009, resultMsg: ReportMessages.orderClosed(order.orderNo, '已完成', '反审核') });
    expect(await create(admin, await report(order, 4))).toMatchObject({ resultCode: 4009 });
  });
});

describe('wrong-time flags of carton scheduling', () => {
  /** The order's operations queued on their machines at the end of the queues (by order id), planned to end `hours` from now. */
  async function queued(order: TestOrder, hours: number) {
    for (const [index, operation] of order.operations.entries()) {
      await t.db
        .updateTable('production_order_operation')
        .set({ queue_pos: 9000 + order.id * 10 + index, task_type: 2, planned_start: new Date(Date.now() + (hours - 2) * 3_600_000), planned_end: new Date(Date.now() + hours * 3_600_000) })
        .where('id', '=', operation.id)
        .execute();
    }
  }
  const flags = async (order: TestOrder) =>
    Promise.all(order.operations.map(async (operation) => {
      const row = await operationRow(operation.id);
      return [row.status, row.anew_time_flag, row.anew_time_reason];
    }));

  it('flags the later operations when a step is reported finished before its planned end (前序任务提前完工), not when it ends late, nor tasks before it', async () => {
    // Made first, the late order's tasks sit before the early one's on the same machines: not flagged.
    const late = await makeOrder({ quantity: 1000 });
    const early = await makeOrder({ quantity: 1000 });
    expect(early.operations.every((operation) => operation.deviceId !== null)).toBe(true);
    await queued(early, 5);
    await queued(late, -1);
    const ids = [];
    for (const order of [early, late]) ids.push((await data(create(admin, await report(order, 1, { goodQty: order.operations[0]!.plannedQty })))).id);
    await data(post(admin, P.batchAudit, { ids }));
    const flagged = [false, true, true, true].map((flag, index) => [index === 0 ? 3 : 1, flag, flag ? '前序任务提前完工' : expect.anything()]);
    expect(await flags(early)).toEqual(flagged);
    expect((await flags(late)).map(([status, flag]) => [status, flag])).toEqual([[3, false], [1, false], [1, false], [1, false]]);
  });
});

describe('review configuration', () => {
  it('audits a report on creation when the factory needs no report audit', async () => {
    await data(post(admin, CONFIG_UPDATE, { reportAuditConfig: { needAudit: false, auditorUserIds: [] } }));
    try {
      const order = await makeOrder();
      const created = await data(create(operator, await report(order, 1, { goodQty: 250 })));
      expect(created.auditState).toBe(2);
      expect((await operationRow(order.operations[0]!.id)).good_qty).toBe(250);
      expect((await orderRow(order.id)).status).toBe(4);
    } finally {
      await data(post(admin, CONFIG_UPDATE, { reportAuditConfig: { needAudit: true, auditorUserIds: [] } }));
    }
  });

  it('lets only the named auditors review when 报工审核配置 names some (anyone with the code otherwise)', async () => {
    const order = await makeOrder();
    const { id } = await data(create(admin, await report(order, 1)));
    const adminId = (await t.db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    await data(post(admin, CONFIG_UPDATE, { reportAuditConfig: { needAudit: true, auditorUserIds: [adminId] } }));
    try {
      expect(await post(qc, P.batchAudit, { ids: [id] })).toMatchObject({ resultCode: 4003, resultMsg: ReportMessages.notAuditor });
      expect(await post(qc, P.cancel, { ids: [id] })).toMatchObject({ resultCode: 4003 });
      expect((await data(get<WorkReportDetail>(admin, P.detail(id)))).auditState).toBe(1);
    } finally {
      await data(post(admin, CONFIG_UPDATE, { reportAuditConfig: { needAudit: true, auditorUserIds: [] } }));
    }
    await data(post(qc, P.batchAudit, { ids: [id] }));
    expect((await data(get<WorkReportDetail>(admin, P.detail(id)))).auditorName).toBe('质检员小李');
  });
});

describe('access', () => {
  it('keeps another factory’s reports and operations out of reach (4004)', async () => {
    const order = await makeOrder();
    const { id } = await data(create(admin, await report(order, 1)));
    expect((await get(boardAdmin, P.detail(id))).resultCode).toBe(4004);
    for (const path of [P.batchAudit, P.batchRollBack, P.cancel]) expect((await post(boardAdmin, path, { ids: [id] })).resultCode).toBe(4004);
    expect((await post(boardAdmin, P.audit, { id })).resultCode).toBe(4004);
    expect((await post(boardAdmin, P.update, { id, goodQty: 1, defectQty: 0 })).resultCode).toBe(4004);
    expect((await create(boardAdmin, await report(order, 1))).resultCode).toBe(4004);
    expect((await get(boardAdmin, P.formOptions(order.operations[0]!.id))).resultCode).toBe(4004);
    const boardList = await data(get<WorkReportPage>(boardAdmin, `${P.list}?limit=10&orderNo=${order.orderNo}`));
    expect(boardList.total).toBe(0);
  });

  it('checks the authority of every action: operator reports, qc reviews, noperm does nothing', async () => {
    const order = await makeOrder();
    const made = await create(operator, await report(order, 1));
    expect(made.resultCode).toBe(1000);
    const id = made.resultData!.id;
    const ids = { ids: [id] };
    // operator: 报工记录 with 平台报工 and 导出, no review.
    expect((await get(operator, `${P.list}?limit=10`)).resultCode).toBe(1000);
    for (const [path, body] of [[P.batchAudit, ids], [P.batchRollBack, ids], [P.cancel, ids], [P.audit, { id }], [P.update, { id, goodQty: 1, defectQty: 0 }]] as const) {
      expect((await post(operator, path, body)).resultCode, path).toBe(4003);
    }
    expect((await get(operator, `${P.reviewList}?limit=10`)).resultCode).toBe(4003);
    // qc: 报工审核, no reporting.
    expect((await get(qc, `${P.reviewList}?limit=10`)).resultCode).toBe(1000);
    expect((await create(qc, await report(order, 1))).resultCode).toBe(4003);
    expect((await get(qc, `${P.list}?limit=10`)).resultCode).toBe(4003);
    // noperm: nothing.
    expect((await get(noperm, `${P.list}?limit=10`)).resultCode).toBe(4003);
    expect((await get(noperm, `${P.reviewList}?limit=10`)).resultCode).toBe(4003);
    expect((await create(noperm, await report(order, 1))).resultCode).toBe(4003);
    expect((await post(noperm, P.batchAudit, ids)).resultCode).toBe(4003);
    expect((await data(get<WorkReportDetail>(admin, P.detail(id)))).auditState).toBe(1);
  });
});

describe('export', () => {
  it('exports the filtered records as xlsx with Chinese headers', async () => {
    const order = await makeOrder();
    await data(create(admin, await report(order, 1, { goodQty: 321 })));
    const response = await t.app.inject({ method: 'POST', url: P.export, headers: { authorization: `bearer ${admin}`, X_ENTERPRISE_ID: '8888' }, payload: { orderNo: order.orderNo } });
    const rows = await sheetRows(response.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['报工单号', '订单号', '良品数', '不良数', '待检数', '审核状态']));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(321);
    expect((await post(qc, P.export, { orderNo: order.orderNo })).resultCode).toBe(4003);
  });
});
