import { sql } from 'kysely';
import {
  BOARD_SCHEDULE_STATE,
  speedOf,
  type BoardPlanTotals,
  type BoardRunView,
  type BoardSchedule,
  type BoardScheduleDetail,
  type BoardScheduleListQuery,
  type BoardPartner,
  type BoardReoptimiseRequest,
  type BoardReoptimiseResult,
  type BoardRunCheck,
  type BoardTrialRequest,
  type BoardTrialResult,
  type CreateBoardScheduleRequest,
  type UpdateBoardRunRequest,
} from '@core/contracts/paperboard';
import type { PageResult } from '@core/contracts/common';
import type { Db } from '../../db';
import type { TrimInstance, TrimRun } from '../../domain/trim/types';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { formatDateTime } from '../../lib/datetime';
import { conflict, notFound, validation } from '../../lib/errors';
import type { ExportColumn } from '../../lib/excel-export';
import { runList } from '../../lib/list-query';
import { factoryList, inScope, requireOne, type RowOf } from '../../lib/scoped';
import { guardUnique } from '../../lib/unique';
import type { Scope } from '../../plugins/auth';
import type { BoardConfigService } from './config.service';
import { addBoardLog } from './log.service';
import { nextDailyNo, syncBoardOrders } from './orders.service';
import { paperDemand } from './paper-demand';
import { planProblems, planTotals, remainderInstance, runViews, sequenceRuns, trimInstance, type PlanOrder, type PlanRun } from './plan';
import type { TrimOutcome, TrimRunner } from './trim-runner';

export const BoardScheduleMessages = {
  notFound: '排程不存在',
  noOrders: '没有可试排的待排订单',
  notStandby: '所选订单不是该纸板编码和楞型的待排订单',
  busy: '本工厂正在试排，请等当前试排完成后再试',
  taken: (orderNo: string) => `订单 ${orderNo} 已不在待排中（可能已排入其他排程），请重新试排`,
  orderMissing: '排程中有订单已被删除，无法继续',
  notDraft: (state: number) => `排程${BOARD_SCHEDULE_STATE.label(state)}，不能修改`,
  cannotIssue: (state: number) => `排程${BOARD_SCHEDULE_STATE.label(state)}，不能下发`,
  cannotCancel: (state: number) => `排程${BOARD_SCHEDULE_STATE.label(state)}，不能取消`,
  runNotFound: '排刀不存在',
  broken: (problems: string[]) => `不符合排产规则：${problems.slice(0, 3).join('；')}${problems.length > 3 ? `；等 ${problems.length} 处` : ''}`,
  failed: '试排失败，请稍后重试',
  revoked: (orderNo: string) => `订单 ${orderNo}：生产订单已撤销，请取消本排程或调整后再下发`,
  otherBoard: (orderNo: string, boardCode: string, flute: string) => `订单 ${orderNo}：纸板编码或楞型已改为 ${boardCode}（${flute}），与排程不一致`,
  notPartner: '所选订单不是本排程的订单，也不是该纸板编码和楞型的待排订单',
  lockedUnknown: '锁定的排刀不在本排程中，请刷新后重试',
  nothingToOptimise: '所有排刀都已锁定，没有可重新优化的排刀',
  changed: '排程在重新优化期间已被修改，请刷新后重试',
} as const;

const round1 = (value: number) => Math.round(value * 10) / 10;
/** The most waiting orders a draft's run editor offers as partners. */
const BOARD_MAX_PARTNERS = 300;
const figures = (totals: Pick<BoardPlanTotals, 'runs' | 'orders' | 'trimPct' | 'trimAreaM2' | 'metres'>) =>
  `${totals.orders} 单 ${totals.runs} 刀，${round1(totals.metres)} 米，修边 ${totals.trimPct}%（${totals.trimAreaM2}㎡）`;

const SCHEDULE_LIST = factoryList('s', {
  filters: {
    scheduleNo: { column: 's.schedule_no', kind: 'like', label: '排程号' },
    boardCode: { column: 's.board_code', kind: 'like', label: '纸板编码' },
    state: { column: 's.state', kind: 'in', label: '状态', integer: true },
    createTime: { column: 's.created_at', kind: 'dateRange', label: '创建时间' },
  },
  sorts: { id: 's.id', scheduleNo: 's.schedule_no', createTime: 's.created_at', trimAreaM2: 's.trim_area_m2', metres: 's.metres' },
  defaultSort: { field: 'id', direction: 'desc' },
});

function scheduleQuery(db: Db) {
  return db.selectFrom('board_schedule as s').selectAll('s');
}
type ScheduleRow = RowOf<typeof scheduleQuery>;

