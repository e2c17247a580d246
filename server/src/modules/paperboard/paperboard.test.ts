import { describe, expect, it } from 'vitest';
import type { PageResult } from '@core/contracts/common';
import {
  DEFAULT_BOARD_LINE_CONFIG,
  PaperboardPaths as P,
  type BoardLineConfig,
  type BoardLogEntry,
  type BoardOrder,
  type BoardSchedule,
  type BoardScheduleDetail,
  type BoardRoll,
  type BoardTrialResult,
  type CreateBoardOrderRequest,
  type RemakeCandidate,
  type StandbyGroup,
} from '@core/contracts/paperboard';
import { checkPlan, planMetrics } from '../../domain/trim/check';
import { loginAs, sheetRows, type TestApp, useTwoFactoryApp } from '../../test-support';
import { lineConfig, remainderInstance, sequenceRuns, trimInstance, toTrimRuns, usableRolls } from './plan';
import { sheetRange } from '../../domain/trim/validate';

let t: TestApp;
/** admin in 示例纸箱厂 (1001) */
let admin: string;
/** admin switched to 示例纸板厂 (1002) */
let boardAdmin: string;
/** planner: 纸板计划员 in 示例纸板厂 after switching */
let planner: string;
/** qc: quality only, no 纸板排产 codes */
let qc: string;

const { get, post, data, logCount } = useTwoFactoryApp(async (env) => {
  ({ t, admin, boardAdmin } = env);
  planner = await loginAs(t.app, 'planner', 'planner123');
  await t.app.inject({ method: 'POST', url: '/base/switch/user/org/1002', headers: { authorization: `Bearer ${planner}`, enterpriseid: '8888' } });
  qc = await loginAs(t.app, 'qc', 'qc123456');
});

const orders = (token: string, query = '') => data(get<PageResult<BoardOrder>>(token, `${P.orderList}?limit=1000&${query}`));
const groups = (token: string) => data(get<StandbyGroup[]>(token, P.standbyGroups));
const schedules = (token: string, query = '') => data(get<PageResult<BoardSchedule>>(token, `${P.scheduleList}?limit=100&${query}`));
const detail = (token: string, id: number) => data(get<BoardScheduleDetail>(token, P.scheduleDetail(id)));

/** The runs of a trial or schedule checked by the optimiser's own independent checker, against the orders and config of the factory. */
async function expectValidPlan(token: string, boardCode: string, flute: string, runs: BoardTrialResult['runs']) {
  const config = await data(get<BoardLineConfig>(token, P.config));
  const all = (await orders(token)).list;
  const ids = new Set(runs.flatMap((run) => run.lanes.map((lane) => lane.boardOrderId)));
  const planOrders = all.filter((order) => ids.has(order.id));
  const deckles = await t.db.selectFrom('deckle_width').select('width_mm').where('org_id', '=', 1002).where('enabled', '=', true).execute();
  const instance = trimInstance('x', { boardCode, flute }, planOrders, usableRolls(deckles.map((row) => row.width_mm), config), config);
  const planRuns = runs.map((run) => ({ rollWidthMm: run.rollWidthMm, lanes: run.lanes.map((lane) => ({ boardOrderId: lane.boardOrderId!, outs: lane.outs, cuts: lane.cuts })) }));
  const trimRuns = toTrimRuns(planRuns);
  expect(checkPlan(instance, { instance: 'x', runs: trimRuns, metrics: planMetrics(instance, trimRuns) })).toEqual([]);
}

const handOrder = (overrides: Partial<CreateBoardOrderRequest> = {}): CreateBoardOrderRequest => ({
  source: 2,
  customerName: '测试纸板客户',
  productName: '测试纸板',
  boardCode: 'T-TEST-C',
  flute: 'C',
  widthMm: 800,
  lengthMm: 1200,
  quantity: 2000,
  dueDate: '2030-01-10',
  remark: '',
  ...overrides,
});

