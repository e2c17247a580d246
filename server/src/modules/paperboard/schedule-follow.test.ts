import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { PageResult } from '@core/contracts/common';
import {
  PaperboardPaths as P,
  type BoardLogEntry,
  type BoardOrder,
  type BoardReoptimiseResult,
  type BoardRunCheck,
  type BoardScheduleDetail,
  type CreateBoardOrderRequest,
  type StandbyGroup,
} from '@core/contracts/paperboard';
import { ErpPaths, type ErpOrderMessage, type ErpSyncResult } from '@core/contracts/work-order/erp';
import { ProductionOrderPaths as OrderPaths, type CreateProductionOrderRequest, type ProductionOrderRow } from '@core/contracts/work-order/order';
import { WorkReportPaths as ReportPaths, type CreateWorkReportRequest } from '@core/contracts/work-order/report';
import { checkPlan, planMetrics } from '../../domain/trim/check';
import { expectImportRefused, rowId, sheetRows, type TestApp, uploadXlsx, useTwoFactoryApp } from '../../test-support';
import { DEMO_INTEGRATION_KEYS } from '../erp';
import { createOrder, moveOrder } from '../production-order';
import { trimInstance, toTrimRuns, usableRolls } from './plan';
import { DEFAULT_BOARD_LINE_CONFIG } from '@core/contracts/paperboard';

/**
 * What issue 13 left: lock runs and re-optimise the rest, a run's partner changed by hand (checked
 * live), board-order import, schedule states from work reports, board orders following their
 * production order.
 */
let t: TestApp;
/** admin in 示例纸箱厂 (1001): production orders, reports and their board orders */
let admin: string;
/** admin switched to 示例纸板厂 (1002) */
let boardAdmin: string;

const { get, post, data, logCount } = useTwoFactoryApp(async (env) => {
  ({ t, admin, boardAdmin } = env);
});

const CARTON = { enterpriseId: 8888, orgId: 1001, userId: 1 };
const CONTEXT = { path: '/test', source: 1, system: 12 } as const;
const orders = (token: string, query = '') => data(get<PageResult<BoardOrder>>(token, `${P.orderList}?limit=1000&${query}`));
const detail = (token: string, id: number) => data(get<BoardScheduleDetail>(token, P.scheduleDetail(id)));
const log = (token: string, action: string) => data(get<PageResult<BoardLogEntry>>(token, `${P.logList}?limit=20&action=${action}`));
const runBody = (run: BoardScheduleDetail['runs'][number]) => run.lanes.map((lane) => ({ boardOrderId: lane.boardOrderId!, outs: lane.outs, cuts: lane.cuts }));

const handOrder = (overrides: Partial<CreateBoardOrderRequest> = {}): CreateBoardOrderRequest => ({
  source: 2,
  customerName: '跟随测试客户',
  productName: '测试纸板',
  boardCode: 'T-MORE',
  flute: 'C',
  widthMm: 1000,
  lengthMm: 1000,
  quantity: 3000,
  dueDate: '2030-01-10',
  remark: '',
  ...overrides,
});
const add = async (token: string, overrides: Partial<CreateBoardOrderRequest>) => (await data(post<{ id: number }>(token, P.orderCreate, handOrder(overrides)))).id;

/** The runs of a schedule checked by the optimiser's own independent checker against the board plant's orders, rolls and config. */
async function expectValidPlan(schedule: BoardScheduleDetail) {
  const ids = new Set(schedule.runs.flatMap((run) => run.lanes.map((lane) => lane.boardOrderId)));
  const planOrders = (await orders(boardAdmin)).list.filter((order) => ids.has(order.id));
  const deckles = await t.db.selectFrom('deckle_width').select('width_mm').where('org_id', '=', 1002).where('enabled', '=', true).execute();
  const instance = trimInstance('x', schedule.schedule, planOrders, usableRolls(deckles.map((row) => row.width_mm), DEFAULT_BOARD_LINE_CONFIG), DEFAULT_BOARD_LINE_CONFIG);
  const runs = toTrimRuns(schedule.runs.map((run) => ({ rollWidthMm: run.rollWidthMm, lanes: runBody(run) })));
  expect(checkPlan(instance, { instance: 'x', runs, metrics: planMetrics(instance, runs) })).toEqual([]);
}