function toSchedule(row: ScheduleRow): BoardSchedule {
  const paper = Number(row.paper_area_m2);
  const trim = Number(row.trim_area_m2);
  const metres = Number(row.metres);
  return {
    id: row.id,
    scheduleNo: row.schedule_no,
    boardCode: row.board_code,
    flute: row.flute,
    state: row.state,
    runCount: row.run_count,
    orderCount: row.order_count,
    metres,
    paperAreaM2: paper,
    trimAreaM2: trim,
    trimPct: paper > 0 ? Math.round((trim / paper) * 100_000) / 1000 : 0,
    lowerBoundM2: row.lower_bound_m2 === null ? null : Number(row.lower_bound_m2),
    minutes: round1(metres / row.speed_mpm),
    createdBy: row.created_by_name,
    issuedAt: row.issued_at ? formatDateTime(row.issued_at) : '',
    remark: row.remark,
    createTime: formatDateTime(row.created_at),
    updateTime: formatDateTime(row.updated_at),
  };
}

/** One row of the run sheet (排产单): a lane with its run's figures. */
interface RunSheetRow {
  run: BoardRunView;
  lane: BoardRunView['lanes'][number];
  first: boolean;
}

export const RUN_SHEET_COLUMNS: ReadonlyArray<ExportColumn<RunSheetRow>> = [
  { header: '顺序', value: (row) => (row.first ? row.run.seq : '') },
  { header: '门幅(mm)', value: (row) => (row.first ? row.run.rollWidthMm : '') },
  { header: '订单号', value: (row) => row.lane.orderNo, width: 18 },
  { header: '客户名称', value: (row) => row.lane.customerName, width: 24 },
  { header: '宽(mm)', value: (row) => row.lane.widthMm },
  { header: '长(mm)', value: (row) => row.lane.lengthMm },
  { header: '切数', value: (row) => row.lane.outs },
  { header: '刀数', value: (row) => row.lane.cuts },
  { header: '张数', value: (row) => row.lane.sheets },
  { header: '米数', value: (row) => (row.first ? row.run.metres : '') },
  { header: '修边(mm)', value: (row) => (row.first ? row.run.trimMm : '') },
  { header: '修边率(%)', value: (row) => (row.first ? row.run.trimPct : '') },
];

type OrderRow = PlanOrder & { boardCode: string; flute: string; state: number; scheduleId: number | null; revoked: boolean };

async function ordersOf(db: Db, scope: Scope, where: { ids?: number[]; scheduleId?: number }, lock = false): Promise<OrderRow[]> {
  let query = db
    .selectFrom('board_order')
    .select([
      'id',
      'order_no as orderNo',
      'customer_name as customerName',
      'width_mm as widthMm',
      'length_mm as lengthMm',
      'quantity',
      'board_code as boardCode',
      'flute',
      'state',
      'schedule_id as scheduleId',
      'revoked',
    ])
    .where(inScope(scope));
  if (where.ids) query = query.where('id', 'in', where.ids.length ? where.ids : [0]);
  if (where.scheduleId !== undefined) query = query.where('schedule_id', '=', where.scheduleId);
  query = query.orderBy('id');
  return lock ? query.forUpdate().execute() : query.execute();
}

/** The waiting (待排, not revoked) orders of one board code and flute, as the optimiser and the checks see them. */
function waitingOrders(db: Db, scope: Scope, board: { boardCode: string; flute: string }) {
  return db
    .selectFrom('board_order')
    .select(['id', 'order_no as orderNo', 'customer_name as customerName', 'width_mm as widthMm', 'length_mm as lengthMm', 'quantity'])
    .where(inScope(scope))
    .where('state', '=', 1)
    .where('revoked', '=', false)
    .where('board_code', '=', board.boardCode)
    .where('flute', '=', board.flute);
}

async function runsOf(db: Db, scheduleId: number): Promise<PlanRun[]> {
  const rows = await db
    .selectFrom('board_run as r')
    .innerJoin('board_run_lane as l', 'l.run_id', 'r.id')
    .select(['r.id as runId', 'r.seq', 'r.roll_width_mm as roll', 'l.id as laneId', 'l.board_order_id as orderId', 'l.outs', 'l.cuts'])
    .where('r.schedule_id', '=', scheduleId)
    .orderBy('r.seq')
    .orderBy('l.lane_no')
    .execute();
  const runs = new Map<number, PlanRun>();
  for (const row of rows) {
    const run = runs.get(row.runId) ?? { runId: row.runId, rollWidthMm: row.roll, lanes: [] };
    run.lanes.push({ laneId: row.laneId, boardOrderId: row.orderId ?? 0, outs: row.outs, cuts: row.cuts });
    runs.set(row.runId, run);
  }
  return [...runs.values()];
}