describe('board orders', () => {
  it('derives board orders from the production orders whose flow runs the corrugator, and seeds a week of board sold as board', async () => {
    const board = await orders(boardAdmin);
    expect(board.list.some((order) => order.source === 1 && order.productionOrderNo === order.orderNo)).toBe(true);
    expect(board.list.filter((order) => order.source === 2).length).toBeGreaterThanOrEqual(100);
    expect(board.list.some((order) => order.source === 3)).toBe(true);
    expect(new Set(board.list.map((order) => order.state))).toEqual(new Set([1, 2, 3, 4]));
    // A derived order carries the sheet and the corrugator operation's planned quantity.
    const derived = board.list.find((order) => order.source === 1)!;
    const op = await t.db
      .selectFrom('production_order_operation as x')
      .innerJoin('process as p', 'p.id', 'x.process_id')
      .innerJoin('production_order as o', 'o.id', 'x.order_id')
      .select(['x.planned_qty', 'o.sheet_width_mm', 'o.sheet_length_mm'])
      .where('o.id', '=', derived.productionOrderId!)
      .where('p.code', '=', 'ZB01')
      .executeTakeFirstOrThrow();
    expect(derived).toMatchObject({ quantity: op.planned_qty, widthMm: op.sheet_width_mm, lengthMm: op.sheet_length_mm });
    // The carton plant has its own (its flows start on the corrugator too), never the board plant's.
    const carton = await orders(admin);
    const boardIds = new Set(board.list.map((order) => order.id));
    expect(carton.total).toBeGreaterThan(0);
    expect(carton.list.some((order) => boardIds.has(order.id))).toBe(false);
  });

  it('filters by state and due date, sorts by due date (latest first), and exports', async () => {
    const waiting = await orders(boardAdmin, 'state=1&dueDateStart=2000-01-01&dueDateEnd=2100-12-31');
    expect(waiting.list.every((order) => order.state === 1)).toBe(true);
    const dues = waiting.list.map((order) => order.dueDate);
    expect(dues).toEqual([...dues].sort().reverse());
    const response = await t.app.inject({ method: 'POST', url: P.orderExport, headers: { authorization: `Bearer ${boardAdmin}`, enterpriseid: '8888' }, payload: { state: '1' } });
    const rows = await sheetRows(response.rawPayload);
    expect(rows[0]).toContain('纸板编码');
    expect(rows.length - 1).toBe(waiting.total);
  });

  it('adds, edits and deletes a hand-entered order; a derived one is changed in its production order', async () => {
    const { id } = await data(post<{ id: number }>(boardAdmin, P.orderCreate, handOrder()));
    const created = await data(get<BoardOrder>(boardAdmin, P.orderDetail(id)));
    expect(created).toMatchObject({ source: 2, state: 1, orderNo: expect.stringMatching(/^BD\d{11}$/), areaM2: 1920 });
    expect(await logCount(`新增纸板订单：${created.orderNo}`)).toBe(1);
    await data(post(boardAdmin, P.orderUpdate, { ...handOrder({ quantity: 2500 }), id }));
    expect((await data(get<BoardOrder>(boardAdmin, P.orderDetail(id)))).quantity).toBe(2500);
    const derived = (await orders(boardAdmin, 'source=1&state=1')).list[0]!;
    const refused = await post(boardAdmin, P.orderUpdate, { ...handOrder(), id: derived.id });
    expect(refused).toMatchObject({ resultCode: 4009, resultMsg: `订单 ${derived.orderNo} 来自生产订单，请在生产订单中修改` });
    expect(await post(boardAdmin, P.orderCreate, handOrder({ widthMm: 50 }))).toMatchObject({ resultCode: 4000, resultMsg: expect.stringContaining('宽（mm）') });
    await data(post(boardAdmin, P.orderDeleteBatch, { ids: [id] }));
    expect(await get(boardAdmin, P.orderDetail(id))).toMatchObject({ resultCode: 4004 });
  });
});

describe('补单 from a defect report', () => {
  const candidates = (token: string) => data(get<RemakeCandidate[]>(token, P.remakeCandidates));

  it('lists audited reports with defects after the corrugator, and makes one re-make per report, linked to it', async () => {
    const list = await candidates(boardAdmin);
    expect(list.length).toBeGreaterThan(0);
    // Each is an audited report with defects, on an operation after the order's corrugator step.
    const ids = list.map((row) => row.reportId);
    const reports = await t.db
      .selectFrom('work_report as r')
      .innerJoin('production_order_operation as op', 'op.id', 'r.operation_id')
      .select(['r.id', 'r.audit_state', 'r.defect_qty', 'r.org_id', 'op.seq', 'r.order_id'])
      .where('r.id', 'in', ids)
      .execute();
    for (const report of reports) {
      expect(report).toMatchObject({ audit_state: 2, org_id: 1002 });
      expect(report.defect_qty).toBeGreaterThan(0);
      const corrugator = await t.db
        .selectFrom('production_order_operation as x')
        .innerJoin('process as p', 'p.id', 'x.process_id')
        .select('x.seq')
        .where('x.order_id', '=', report.order_id)
        .where('p.code', '=', 'ZB01')
        .executeTakeFirstOrThrow();
      expect(corrugator.seq).toBeLessThan(report.seq);
    }
    const report = list.find((row) => row.remakeOrderNo === '')!;
    const { id } = await data(post<{ id: number }>(planner, P.remakeCreate, { reportId: report.reportId, quantity: report.defectQty + 5, dueDate: '2030-02-01' }));
    const remake = await data(get<BoardOrder>(boardAdmin, P.orderDetail(id)));
    expect(remake).toMatchObject({
      source: 3,
      state: 1,
      orderNo: expect.stringMatching(/^BR\d{11}$/),
      sourceReportNo: report.reportNo,
      boardCode: report.boardCode,
      flute: report.flute,
      widthMm: report.widthMm,
      lengthMm: report.lengthMm,
      quantity: report.defectQty + 5,
      dueDate: '2030-02-01',
      customerName: report.customerName,
      remark: `报工 ${report.reportNo}（${report.processName}）不良 ${report.defectQty}`,
    });
    expect(await logCount(`生成补单：${remake.orderNo}（报工 ${report.reportNo}`)).toBe(1);
    // It waits in standby with its board group, and the report now names it.
    expect((await groups(boardAdmin)).some((group) => group.boardCode === report.boardCode && group.flute === report.flute)).toBe(true);
    expect((await candidates(boardAdmin)).find((row) => row.reportId === report.reportId)!.remakeOrderNo).toBe(remake.orderNo);
    // A second re-make of the same report is refused, and nothing is added.
    const total = (await orders(boardAdmin, 'source=3')).total;
    expect(await post(boardAdmin, P.remakeCreate, { reportId: report.reportId, quantity: 10, dueDate: '2030-02-01' })).toMatchObject({
      resultCode: 4009,
      resultMsg: `报工 ${report.reportNo} 已生成补单 ${remake.orderNo}`,
    });
    expect((await orders(boardAdmin, 'source=3')).total).toBe(total);
    // Deleting the re-make frees the report for another.
    await data(post(boardAdmin, P.orderDeleteBatch, { ids: [id] }));
    expect((await candidates(boardAdmin)).find((row) => row.reportId === report.reportId)!.remakeOrderNo).toBe('');
  });

  it('refuses a report that is not audited, has no defects or is on the corrugator itself (4000), another factory’s (4004), and bad input', async () => {
    const refusable = await t.db
      .selectFrom('work_report as r')
      .select(['r.id', 'r.report_no'])
      .where('r.org_id', '=', 1002)
      .where((eb) => eb.or([eb('r.audit_state', '<>', 2), eb('r.defect_qty', '=', 0)]))
      .executeTakeFirstOrThrow();
    const total = (await orders(boardAdmin, 'source=3')).total;
    expect(await post(boardAdmin, P.remakeCreate, { reportId: refusable.id, quantity: 10, dueDate: '2030-02-01' })).toMatchObject({
      resultCode: 4000,
      resultMsg: `报工 ${refusable.report_no} 不能生成补单：只有已审核、有不良数、且在瓦线工序之后的工序报工可以生成补单`,
    });
    const report = (await candidates(boardAdmin)).find((row) => row.remakeOrderNo === '')!;
    expect(await post(admin, P.remakeCreate, { reportId: report.reportId, quantity: 10, dueDate: '2030-02-01' })).toMatchObject({ resultCode: 4004, resultMsg: '报工记录不存在' });
    expect((await data(get<RemakeCandidate[]>(admin, P.remakeCandidates))).some((row) => row.reportId === report.reportId)).toBe(false);
    expect(await post(boardAdmin, P.remakeCreate, { reportId: report.reportId, quantity: 0, dueDate: '2030-02-01' })).toMatchObject({ resultCode: 4000 });
    expect((await orders(boardAdmin, 'source=3')).total).toBe(total);
  });
});