describe('a draft run edited by hand: partner order, checked live', () => {
  it('checks an edit without saving, then swaps the partner for a waiting order: the old one goes back to standby, the new one joins', async () => {
    const a = await add(boardAdmin, { boardCode: 'T-PART', widthMm: 1000 });
    const b = await add(boardAdmin, { boardCode: 'T-PART', widthMm: 600 });
    const c = await add(boardAdmin, { boardCode: 'T-PART', widthMm: 700, quantity: 3000 });
    const other = await add(boardAdmin, { boardCode: 'T-OTHER', widthMm: 700 });
    const { id } = await data(post<{ id: number }>(boardAdmin, P.scheduleCreate, { boardCode: 'T-PART', flute: 'C', runs: [{ rollWidthMm: 1700, lanes: [{ boardOrderId: a, outs: 1, cuts: 3000 }, { boardOrderId: b, outs: 1, cuts: 3000 }] }] }));
    const draft = await detail(boardAdmin, id);
    // The editor offers the schedule's orders and the waiting ones of its board group, never another group's.
    expect(draft.partners.map((partner) => [partner.id, partner.scheduled])).toEqual(expect.arrayContaining([[a, true], [b, true], [c, false]]));
    expect(draft.partners.some((partner) => partner.id === other)).toBe(false);
    const run = draft.runs[0]!;
    const swap = { scheduleId: id, runId: run.runId, rollWidthMm: 1800, lanes: [{ boardOrderId: a, outs: 1, cuts: 3000 }, { boardOrderId: c, outs: 1, cuts: 3000 }] };

    // Live check: a too-narrow roll names the rule; nothing is saved.
    const narrow = await data(post<BoardRunCheck>(boardAdmin, P.runCheck, { ...swap, rollWidthMm: 1700 }));
    expect(narrow.problems).toEqual(['第 1 刀：纸板宽 1700mm 加最小修边 25mm 超过门幅 1700mm']);
    expect(narrow.run).toMatchObject({ rollWidthMm: 1700, trimMm: 0 });
    const fine = await data(post<BoardRunCheck>(boardAdmin, P.runCheck, swap));
    expect(fine.problems).toEqual([]);
    expect(fine.run).toMatchObject({ rollWidthMm: 1800, trimMm: 100, lanes: [expect.objectContaining({ boardOrderId: a }), expect.objectContaining({ boardOrderId: c, widthMm: 700 })] });
    expect(fine.totals.trimAreaM2).toBeCloseTo(0.1 * 3000, 3);
    expect((await detail(boardAdmin, id)).runs[0]!.lanes.map((lane) => lane.boardOrderId)).toEqual([a, b]);

    // Another board group's order, or an order of no schedule that is not waiting, is no partner.
    expect(await post(boardAdmin, P.runCheck, { ...swap, lanes: [swap.lanes[0], { boardOrderId: other, outs: 1, cuts: 3000 }] })).toMatchObject({ resultCode: 4000, resultMsg: '所选订单不是本排程的订单，也不是该纸板编码和楞型的待排订单' });
    // A partner whose sheets fall short is refused on save with the rule.
    expect(await post(boardAdmin, P.runUpdate, { ...swap, lanes: [swap.lanes[0], { boardOrderId: c, outs: 1, cuts: 2000 }] })).toMatchObject({ resultCode: 4000, resultMsg: expect.stringContaining('排 2000 张，超出允许范围 2910～3090 张') });

    await data(post(boardAdmin, P.runUpdate, swap));
    const after = await detail(boardAdmin, id);
    expect(after.runs[0]!.lanes.map((lane) => [lane.boardOrderId, lane.widthMm])).toEqual([[a, 1000], [c, 700]]);
    expect(after.schedule).toMatchObject({ orderCount: 2, trimAreaM2: 300 });
    const byId = new Map((await orders(boardAdmin, 'boardCode=T-PART')).list.map((order) => [order.id, order]));
    expect(byId.get(b)).toMatchObject({ state: 1, scheduleId: null });
    expect(byId.get(c)).toMatchObject({ state: 2, scheduleId: id });
    expect((await log(boardAdmin, 'edit')).list[0]).toMatchObject({ content: expect.stringContaining('回到待排'), after: expect.stringContaining('门幅 1800') });
  });
});

