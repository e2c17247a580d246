import { speedOf, type BoardLineConfig, type BoardPlanTotals, type BoardRunView } from '@core/contracts/paperboard';
import { planMetrics } from '../../domain/trim/check';
import { sheetRange } from '../../domain/trim/validate';
import type { TrimInstance, TrimRun } from '../../domain/trim/types';

/**
 * From the database's rows to the optimiser's instance (`/work/shared/formats/corrugator-trim.md`)
 * and back: the instance of one board group under the line's config, the format's rules checked on
 * a plan in Chinese (a refused hand edit or save names the run and the rule), and the figures the
 * screens show. Pure: no database.
 */

/** A board order as the optimiser and the checks see it. */
export interface PlanOrder {
  id: number;
  orderNo: string;
  customerName: string;
  widthMm: number;
  lengthMm: number;
  quantity: number;
}

/** A run with lanes by board order id (and the lane's row id once saved). */
export interface PlanRun {
  runId?: number;
  rollWidthMm: number;
  lanes: Array<{ laneId?: number; boardOrderId: number; outs: number; cuts: number }>;
}

/** The roll widths the config allows: enabled deckles no wider than the line. */
export function usableRolls(deckles: number[], config: BoardLineConfig): number[] {
  return [...new Set(deckles.filter((width) => width <= config.maxWidthMm))].sort((a, b) => a - b);
}

/**
 * The config a plan is made and checked under, and the usable rolls. Each deckle carries its own
 * minimum trim (纸板生产数据); the format has one `minTrim` per instance, so the line keeps the larger
 * of the config's and the largest among the usable deckles' — never less than any roll needs.
 */
export function lineConfig(config: BoardLineConfig, deckles: Array<{ widthMm: number; minTrimMm: number; enabled: boolean }>): { config: BoardLineConfig; rolls: number[] } {
  const usable = deckles.filter((deckle) => deckle.enabled && deckle.widthMm <= config.maxWidthMm);
  return {
    config: { ...config, minTrimMm: Math.max(config.minTrimMm, ...usable.map((deckle) => deckle.minTrimMm)) },
    rolls: usableRolls(
      usable.map((deckle) => deckle.widthMm),
      config,
    ),
  };
}

/**
 * Runs in the line's 排刀顺序: by roll width, widest first (宽到窄) or narrowest first (窄到宽); runs of
 * one width keep the order they came in (the optimiser's, or locked runs before fresh ones).
 */
export function sequenceRuns<T extends { rollWidthMm: number }>(runs: T[], sequence: BoardLineConfig['sequence']): T[] {
  const sign = sequence === 'narrow' ? 1 : -1;
  return runs
    .map((run, index) => ({ run, index }))
    .sort((a, b) => sign * (a.run.rollWidthMm - b.run.rollWidthMm) || a.index - b.index)
    .map(({ run }) => run);
}

/**
 * What is left of each order once locked runs give it `locked` sheets, as the optimiser's orders and
 * one tolerance. The order may end anywhere in its full window [⌈qty(1−t)⌉, ⌊qty(1+t)⌋], so the rest
 * may take [min − locked, max − locked]: as wide as the whole order's window. The format has one
 * tolerance per instance, so the widest that every remainder's window still holds is taken, and each
 * remainder's quantity is set at the middle of its window. An order untouched by the locked runs keeps
 * its quantity and the config's tolerance; so does everything when that is the widest possible.
 * Orders already at their minimum are left out.
 */
export function remainderInstance(orders: PlanOrder[], locked: Map<number, number>, tolerance: number): { orders: PlanOrder[]; tolerance: number } {
  const windows = orders
    .map((order) => {
      const { min, max } = sheetRange(order.quantity, tolerance);
      const got = locked.get(order.id) ?? 0;
      return { order, got, low: Math.max(1, min - got), high: max - got };
    })
    .filter((entry) => entry.got < sheetRange(entry.order.quantity, tolerance).min && entry.high >= entry.low);
  const plain = { orders: windows.map(({ order, got }) => ({ ...order, quantity: order.quantity - got })), tolerance };
  if (windows.length === 0 || windows.some((entry) => entry.got === 0)) return plain;
  // The centred quantity q of [low, high] holds [q(1−w), q(1+w)] for w = (high − low) / (high + low).
  const wide = Math.min(...windows.map(({ low, high }) => (high - low) / (high + low)));
  if (wide <= tolerance) return plain;
  const widened = windows.map(({ order, low, high }) => {
    const quantity = Math.round((low + high) / 2);
    const range = sheetRange(quantity, wide);
    return range.min >= low && range.max <= high ? { ...order, quantity } : null;
  });
  return widened.every((order) => order !== null) ? { orders: widened as PlanOrder[], tolerance: wide } : plain;
}

