import { describe, expect, it } from 'vitest';
import type { PageResult } from '@core/contracts/common';
import { EnterpriseConfigPaths } from '@core/contracts/sys-cfg';
import { OrderPrintMessages, OrderProgressPaths as P, type HomeOrderFigures, type OrderPrintData, type OrderProgressRow, type OrderProgressTotals } from '@core/contracts/work-order/progress';
import type { Db } from '../../db';
import { ReportMessages, WorkReportPaths } from '@core/contracts/work-order/report';
import { loginAs, type TestApp, useTwoFactoryApp } from '../../test-support';

/** The server's clock in these tests: Wednesday 2026-11-25, so the week is 11-23 … 11-29. */
const NOW = new Date(2026, 10, 25, 10, 0, 0);
const CUSTOMER = '进度核对客户';

let t: TestApp;
let admin: string;
let boardAdmin: string;
/** orders and scheduling: 订单工序进度 and 报工审核 pages, no print or audit code of its own */
let planner: string;
/** reporting only */
let operator: string;
/** quality only */
let qc: string;

const { get, post, data } = useTwoFactoryApp(
  async (env) => {
    ({ t, admin, boardAdmin } = env);
    planner = await loginAs(t.app, 'planner', 'planner123');
    operator = await loginAs(t.app, 'operator', 'op123456');
    qc = await loginAs(t.app, 'qc', 'qc123456');
  },
  { now: () => NOW },
);

interface OpSpec {
  process: string;
  planned: number;
  good: number;
  defect: number;
  /** Reports waiting for review (good quantities). */
  pending?: number[];
}

let reportNo = 0;