describe('lock runs and re-optimise the rest', () => {
  it('keeps the locked runs and their sheets, re-plans the remaining demand in the worker, and re-checks the whole schedule', async () => {
    const widths = [310, 420, 505, 560, 640, 720, 780, 850, 930, 1010, 1120, 1250];
    for (const [index, widthMm] of widths.entries()) await add(boardAdmin, { boardCode: 'T-REOPT', widthMm, lengthMm: 800 + index * 50, quantity: 1500 + index * 400 });
    // A clumsy draft: every order alone on the widest roll at its most outs (what a planner gets without pairing).
    const all = (await orders(boardAdmin, 'boardCode=T-REOPT')).list;
    const maxOuts = DEFAULT_BOARD_LINE_CONFIG.maxOuts;
    const runs = all.map((order) => {
      const outs = Math.min(maxOuts, Math.floor((2500 - 25) / order.widthMm));
      return { rollWidthMm: 2500, lanes: [{ boardOrderId: order.id, outs, cuts: Math.ceil(order.quantity / outs) }] };
    });
    const { id } = await data(post<{ id: number }>(boardAdmin, P.scheduleCreate, { boardCode: 'T-REOPT', flute: 'C', runs }));
    const before = await detail(boardAdmin, id);
    const locked = before.runs[0]!;

    expect(await post(boardAdmin, P.reoptimise, { id, lockedRunIds: before.runs.map((run) => run.runId) })).toMatchObject({ resultCode: 4000, resultMsg: '所有排刀都已锁定，没有可重新优化的排刀' });
    expect(await post(boardAdmin, P.reoptimise, { id, lockedRunIds: [999_999] })).toMatchObject({ resultCode: 4000, resultMsg: '锁定的排刀不在本排程中，请刷新后重试' });

    const result = await data(post<BoardReoptimiseResult>(boardAdmin, P.reoptimise, { id, lockedRunIds: [locked.runId] }));
    expect(result).toMatchObject({ lockedRuns: 1, before: { trimAreaM2: before.totals.trimAreaM2 } });
    const after = await detail(boardAdmin, id);
    // The locked run is the same row, first, with the same lanes and sheets.
    expect(after.runs[0]).toMatchObject({ runId: locked.runId, seq: 1, rollWidthMm: locked.rollWidthMm });
    expect(after.runs[0]!.lanes.map((lane) => [lane.boardOrderId, lane.outs, lane.cuts])).toEqual(locked.lanes.map((lane) => [lane.boardOrderId, lane.outs, lane.cuts]));
    // Every order is still in the schedule, the whole plan keeps every rule, and the trim is no worse.
    expect(new Set(after.runs.flatMap((run) => run.lanes.map((lane) => lane.boardOrderId)))).toEqual(new Set(all.map((order) => order.id)));
    await expectValidPlan(after);
    expect(after.problems).toEqual([]);
    expect(result.after.trimAreaM2).toBeCloseTo(after.totals.trimAreaM2, 3);
    expect(after.totals.trimAreaM2).toBeLessThan(before.totals.trimAreaM2);
    expect(after.runs.length).toBeLessThan(before.runs.length);
    expect(after.schedule.trimAreaM2).toBeCloseTo(after.totals.trimAreaM2, 3);
    expect((await log(boardAdmin, 'reoptimise')).list[0]).toMatchObject({ scheduleNo: after.schedule.scheduleNo, content: expect.stringContaining('锁定 1 刀') });

    // Issued: no more re-optimising.
    await data(post(boardAdmin, P.scheduleIssue, { id }));
    expect(await post(boardAdmin, P.reoptimise, { id, lockedRunIds: [] })).toMatchObject({ resultCode: 4009, resultMsg: '排程已下发，不能修改' });
  });
});