describe('standby, 试排 and saving a schedule', () => {
  it('groups waiting orders by board code and flute with totals', async () => {
    const list = await groups(boardAdmin);
    const waiting = (await orders(boardAdmin, 'state=1')).list;
    expect(list.reduce((sum, group) => sum + group.orders, 0)).toBe(waiting.length);
    const main = list.find((group) => group.boardCode === 'K250-C140-K250' && group.flute === 'C')!;
    const mine = waiting.filter((order) => order.boardCode === 'K250-C140-K250' && order.flute === 'C');
    expect(main).toMatchObject({ orders: mine.length, sheets: mine.reduce((sum, order) => sum + order.quantity, 0) });
    expect(main.areaM2).toBeCloseTo(mine.reduce((sum, order) => sum + order.areaM2, 0), 0);
    expect(main.metres).toBeGreaterThan(0);
  });

  it('试排 of each seeded group returns runs that keep every rule, under the bound-checked trim; saving takes the orders out of standby', async () => {
    const list = await groups(boardAdmin);
    const big = list.filter((group) => group.orders >= 10);
    expect(big.length).toBeGreaterThanOrEqual(3);
    for (const group of big) {
      const trial = await data(post<BoardTrialResult>(planner, P.trial, { boardCode: group.boardCode, flute: group.flute }));
      expect(trial.orderIds).toHaveLength(group.orders);
      await expectValidPlan(boardAdmin, group.boardCode, group.flute, trial.runs);
      expect(trial.totals.trimAreaM2).toBeGreaterThanOrEqual(trial.lowerBoundM2 - 1e-3);
      if (trial.aloneTrimAreaM2 !== null) expect(trial.totals.trimAreaM2).toBeLessThanOrEqual(trial.aloneTrimAreaM2 + 1e-3);
      console.info(`试排 ${group.boardCode}/${group.flute}: ${group.orders} orders → ${trial.totals.runs} runs, trim ${trial.totals.trimPct}% (bound ${trial.lowerBoundM2} m², plan ${trial.totals.trimAreaM2} m²), ${trial.elapsedMs} ms`);
    }
    const group = big[0]!;
    const trial = await data(post<BoardTrialResult>(planner, P.trial, { boardCode: group.boardCode, flute: group.flute }));
    const body = {
      boardCode: group.boardCode,
      flute: group.flute,
      lowerBoundM2: trial.lowerBoundM2,
      runs: trial.runs.map((run) => ({ rollWidthMm: run.rollWidthMm, lanes: run.lanes.map((lane) => ({ boardOrderId: lane.boardOrderId, outs: lane.outs, cuts: lane.cuts })) })),
    };
    const { id } = await data(post<{ id: number }>(planner, P.scheduleCreate, body));
    const saved = await detail(planner, id);
    expect(saved.schedule).toMatchObject({ state: 1, boardCode: group.boardCode, runCount: trial.runs.length, orderCount: group.orders, trimPct: trial.totals.trimPct });
    expect(saved.runs.map((run) => run.lanes.map((lane) => [lane.boardOrderId, lane.outs, lane.cuts]))).toEqual(trial.runs.map((run) => run.lanes.map((lane) => [lane.boardOrderId, lane.outs, lane.cuts])));
    expect((await groups(boardAdmin)).find((each) => each.boardCode === group.boardCode && each.flute === group.flute)).toBeUndefined();
    const held = (await orders(boardAdmin)).list.filter((order) => trial.orderIds.includes(order.id));
    expect(held.every((order) => order.state === 2 && order.scheduleId === id)).toBe(true);
    // The same runs again: the orders are no longer waiting.
    expect(await post(planner, P.scheduleCreate, body)).toMatchObject({ resultCode: 4009, resultMsg: expect.stringContaining('已不在待排中') });
    const log = await data(get<PageResult<BoardLogEntry>>(boardAdmin, `${P.logList}?limit=100&action=save`));
    expect(log.list.some((entry) => entry.scheduleNo === saved.schedule.scheduleNo && entry.after.includes(`修边 ${trial.totals.trimPct}%`))).toBe(true);
  });

  it('refuses a save whose runs break a rule, with the rule in Chinese, and saves nothing', async () => {
    const { id } = await data(post<{ id: number }>(boardAdmin, P.orderCreate, handOrder({ boardCode: 'T-RULE', widthMm: 700, quantity: 1000 })));
    const before = (await schedules(boardAdmin)).total;
    const tooWide = await post(boardAdmin, P.scheduleCreate, { boardCode: 'T-RULE', flute: 'C', runs: [{ rollWidthMm: 1600, lanes: [{ boardOrderId: id, outs: 3, cuts: 334 }] }] });
    expect(tooWide).toMatchObject({ resultCode: 4000, resultMsg: '不符合排产规则：第 1 刀：纸板宽 2100mm 加最小修边 25mm 超过门幅 1600mm' });
    const short = await post(boardAdmin, P.scheduleCreate, { boardCode: 'T-RULE', flute: 'C', runs: [{ rollWidthMm: 1600, lanes: [{ boardOrderId: id, outs: 2, cuts: 400 }] }] });
    expect(short).toMatchObject({ resultCode: 4000, resultMsg: expect.stringContaining('排 800 张，超出允许范围 970～1030 张') });
    expect((await schedules(boardAdmin)).total).toBe(before);
    expect((await data(get<BoardOrder>(boardAdmin, P.orderDetail(id)))).state).toBe(1);
  });

  it('shows an order no run can place as the optimiser’s Chinese refusal, never a 500', async () => {
    const { id } = await data(post<{ id: number }>(boardAdmin, P.orderCreate, handOrder({ boardCode: 'T-WIDE', widthMm: 2600 })));
    const refused = await post(boardAdmin, P.trial, { boardCode: 'T-WIDE', flute: 'C' });
    const orderNo = (await data(get<BoardOrder>(boardAdmin, P.orderDetail(id)))).orderNo;
    expect(refused).toMatchObject({ resultCode: 4000, resultMsg: `订单 ${orderNo} 无法排产：宽度 2600 mm 超过最宽门幅 2500 mm 减最小修边 25 mm（2475 mm）` });
    expect(await post(boardAdmin, P.trial, { boardCode: 'T-NONE', flute: 'C' })).toMatchObject({ resultCode: 4000, resultMsg: '没有可试排的待排订单' });
    expect(await post(boardAdmin, P.trial, { boardCode: 'T-WIDE', flute: 'C', orderIds: [999_999] })).toMatchObject({ resultCode: 4000, resultMsg: '所选订单不是该纸板编码和楞型的待排订单' });
    await data(post(boardAdmin, P.orderDeleteBatch, { ids: [id] }));
  });

  it('puts a 试排’s runs in the line’s 排刀顺序: wide to narrow by default, narrow to wide when set', async () => {
    const group = (await groups(boardAdmin)).find((each) => each.orders >= 10)!;
    const widths = async () => (await data(post<BoardTrialResult>(boardAdmin, P.trial, { boardCode: group.boardCode, flute: group.flute }))).runs.map((run) => run.rollWidthMm);
    const wide = await widths();
    expect(new Set(wide).size).toBeGreaterThan(1);
    expect(wide).toEqual([...wide].sort((a, b) => b - a));
    await data(post(boardAdmin, P.configUpdate, { ...DEFAULT_BOARD_LINE_CONFIG, sequence: 'narrow' }));
    try {
      const narrow = await widths();
      expect(narrow).toEqual([...narrow].sort((a, b) => a - b));
      const log = await data(get<PageResult<BoardLogEntry>>(boardAdmin, `${P.logList}?limit=10&action=config`));
      expect(log.list[0]!.after).toContain('排刀 窄到宽');
    } finally {
      await data(post(boardAdmin, P.configUpdate, DEFAULT_BOARD_LINE_CONFIG));
    }
    expect(await post(boardAdmin, P.configUpdate, { ...DEFAULT_BOARD_LINE_CONFIG, sequence: 'middle' })).toMatchObject({ resultCode: 4000 });
  });

  it('runs one 试排 at a time per factory, with a clear message for the second', async () => {
    const group = (await groups(boardAdmin))[0]!;
    const body = { boardCode: group.boardCode, flute: group.flute };
    const [first, second] = await Promise.all([post(boardAdmin, P.trial, body), post(planner, P.trial, body)]);
    const codes = [first.resultCode, second.resultCode].sort();
    expect(codes).toEqual([1000, 4009]);
    expect([first, second].find((answer) => answer.resultCode === 4009)).toMatchObject({ resultMsg: '本工厂正在试排，请等当前试排完成后再试' });
  });
});