/** The format's rules on a draft's runs, and what its orders say since: a revoked production order, another board code or flute. */
function scheduleProblems(runs: PlanRun[], orders: OrderRow[], board: { board_code: string; flute: string }, rolls: number[], config: Parameters<typeof planProblems>[3]): string[] {
  const followed = orders.flatMap((order) => [
    ...(order.revoked ? [BoardScheduleMessages.revoked(order.orderNo)] : []),
    ...(order.boardCode !== board.board_code || order.flute !== board.flute ? [BoardScheduleMessages.otherBoard(order.orderNo, order.boardCode, order.flute)] : []),
  ]);
  return [...followed, ...planProblems(runs, orders, rolls, config)];
}

/** The optimiser's refusal in Chinese with the order's number instead of its id; any other failure as 试排失败. */
function refusalOf(outcome: Exclude<TrimOutcome, { ok: true }>, orders: PlanOrder[]): string {
  if (!('refusal' in outcome)) return BoardScheduleMessages.failed;
  const order = orders.find((candidate) => String(candidate.id) === outcome.orderId);
  return order ? outcome.refusal.replaceAll(`订单 ${order.id}`, `订单 ${order.orderNo}`) : outcome.refusal;
}

const planRunsOf = (runs: TrimRun[]): PlanRun[] =>
  runs.map((run) => ({ rollWidthMm: run.rollWidth, lanes: run.lanes.map((lane) => ({ boardOrderId: Number(lane.orderId), outs: lane.outs, cuts: lane.cuts })) }));

const runText = (view: BoardRunView) => `门幅 ${view.rollWidthMm}，${view.lanes.map((lane) => `${lane.orderNo} ${lane.outs}切×${lane.cuts}刀`).join(' + ')}，修边 ${view.trimMm}mm`;