describe('board-order import', () => {
  const header = ['*客户名称', '品名', '*纸板编码', '*楞型', '*宽(mm)', '*长(mm)', '*数量(张)', '*交期', '来源', '备注'];

  it('gives a template, imports every row or none, naming each refused row', async () => {
    const template = await t.app.inject({ method: 'GET', url: P.orderImportTemplate, headers: { authorization: `Bearer ${boardAdmin}`, enterpriseid: '8888' } });
    expect((await sheetRows(template.rawPayload))[0]).toEqual(header);
    const bad = await uploadXlsx(t.app, boardAdmin, [
      header,
      ['导入客户甲', '甲纸板', 'T-IMPORT', 'c', 900, 1200, 2000, '2030-02-01', '', ''],
      ['导入客户乙', '', 'T-IMPORT', 'C', 50, 1200, 2000, '2030-02-01', '', ''],
      ['导入客户丙', '', 'T-IMPORT', 'C', 900, 1200, 2000, '2030-02-30', '', ''],
      ['导入客户丁', '', 'T-IMPORT', 'C', 900, 1200, 2000, '2030-02-01', '生产订单', ''],
      ['', '', 'T-IMPORT', 'C', 900, 1200, 0, '2030-02-01', '', ''],
    ]);
    const refused = await data(post(boardAdmin, P.orderImport, { url: bad }));
    expectImportRefused(refused, [
      { row: 3, message: '宽(mm)必须是100-5000的整数' },
      { row: 4, message: '交期格式不正确（如 2026-12-20）' },
      { row: 5, message: '来源只能是纸板直销、补单' },
      { row: 6, message: '客户名称不能为空' },
    ]);
    expect((await orders(boardAdmin, 'boardCode=T-IMPORT')).total).toBe(0);

    const good = await uploadXlsx(t.app, boardAdmin, [
      header,
      ['导入客户甲', '甲纸板', 'T-IMPORT', 'c', 900, 1200, 2000, '2030-02-01', '', '首批'],
      ['导入客户乙', '', 'T-IMPORT', 'C', 650, 1100, 3500, '2030/2/3', '补单', ''],
    ]);
    expect(await data(post(boardAdmin, P.orderImport, { url: good }))).toMatchObject({ imported: 2, failures: [] });
    const imported = (await orders(boardAdmin, 'boardCode=T-IMPORT&sort=id,asc')).list;
    expect(imported.map((order) => [order.customerName, order.flute, order.widthMm, order.quantity, order.dueDate, order.source, order.state])).toEqual([
      ['导入客户甲', 'C', 900, 2000, '2030-02-01', 2, 1],
      ['导入客户乙', 'C', 650, 3500, '2030-02-03', 3, 1],
    ]);
    expect(imported[0]!.orderNo).toMatch(/^BD\d{11}$/);
    expect(imported[1]!.orderNo).toMatch(/^BR\d{11}$/);
    expect(await logCount('导入纸板订单：2个')).toBe(1);
    // They wait in standby like any other.
    expect((await data(get<StandbyGroup[]>(boardAdmin, P.standbyGroups))).find((group) => group.boardCode === 'T-IMPORT')).toMatchObject({ orders: 2, sheets: 5500 });
  });
});