/** Inserts an order of 示例纸箱厂 (or `orgId`) with its operations and pending reports, as the order and report modules would leave them. */
async function insertOrder(db: Db, orderNo: string, order: { quantity: number; deliveryDate: string; status: number; revoked?: boolean; orgId?: number }, operations: OpSpec[]): Promise<{ id: number; operationIds: number[] }> {
  const orgId = order.orgId ?? 1001;
  const { id } = await db
    .insertInto('production_order')
    .values({
      enterprise_id: 8888,
      org_id: orgId,
      order_no: orderNo,
      customer_name: CUSTOMER,
      product_name: `纸箱-${orderNo}`,
      quantity: order.quantity,
      delivery_date: order.deliveryDate,
      status: order.status,
      revoked: order.revoked ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const operationIds: number[] = [];
  for (const [index, step] of operations.entries()) {
    const { id: operationId } = await db
      .insertInto('production_order_operation')
      .values({ enterprise_id: 8888, org_id: orgId, order_id: id, seq: index + 1, process_name: step.process, planned_qty: step.planned, good_qty: step.good, defect_qty: step.defect })
      .returning('id')
      .executeTakeFirstOrThrow();
    operationIds.push(operationId);
    for (const good of step.pending ?? []) {
      reportNo += 1;
      await db
        .insertInto('work_report')
        .values({
          enterprise_id: 8888,
          org_id: orgId,
          report_no: `T-PROGRESS-${reportNo}`,
          order_id: id,
          operation_id: operationId,
          process_name: step.process,
          good_qty: good,
          start_at: new Date(2026, 10, 24, 8),
          end_at: new Date(2026, 10, 24, 12),
          source: 1,
          audit_state: 1,
        })
        .execute();
    }
  }
  return { id, operationIds };
}

const progress = (token: string, query: string) => data(get<PageResult<OrderProgressRow>>(token, `${P.list}?limit=100&customerName=${encodeURIComponent(CUSTOMER)}&${query}`));
const totals = (token: string, query: string) => data(get<OrderProgressTotals>(token, `${P.totals}?customerName=${encodeURIComponent(CUSTOMER)}&${query}`));

describe('order process progress', () => {
  let late: { id: number };
  let running: { id: number };

  it('lists each order with its operations: planned, audited good and defect, pending apart, and the percent', async () => {
    // Overdue (delivery 11-20, in production), running (due 11-27), done but late (11-18, 已完成: not overdue), revoked (not listed).
    late = await insertOrder(t.db, 'T-PG-001', { quantity: 1000, deliveryDate: '2026-11-20', status: 4 }, [
      { process: '瓦线', planned: 1100, good: 1050, defect: 20 },
      { process: '印刷开槽', planned: 1060, good: 400, defect: 10, pending: [100, 50] },
      { process: '糊箱', planned: 1020, good: 0, defect: 0 },
    ]);
    running = await insertOrder(t.db, 'T-PG-002', { quantity: 2000, deliveryDate: '2026-11-27', status: 4 }, [
      { process: '瓦线', planned: 2200, good: 2200, defect: 30 },
      { process: '印刷开槽', planned: 2100, good: 1500, defect: 5, pending: [300] },
    ]);
    await insertOrder(t.db, 'T-PG-003', { quantity: 500, deliveryDate: '2026-11-18', status: 5 }, [
      { process: '瓦线', planned: 550, good: 550, defect: 0 },
      { process: '糊箱', planned: 520, good: 510, defect: 4 },
    ]);
    await insertOrder(t.db, 'T-PG-004', { quantity: 800, deliveryDate: '2026-11-19', status: 4, revoked: true }, [{ process: '瓦线', planned: 900, good: 10, defect: 0 }]);

    const page = await progress(admin, 'sort=deliveryDate,asc');
    expect(page.total).toBe(3);
    expect(page.list.map((row) => row.orderNo)).toEqual(['T-PG-003', 'T-PG-001', 'T-PG-002']);
    const [done, overdue, current] = page.list;
    expect(done).toMatchObject({ overdue: false, status: 5, goodQty: 510, percent: 102 });
    expect(overdue).toMatchObject({ id: late.id, overdue: true, deliveryDate: '2026-11-20', quantity: 1000, goodQty: 0, percent: 0 });
    expect(overdue!.operations.map(({ processName, plannedQty, goodQty, defectQty, pendingQty, percent }) => [processName, plannedQty, goodQty, defectQty, pendingQty, percent])).toEqual([
      ['瓦线', 1100, 1050, 20, 0, 95.5],
      ['印刷开槽', 1060, 400, 10, 150, 37.7],
      ['糊箱', 1020, 0, 0, 0, 0],
    ]);
    expect(current).toMatchObject({ overdue: false, goodQty: 1500, percent: 75 });
    expect(current!.operations.map((op) => [op.processName, op.pendingQty, op.percent])).toEqual([
      ['瓦线', 0, 100],
      ['印刷开槽', 300, 71.4],
    ]);
  });

  it('sums every process over the filtered orders in flow order, and counts the overdue ones', async () => {
    const all = await totals(admin, '');
    expect(all).toEqual({
      orders: 3,
      overdue: 1,
      processes: [
        // 瓦线 1100+2200+550, good 1050+2200+550, defect 20+30+0
        { processName: '瓦线', orders: 3, plannedQty: 3850, goodQty: 3800, defectQty: 50, pendingQty: 0, percent: 98.7 },
        { processName: '印刷开槽', orders: 2, plannedQty: 3160, goodQty: 1900, defectQty: 15, pendingQty: 450, percent: 60.1 },
        { processName: '糊箱', orders: 2, plannedQty: 1540, goodQty: 510, defectQty: 4, pendingQty: 0, percent: 33.1 },
      ],
    });
    // Overdue only: the late order alone.
    const overdue = await totals(admin, 'overdue=1');
    expect(overdue.orders).toBe(1);
    expect(overdue.processes.map((row) => [row.processName, row.plannedQty, row.goodQty])).toEqual([
      ['瓦线', 1100, 1050],
      ['印刷开槽', 1060, 400],
      ['糊箱', 1020, 0],
    ]);
  });

  it('filters by order number tags, delivery date range, status and overdue', async () => {
    expect((await progress(admin, 'orderNo=T-PG-001,T-PG-003')).list.map((row) => row.orderNo).sort()).toEqual(['T-PG-001', 'T-PG-003']);
    expect((await progress(admin, 'deliveryDateStart=2026-11-19 00:00:00&deliveryDateEnd=2026-11-27 23:59:59')).list.map((row) => row.id).sort()).toEqual([late.id, running.id].sort());
    expect((await progress(admin, 'deliveryDateStart=2026-11-21&deliveryDateEnd=2026-11-27')).list.map((row) => row.id)).toEqual([running.id]);
    expect((await progress(admin, 'status=5')).list.map((row) => row.orderNo)).toEqual(['T-PG-003']);
    expect((await progress(admin, 'overdue=1')).list.map((row) => row.orderNo)).toEqual(['T-PG-001']);
    expect((await progress(admin, 'overdue=0')).list.map((row) => row.orderNo).sort()).toEqual(['T-PG-002', 'T-PG-003']);
  });

  it('refuses a malformed date or sort with a message naming it, and shows nothing of another factory', async () => {
    expect(await get(admin, `${P.list}?deliveryDateStart=2026-13-40`)).toMatchObject({ resultCode: 4000, resultMsg: '交货日期格式不正确' });
    expect(await get(admin, `${P.list}?sort=quantity,asc`)).toMatchObject({ resultCode: 4000 });
    expect((await progress(boardAdmin, '')).total).toBe(0);
    expect((await totals(boardAdmin, '')).processes).toEqual([]);
    expect(await get(operator, P.list)).toMatchObject({ resultCode: 4003 });
    expect((await progress(planner, '')).total).toBe(3);
  });
});

describe('流转卡 print data', () => {
  it('gives the orders in the order asked for, with their operations and the factory default ticket template', async () => {
    const first = await insertOrder(t.db, 'T-PRINT-001', { quantity: 300, deliveryDate: '2026-11-30', status: 3 }, [
      { process: '瓦线', planned: 330, good: 0, defect: 0 },
      { process: '糊箱', planned: 310, good: 0, defect: 0 },
    ]);
    const second = await insertOrder(t.db, 'T-PRINT-002', { quantity: 600, deliveryDate: '2026-12-01', status: 2 }, [{ process: '模切', planned: 640, good: 0, defect: 0 }]);
    const print = await data(get<OrderPrintData>(admin, `${P.print}?ids=${second.id},${first.id}`));
    expect(print.orders.map((order) => order.orderNo)).toEqual(['T-PRINT-002', 'T-PRINT-001']);
    expect(print.orders[1]!.operations.map((op) => [op.seq, op.processName, op.plannedQty])).toEqual([
      [1, '瓦线', 330],
      [2, '糊箱', 310],
    ]);
    expect(print.orders[1]).toMatchObject({ customerName: CUSTOMER, quantity: 300, deliveryDate: '2026-11-30' });
    // The default 工单流转卡 of 示例纸箱厂.
    const templates = (await t.db.selectFrom('ticket_template').select(['id', 'template_name', 'print_type', 'is_default']).where('org_id', '=', 1001).execute());
    const fallback = templates.find((row) => row.print_type === 1 && row.is_default)!;
    expect(print.template).toMatchObject({ id: fallback.id, printType: 1, isDefault: true });
    // Another template of the factory when asked for by id.
    const label = templates.find((row) => row.print_type === 2)!;
    expect((await data(get<OrderPrintData>(admin, `${P.print}?ids=${first.id}&templateId=${label.id}`))).template.id).toBe(label.id);
  });

  it('refuses another factory’s order or template (4004), a user without the print code (4003) and malformed ids (4000)', async () => {
    const own = await insertOrder(t.db, 'T-PRINT-010', { quantity: 100, deliveryDate: '2026-11-30', status: 2 }, []);
    const foreign = await insertOrder(t.db, 'T-PRINT-011', { quantity: 100, deliveryDate: '2026-11-30', status: 2, orgId: 1002 }, []);
    expect(await get(admin, `${P.print}?ids=${own.id},${foreign.id}`)).toMatchObject({ resultCode: 4004, resultMsg: OrderPrintMessages.orderNotFound });
    expect(await get(boardAdmin, `${P.print}?ids=${own.id}`)).toMatchObject({ resultCode: 4004 });
    const boardTemplate = await t.db.selectFrom('ticket_template').select('id').where('org_id', '=', 1002).executeTakeFirstOrThrow();
    expect(await get(admin, `${P.print}?ids=${own.id}&templateId=${boardTemplate.id}`)).toMatchObject({ resultCode: 4004, resultMsg: '流转卡模板不存在' });
    expect(await get(qc, `${P.print}?ids=${own.id}`)).toMatchObject({ resultCode: 4003 });
    // The planner holds 生产订单-打印 (and the print page its button opens).
    expect((await data(get<OrderPrintData>(planner, `${P.print}?ids=${own.id}`))).orders).toHaveLength(1);
    expect(await get(admin, `${P.print}?ids=1;2`)).toMatchObject({ resultCode: 4000 });
    const many = Array.from({ length: 201 }, (_, index) => index + 1).join(',');
    expect(await get(admin, `${P.print}?ids=${many}`)).toMatchObject({ resultCode: 4000, resultMsg: OrderPrintMessages.tooMany });
  });
});

describe('/home order figures', () => {
  const figures = (token: string) => data(get<HomeOrderFigures>(token, P.homeFigures));

  it('counts orders due today, this week and overdue (not done, not revoked) for the server day and week', async () => {
    const before = await figures(admin);
    expect(before).toMatchObject({ today: '2026-11-25', weekStart: '2026-11-23', weekEnd: '2026-11-29' });
    await insertOrder(t.db, 'T-HOME-001', { quantity: 10, deliveryDate: '2026-11-25', status: 4 }, []);
    await insertOrder(t.db, 'T-HOME-002', { quantity: 10, deliveryDate: '2026-11-29', status: 3 }, []);
    await insertOrder(t.db, 'T-HOME-003', { quantity: 10, deliveryDate: '2026-11-24', status: 2 }, []);
    await insertOrder(t.db, 'T-HOME-004', { quantity: 10, deliveryDate: '2026-11-25', status: 6 }, []);
    await insertOrder(t.db, 'T-HOME-005', { quantity: 10, deliveryDate: '2026-11-25', status: 4, revoked: true }, []);
    await insertOrder(t.db, 'T-HOME-006', { quantity: 10, deliveryDate: '2026-11-30', status: 4 }, []);
    await insertOrder(t.db, 'T-HOME-007', { quantity: 10, deliveryDate: '2026-11-25', status: 4, orgId: 1002 }, []);
    const after = await figures(admin);
    // due today: 001; this week (11-23…11-29): 001, 002, 003; overdue: 003.
    expect(after.dueToday! - before.dueToday!).toBe(1);
    expect(after.dueThisWeek! - before.dueThisWeek!).toBe(3);
    expect(after.overdue! - before.overdue!).toBe(1);
    // The list the overdue tile opens shows the same number.
    expect((await data(get<PageResult<OrderProgressRow>>(admin, `${P.list}?overdue=1`))).total).toBe(after.overdue);
  });

  it('counts reports waiting for review only for a user who may audit them', async () => {
    const pending = Number((await t.db.selectFrom('work_report').select((eb) => eb.fn.countAll().as('n')).where('org_id', '=', 1001).where('audit_state', '=', 1).executeTakeFirstOrThrow()).n);
    expect(pending).toBeGreaterThan(0);
    expect((await figures(admin)).pendingReviews).toBe(pending);
    expect((await figures(qc)).pendingReviews).toBe(pending);
    // The planner sees order figures and the review page, but holds no audit code, and the config names no reviewers yet.
    const plannerFigures = await figures(planner);
    expect(plannerFigures.dueToday).toEqual(expect.any(Number));
    expect(plannerFigures.pendingReviews).toBeNull();
    const pendingId = (await t.db.selectFrom('work_report').select('id').where('org_id', '=', 1001).where('audit_state', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    const userId = async (username: string) => (await t.db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    const audit = (token: string) => post(token, WorkReportPaths.batchAudit, { ids: [pendingId] });
    // Named as a reviewer, the planner still holds no audit code: the audit route refuses him, and the figure agrees.
    await data(post(admin, EnterpriseConfigPaths.configUpdate, { reportAuditConfig: { needAudit: true, auditorUserIds: [await userId('planner')] } }));
    expect((await figures(planner)).pendingReviews).toBeNull();
    expect(await audit(planner)).toMatchObject({ resultCode: 4003 });
    // Only the named reviewers count and may audit: qc named, the admin (holding the code, not named) neither.
    await data(post(admin, EnterpriseConfigPaths.configUpdate, { reportAuditConfig: { needAudit: true, auditorUserIds: [await userId('qc')] } }));
    expect((await figures(qc)).pendingReviews).toBe(pending);
    expect((await figures(admin)).pendingReviews).toBeNull();
    expect(await audit(admin)).toMatchObject({ resultCode: 4003, resultMsg: ReportMessages.notAuditor });
    expect(await data(audit(qc))).toEqual({ count: 1 });
    expect((await figures(qc)).pendingReviews).toBe(pending - 1);
    // Reporting only: no order figures, no reviews.
    expect(await figures(operator)).toMatchObject({ dueToday: null, dueThisWeek: null, overdue: null, pendingReviews: null });
  });
});