describe('a schedule: hand edits, issue, cancel, copy, run sheet', () => {
  async function draftOf(boardCode: string, quantity = 3000) {
    const a = await data(post<{ id: number }>(boardAdmin, P.orderCreate, handOrder({ boardCode, widthMm: 1000, lengthMm: 1000, quantity })));
    const b = await data(post<{ id: number }>(boardAdmin, P.orderCreate, handOrder({ boardCode, widthMm: 600, lengthMm: 1000, quantity })));
    const { id } = await data(
      post<{ id: number }>(boardAdmin, P.scheduleCreate, {
        boardCode,
        flute: 'C',
        runs: [{ rollWidthMm: 1700, lanes: [{ boardOrderId: a.id, outs: 1, cuts: quantity }, { boardOrderId: b.id, outs: 1, cuts: quantity }] }],
      }),
    );
    return { id, a: a.id, b: b.id };
  }

  it('edits a draft run by hand: outs and roll re-checked and the trim recomputed; a broken rule is refused', async () => {
    const { id, a, b } = await draftOf('T-EDIT');
    const before = await detail(boardAdmin, id);
    expect(before.runs[0]).toMatchObject({ rollWidthMm: 1700, trimMm: 100 });
    const run = before.runs[0]!;
    const lane = (orderId: number) => run.lanes.find((each) => each.boardOrderId === orderId)!;
    // Narrower roll: 1600 − 1600 mm of sheets < 25 mm minimum trim.
    const refused = await post(boardAdmin, P.runUpdate, { scheduleId: id, runId: run.runId, rollWidthMm: 1600, lanes: run.lanes.map((each) => ({ boardOrderId: each.boardOrderId, outs: each.outs, cuts: each.cuts })) });
    expect(refused).toMatchObject({ resultCode: 4000, resultMsg: '不符合排产规则：第 1 刀：纸板宽 1600mm 加最小修边 25mm 超过门幅 1600mm' });
    // Two outs of the 600 mm order at half the cuts, on the 2300 roll.
    await data(
      post(boardAdmin, P.runUpdate, {
        scheduleId: id,
        runId: run.runId,
        rollWidthMm: 2300,
        lanes: [
          { boardOrderId: lane(a).boardOrderId, outs: 1, cuts: 3000 },
          { boardOrderId: lane(b).boardOrderId, outs: 2, cuts: 1500 },
        ],
      }),
    );
    const after = await detail(boardAdmin, id);
    expect(after.runs[0]).toMatchObject({ rollWidthMm: 2300, trimMm: 100, metres: 3000 });
    expect(after.schedule.trimAreaM2).toBeCloseTo(after.totals.trimAreaM2, 3);
    expect(after.totals.trimAreaM2).toBeCloseTo(2300 * 3 - 1000 * 3 - 600 * 2 * 1.5, 3);
    const log = await data(get<PageResult<BoardLogEntry>>(boardAdmin, `${P.logList}?limit=10&action=edit`));
    expect(log.list[0]).toMatchObject({ scheduleNo: after.schedule.scheduleNo, before: expect.stringContaining('门幅 1700'), after: expect.stringContaining('门幅 2300') });
  });

  it('issues a draft; an issued schedule is immutable (4009), and exports its run sheet', async () => {
    const { id } = await draftOf('T-ISSUE');
    await data(post(boardAdmin, P.scheduleIssue, { id }));
    const issued = await detail(boardAdmin, id);
    expect(issued.schedule).toMatchObject({ state: 2, issuedAt: expect.any(String) });
    const run = issued.runs[0]!;
    const edit = await post(boardAdmin, P.runUpdate, { scheduleId: id, runId: run.runId, rollWidthMm: 1800, lanes: run.lanes.map((lane) => ({ boardOrderId: lane.boardOrderId, outs: lane.outs, cuts: lane.cuts })) });
    expect(edit).toMatchObject({ resultCode: 4009, resultMsg: '排程已下发，不能修改' });
    expect(await post(boardAdmin, P.scheduleIssue, { id })).toMatchObject({ resultCode: 4009, resultMsg: '排程已下发，不能下发' });
    expect((await detail(boardAdmin, id)).runs[0]!.rollWidthMm).toBe(1700);
    const response = await t.app.inject({ method: 'POST', url: P.runSheet, headers: { authorization: `Bearer ${boardAdmin}`, enterpriseid: '8888' }, payload: { id } });
    expect(response.headers['content-disposition']).toContain(encodeURIComponent(`排产单-${issued.schedule.scheduleNo}`));
    const rows = await sheetRows(response.rawPayload);
    expect(rows[0]).toEqual(['顺序', '门幅(mm)', '订单号', '客户名称', '宽(mm)', '长(mm)', '切数', '刀数', '张数', '米数', '修边(mm)', '修边率(%)']);
    expect(rows.slice(1).map((row) => row[2])).toEqual(run.lanes.map((lane) => lane.orderNo));
  });

  it('cancels a schedule, giving its orders back to standby, and copies it into a new draft', async () => {
    const { id, a, b } = await draftOf('T-CANCEL');
    await data(post(boardAdmin, P.scheduleCancel, { id }));
    expect((await detail(boardAdmin, id)).schedule.state).toBe(5);
    const back = (await orders(boardAdmin, 'boardCode=T-CANCEL')).list;
    expect(back.map((order) => [order.id, order.state, order.scheduleId])).toEqual(expect.arrayContaining([[a, 1, null], [b, 1, null]]));
    expect(await post(boardAdmin, P.scheduleCancel, { id })).toMatchObject({ resultCode: 4009, resultMsg: '排程已取消，不能取消' });
    const copy = await data(post<{ id: number }>(boardAdmin, P.scheduleCopy, { id }));
    const copied = await detail(boardAdmin, copy.id);
    expect(copied.schedule).toMatchObject({ state: 1, runCount: 1, orderCount: 2 });
    expect(await post(boardAdmin, P.scheduleCopy, { id })).toMatchObject({ resultCode: 4009 });
  });

  it('re-optimises the rest of a locked order within the order’s whole window, and puts the whole schedule in 排刀顺序', async () => {
    // Two 250 mm orders of 1,000 sheets (970–1,030 allowed); the locked run gives each 900. What is left
    // may be 70–130 sheets: at least 120 cuts (30 m) fit, which a window of 100 ± 3 % (97–103) would not.
    const a = await data(post<{ id: number }>(boardAdmin, P.orderCreate, handOrder({ boardCode: 'T-REST', widthMm: 1000, lengthMm: 250, quantity: 1000 })));
    const b = await data(post<{ id: number }>(boardAdmin, P.orderCreate, handOrder({ boardCode: 'T-REST', widthMm: 600, lengthMm: 250, quantity: 1000 })));
    const { id } = await data(
      post<{ id: number }>(boardAdmin, P.scheduleCreate, {
        boardCode: 'T-REST',
        flute: 'C',
        runs: [
          { rollWidthMm: 1600, lanes: [{ boardOrderId: a.id, outs: 1, cuts: 120 }] },
          { rollWidthMm: 1700, lanes: [{ boardOrderId: a.id, outs: 1, cuts: 900 }, { boardOrderId: b.id, outs: 1, cuts: 900 }] },
          { rollWidthMm: 1800, lanes: [{ boardOrderId: b.id, outs: 1, cuts: 120 }] },
        ],
      }),
    );
    const before = await detail(boardAdmin, id);
    const lockedRun = before.runs[1]!;
    await data(post(boardAdmin, P.reoptimise, { id, lockedRunIds: [lockedRun.runId] }));
    const after = await detail(boardAdmin, id);
    expect(after.problems).toEqual([]);
    expect(after.runs.find((run) => run.runId === lockedRun.runId)).toMatchObject({ rollWidthMm: 1700, lanes: lockedRun.lanes });
    const sheets = (orderId: number) => after.runs.flatMap((run) => run.lanes).filter((lane) => lane.boardOrderId === orderId).reduce((sum, lane) => sum + lane.sheets, 0);
    for (const orderId of [a.id, b.id]) {
      expect(sheets(orderId)).toBeGreaterThanOrEqual(970);
      expect(sheets(orderId)).toBeLessThanOrEqual(1030);
    }
    // Wide to narrow over the whole schedule, the locked run included.
    const rolls = after.runs.map((run) => run.rollWidthMm);
    expect(rolls).toEqual([...rolls].sort((x, y) => y - x));
    expect(after.runs.map((run) => run.seq)).toEqual(after.runs.map((_, index) => index + 1));
  });

  it('lists schedules with their figures; the seed has one on the line, one issued, one done and drafts', async () => {
    const page = await schedules(boardAdmin);
    const states = new Set(page.list.map((row) => row.state));
    for (const state of [1, 2, 3, 4]) expect(states.has(state)).toBe(true);
    const issued = page.list.find((row) => row.state === 2 && row.boardCode === 'A200-C120-A200')!;
    const seeded = await detail(boardAdmin, issued.id);
    await expectValidPlan(boardAdmin, issued.boardCode, issued.flute, seeded.runs);
    expect(seeded.schedule.trimAreaM2).toBeCloseTo(seeded.totals.trimAreaM2, 3);
    expect(seeded.totals.minutes).toBeCloseTo(seeded.totals.metres / seeded.totals.speedMpm, 0);
    expect((await schedules(boardAdmin, 'state=2')).list.every((row) => row.state === 2)).toBe(true);
    // Paper rolls for it: A200-C120-A200 is liner / C-flute medium (take-up 1.45) / liner, on every roll width used.
    const rolls = new Set(seeded.runs.map((run) => run.rollWidthMm));
    const demand = seeded.paperDemand;
    expect(demand.map((row) => row.paperCode)).toEqual([...Array(rolls.size).fill('A200'), ...Array(rolls.size).fill('C120'), ...Array(rolls.size).fill('A200')]);
    const webMetres = seeded.runs.reduce((sum, run) => sum + run.metres, 0);
    const linerMetres = demand.filter((row) => row.seq === 1).reduce((sum, row) => sum + row.metres, 0);
    const mediumMetres = demand.filter((row) => row.seq === 2).reduce((sum, row) => sum + row.metres, 0);
    expect(linerMetres).toBeCloseTo(webMetres, 0);
    expect(mediumMetres).toBeCloseTo(webMetres * 1.45, 0);
    for (const row of demand) expect(row.tonnes).toBeCloseTo((row.areaM2 * (row.paperCode === 'A200' ? 200 : 120)) / 1e6, 2);
  });
});