/** A production order of 示例纸箱厂 on flow GY01 (瓦线生产 first), approved (2) or deployed with issued operations (3). */
let counter = 0;
async function productionOrder(status: 2 | 3, quantity = 2000) {
  counter += 1;
  const productId = await rowId(t.db, 'product', 'product_no', 'CP00001');
  const product = await t.db.selectFrom('product').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();
  const flowId = await rowId(t.db, 'process_flow', 'code', 'GY01');
  const input: CreateProductionOrderRequest = { orderNo: `TPB${counter}`, customerName: '纸板跟随客户', productId, flowId, lengthMm: product.length_mm, widthMm: product.width_mm, heightMm: product.height_mm, quantity, underPercent: 3, deliveryDate: '2030-03-01' };
  const created = await t.db.transaction().execute((trx) => createOrder(trx, CARTON, input, { source: 1, actor: { userId: 1 }, context: CONTEXT }));
  await t.db.updateTable('production_order').set({ status }).where('id', '=', created.id).execute();
  const steps = await t.db.selectFrom('process_flow_step').select(['seq', 'default_device_id']).where('flow_id', '=', flowId).orderBy('seq').execute();
  const operations = await t.db.selectFrom('production_order_operation').selectAll().where('order_id', '=', created.id).orderBy('seq').execute();
  if (status === 3) {
    for (const [index, operation] of operations.entries()) {
      await t.db.updateTable('production_order_operation').set({ issued: true, status: 1, device_id: steps[index]?.default_device_id ?? null }).where('id', '=', operation.id).execute();
    }
  }
  const board = (await orders(admin, `orderNo=${created.orderNo}`)).list.find((order) => order.productionOrderId === created.id)!;
  return { id: created.id, orderNo: created.orderNo, input, board, corrugator: { id: operations[0]!.id, deviceId: steps[0]?.default_device_id ?? null, plannedQty: operations[0]!.planned_qty } };
}

/** A one-order schedule of the carton plant (its own rolls), issued. */
async function issuedScheduleOf(boards: BoardOrder[]) {
  const { rollWidths, minTrimMm } = await detailConfig();
  const runs = boards.map((board) => ({ rollWidthMm: rollWidths.find((width) => width >= board.widthMm + minTrimMm)!, lanes: [{ boardOrderId: board.id, outs: 1, cuts: board.quantity }] }));
  const { id } = await data(post<{ id: number }>(admin, P.scheduleCreate, { boardCode: boards[0]!.boardCode, flute: boards[0]!.flute, runs }));
  await data(post(admin, P.scheduleIssue, { id }));
  return id;
}
async function detailConfig() {
  const deckles = await t.db.selectFrom('deckle_width').select('width_mm').where('org_id', '=', 1001).where('enabled', '=', true).execute();
  return { rollWidths: usableRolls(deckles.map((row) => row.width_mm), DEFAULT_BOARD_LINE_CONFIG), minTrimMm: DEFAULT_BOARD_LINE_CONFIG.minTrimMm };
}