export function trimInstance(name: string, board: { boardCode: string; flute: string }, orders: PlanOrder[], rolls: number[], config: BoardLineConfig): TrimInstance {
  return {
    name,
    board: { code: board.boardCode, flute: board.flute },
    rollWidths: rolls,
    minTrim: config.minTrimMm,
    maxOuts: config.maxOuts,
    maxOrdersPerPattern: config.maxOrdersPerRun,
    tolerance: config.tolerancePct / 100,
    minRunLength: config.minRunLengthM,
    maxRunsPerOrder: config.maxRunsPerOrder,
    orders: orders.map((order) => ({ id: String(order.id), width: order.widthMm, length: order.lengthMm, qty: order.quantity })),
  };
}

export const toTrimRuns = (runs: PlanRun[]): TrimRun[] =>
  runs.map((run) => ({ rollWidth: run.rollWidthMm, lanes: run.lanes.map((lane) => ({ orderId: String(lane.boardOrderId), outs: lane.outs, cuts: lane.cuts })) }));

/**
 * The format's rules on `runs` for `orders` (every order must get its sheets within tolerance), in
 * Chinese: 第 N 刀 … Empty when the plan keeps every rule.
 */
export function planProblems(runs: PlanRun[], orders: PlanOrder[], rolls: number[], config: BoardLineConfig): string[] {
  const problems: string[] = [];
  const byId = new Map(orders.map((order) => [order.id, order]));
  const sheets = new Map<number, number>();
  const runsOf = new Map<number, number>();
  runs.forEach((run, index) => {
    const where = `第 ${index + 1} 刀`;
    if (!rolls.includes(run.rollWidthMm)) problems.push(`${where}：门幅 ${run.rollWidthMm}mm 不在可用门幅中（${rolls.join('、') || '无'}）`);
    if (run.lanes.length > config.maxOrdersPerRun) problems.push(`${where}：${run.lanes.length} 个订单并排，超过每刀订单数 ${config.maxOrdersPerRun}`);
    let outs = 0;
    let width = 0;
    let length = 0;
    const seen = new Set<number>();
    for (const lane of run.lanes) {
      const order = byId.get(lane.boardOrderId);
      if (!order) {
        problems.push(`${where}：订单不在本排程中`);
        continue;
      }
      if (seen.has(order.id)) problems.push(`${where}：订单 ${order.orderNo} 重复`);
      seen.add(order.id);
      outs += lane.outs;
      width += lane.outs * order.widthMm;
      length = Math.max(length, lane.cuts * order.lengthMm);
      sheets.set(order.id, (sheets.get(order.id) ?? 0) + lane.outs * lane.cuts);
      runsOf.set(order.id, (runsOf.get(order.id) ?? 0) + 1);
    }
    if (outs > config.maxOuts) problems.push(`${where}：切数合计 ${outs}，超过最大切数 ${config.maxOuts}`);
    if (width + config.minTrimMm > run.rollWidthMm) {
      problems.push(`${where}：纸板宽 ${width}mm 加最小修边 ${config.minTrimMm}mm 超过门幅 ${run.rollWidthMm}mm`);
    }
    if (length < config.minRunLengthM * 1000) problems.push(`${where}：长度 ${round1(length / 1000)} 米，不足最短开机长度 ${config.minRunLengthM} 米`);
  });
  for (const order of orders) {
    const { min, max } = sheetRange(order.quantity, config.tolerancePct / 100);
    const got = sheets.get(order.id) ?? 0;
    if (got < min || got > max) problems.push(`订单 ${order.orderNo}：排 ${got} 张，超出允许范围 ${min}～${max} 张（数量 ${order.quantity}，超欠数 ±${config.tolerancePct}%）`);
    if (config.maxRunsPerOrder > 0 && (runsOf.get(order.id) ?? 0) > config.maxRunsPerOrder) {
      problems.push(`订单 ${order.orderNo}：出现在 ${runsOf.get(order.id)} 刀中，超过每单最多排刀次数 ${config.maxRunsPerOrder}`);
    }
  }
  return problems;
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The runs as the screens show them: lanes with their orders, metres and trim. */
export function runViews(runs: PlanRun[], orders: PlanOrder[]): BoardRunView[] {
  const byId = new Map(orders.map((order) => [order.id, order]));
  return runs.map((run, index) => {
    const lanes = run.lanes.map((lane) => {
      const order = byId.get(lane.boardOrderId);
      const widthMm = order?.widthMm ?? 0;
      const lengthMm = order?.lengthMm ?? 0;
      return {
        laneId: lane.laneId ?? null,
        boardOrderId: lane.boardOrderId,
        orderNo: order?.orderNo ?? '',
        customerName: order?.customerName ?? '',
        widthMm,
        lengthMm,
        outs: lane.outs,
        cuts: lane.cuts,
        sheets: lane.outs * lane.cuts,
        metres: round1((lane.cuts * lengthMm) / 1000),
      };
    });
    const lengthMm = Math.max(0, ...lanes.map((lane) => lane.cuts * lane.lengthMm));
    const paper = run.rollWidthMm * lengthMm;
    const used = lanes.reduce((sum, lane) => sum + lane.outs * lane.cuts * lane.widthMm * lane.lengthMm, 0);
    return {
      runId: run.runId ?? null,
      seq: index + 1,
      rollWidthMm: run.rollWidthMm,
      lanes,
      metres: round1(lengthMm / 1000),
      trimMm: run.rollWidthMm - lanes.reduce((sum, lane) => sum + lane.outs * lane.widthMm, 0),
      trimPct: paper > 0 ? round3(((paper - used) / paper) * 100) : 0,
      trimAreaM2: round3((paper - used) / 1e6),
      paperAreaM2: round3(paper / 1e6),
    };
  });
}

/** Totals of a plan: the format's trim and paper (planMetrics), metres, paper by roll width, minutes at the flute's speed. */
export function planTotals(runs: PlanRun[], orders: PlanOrder[], flute: string, config: BoardLineConfig, speedMpm = speedOf(config, flute)): BoardPlanTotals {
  const instance = trimInstance('', { boardCode: '', flute }, orders, [], config);
  const metrics = planMetrics(instance, toTrimRuns(runs));
  const views = runViews(runs, orders);
  const metres = views.reduce((sum, run) => sum + run.metres, 0);
  const rolls = new Map<number, { runs: number; metres: number; paper: number }>();
  for (const run of views) {
    const entry = rolls.get(run.rollWidthMm) ?? { runs: 0, metres: 0, paper: 0 };
    entry.runs += 1;
    entry.metres += run.metres;
    entry.paper += run.paperAreaM2;
    rolls.set(run.rollWidthMm, entry);
  }
  return {
    runs: runs.length,
    orders: new Set(runs.flatMap((run) => run.lanes.map((lane) => lane.boardOrderId))).size,
    metres: round1(metres),
    paperAreaM2: metrics.paperArea_m2,
    trimAreaM2: metrics.trimArea_m2,
    trimPct: metrics.trimPct,
    minutes: round1(metres / speedMpm),
    speedMpm,
    byRoll: [...rolls.entries()]
      .sort(([a], [b]) => b - a)
      .map(([rollWidthMm, entry]) => ({ rollWidthMm, runs: entry.runs, metres: round1(entry.metres), paperAreaM2: round3(entry.paper) })),
  };
}

/** Web metres of an order at its most outs on the widest roll (the standby groups' estimate). */
export function estimatedMetres(order: Pick<PlanOrder, 'widthMm' | 'lengthMm' | 'quantity'>, widestRoll: number, config: BoardLineConfig): number {
  const outs = Math.max(1, Math.min(config.maxOuts, Math.floor((widestRoll - config.minTrimMm) / order.widthMm)));
  return (Math.ceil(order.quantity / outs) * order.lengthMm) / 1000;
}