describe('the line’s config', () => {
  it('re-checks a draft under a changed config: the detail names the broken rule and the draft cannot be issued', async () => {
    const draft = (await schedules(boardAdmin, 'state=1')).list[0]!;
    expect((await detail(boardAdmin, draft.id)).problems).toEqual([]);
    await data(post(boardAdmin, P.configUpdate, { ...DEFAULT_BOARD_LINE_CONFIG, minTrimMm: 200 }));
    const problems = (await detail(boardAdmin, draft.id)).problems;
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/^第 \d+ 刀：纸板宽 \d+mm 加最小修边 200mm 超过门幅 \d+mm$/);
    expect(await post(boardAdmin, P.scheduleIssue, { id: draft.id })).toMatchObject({ resultCode: 4000, resultMsg: expect.stringContaining('加最小修边 200mm') });
    await data(post(boardAdmin, P.configUpdate, DEFAULT_BOARD_LINE_CONFIG));
    expect((await detail(boardAdmin, draft.id)).problems).toEqual([]);
  });


  it('shows the roll widths on hand; a deckle’s own larger minimum trim is what the line keeps', async () => {
    const rolls = await data(get<BoardRoll[]>(boardAdmin, P.configRolls));
    const deckles = await t.db.selectFrom('deckle_width').select(['id', 'width_mm', 'min_trim_mm', 'enabled']).where('org_id', '=', 1002).orderBy('width_mm').execute();
    expect(rolls).toEqual(deckles.map((row) => ({ widthMm: row.width_mm, minTrimMm: row.min_trim_mm, enabled: row.enabled })));
    expect(rolls.every((roll) => roll.minTrimMm < DEFAULT_BOARD_LINE_CONFIG.minTrimMm)).toBe(true);
    const draft = (await schedules(boardAdmin, 'state=1')).list[0]!;
    expect((await detail(boardAdmin, draft.id)).minTrimMm).toBe(DEFAULT_BOARD_LINE_CONFIG.minTrimMm);
    const deckle = deckles.find((row) => row.enabled)!;
    await data(post(boardAdmin, '/dps-server/deckle_width/update', { id: deckle.id, widthMm: deckle.width_mm, minTrimMm: 180, enabled: true }));
    try {
      const changed = await detail(boardAdmin, draft.id);
      expect(changed.minTrimMm).toBe(180);
      expect(changed.problems.some((problem) => problem.includes('加最小修边 180mm'))).toBe(true);
    } finally {
      await data(post(boardAdmin, '/dps-server/deckle_width/update', { id: deckle.id, widthMm: deckle.width_mm, minTrimMm: deckle.min_trim_mm, enabled: true }));
    }
    expect((await detail(boardAdmin, draft.id)).problems).toEqual([]);
  });

  it('reads the defaults, validates and stores a change per factory, logged with before and after', async () => {
    expect(await data(get<BoardLineConfig>(boardAdmin, P.config))).toEqual(DEFAULT_BOARD_LINE_CONFIG);
    expect(await post(boardAdmin, P.configUpdate, { ...DEFAULT_BOARD_LINE_CONFIG, knives: 1 })).toMatchObject({ resultCode: 4000, resultMsg: '只有一把横切刀时每刀订单数只能是1' });
    expect(await post(boardAdmin, P.configUpdate, { ...DEFAULT_BOARD_LINE_CONFIG, maxOuts: 0 })).toMatchObject({ resultCode: 4000, resultMsg: expect.stringContaining('最大切数') });
    expect(await post(boardAdmin, P.configUpdate, { ...DEFAULT_BOARD_LINE_CONFIG, maxWidthMm: 1000 })).toMatchObject({ resultCode: 4000, resultMsg: '没有不超过最大门幅 1000mm 的可用门幅，请先在纸板生产数据中维护门幅' });
    const speeds = [...DEFAULT_BOARD_LINE_CONFIG.speeds, { flute: 'c', speedMpm: 120 }];
    expect(await post(boardAdmin, P.configUpdate, { ...DEFAULT_BOARD_LINE_CONFIG, speeds })).toMatchObject({ resultCode: 4000, resultMsg: '楞型 C 的车速重复' });
    const changed = { ...DEFAULT_BOARD_LINE_CONFIG, minTrimMm: 30, tolerancePct: 5 };
    await data(post(boardAdmin, P.configUpdate, changed));
    expect(await data(get<BoardLineConfig>(boardAdmin, P.config))).toEqual(changed);
    expect(await data(get<BoardLineConfig>(admin, P.config))).toEqual(DEFAULT_BOARD_LINE_CONFIG);
    const log = await data(get<PageResult<BoardLogEntry>>(boardAdmin, `${P.logList}?limit=10&action=config`));
    expect(log.list[0]).toMatchObject({ before: expect.stringContaining('最小修边 25mm'), after: expect.stringContaining('最小修边 30mm') });
    await data(post(boardAdmin, P.configUpdate, DEFAULT_BOARD_LINE_CONFIG));
  });
});