describe('board orders follow their production order', () => {
  it('a waiting board order takes an edit of quantity, sheet and date; a revoke takes it out of standby and a restore brings it back', async () => {
    const order = await productionOrder(2);
    expect(order.board).toMatchObject({ state: 1, quantity: order.corrugator.plannedQty, dueDate: '2030-03-01', revoked: false });
    const row = await data(get<ProductionOrderRow>(admin, OrderPaths.detail(order.id)));
    await data(post(admin, OrderPaths.update, { ...order.input, id: order.id, orderNo: row.orderNo, quantity: 3000, deliveryDate: '2030-03-05' }));
    const planned = await t.db.selectFrom('production_order_operation').select('planned_qty').where('order_id', '=', order.id).orderBy('seq').executeTakeFirstOrThrow();
    const followed = await data(get<BoardOrder>(admin, P.orderDetail(order.board.id)));
    expect(planned.planned_qty).toBeGreaterThan(order.corrugator.plannedQty);
    expect(followed).toMatchObject({ quantity: planned.planned_qty, dueDate: '2030-03-05', changeNote: '' });
    expect((await log(admin, 'follow')).list[0]).toMatchObject({ content: expect.stringContaining(`数量 ${order.corrugator.plannedQty}→${planned.planned_qty}`) });

    const group = async () => (await data(get<StandbyGroup[]>(admin, P.standbyGroups))).find((each) => each.boardCode === followed.boardCode && each.flute === followed.flute)?.orders ?? 0;
    const waiting = await group();
    // As the ERP intake revokes: a scope without a user, the actor named ERP.
    await t.db.transaction().execute((trx) => moveOrder(trx, { ...CARTON, userId: 0 }, order.id, 'revoke', { actor: { userId: null, name: 'ERP' }, context: CONTEXT }));
    expect(await data(get<BoardOrder>(admin, P.orderDetail(order.board.id)))).toMatchObject({ revoked: true, state: 1 });
    expect(await group()).toBe(waiting - 1);
    expect(await post(admin, P.trial, { boardCode: followed.boardCode, flute: followed.flute, orderIds: [order.board.id] })).toMatchObject({ resultCode: 4000, resultMsg: '所选订单不是该纸板编码和楞型的待排订单' });
    expect((await log(admin, 'follow')).list[0]).toMatchObject({ userName: 'ERP', content: expect.stringContaining('生产订单已撤销') });
    await data(post(admin, '/dps-server/order_recycling_bin/restore', { ids: [order.id] }));
    expect(await data(get<BoardOrder>(admin, P.orderDetail(order.board.id)))).toMatchObject({ revoked: false, state: 1 });
    expect(await group()).toBe(waiting);
  });

  it('a waiting board order takes a batch delivery date; an order ended (结束生产) before its board was made leaves standby', async () => {
    const order = await productionOrder(3);
    await data(post(admin, OrderPaths.batchDeliveryDate, { ids: [order.id], deliveryDate: '2030-05-20' }));
    expect(await data(get<BoardOrder>(admin, P.orderDetail(order.board.id)))).toMatchObject({ state: 1, dueDate: '2030-05-20', revoked: false, changeNote: '' });
    expect((await log(admin, 'follow')).list[0]).toMatchObject({ content: expect.stringContaining('交期 2030-03-01→2030-05-20') });
    // Suspended, it keeps its board order; ended, the board order is marked and out of standby.
    await data(post(admin, OrderPaths.suspend, { ids: [order.id] }));
    expect(await data(get<BoardOrder>(admin, P.orderDetail(order.board.id)))).toMatchObject({ state: 1, revoked: false });
    const group = async () => (await data(get<StandbyGroup[]>(admin, P.standbyGroups))).find((each) => each.boardCode === order.board.boardCode && each.flute === order.board.flute)?.orders ?? 0;
    const waiting = await group();
    await data(post(admin, OrderPaths.end, { ids: [order.id] }));
    expect(await data(get<BoardOrder>(admin, P.orderDetail(order.board.id)))).toMatchObject({ state: 1, revoked: true });
    expect((await log(admin, 'follow')).list[0]).toMatchObject({ content: expect.stringContaining('生产订单已结束生产') });
    expect(await group()).toBe(waiting - 1);
  });

  it('a recycled order (转回收) takes its waiting board order out of standby until it recovers', async () => {
    const order = await productionOrder(3);
    const group = async () => (await data(get<StandbyGroup[]>(admin, P.standbyGroups))).find((each) => each.boardCode === order.board.boardCode && each.flute === order.board.flute)?.orders ?? 0;
    const waiting = await group();
    await data(post(admin, OrderPaths.suspend, { ids: [order.id] }));
    await data(post(admin, OrderPaths.recycle, { ids: [order.id] }));
    expect(await data(get<BoardOrder>(admin, P.orderDetail(order.board.id)))).toMatchObject({ state: 1, revoked: true });
    expect((await log(admin, 'follow')).list[0]).toMatchObject({ content: expect.stringContaining('生产订单已转回收') });
    expect(await group()).toBe(waiting - 1);
    await data(post(admin, OrderPaths.recover, { ids: [order.id] }));
    expect(await data(get<BoardOrder>(admin, P.orderDetail(order.board.id)))).toMatchObject({ state: 1, revoked: false });
    expect((await log(admin, 'follow')).list[0]).toMatchObject({ content: expect.stringContaining('生产订单已恢复') });
    expect(await group()).toBe(waiting);
  });

  it('the seed shows one such change held back from the line in the board plant', async () => {
    const noted = (await orders(boardAdmin)).list.filter((order) => order.changeNote !== '');
    expect(noted).toHaveLength(1);
    expect(noted[0]).toMatchObject({ source: 1, state: expect.any(Number), changeNote: expect.stringMatching(/^交期 \d{4}-\d\d-\d\d→\d{4}-\d\d-\d\d$/) });
    const order = await t.db.selectFrom('production_order').select(sql<string>`to_char(delivery_date, 'YYYY-MM-DD')`.as('due')).where('id', '=', noted[0]!.productionOrderId!).executeTakeFirstOrThrow();
    expect(noted[0]!.changeNote.endsWith(order.due)).toBe(true);
    expect(noted[0]!.dueDate).not.toBe(order.due);
  });

  it('an order on an issued schedule is not changed: the change is noted on the board order and in the log, and cleared when undone', async () => {
    const order = await productionOrder(2);
    const scheduleId = await issuedScheduleOf([order.board]);
    const row = await data(get<ProductionOrderRow>(admin, OrderPaths.detail(order.id)));
    await data(post(admin, OrderPaths.update, { ...order.input, id: order.id, orderNo: row.orderNo, deliveryDate: '2030-04-01' }));
    const held = await data(get<BoardOrder>(admin, P.orderDetail(order.board.id)));
    expect(held).toMatchObject({ dueDate: '2030-03-01', state: 2, scheduleId, changeNote: '交期 2030-03-01→2030-04-01' });
    expect((await log(admin, 'follow')).list[0]).toMatchObject({ scheduleId, content: expect.stringContaining('未跟随生产订单变更：交期 2030-03-01→2030-04-01') });
    expect((await detail(admin, scheduleId)).runs[0]!.lanes[0]!.sheets).toBe(order.board.quantity);
    // The note is in the export and the list; undoing the change clears it.
    await data(post(admin, OrderPaths.update, { ...order.input, id: order.id, orderNo: row.orderNo, deliveryDate: '2030-03-01' }));
    expect((await data(get<BoardOrder>(admin, P.orderDetail(order.board.id)))).changeNote).toBe('');
  });

  it('follows the ERP intake too: a change message re-sizes the waiting board order, a revoke marks it', async () => {
    const erpOrderNo = `T-PB-ERP-${Date.now() % 100000}`;
    const sync = async (message: ErpOrderMessage) => {
      const response = await t.app.inject({ method: 'POST', url: ErpPaths.sync, headers: { 'x-integration-key': DEMO_INTEGRATION_KEYS[1001]! }, payload: message });
      const body = response.json() as { resultCode: number; resultData?: ErpSyncResult };
      expect(body, JSON.stringify(body)).toMatchObject({ resultCode: 1000 });
      return body.resultData!;
    };
    const created = await sync({ type: 'create', erpOrderNo, erpLine: '1', version: 1, order: { customerName: 'ERP纸板客户', productNo: 'CP00001', quantity: 1000, deliveryDate: '2030-07-01' } });
    const board = (await orders(admin, `orderNo=${created.orderNo}`)).list.find((order) => order.productionOrderId === created.orderId)!;
    expect(board).toMatchObject({ state: 1, dueDate: '2030-07-01', revoked: false });
    await sync({ type: 'change', erpOrderNo, erpLine: '1', version: 2, order: { quantity: 2000, deliveryDate: '2030-07-03' } });
    const planned = await t.db
      .selectFrom('production_order_operation')
      .select('planned_qty')
      .where('order_id', '=', created.orderId!)
      .orderBy('seq')
      .executeTakeFirstOrThrow();
    expect(await data(get<BoardOrder>(admin, P.orderDetail(board.id)))).toMatchObject({ quantity: planned.planned_qty, dueDate: '2030-07-03' });
    expect(planned.planned_qty).toBeGreaterThan(board.quantity);
    expect((await log(admin, 'follow')).list[0]).toMatchObject({ userName: 'ERP', content: expect.stringContaining('交期 2030-07-01→2030-07-03') });
    await sync({ type: 'revoke', erpOrderNo, erpLine: '1', version: 3 });
    expect(await data(get<BoardOrder>(admin, P.orderDetail(board.id)))).toMatchObject({ revoked: true });
  });

  it('a draft holding a revoked order names it and cannot be issued', async () => {
    const order = await productionOrder(2);
    const { rollWidths, minTrimMm } = await detailConfig();
    const { id } = await data(
      post<{ id: number }>(admin, P.scheduleCreate, {
        boardCode: order.board.boardCode,
        flute: order.board.flute,
        runs: [{ rollWidthMm: rollWidths.find((width) => width >= order.board.widthMm + minTrimMm), lanes: [{ boardOrderId: order.board.id, outs: 1, cuts: order.board.quantity }] }],
      }),
    );
    await t.db.transaction().execute((trx) => moveOrder(trx, CARTON, order.id, 'revoke', { actor: { userId: null, name: 'ERP' }, context: CONTEXT }));
    const message = `订单 ${order.board.orderNo}：生产订单已撤销，请取消本排程或调整后再下发`;
    expect((await detail(admin, id)).problems).toEqual([message]);
    expect(await post(admin, P.scheduleIssue, { id })).toMatchObject({ resultCode: 4000, resultMsg: `不符合排产规则：${message}` });
  });
});