/** Corrugator schedules (排产单): 试排 in the worker, save, hand edits, issue, cancel, copy, run sheet. */
export class BoardScheduleService {
  /** Factories with a 试排 running (one at a time each). */
  private readonly trialsRunning = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly configs: BoardConfigService,
    private readonly runner: TrimRunner,
  ) {}

  list(scope: Scope, params: BoardScheduleListQuery): Promise<PageResult<BoardSchedule>> {
    return runList(this.db, scheduleQuery(this.db), SCHEDULE_LIST, scope, params, toSchedule);
  }

  /** 试排: the optimiser on the waiting orders of one board group, in the worker thread; nothing saved but the log line. */
  async trial(scope: Scope, request: BoardTrialRequest): Promise<BoardTrialResult> {
    return this.oneAtATime(scope, async () => {
      await syncBoardOrders(this.db, scope);
      const { config, rolls } = await this.configs.line(scope);
      let query = waitingOrders(this.db, scope, request);
      if (request.orderIds) query = query.where('id', 'in', request.orderIds);
      if (request.dueBy) query = query.where('due_date', '<=', request.dueBy);
      const orders: PlanOrder[] = await query.orderBy('id').execute();
      if (request.orderIds && orders.length !== request.orderIds.length) throw validation(BoardScheduleMessages.notStandby);
      if (orders.length === 0) throw validation(BoardScheduleMessages.noOrders);
      const instance = trimInstance(`${request.boardCode}/${request.flute}`, request, orders, rolls, config);
      const outcome = await this.runner.run(instance);
      if (!outcome.ok) throw validation(refusalOf(outcome, orders));
      const runs = sequenceRuns(planRunsOf(outcome.runs), config.sequence);
      const problems = planProblems(runs, orders, rolls, config);
      if (problems.length) throw validation(BoardScheduleMessages.broken(problems));
      const totals = planTotals(runs, orders, request.flute, config);
      await addBoardLog(this.db, scope, {
        action: 'trial',
        content: `试排 ${request.boardCode}（${request.flute}）：${orders.length} 单，用时 ${outcome.elapsedMs}ms`,
        after: `${figures(totals)}，下界 ${Math.round(outcome.lowerBoundM2 * 10) / 10}㎡`,
      });
      return {
        boardCode: request.boardCode,
        flute: request.flute,
        orderIds: orders.map((order) => order.id),
        runs: runViews(runs, orders),
        totals,
        lowerBoundM2: Math.round(outcome.lowerBoundM2 * 1000) / 1000,
        aloneTrimAreaM2: outcome.aloneTrimAreaM2 === null ? null : Math.round(outcome.aloneTrimAreaM2 * 1000) / 1000,
        elapsedMs: outcome.elapsedMs,
      };
    });
  }

  /** One optimiser job per factory at a time (试排 and 重新优化): a second one meanwhile gets a clear 4009. */
  private async oneAtATime<T>(scope: Scope, job: () => Promise<T>): Promise<T> {
    const key = `${scope.enterpriseId}/${scope.orgId}`;
    if (this.trialsRunning.has(key)) throw conflict(BoardScheduleMessages.busy);
    this.trialsRunning.add(key);
    try {
      return await job();
    } finally {
      this.trialsRunning.delete(key);
    }
  }

  /** 保存为排程: the runs checked again against the orders as they are now and the line's config; the orders leave standby. */
  async create(scope: Scope, request: CreateBoardScheduleRequest, context: OperationContext): Promise<{ id: number }> {
    return guardUnique(
      () =>
        this.db.transaction().execute(async (trx) => {
          const ids = [...new Set(request.runs.flatMap((run) => run.lanes.map((lane) => lane.boardOrderId)))];
          const orders = await ordersOf(trx, scope, { ids }, true);
          if (orders.length !== ids.length) throw notFound(BoardScheduleMessages.notStandby);
          const taken = orders.find((order) => order.state !== 1 || order.revoked);
          if (taken) throw conflict(BoardScheduleMessages.taken(taken.orderNo));
          if (orders.some((order) => order.boardCode !== request.boardCode || order.flute !== request.flute)) throw validation(BoardScheduleMessages.notStandby);
          const { id, scheduleNo, totals } = await this.insertSchedule(trx, scope, request, orders, request.runs);
          await addBoardLog(trx, scope, { scheduleId: id, scheduleNo, action: 'save', content: `保存排程 ${scheduleNo}（${request.boardCode} ${request.flute}）`, after: figures(totals) });
          await recordOperation(trx, context, { ...scope, content: `保存纸板排程：${scheduleNo}，${figures(totals)}` });
          return { id };
        }),
      { board_schedule_no_uq: '排程号已存在，请重试' },
    );
  }

  private async insertSchedule(trx: Db, scope: Scope, board: { boardCode: string; flute: string; lowerBoundM2?: number; remark?: string }, orders: PlanOrder[], runs: PlanRun[]) {
    const { config, rolls } = await this.configs.line(scope, trx);
    const problems = planProblems(runs, orders, rolls, config);
    if (problems.length) throw validation(BoardScheduleMessages.broken(problems));
    const totals = planTotals(runs, orders, board.flute, config);
    const scheduleNo = await nextDailyNo(trx, 'board_schedule', 'schedule_no', scope, 'PB');
    const user = await trx.selectFrom('app_user').select(sql<string>`coalesce(nullif(nick_name, ''), username)`.as('name')).where('id', '=', scope.userId).executeTakeFirst();
    const { id } = await trx
      .insertInto('board_schedule')
      .values({
        enterprise_id: scope.enterpriseId,
        org_id: scope.orgId,
        schedule_no: scheduleNo,
        board_code: board.boardCode,
        flute: board.flute,
        state: 1,
        lower_bound_m2: board.lowerBoundM2 ?? null,
        speed_mpm: speedOf(config, board.flute),
        ...figureColumns(totals),
        created_by: scope.userId,
        created_by_name: user?.name ?? '',
        remark: board.remark?.trim() ?? '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertRuns(trx, id, runs, orders);
    await trx
      .updateTable('board_order')
      .set({ state: 2, schedule_id: id, updated_at: new Date() })
      .where(inScope(scope))
      .where('id', 'in', orders.map((order) => order.id))
      .execute();
    return { id, scheduleNo, totals };
  }

  async detail(scope: Scope, id: number): Promise<BoardScheduleDetail> {
    const row = await requireOne(scheduleQuery(this.db), 's', scope, id, BoardScheduleMessages.notFound);
    const [runs, orders, { config, rolls }] = await Promise.all([runsOf(this.db, id), this.laneOrders(scope, id), this.configs.line(scope)]);
    const views = runViews(runs, orders);
    const draft = row.state === 1;
    return {
      schedule: toSchedule(row),
      runs: views,
      totals: planTotals(runs, orders, row.flute, config, row.speed_mpm),
      rollWidths: rolls,
      minTrimMm: config.minTrimMm,
      maxOuts: config.maxOuts,
      maxOrdersPerRun: config.maxOrdersPerRun,
      tolerancePct: config.tolerancePct,
      partners: draft ? await this.partners(scope, row, orders) : [],
      problems: draft ? scheduleProblems(runs, orders, row, rolls, config) : [],
      paperDemand: await paperDemand(this.db, scope, row.board_code, views),
    };
  }

  /** The orders a draft's run may take: the schedule's own, then the waiting ones of its board group (soonest due first). */
  private async partners(scope: Scope, schedule: ScheduleRow, orders: OrderRow[]): Promise<BoardPartner[]> {
    const waiting = await waitingOrders(this.db, scope, { boardCode: schedule.board_code, flute: schedule.flute })
      .orderBy('due_date')
      .orderBy('id')
      .limit(BOARD_MAX_PARTNERS)
      .execute();
    const pick = ({ id, orderNo, customerName, widthMm, lengthMm, quantity }: PlanOrder) => ({ id, orderNo, customerName, widthMm, lengthMm, quantity });
    return [...orders.map((order) => ({ ...pick(order), scheduled: true })), ...waiting.map((order) => ({ ...pick(order), scheduled: false }))];
  }

  /** The orders of a schedule's lanes (those still held by it, and any since released, e.g. after a cancel). */
  private async laneOrders(scope: Scope, scheduleId: number, db: Db = this.db): Promise<OrderRow[]> {
    const ids = await db
      .selectFrom('board_run_lane as l')
      .innerJoin('board_run as r', 'r.id', 'l.run_id')
      .select('l.board_order_id as id')
      .where('r.schedule_id', '=', scheduleId)
      .where('l.board_order_id', 'is not', null)
      .execute();
    return ordersOf(db, scope, { ids: [...new Set(ids.map((row) => row.id!))] });
  }

  /**
   * A hand edit of a draft run as it would be: the run's new roll and lanes (orders of the schedule or
   * waiting orders of its board group), the whole schedule re-checked. `lock`: inside the saving
   * transaction (schedule and joining orders locked).
   */
  private async editedPlan(db: Db, scope: Scope, request: UpdateBoardRunRequest, lock: boolean) {
    const schedule = lock ? await this.lockSchedule(db, scope, request.scheduleId) : await requireOne(scheduleQuery(db), 's', scope, request.scheduleId, BoardScheduleMessages.notFound);
    if (schedule.state !== 1) throw conflict(BoardScheduleMessages.notDraft(schedule.state));
    const runs = await runsOf(db, schedule.id);
    const index = runs.findIndex((run) => run.runId === request.runId);
    if (index < 0) throw notFound(BoardScheduleMessages.runNotFound);
    const held = await ordersOf(db, scope, { scheduleId: schedule.id }, lock);
    if (held.length !== new Set(runs.flatMap((each) => each.lanes.map((lane) => lane.boardOrderId))).size) throw conflict(BoardScheduleMessages.orderMissing);
    const heldIds = new Set(held.map((order) => order.id));
    const joiningIds = [...new Set(request.lanes.map((lane) => lane.boardOrderId).filter((orderId) => !heldIds.has(orderId)))];
    const joining = joiningIds.length ? await ordersOf(db, scope, { ids: joiningIds }, lock) : [];
    if (joining.length !== joiningIds.length || joining.some((order) => order.state !== 1 || order.revoked || order.boardCode !== schedule.board_code || order.flute !== schedule.flute)) {
      throw validation(BoardScheduleMessages.notPartner);
    }
    const run = runs[index]!;
    const edited: PlanRun = { runId: run.runId, rollWidthMm: request.rollWidthMm, lanes: request.lanes.map(({ boardOrderId, outs, cuts }) => ({ boardOrderId, outs, cuts })) };
    const next = runs.map((each, at) => (at === index ? edited : each));
    const used = new Set(next.flatMap((each) => each.lanes.map((lane) => lane.boardOrderId)));
    const orders = [...held, ...joining].filter((order) => used.has(order.id));
    const leaving = held.filter((order) => !used.has(order.id));
    const { config, rolls } = await this.configs.line(scope, db);
    return { schedule, runs, index, run, next, orders, held, joining, leaving, config, problems: scheduleProblems(next, orders, schedule, rolls, config) };
  }

  /** 调整 checked as the planner types: the rules broken, the run's trim and the schedule's totals; nothing saved. */
  async checkRun(scope: Scope, request: UpdateBoardRunRequest): Promise<BoardRunCheck> {
    const plan = await this.editedPlan(this.db, scope, request, false);
    return { problems: plan.problems, run: runViews(plan.next, plan.orders)[plan.index]!, totals: planTotals(plan.next, plan.orders, plan.schedule.flute, plan.config, plan.schedule.speed_mpm) };
  }

  /**
   * A run edited by hand (draft only): roll, and each lane's order (拼单 partner), outs and cuts; every
   * rule checked again over the whole schedule. A waiting order taken as a partner joins the schedule;
   * an order left in no run goes back to standby.
   */
  async updateRun(scope: Scope, request: UpdateBoardRunRequest, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const { schedule, runs, index, run, next, orders, held, joining, leaving, config, problems } = await this.editedPlan(trx, scope, request, true);
      if (problems.length) throw validation(BoardScheduleMessages.broken(problems));
      const before = runViews([run], held)[0]!;
      const after = runViews([next[index]!], orders)[0]!;
      const totalsBefore = planTotals(runs, held, schedule.flute, config, schedule.speed_mpm);
      const totals = planTotals(next, orders, schedule.flute, config, schedule.speed_mpm);
      await trx.updateTable('board_run').set({ roll_width_mm: request.rollWidthMm }).where('id', '=', request.runId).execute();
      await trx.deleteFrom('board_run_lane').where('run_id', '=', request.runId).execute();
      await trx.insertInto('board_run_lane').values(laneRows(request.runId, next[index]!, new Map(orders.map((order) => [order.id, order])))).execute();
      if (joining.length) await trx.updateTable('board_order').set({ state: 2, schedule_id: schedule.id, updated_at: new Date() }).where('id', 'in', joining.map((order) => order.id)).execute();
      if (leaving.length) await trx.updateTable('board_order').set({ state: 1, schedule_id: null, updated_at: new Date() }).where('id', 'in', leaving.map((order) => order.id)).execute();
      await trx.updateTable('board_schedule').set({ ...figureColumns(totals), updated_at: new Date() }).where('id', '=', schedule.id).execute();
      const moved = [...joining.map((order) => `${order.orderNo} 加入`), ...leaving.map((order) => `${order.orderNo} 回到待排`)];
      await addBoardLog(trx, scope, {
        scheduleId: schedule.id,
        scheduleNo: schedule.schedule_no,
        action: 'edit',
        content: `调整排程 ${schedule.schedule_no} 第 ${index + 1} 刀${moved.length ? `（${moved.join('，')}）` : ''}`,
        before: `${runText(before)}；合计 ${figures(totalsBefore)}`,
        after: `${runText(after)}；合计 ${figures(totals)}`,
      });
      await recordOperation(trx, context, { ...scope, content: `调整纸板排程：${schedule.schedule_no} 第 ${index + 1} 刀，${runText(after)}` });
    });
  }

  /**
   * 锁定并重新优化 (draft only): the locked runs keep their roll and lanes, and the sheets they give their
   * orders; what is left of each order (its full window less its locked sheets, `remainderInstance`;
   * nothing once the locked sheets reach the order's minimum) goes to the optimiser in the worker
   * thread, as a 试排 does. Then the whole schedule is put in the line's 排刀顺序 by roll width — locked
   * runs included (locking fixes what a run cuts, not when; within one width they stay ahead of the
   * new runs) — and re-checked before the runs are replaced; a schedule changed meanwhile is refused (4009).
   */
  async reoptimise(scope: Scope, request: BoardReoptimiseRequest, context: OperationContext): Promise<BoardReoptimiseResult> {
    return this.oneAtATime(scope, async () => {
      const schedule = await requireOne(scheduleQuery(this.db), 's', scope, request.id, BoardScheduleMessages.notFound);
      if (schedule.state !== 1) throw conflict(BoardScheduleMessages.notDraft(schedule.state));
      const runs = await runsOf(this.db, schedule.id);
      const lockedIds = new Set(request.lockedRunIds);
      const locked = runs.filter((run) => lockedIds.has(run.runId!));
      if (locked.length !== lockedIds.size) throw validation(BoardScheduleMessages.lockedUnknown);
      if (locked.length === runs.length) throw validation(BoardScheduleMessages.nothingToOptimise);
      const orders = await ordersOf(this.db, scope, { scheduleId: schedule.id });
      const { config, rolls } = await this.configs.line(scope);
      const lockedSheets = new Map<number, number>();
      for (const lane of locked.flatMap((run) => run.lanes)) lockedSheets.set(lane.boardOrderId, (lockedSheets.get(lane.boardOrderId) ?? 0) + lane.outs * lane.cuts);
      const rest = remainderInstance(orders, lockedSheets, config.tolerancePct / 100);
      const remaining = rest.orders;
      let fresh: PlanRun[] = [];
      let lowerBoundM2 = 0;
      let elapsedMs = 0;
      if (remaining.length) {
        const instance: TrimInstance = trimInstance(`${schedule.schedule_no}/重新优化`, { boardCode: schedule.board_code, flute: schedule.flute }, remaining, rolls, { ...config, tolerancePct: rest.tolerance * 100 });
        const outcome = await this.runner.run(instance);
        if (!outcome.ok) throw validation(refusalOf(outcome, remaining));
        fresh = planRunsOf(outcome.runs);
        lowerBoundM2 = Math.round(outcome.lowerBoundM2 * 1000) / 1000;
        elapsedMs = outcome.elapsedMs;
      }
      return this.db.transaction().execute(async (trx) => {
        const current = await this.lockSchedule(trx, scope, schedule.id);
        const now = await runsOf(trx, schedule.id);
        const same = (list: PlanRun[]) => JSON.stringify(list);
        if (current.state !== 1 || same(now) !== same(runs)) throw conflict(BoardScheduleMessages.changed);
        const held = await ordersOf(trx, scope, { scheduleId: schedule.id }, true);
        // The whole schedule in the line's 排刀顺序; a locked run keeps its roll and lanes, not its place.
        const next = sequenceRuns([...locked, ...fresh], config.sequence);
        const problems = scheduleProblems(next, held, current, rolls, config);
        if (problems.length) throw validation(BoardScheduleMessages.broken(problems));
        const before = planTotals(runs, held, current.flute, config, current.speed_mpm);
        const after = planTotals(next, held, current.flute, config, current.speed_mpm);
        await trx.deleteFrom('board_run').where('schedule_id', '=', schedule.id).where('id', 'not in', locked.length ? locked.map((run) => run.runId!) : [0]).execute();
        // Locked runs move to their new places through negative seqs (schedule_id + seq is unique).
        for (const run of locked) await trx.updateTable('board_run').set({ seq: -next.indexOf(run) - 1 }).where('id', '=', run.runId!).execute();
        for (const run of locked) await trx.updateTable('board_run').set({ seq: next.indexOf(run) + 1 }).where('id', '=', run.runId!).execute();
        if (fresh.length) await insertRuns(trx, schedule.id, fresh, held, (index) => next.indexOf(fresh[index]!) + 1);
        await trx
          .updateTable('board_schedule')
          .set({ ...figureColumns(after), lower_bound_m2: locked.length === 0 ? lowerBoundM2 : null, updated_at: new Date() })
          .where('id', '=', schedule.id)
          .execute();
        await addBoardLog(trx, scope, {
          scheduleId: schedule.id,
          scheduleNo: current.schedule_no,
          action: 'reoptimise',
          content: `重新优化排程 ${current.schedule_no}：锁定 ${locked.length} 刀，其余 ${remaining.length} 单重新试排，用时 ${elapsedMs}ms`,
          before: figures(before),
          after: figures(after),
        });
        await recordOperation(trx, context, { ...scope, content: `重新优化纸板排程：${current.schedule_no}，锁定 ${locked.length} 刀，${figures(after)}` });
        return { before, after, lockedRuns: locked.length, lowerBoundM2, elapsedMs };
      });
    });
  }

  async issue(scope: Scope, id: number, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const schedule = await this.lockSchedule(trx, scope, id);
      if (schedule.state !== 1) throw conflict(BoardScheduleMessages.cannotIssue(schedule.state));
      // The config may have changed since the draft was saved: the line gets only runs that keep today's rules.
      const { config, rolls } = await this.configs.line(scope, trx);
      const problems = scheduleProblems(await runsOf(trx, id), await ordersOf(trx, scope, { scheduleId: id }), schedule, rolls, config);
      if (problems.length) throw validation(BoardScheduleMessages.broken(problems));
      await trx.updateTable('board_schedule').set({ state: 2, issued_at: new Date(), updated_at: new Date() }).where('id', '=', id).execute();
      await addBoardLog(trx, scope, { scheduleId: id, scheduleNo: schedule.schedule_no, action: 'issue', content: `下发排程 ${schedule.schedule_no} 到瓦线`, after: figures(figuresOf(schedule)) });
      await recordOperation(trx, context, { ...scope, content: `下发纸板排程：${schedule.schedule_no}` });
    });
  }

  /** 取消: a draft or issued schedule gives its orders back to standby; one on the line or done cannot be cancelled. */
  async cancel(scope: Scope, id: number, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const schedule = await this.lockSchedule(trx, scope, id);
      if (schedule.state !== 1 && schedule.state !== 2) throw conflict(BoardScheduleMessages.cannotCancel(schedule.state));
      const released = await trx
        .updateTable('board_order')
        .set({ state: 1, schedule_id: null, updated_at: new Date() })
        .where(inScope(scope))
        .where('schedule_id', '=', id)
        .where('state', '=', 2)
        .executeTakeFirst();
      await trx.updateTable('board_schedule').set({ state: 5, updated_at: new Date() }).where('id', '=', id).execute();
      const count = Number(released.numUpdatedRows);
      await addBoardLog(trx, scope, { scheduleId: id, scheduleNo: schedule.schedule_no, action: 'cancel', content: `取消排程 ${schedule.schedule_no}，${count} 个订单回到待排`, before: figures(figuresOf(schedule)) });
      await recordOperation(trx, context, { ...scope, content: `取消纸板排程：${schedule.schedule_no}` });
    });
  }

  /** 复制: a new draft with the same runs, when every order of it is waiting again (e.g. after a cancel); checked under today's config. */
  async copy(scope: Scope, id: number, context: OperationContext): Promise<{ id: number }> {
    return guardUnique(
      () =>
        this.db.transaction().execute(async (trx) => {
          const schedule = await this.lockSchedule(trx, scope, id);
          const runs = await runsOf(trx, id);
          const ids = [...new Set(runs.flatMap((run) => run.lanes.map((lane) => lane.boardOrderId)))];
          const orders = await ordersOf(trx, scope, { ids }, true);
          if (orders.length !== ids.length) throw conflict(BoardScheduleMessages.orderMissing);
          const taken = orders.find((order) => order.state !== 1 || order.revoked);
          if (taken) throw conflict(BoardScheduleMessages.taken(taken.orderNo));
          const fresh = runs.map((run) => ({ rollWidthMm: run.rollWidthMm, lanes: run.lanes.map(({ boardOrderId, outs, cuts }) => ({ boardOrderId, outs, cuts })) }));
          const created = await this.insertSchedule(trx, scope, { boardCode: schedule.board_code, flute: schedule.flute, lowerBoundM2: schedule.lower_bound_m2 === null ? undefined : Number(schedule.lower_bound_m2), remark: schedule.remark }, orders, fresh);
          await addBoardLog(trx, scope, { scheduleId: created.id, scheduleNo: created.scheduleNo, action: 'copy', content: `复制排程 ${schedule.schedule_no} 为 ${created.scheduleNo}`, after: figures(created.totals) });
          await recordOperation(trx, context, { ...scope, content: `复制纸板排程：${schedule.schedule_no} → ${created.scheduleNo}` });
          return { id: created.id };
        }),
      { board_schedule_no_uq: '排程号已存在，请重试' },
    );
  }

  /** The run sheet (排产单) of a schedule: one row per lane, run figures on its first lane. */
  async runSheet(scope: Scope, id: number): Promise<{ scheduleNo: string; rows: RunSheetRow[] }> {
    const detail = await this.detail(scope, id);
    return { scheduleNo: detail.schedule.scheduleNo, rows: detail.runs.flatMap((run) => run.lanes.map((lane, index) => ({ run, lane, first: index === 0 }))) };
  }

  private async lockSchedule(trx: Db, scope: Scope, id: number) {
    const row = await trx.selectFrom('board_schedule').selectAll().where(inScope(scope)).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound(BoardScheduleMessages.notFound);
    return row;
  }
}