describe('access', () => {
  it('refuses each action without its code (4003) and keeps factories apart (4004)', async () => {
    const calls: Array<[string, unknown]> = [
      [P.trial, { boardCode: 'K250-C140-K250', flute: 'C' }],
      [P.scheduleCreate, { boardCode: 'X', flute: 'C', runs: [{ rollWidthMm: 1800, lanes: [{ boardOrderId: 1, outs: 1, cuts: 1 }] }] }],
      [P.runUpdate, { scheduleId: 1, runId: 1, rollWidthMm: 1800, lanes: [{ boardOrderId: 1, outs: 1, cuts: 1 }] }],
      [P.runCheck, { scheduleId: 1, runId: 1, rollWidthMm: 1800, lanes: [{ boardOrderId: 1, outs: 1, cuts: 1 }] }],
      [P.reoptimise, { id: 1, lockedRunIds: [] }],
      [P.scheduleIssue, { id: 1 }],
      [P.scheduleCancel, { id: 1 }],
      [P.scheduleCopy, { id: 1 }],
      [P.runSheet, { id: 1 }],
      [P.configUpdate, DEFAULT_BOARD_LINE_CONFIG],
      [P.orderCreate, handOrder()],
      [P.orderImport, { url: '/file/x.xlsx' }],
      [P.remakeCreate, { reportId: 1, quantity: 1, dueDate: '2030-01-01' }],
    ];
    for (const [path, body] of calls) expect(await post(qc, path, body), path).toMatchObject({ resultCode: 4003 });
    expect(await get(qc, P.scheduleList)).toMatchObject({ resultCode: 4003 });
    expect(await get(qc, P.remakeCandidates)).toMatchObject({ resultCode: 4003 });
    const boardSchedule = (await schedules(boardAdmin)).list[0]!;
    expect(await get(admin, P.scheduleDetail(boardSchedule.id))).toMatchObject({ resultCode: 4004 });
    expect(await post(admin, P.scheduleIssue, { id: boardSchedule.id })).toMatchObject({ resultCode: 4004 });
    expect(await post(admin, P.scheduleCancel, { id: boardSchedule.id })).toMatchObject({ resultCode: 4004 });
    expect((await schedules(admin)).list.some((row) => row.id === boardSchedule.id)).toBe(false);
  });

  it('answers 4004 to another factory’s update, copy, re-optimise, export and run check of a schedule, and changes nothing', async () => {
    const draft = (await schedules(boardAdmin, 'state=1')).list[0]!;
    const cancelled = (await schedules(boardAdmin, 'state=5')).list[0];
    const before = await detail(boardAdmin, draft.id);
    const run = before.runs[0]!;
    const lanes = run.lanes.map((lane) => ({ boardOrderId: lane.boardOrderId, outs: lane.outs, cuts: lane.cuts }));
    const logsBefore = (await data(get<PageResult<BoardLogEntry>>(boardAdmin, `${P.logList}?limit=10`))).total;
    const schedulesBefore = (await schedules(boardAdmin)).total;
    const calls: Array<[string, unknown]> = [
      [P.runUpdate, { scheduleId: draft.id, runId: run.runId, rollWidthMm: run.rollWidthMm, lanes }],
      [P.runCheck, { scheduleId: draft.id, runId: run.runId, rollWidthMm: run.rollWidthMm, lanes }],
      [P.reoptimise, { id: draft.id, lockedRunIds: [] }],
      [P.scheduleCopy, { id: cancelled?.id ?? draft.id }],
      [P.runSheet, { id: draft.id }],
    ];
    for (const [path, body] of calls) expect(await post(admin, path, body), path).toMatchObject({ resultCode: 4004, resultMsg: '排程不存在' });
    const after = await detail(boardAdmin, draft.id);
    expect(after.schedule).toEqual(before.schedule);
    expect(after.runs).toEqual(before.runs);
    expect((await schedules(boardAdmin)).total).toBe(schedulesBefore);
    expect((await data(get<PageResult<BoardLogEntry>>(boardAdmin, `${P.logList}?limit=10`))).total).toBe(logsBefore);
  });
});