describe('schedule states from work reports', () => {
  async function report(operation: { id: number; deviceId: number | null }, goodQty: number) {
    const operatorId = (await t.db.selectFrom('app_user').select('id').where('username', '=', 'operator').executeTakeFirstOrThrow()).id;
    const pad = (value: number) => String(value).padStart(2, '0');
    const at = (hoursAgo: number) => {
      const date = new Date(Date.now() - hoursAgo * 3_600_000);
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:00`;
    };
    const body: CreateWorkReportRequest = { operationId: operation.id, goodQty, defectQty: 0, inspectQty: 0, defects: [], startTime: at(3), endTime: at(1), shift: 'A', operatorIds: [operatorId], deviceId: operation.deviceId };
    const created = await data(post<{ id: number; auditState: number }>(admin, ReportPaths.create, body));
    if (created.auditState === 1) await data(post(admin, ReportPaths.audit, { id: created.id, goodQty, defectQty: 0 }));
    return created.id;
  }

  it('moves an issued schedule to 生产中 with the first audited corrugator report and to 已完成 when every order’s corrugator step has ended', async () => {
    const first = await productionOrder(3, 1000);
    const second = await productionOrder(3, 1000);
    const scheduleId = await issuedScheduleOf([first.board, second.board]);
    const state = async () => (await detail(admin, scheduleId)).schedule.state;
    const boardState = async (id: number) => (await data(get<BoardOrder>(admin, P.orderDetail(id)))).state;
    expect(await state()).toBe(2);

    // The first audited report starts it; rolling that audit back returns it to 已下发 (the rule is a function of the reports).
    const started = await report(first.corrugator, 100);
    expect(await state()).toBe(3);
    expect(await boardState(first.board.id)).toBe(3);
    expect(await boardState(second.board.id)).toBe(2);
    expect((await log(admin, 'state')).list[0]).toMatchObject({ scheduleId, content: expect.stringContaining('已下发 → 生产中') });
    await data(post(admin, ReportPaths.batchRollBack, { ids: [started] }));
    expect(await state()).toBe(2);
    expect(await boardState(first.board.id)).toBe(2);
    await data(post(admin, ReportPaths.audit, { id: started, goodQty: 100, defectQty: 0 }));
    expect(await state()).toBe(3);

    await report(first.corrugator, first.corrugator.plannedQty - 100);
    expect(await boardState(first.board.id)).toBe(4);
    expect(await state()).toBe(3);
    await report(second.corrugator, second.corrugator.plannedQty);
    expect(await boardState(second.board.id)).toBe(4);
    expect(await state()).toBe(4);
    expect((await log(admin, 'state')).list[0]).toMatchObject({ content: expect.stringContaining('生产中 → 已完成（2/2') });
    // Done: it cannot be cancelled.
    expect(await post(admin, P.scheduleCancel, { id: scheduleId })).toMatchObject({ resultCode: 4009, resultMsg: '排程已完成，不能取消' });
  });

  it('leaves an order in no issued schedule alone', async () => {
    const order = await productionOrder(3, 1000);
    await report(order.corrugator, 100);
    expect(await data(get<BoardOrder>(admin, P.orderDetail(order.board.id)))).toMatchObject({ state: 1, scheduleId: null });
  });
});