const figuresOf = (row: ScheduleRow) => {
  const paper = Number(row.paper_area_m2);
  const trim = Number(row.trim_area_m2);
  return { runs: row.run_count, orders: row.order_count, metres: Number(row.metres), trimAreaM2: trim, trimPct: paper > 0 ? Math.round((trim / paper) * 100_000) / 1000 : 0 };
};

function figureColumns(totals: BoardPlanTotals) {
  return { run_count: totals.runs, order_count: totals.orders, metres: totals.metres, paper_area_m2: totals.paperAreaM2, trim_area_m2: totals.trimAreaM2 };
}

/** The lane rows of one saved run; each lane keeps its order's number, customer and sheet. */
function laneRows(runId: number, run: PlanRun, byId: Map<number, PlanOrder>) {
  return run.lanes.map((lane, laneNo) => {
    const order = byId.get(lane.boardOrderId)!;
    return {
      run_id: runId,
      lane_no: laneNo + 1,
      board_order_id: order.id,
      order_no: order.orderNo,
      customer_name: order.customerName,
      width_mm: order.widthMm,
      length_mm: order.lengthMm,
      outs: lane.outs,
      cuts: lane.cuts,
    };
  });
}

/** Runs with their lanes, in corrugator order (`seqOf(index)`: the run's place, 1 first). */
export async function insertRuns(trx: Db, scheduleId: number, runs: PlanRun[], orders: PlanOrder[], seqOf = (index: number) => index + 1): Promise<void> {
  const byId = new Map(orders.map((order) => [order.id, order]));
  const inserted = await trx
    .insertInto('board_run')
    .values(runs.map((run, index) => ({ schedule_id: scheduleId, seq: seqOf(index), roll_width_mm: run.rollWidthMm })))
    .returning('id')
    .execute();
  const lanes = runs.flatMap((run, index) => laneRows(inserted[index]!.id, run, byId));
  for (let start = 0; start < lanes.length; start += 1000) await trx.insertInto('board_run_lane').values(lanes.slice(start, start + 1000)).execute();
}