describe('plan helpers', () => {
  const order = (id: number, quantity: number) => ({ id, orderNo: `O${id}`, customerName: '', widthMm: 500, lengthMm: 500, quantity });

  it('gives each remainder a window inside the order’s whole window less its locked sheets, widened only when every order was locked into', () => {
    const orders = [order(1, 1000), order(2, 2400), order(3, 5000)];
    // Every order touched: one tolerance as wide as the tightest remainder's window allows.
    const locked = new Map([[1, 900], [2, 1000], [3, 5000]]);
    const rest = remainderInstance(orders, locked, 0.03);
    expect(rest.orders.map((each) => each.id)).toEqual([1, 2]);
    expect(rest.tolerance).toBeGreaterThan(0.03);
    for (const each of rest.orders) {
      const whole = sheetRange(orders.find((o) => o.id === each.id)!.quantity, 0.03);
      const got = locked.get(each.id)!;
      const window = sheetRange(each.quantity, rest.tolerance);
      expect(window.min + got).toBeGreaterThanOrEqual(whole.min);
      expect(window.max + got).toBeLessThanOrEqual(whole.max);
    }
    // The tightest: order 2's 2,328–2,472 less 1,000 (1,328–1,472, ±5.1 %); order 1 then takes 95–105 of its 70–130.
    expect(rest.tolerance).toBeCloseTo(144 / 2800, 5);
    expect(sheetRange(rest.orders[1]!.quantity, rest.tolerance)).toEqual({ min: 1328, max: 1472 });
    expect(sheetRange(rest.orders[0]!.quantity, rest.tolerance)).toEqual({ min: 95, max: 105 });
    // An untouched order keeps its quantity and the config's tolerance: so does every other remainder.
    const plain = remainderInstance([...orders, order(4, 800)], locked, 0.03);
    expect(plain.tolerance).toBe(0.03);
    expect(plain.orders.map((each) => [each.id, each.quantity])).toEqual([[1, 100], [2, 1400], [4, 800]]);
  });

  it('sequences runs by roll width either way, keeping the order of runs of one width', () => {
    const runs = [{ rollWidthMm: 1800, tag: 'a' }, { rollWidthMm: 2200, tag: 'b' }, { rollWidthMm: 1800, tag: 'c' }, { rollWidthMm: 1600, tag: 'd' }];
    expect(sequenceRuns(runs, 'wide').map((run) => run.tag)).toEqual(['b', 'a', 'c', 'd']);
    expect(sequenceRuns(runs, 'narrow').map((run) => run.tag)).toEqual(['d', 'a', 'c', 'b']);
  });

  it('keeps the larger of the config’s and the usable deckles’ minimum trim', () => {
    const deckles = [
      { widthMm: 1600, minTrimMm: 20, enabled: true },
      { widthMm: 2000, minTrimMm: 35, enabled: true },
      { widthMm: 2200, minTrimMm: 60, enabled: false },
      { widthMm: 2800, minTrimMm: 80, enabled: true },
    ];
    expect(lineConfig(DEFAULT_BOARD_LINE_CONFIG, deckles)).toMatchObject({ rolls: [1600, 2000], config: { minTrimMm: 35 } });
    expect(lineConfig({ ...DEFAULT_BOARD_LINE_CONFIG, minTrimMm: 40 }, deckles).config.minTrimMm).toBe(40);
  });
});
