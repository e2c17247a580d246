import loadHighs, { type Highs } from 'highs';
import { checkPlan, planMetrics } from './check';
import { makePattern, patternSpace, price, reducedCost, singlePatterns, type Pattern, type PatternSpace } from './patterns';
import { TrimRefusal, type TrimInstance, type TrimPlan, type TrimRun } from './types';

let highsRuntime: Promise<Highs> | undefined;
const highs = () => (highsRuntime ??= loadHighs());

/** Trim area (m²) of one run worth of sheets counted as produced — weight that breaks ties towards fewer runs. */
const RUN_WEIGHT_M2 = 0.01;
const REDUCED_COST_TOLERANCE = 1e-9;
/** Up to this many single and paired patterns the integer model gets them all (exact). */
const ALL_PATTERNS_LIMIT = 250;

export interface TrimStats {
  /** A proven lower bound on the trim area of any plan keeping the rules, m². */
  lowerBound_m2: number;
  /** The pattern LP's optimum (equal to the bound when column generation converged), m². */
  lpTrim_m2: number;
  columnGenerationRounds: number;
  patternsGenerated: number;
  patternsInMip: number;
  /** Trim area of the LP rounded by repair (the MIP's start), m²; null when the repair failed. */
  roundedTrim_m2: number | null;
  mipStatus: string;
  lpMs: number;
  mipMs: number;
}

export interface TrimOptions {
  /** Seconds the whole optimisation may take before it settles for the best plan found. */
  timeLimitSeconds?: number;
}

interface LpResult {
  patterns: Pattern[];
  lengths: Float64Array;
  value: Float64Array;
  lowerBound: number;
  lpTrim: number;
  rounds: number;
}

/**
 * Gilmore–Gomory pattern LP by column generation. Rows: for each order, the sheets its lanes can
 * make per metre of run, minus the sheets counted, ≥ 0; the sheets counted s_i lie in the order's
 * tolerance range. Columns: a run length x_p (m) per pattern, costing its paper (roll width m²/m),
 * and s_i costing −(sheet area). The objective is paper − sheets = trim area, so the optimum is a
 * lower bound on the trim area of every plan (run length ≥ every lane, cuts relaxed to reals).
 */
function solvePatternLp(solver: Highs, space: PatternSpace, deadline: number): LpResult {
  const { orders } = space;
  const n = orders.length;
  const patterns: Pattern[] = [];
  const known = new Set<string>();
  const model = solver.createModel({
    numCols: n,
    numRows: n,
    colCost: Float64Array.from(orders, (order) => -order.area),
    colLower: Float64Array.from(orders, (order) => order.min),
    colUpper: Float64Array.from(orders, (order) => order.max),
    rowLower: new Float64Array(n),
    rowUpper: new Float64Array(n).fill(solver.infinity),
    matrix: {
      format: 'csc',
      numRows: n,
      numCols: n,
      starts: Int32Array.from({ length: n + 1 }, (_, i) => i),
      indices: Int32Array.from({ length: n }, (_, i) => i),
      values: new Float64Array(n).fill(-1),
    },
  });
  try {
    model.options.set({ output_flag: false });
    const addPatterns = (fresh: Pattern[]) => {
      const added = fresh.filter((pattern) => !known.has(pattern.key));
      if (!added.length) return 0;
      const starts = new Int32Array(added.length + 1);
      const indices: number[] = [];
      const values: number[] = [];
      added.forEach((pattern, p) => {
        known.add(pattern.key);
        patterns.push(pattern);
        for (const lane of pattern.lanes) {
          indices.push(lane.order);
          values.push((lane.outs * 1000) / orders[lane.order].length);
        }
        starts[p + 1] = indices.length;
      });
      model.addCols({
        cost: Float64Array.from(added, (pattern) => pattern.roll / 1000),
        lower: new Float64Array(added.length),
        upper: new Float64Array(added.length).fill(solver.infinity),
        matrix: { format: 'csc', numRows: n, numCols: added.length, starts, indices: Int32Array.from(indices), values: Float64Array.from(values) },
      });
      return added.length;
    };
    // Start: every order alone, each number of outs.
    addPatterns(orders.flatMap((_, i) => singlePatterns(space, i)));
    const value = new Float64Array(n);
    let rounds = 0;
    let minReducedCost = -Infinity;
    for (;;) {
      model.run();
      if (model.getModelStatus() !== solver.constants.modelStatus.optimal) {
        throw new Error(`pattern LP not solved (HiGHS status ${model.getModelStatus()})`);
      }
      rounds++;
      const dual = model.getSolution().rowDual;
      for (let i = 0; i < n; i++) value[i] = (Math.max(0, dual[i]) * 1000) / orders[i].length;
      const pricing = price(space, value);
      minReducedCost = pricing.minReducedCost;
      const fresh = pricing.best.filter((pattern): pattern is Pattern => pattern !== null && reducedCost(pattern, value) < -REDUCED_COST_TOLERANCE);
      if (!fresh.length || Date.now() > deadline || addPatterns(fresh) === 0) break;
    }
    const solution = model.getSolution();
    const lengths = solution.colValue.slice(n);
    const lpTrim = model.getObjectiveValue();
    return { patterns, lengths, value, lowerBound: dualBound(space, value, minReducedCost), lpTrim, rounds };
  } finally {
    model.dispose();
  }
}

/**
 * The Lagrangian bound of the dual values: with every pattern's reduced cost ≥ 0 it is
 * Σ_i min over s_i ∈ [min, max] of (π_i − area_i) s_i. When the last round still had a pattern
 * below 0 (time limit), the values are scaled down until none is, so the bound stays proven.
 */
function dualBound(space: PatternSpace, value: Float64Array, minReducedCost: number): number {
  const slack = Math.max(0, -minReducedCost);
  const narrowest = space.rolls[0] / 1000;
  const scale = narrowest / (narrowest + slack);
  let bound = 0;
  space.orders.forEach((order, i) => {
    const perSheet = (scale * value[i] * order.length) / 1000 - order.area;
    bound += perSheet * (perSheet >= 0 ? order.min : order.max);
  });
  return bound;
}

/** The patterns the integer model may use: the LP's, the nearest to entering it, and each order alone. */
function mipPatterns(space: PatternSpace, lp: LpResult): Pattern[] {
  const chosen = new Map<string, Pattern>();
  const add = (pattern: Pattern) => chosen.set(pattern.key, pattern);
  lp.patterns.forEach((pattern, p) => {
    if (lp.lengths[p] > 1e-7) add(pattern);
  });
  const n = space.orders.length;
  const near = lp.patterns
    .map((pattern, p) => ({ pattern, rc: lp.lengths[p] > 1e-7 ? Infinity : reducedCost(pattern, lp.value) }))
    .filter((entry) => entry.rc < Infinity)
    .sort((a, b) => a.rc - b.rc)
    .slice(0, Math.ceil(n / 2));
  near.forEach((entry) => add(entry.pattern));
  for (let i = 0; i < n; i++) add(makePattern(space, [{ order: i, outs: 1 }]));
  return [...chosen.values()];
}

interface MipLayout {
  yCol: number;
  lengthCol: number;
  cutCols: number[];
  /** With a minimum run length and two lanes: 1 when lane 0 carries it, 0 when lane 1 does; else -1. */
  carrierCol: number;
}

/**
 * Integer runs over the chosen patterns: per pattern a used flag y, a run length Λ (m) and cuts
 * per lane. Λ ≥ cuts × length for every lane; cuts ≥ y; cuts ≤ (most sheets ÷ outs) × y; one
 * lane (chosen by a binary) reaches the minimum run length; each order's sheets in its range;
 * at most maxRunsPerOrder flags per order. Minimise paper − sheets + a small weight per run.
 */
function solveRuns(solver: Highs, instance: TrimInstance, space: PatternSpace, patterns: Pattern[], start: PatternRun[], seconds: number, exact: boolean) {
  const { orders } = space;
  const n = orders.length;
  const minRun = instance.minRunLength;
  const runLimit = instance.maxRunsPerOrder;
  const cols: { cost: number; lower: number; upper: number; integer: boolean; rows: number[]; values: number[] }[] = [];
  const rowLower: number[] = orders.map((order) => order.min);
  const rowUpper: number[] = orders.map((order) => order.max);
  if (runLimit > 0) {
    for (let i = 0; i < n; i++) {
      rowLower.push(-solver.infinity);
      rowUpper.push(runLimit);
    }
  }
  const addRow = (lower: number, upper: number) => {
    rowLower.push(lower);
    rowUpper.push(upper);
    return rowLower.length - 1;
  };
  const started = new Map(start.map((run) => [run.pattern.key, run]));
  const layouts: MipLayout[] = patterns.map((pattern) => {
    const laneMax = pattern.lanes.map((lane) => Math.floor(orders[lane.order].max / lane.outs));
    const y = { cost: RUN_WEIGHT_M2, lower: 0, upper: 1, integer: true, rows: [] as number[], values: [] as number[] };
    const length = { cost: pattern.roll / 1000, lower: 0, upper: solver.infinity, integer: false, rows: [] as number[], values: [] as number[] };
    if (runLimit > 0) {
      for (const lane of [...pattern.lanes].sort((a, b) => a.order - b.order)) {
        y.rows.push(n + lane.order);
        y.values.push(1);
      }
    }
    const cuts = pattern.lanes.map((lane, k) => {
      const order = orders[lane.order];
      const cut = { cost: -order.area * lane.outs, lower: 0, upper: laneMax[k], integer: true, rows: [lane.order], values: [lane.outs] };
      const lengthRow = addRow(-solver.infinity, 0);
      cut.rows.push(lengthRow);
      cut.values.push(order.length / 1000);
      length.rows.push(lengthRow);
      length.values.push(-1);
      const atLeastOne = addRow(0, solver.infinity);
      const atMost = addRow(-solver.infinity, 0);
      cut.rows.push(atLeastOne, atMost);
      cut.values.push(1, 1);
      y.rows.push(atLeastOne, atMost);
      y.values.push(-1, -laneMax[k]);
      return cut;
    });
    let carrier: (typeof cols)[number] | null = null;
    if (minRun > 0) {
      // The run's longest lane must reach the minimum run length: lane 0 does when z = 1, lane 1 when z = 0.
      const longRows = cuts.map((cut, k) => {
        const row = addRow(0, solver.infinity);
        cut.rows.push(row);
        cut.values.push(orders[pattern.lanes[k].order].length / 1000);
        return row;
      });
      if (cuts.length === 1) {
        y.rows.push(longRows[0]);
        y.values.push(-minRun);
      } else {
        const zAtMostY = addRow(-solver.infinity, 0);
        y.rows.push(longRows[1], zAtMostY);
        y.values.push(-minRun, -1);
        carrier = { cost: 0, lower: 0, upper: 1, integer: true, rows: [longRows[0], longRows[1], zAtMostY], values: [-minRun, minRun, 1] };
      }
    }
    const base = cols.length;
    cols.push(y, length, ...cuts, ...(carrier ? [carrier] : []));
    return { yCol: base, lengthCol: base + 1, cutCols: cuts.map((_, k) => base + 2 + k), carrierCol: carrier ? base + 2 + cuts.length : -1 };
  });
  const starts = new Int32Array(cols.length + 1);
  cols.forEach((col, c) => (starts[c + 1] = starts[c] + col.rows.length));
  const model = solver.createModel({
    numCols: cols.length,
    numRows: rowLower.length,
    colCost: Float64Array.from(cols, (col) => col.cost),
    colLower: Float64Array.from(cols, (col) => col.lower),
    colUpper: Float64Array.from(cols, (col) => col.upper),
    rowLower: Float64Array.from(rowLower),
    rowUpper: Float64Array.from(rowUpper),
    matrix: {
      format: 'csc',
      numRows: rowLower.length,
      numCols: cols.length,
      starts,
      indices: Int32Array.from(cols.flatMap((col) => col.rows)),
      values: Float64Array.from(cols.flatMap((col) => col.values)),
    },
    integrality: Int32Array.from(cols, (col) => (col.integer ? 1 : 0)),
  });
  try {
    model.options.set({ output_flag: false, time_limit: Math.max(0.05, seconds), mip_rel_gap: exact ? 0 : 1e-3 });
    const colValue = new Float64Array(cols.length);
    layouts.forEach((layout, p) => {
      const run = started.get(patterns[p].key);
      if (!run) return;
      colValue[layout.yCol] = 1;
      colValue[layout.lengthCol] = runLength(space, run) / 1000;
      layout.cutCols.forEach((c, k) => (colValue[c] = run.cuts[k]));
      if (layout.carrierCol >= 0) colValue[layout.carrierCol] = laneLength(space, run, 0) >= minRun * 1000 ? 1 : 0;
    });
    if (start.length) model.setSolution({ colValue });
    model.run();
    const status = model.getModelStatus();
    const statusName = Object.entries(solver.constants.modelStatus).find(([, code]) => code === status)?.[0] ?? String(status);
    const values = model.getSolution().colValue;
    const feasible = values.length === cols.length && (status === solver.constants.modelStatus.optimal || (status !== solver.constants.modelStatus.infeasible && Number.isFinite(model.getObjectiveValue())));
    if (!feasible) return { runs: null, status: statusName };
    const runs: PatternRun[] = [];
    layouts.forEach((layout, p) => {
      if (values[layout.yCol] > 0.5) runs.push({ pattern: patterns[p], cuts: layout.cutCols.map((c) => Math.round(values[c])) });
    });
    return { runs, status: statusName };
  } finally {
    model.dispose();
  }
}

interface PatternRun {
  pattern: Pattern;
  cuts: number[];
}

const laneLength = (space: PatternSpace, run: PatternRun, k: number) => run.cuts[k] * space.orders[run.pattern.lanes[k].order].length;
const runLength = (space: PatternSpace, run: PatternRun) => Math.max(...run.cuts.map((_, k) => laneLength(space, run, k)));

/**
 * Rounds the LP's runs to whole cuts (Haessler's sequential repair, simplified): cuts rounded
 * down; runs shorter than the minimum run length lengthened or dropped (the better of both
 * plans is kept); orders over their range cut back; orders under it topped up on their own lanes
 * (tails first), by a run of their own or beside another order; then the tails of lanes shorter
 * than their run filled while the order may take more. Null when it cannot.
 */
function roundLp(space: PatternSpace, instance: TrimInstance, lp: LpResult): PatternRun[] | null {
  const tries = [roundLpOnce(space, instance, lp, true), roundLpOnce(space, instance, lp, false)];
  return tries.reduce<PatternRun[] | null>((best, runs) => (runs && (!best || better(space, runs, best)) ? runs : best), null);
}

function roundLpOnce(space: PatternSpace, instance: TrimInstance, lp: LpResult, lengthen: boolean): PatternRun[] | null {
  const { orders } = space;
  const minRunMm = instance.minRunLength * 1000;
  const runs: PatternRun[] = [];
  const total = new Float64Array(orders.length);
  lp.patterns.forEach((pattern, p) => {
    const metres = lp.lengths[p];
    if (metres <= 1e-7) return;
    const cuts = pattern.lanes.map((lane) => Math.max(1, Math.floor((metres * 1000) / orders[lane.order].length + 1e-6)));
    runs.push({ pattern, cuts });
    pattern.lanes.forEach((lane, k) => (total[lane.order] += lane.outs * cuts[k]));
  });
  const dropRun = (run: PatternRun) => {
    run.pattern.lanes.forEach((lane, k) => (total[lane.order] -= lane.outs * run.cuts[k]));
    return false;
  };
  // A run shorter than the minimum: lengthen the lane that costs least if its order can take the
  // sheets (its other runs give some back in the repair), else drop the run. Both ways are tried.
  const kept = [...runs]
    .sort((a, b) => runLength(space, b) - runLength(space, a))
    .filter((run) => {
      if (runLength(space, run) >= minRunMm) return true;
      let best: { k: number; cuts: number; trim: number } | null = null;
      if (!lengthen) return dropRun(run);
      run.pattern.lanes.forEach((lane, k) => {
        const order = orders[lane.order];
        const cuts = Math.ceil(minRunMm / order.length);
        const extra = (cuts - run.cuts[k]) * lane.outs;
        if (total[lane.order] + extra > order.max) return;
        const trim = trimOf(space, [{ pattern: run.pattern, cuts: run.cuts.map((c, m) => (m === k ? cuts : c)) }]);
        if (!best || trim < best.trim) best = { k, cuts, trim };
      });
      const chosen = best as { k: number; cuts: number } | null;
      if (chosen) {
        total[run.pattern.lanes[chosen.k].order] += (chosen.cuts - run.cuts[chosen.k]) * run.pattern.lanes[chosen.k].outs;
        run.cuts[chosen.k] = chosen.cuts;
        return true;
      }
      return dropRun(run);
    });
  return repairRuns(space, instance, limitRunsPerOrder(space, instance, kept));
}

/**
 * An order that cannot run alone (too short for the minimum run length) joins a run with a free
 * lane, or starts a new run beside an order that can still take enough sheets to make the run
 * long enough — whichever adds least trim (the roll may have to be wider).
 */
function joinRun(space: PatternSpace, runs: PatternRun[], total: Float64Array, minRunMm: number, i: number, least: number, most: number): { run: PatternRun; fresh: boolean } | null {
  const order = space.orders[i];
  let best: { run: PatternRun; pattern: Pattern; cuts: number[]; delta: number; fresh: boolean } | null = null;
  for (const run of runs) {
    const { lanes } = run.pattern;
    if (lanes.length >= space.maxOrders || lanes.some((lane) => lane.order === i)) continue;
    const outsUsed = lanes.reduce((sum, lane) => sum + lane.outs, 0);
    const widthUsed = lanes.reduce((sum, lane) => sum + lane.outs * space.orders[lane.order].width, 0);
    const before = trimOf(space, [run]);
    for (let a = 1; outsUsed + a <= space.maxOuts && widthUsed + a * order.width <= space.usable; a++) {
      const cuts = Math.ceil(least / a);
      if (cuts * a > most) continue;
      const pattern = makePattern(space, [...lanes, { order: i, outs: a }]);
      const laneCuts = pattern.lanes.map((lane) => (lane.order === i ? cuts : run.cuts[lanes.findIndex((old) => old.order === lane.order)]));
      const delta = trimOf(space, [{ pattern, cuts: laneCuts }]) - before;
      if (!best || delta < best.delta) best = { run, pattern, cuts: laneCuts, delta, fresh: false };
    }
  }
  if (space.maxOrders >= 2 && space.maxOuts >= 2) {
    const cuts = least;
    space.orders.forEach((partner, j) => {
      if (j === i || order.width + partner.width > space.usable || cuts > most) return;
      // The partner's lane makes the run long enough (this order's own lane is too short).
      const partnerCuts = Math.max(1, Math.ceil(minRunMm / partner.length));
      if (total[j] + partnerCuts > partner.max) return;
      const pattern = makePattern(space, [{ order: i, outs: 1 }, { order: j, outs: 1 }]);
      const laneCuts = pattern.lanes.map((lane) => (lane.order === i ? cuts : partnerCuts));
      const delta = trimOf(space, [{ pattern, cuts: laneCuts }]);
      if (!best || delta < best.delta) best = { run: { pattern, cuts: laneCuts }, pattern, cuts: laneCuts, delta, fresh: true };
    });
  }
  if (!best) return null;
  best.run.pattern = best.pattern;
  best.run.cuts = best.cuts;
  return { run: best.run, fresh: best.fresh };
}

/**
 * maxRunsPerOrder: an order in too many runs keeps its lanes in the runs where it makes most
 * sheets; its other runs go, and their orders are topped up by the repair.
 */
function limitRunsPerOrder(space: PatternSpace, instance: TrimInstance, runs: PatternRun[]): PatternRun[] {
  const limit = instance.maxRunsPerOrder;
  let current = runs;
  for (let guard = 0; limit > 0 && guard <= space.orders.length; guard++) {
    const runsOf = new Map<number, PatternRun[]>();
    for (const run of current) for (const lane of run.pattern.lanes) runsOf.set(lane.order, [...(runsOf.get(lane.order) ?? []), run]);
    const over = [...runsOf.entries()].find(([, list]) => list.length > limit);
    if (!over) break;
    const [order, list] = over;
    const sheets = (run: PatternRun) => run.pattern.lanes.reduce((sum, lane, k) => (lane.order === order ? sum + lane.outs * run.cuts[k] : sum), 0);
    const drop = new Set([...list].sort((a, b) => sheets(b) - sheets(a)).slice(limit));
    current = current.filter((run) => !drop.has(run));
  }
  return current;
}

function repairRuns(space: PatternSpace, instance: TrimInstance, runs: PatternRun[]): PatternRun[] | null {
  const { orders } = space;
  const minRunMm = instance.minRunLength * 1000;
  const total = new Float64Array(orders.length);
  const lanesOf: { run: PatternRun; k: number }[][] = orders.map(() => []);
  for (const run of runs) {
    run.pattern.lanes.forEach((lane, k) => {
      total[lane.order] += lane.outs * run.cuts[k];
      lanesOf[lane.order].push({ run, k });
    });
  }
  for (let i = 0; i < orders.length; i++) {
    const order = orders[i];
    // Too many: take cuts off the lanes that are not carrying their run.
    for (const { run, k } of lanesOf[i]) {
      const outs = run.pattern.lanes[k].outs;
      while (total[i] > order.max && run.cuts[k] > 1) {
        run.cuts[k]--;
        if (runLength(space, run) < minRunMm) {
          run.cuts[k]++;
          break;
        }
        total[i] -= outs;
      }
    }
    if (total[i] > order.max) return null;
    // Too few: add cuts, filling tails before lengthening runs.
    const byTail = [...lanesOf[i]].sort((a, b) => laneLength(space, a.run, a.k) - runLength(space, a.run) - (laneLength(space, b.run, b.k) - runLength(space, b.run)));
    for (const { run, k } of byTail) {
      const outs = run.pattern.lanes[k].outs;
      while (total[i] < order.min && total[i] + outs <= order.max) {
        run.cuts[k]++;
        total[i] += outs;
      }
    }
    if (total[i] < order.min) {
      const own = aloneRun(space, i, order.min - total[i], order.max - total[i], minRunMm);
      const joined = own ? null : joinRun(space, runs, total, minRunMm, i, order.min - total[i], order.max - total[i]);
      const run = own ?? joined?.run;
      if (!run) return null;
      if (own || joined?.fresh) runs.push(run);
      // Lane indices follow the pattern's order; re-point every order of the run at its lane.
      run.pattern.lanes.forEach((lane, k) => {
        const entry = lanesOf[lane.order].find((seen) => seen.run === run);
        if (entry) entry.k = k;
        else lanesOf[lane.order].push({ run, k });
      });
      const k = run.pattern.lanes.findIndex((lane) => lane.order === i);
      total[i] += run.cuts[k] * run.pattern.lanes[k].outs;
      run.pattern.lanes.forEach((lane, m) => {
        if (joined?.fresh && lane.order !== i) total[lane.order] += run.cuts[m] * lane.outs;
      });
    }
  }
  for (const run of runs) {
    const length = runLength(space, run);
    run.pattern.lanes.forEach((lane, k) => {
      const order = orders[lane.order];
      const room = Math.min(Math.floor(length / order.length) - run.cuts[k], Math.floor((order.max - total[lane.order]) / lane.outs));
      if (room > 0) {
        run.cuts[k] += room;
        total[lane.order] += room * lane.outs;
      }
    });
  }
  if (instance.maxRunsPerOrder > 0 && lanesOf.some((lanes) => lanes.length > instance.maxRunsPerOrder)) return null;
  if (orders.some((order, i) => total[i] < order.min || total[i] > order.max)) return null;
  const merged = mergeSameSettings(runs);
  polishCuts(space, instance, merged);
  return merged;
}

const SEARCH_CUTS = 4;

/**
 * Local search on whole cuts: run by run, every combination of its lanes' cuts within ±4 of the
 * current ones that keeps each order in its range and the run long enough; the one with least
 * trim wins (one or two lanes; runs of more lanes are left as they are). A few passes.
 */
function polishCuts(space: PatternSpace, instance: TrimInstance, runs: PatternRun[]): void {
  const { orders } = space;
  const minRunMm = instance.minRunLength * 1000;
  const total = new Float64Array(orders.length);
  for (const run of runs) run.pattern.lanes.forEach((lane, k) => (total[lane.order] += lane.outs * run.cuts[k]));
  const runTrim = (roll: number, lanes: Pattern['lanes'], cuts: number[]) => {
    let length = 0;
    let sheets = 0;
    lanes.forEach((lane, k) => {
      const order = orders[lane.order];
      length = Math.max(length, cuts[k] * order.length);
      sheets += lane.outs * cuts[k] * order.width * order.length;
    });
    return length < minRunMm ? Infinity : roll * length - sheets;
  };
  for (let pass = 0; pass < 3; pass++) {
    let improved = false;
    for (const run of runs) {
      const { lanes } = run.pattern;
      if (lanes.length > 2) continue;
      const options = lanes.map((lane, k) => {
        const order = orders[lane.order];
        const others = total[lane.order] - lane.outs * run.cuts[k];
        const lo = Math.max(1, run.cuts[k] - SEARCH_CUTS, Math.ceil((order.min - others) / lane.outs));
        const hi = Math.min(run.cuts[k] + SEARCH_CUTS, Math.floor((order.max - others) / lane.outs));
        return { lo, hi };
      });
      let best = run.cuts;
      let bestTrim = runTrim(run.pattern.roll, lanes, run.cuts);
      const first = options[0];
      const second = options[1] ?? { lo: 0, hi: 0 };
      for (let c0 = first.lo; c0 <= first.hi; c0++) {
        for (let c1 = second.lo; c1 <= second.hi; c1++) {
          const cuts = lanes.length === 2 ? [c0, c1] : [c0];
          const trim = runTrim(run.pattern.roll, lanes, cuts);
          if (trim < bestTrim - 1e-6) {
            bestTrim = trim;
            best = cuts;
          }
        }
      }
      if (best !== run.cuts) {
        lanes.forEach((lane, k) => (total[lane.order] += lane.outs * (best[k] - run.cuts[k])));
        run.cuts = best;
        improved = true;
      }
    }
    if (!improved) break;
  }
}

/** Order i alone, between `least` and `most` sheets: the outs and cuts with least trim. */
function aloneRun(space: PatternSpace, i: number, least: number, most: number, minRunMm: number): PatternRun | null {
  const order = space.orders[i];
  let best: PatternRun | null = null;
  let bestTrim = Infinity;
  for (const pattern of singlePatterns(space, i)) {
    const outs = pattern.lanes[0].outs;
    const cuts = Math.max(1, Math.ceil(least / outs), Math.ceil(minRunMm / order.length));
    if (cuts * outs > most) continue;
    const trim = (pattern.roll - outs * order.width) * cuts * order.length;
    if (trim < bestTrim) {
      bestTrim = trim;
      best = { pattern, cuts: [cuts] };
    }
  }
  return best;
}

/** Partners kept per order for the one-run-per-order matching. */
const MATCH_PARTNERS = 8;
/** Cuts scanned above the shortest run that completes both orders (the tail is a sawtooth). */
const MATCH_SCAN = 24;

/**
 * The best run that completes both orders (each gets all its sheets, within tolerance, in this
 * one run), over their outs and cuts: the run is as short as it can be while both reach their
 * least sheets and the minimum run length, then up to 24 cuts longer to find a small tail.
 */
function completingPair(space: PatternSpace, minRunMm: number, i: number, j: number): PatternRun | null {
  const { orders, usable, maxOuts } = space;
  const oi = orders[i];
  const oj = orders[j];
  let bestTrim = Infinity;
  let best = { a: 0, b: 0, cutsI: 0, cutsJ: 0 };
  for (let a = 1; a < maxOuts; a++) {
    for (let b = 1; a + b <= maxOuts; b++) {
      const used = a * oi.width + b * oj.width;
      if (used > usable) break;
      const roll = space.rollFor[used];
      // The lead lane is the longest; the other lane takes as many cuts as fit and it may take.
      for (let leadIsI = 0; leadIsI < 2; leadIsI++) {
        const [lead, other, la, lb] = leadIsI ? [oi, oj, a, b] : [oj, oi, b, a];
        const leadHi = Math.floor(lead.max / la);
        const otherLo = Math.ceil(other.min / lb);
        const otherHi = Math.floor(other.max / lb);
        if (otherLo > otherHi) continue;
        const first = Math.max(Math.ceil(lead.min / la), Math.ceil(Math.max(otherLo * other.length, minRunMm) / lead.length));
        const last = Math.min(leadHi, first + MATCH_SCAN);
        for (let c = first; c <= last; c++) {
          const length = c * lead.length;
          const cOther = Math.min(otherHi, Math.floor(length / other.length));
          if (cOther < otherLo) continue;
          const trim = roll * length - la * c * lead.width * lead.length - lb * cOther * other.width * other.length;
          if (trim < bestTrim) {
            bestTrim = trim;
            best = { a, b, cutsI: leadIsI ? c : cOther, cutsJ: leadIsI ? cOther : c };
          }
        }
      }
    }
  }
  if (bestTrim === Infinity) return null;
  const pattern = makePattern(space, [{ order: i, outs: best.a }, { order: j, outs: best.b }]);
  return { pattern, cuts: pattern.lanes.map((lane) => (lane.order === i ? best.cutsI : best.cutsJ)) };
}

/**
 * Every order in exactly one run (a plan for any run limit): each order alone or with one
 * partner, both completed in that run — a minimum-weight matching solved as a small MIP over the
 * best partners of each order (those that save trim against both running alone).
 */
function matchingRuns(solver: Highs, space: PatternSpace, instance: TrimInstance, seconds: number): PatternRun[] | null {
  const minRunMm = instance.minRunLength * 1000;
  const n = space.orders.length;
  const alone = Array.from({ length: n }, (_, i) => aloneRun(space, i, space.orders[i].min, space.orders[i].max, minRunMm));
  const aloneTrim = alone.map((run) => (run ? trimOf(space, [run]) : Infinity));
  const candidates: { run: PatternRun; trim: number; orders: number[] }[] = [];
  alone.forEach((run, i) => run && candidates.push({ run, trim: aloneTrim[i], orders: [i] }));
  if (space.maxOrders >= 2 && space.maxOuts >= 2) {
    const partners: { j: number; run: PatternRun; trim: number; saving: number }[][] = Array.from({ length: n }, () => []);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (space.orders[i].width + space.orders[j].width > space.usable) continue;
        const run = completingPair(space, minRunMm, i, j);
        if (!run) continue;
        const trim = trimOf(space, [run]);
        const saving = aloneTrim[i] + aloneTrim[j] - trim;
        if (saving <= 0) continue;
        partners[i].push({ j, run, trim, saving });
        partners[j].push({ j: i, run, trim, saving });
      }
    }
    const kept = new Set<PatternRun>();
    for (let i = 0; i < n; i++) {
      for (const entry of partners[i].sort((a, b) => b.saving - a.saving).slice(0, MATCH_PARTNERS)) {
        if (kept.has(entry.run)) continue;
        kept.add(entry.run);
        candidates.push({ run: entry.run, trim: entry.trim, orders: entry.run.pattern.lanes.map((lane) => lane.order) });
      }
    }
  }
  const rows: number[][] = Array.from({ length: n }, () => []);
  candidates.forEach((candidate, c) => candidate.orders.forEach((i) => rows[i].push(c)));
  if (rows.some((row) => row.length === 0)) return null;
  const starts = new Int32Array(candidates.length + 1);
  candidates.forEach((candidate, c) => (starts[c + 1] = starts[c] + candidate.orders.length));
  const model = solver.createModel({
    numCols: candidates.length,
    numRows: n,
    colCost: Float64Array.from(candidates, (candidate) => candidate.trim + RUN_WEIGHT_M2),
    colLower: new Float64Array(candidates.length),
    colUpper: new Float64Array(candidates.length).fill(1),
    rowLower: new Float64Array(n).fill(1),
    rowUpper: new Float64Array(n).fill(1),
    matrix: {
      format: 'csc',
      numRows: n,
      numCols: candidates.length,
      starts,
      indices: Int32Array.from(candidates.flatMap((candidate) => [...candidate.orders].sort((a, b) => a - b))),
      values: new Float64Array(starts[candidates.length]).fill(1),
    },
    integrality: new Int32Array(candidates.length).fill(1),
  });
  try {
    model.options.set({ output_flag: false, time_limit: Math.max(0.2, seconds), mip_rel_gap: 1e-4 });
    // Start: every order alone, always feasible here.
    const colValue = new Float64Array(candidates.length);
    candidates.forEach((candidate, c) => (colValue[c] = candidate.orders.length === 1 ? 1 : 0));
    model.setSolution({ colValue });
    model.run();
    const values = model.getSolution().colValue;
    if (values.length !== candidates.length || !Number.isFinite(model.getObjectiveValue())) return null;
    const chosen = candidates.filter((_, c) => values[c] > 0.5).map((candidate) => ({ pattern: candidate.run.pattern, cuts: [...candidate.run.cuts] }));
    const covered = new Int32Array(n);
    chosen.forEach((run) => run.pattern.lanes.forEach((lane) => covered[lane.order]++));
    return covered.every((count) => count === 1) ? chosen : null;
  } finally {
    model.dispose();
  }
}

/**
 * The baseline without pairing: trim area (m²) of every order alone, each on the outs and
 * narrowest roll that waste least. Null when an order cannot run alone (minimum run length).
 */
export function aloneTrimArea(instance: TrimInstance): number | null {
  const space = patternSpace(instance);
  const runs = aloneRuns(space, instance);
  return runs ? trimOf(space, runs) : null;
}

/** Every order on its own run (what a planner gets without pairing). Null if one cannot. */
function aloneRuns(space: PatternSpace, instance: TrimInstance): PatternRun[] | null {
  const runs: PatternRun[] = [];
  for (let i = 0; i < space.orders.length; i++) {
    const run = aloneRun(space, i, space.orders[i].min, space.orders[i].max, instance.minRunLength * 1000);
    if (!run) return null;
    runs.push(run);
  }
  return runs;
}

/** Trim area (m²) of runs. */
function trimOf(space: PatternSpace, runs: PatternRun[]): number {
  let trim = 0;
  for (const run of runs) {
    trim += run.pattern.roll * runLength(space, run);
    run.pattern.lanes.forEach((lane, k) => (trim -= lane.outs * run.cuts[k] * space.orders[lane.order].width * space.orders[lane.order].length));
  }
  return trim / 1e6;
}

/**
 * Runs of the same setting merged into one (cuts added lane by lane): the merged run is no longer
 * than the two together, so trim never grows, and there is one slitter setting fewer.
 */
function mergeSameSettings(runs: PatternRun[]): PatternRun[] {
  const byKey = new Map<string, PatternRun>();
  for (const run of runs) {
    const seen = byKey.get(run.pattern.key);
    if (seen) seen.cuts = seen.cuts.map((cuts, k) => cuts + run.cuts[k]);
    else byKey.set(run.pattern.key, { pattern: run.pattern, cuts: [...run.cuts] });
  }
  return [...byKey.values()];
}

/** Less trim, or as little trim (to 0.001 m²) and fewer runs. */
function better(space: PatternSpace, a: PatternRun[], b: PatternRun[]): boolean {
  const difference = trimOf(space, a) - trimOf(space, b);
  return difference < -1e-3 || (difference <= 1e-3 && a.length < b.length);
}

/** Every single and paired pattern, or null when there are more than `limit`. */
function allPatterns(space: PatternSpace, limit: number): Pattern[] | null {
  const out: Pattern[] = [];
  const n = space.orders.length;
  for (let i = 0; i < n; i++) {
    out.push(...singlePatterns(space, i));
    if (space.maxOrders < 2) continue;
    for (let j = i + 1; j < n; j++) {
      for (let a = 1; a < space.maxOuts; a++) {
        for (let b = 1; a + b <= space.maxOuts; b++) {
          if (a * space.orders[i].width + b * space.orders[j].width > space.usable) break;
          out.push(makePattern(space, [{ order: i, outs: a }, { order: j, outs: b }]));
        }
      }
      if (out.length > limit) return null;
    }
  }
  return out.length > limit ? null : out;
}

/** Wide to narrow: roll width, then the width the run fills. */
function sequence(runs: TrimRun[], widthOf: (orderId: string) => number): TrimRun[] {
  const filled = (run: TrimRun) => run.lanes.reduce((sum, lane) => sum + lane.outs * widthOf(lane.orderId), 0);
  return [...runs].sort((a, b) => b.rollWidth - a.rollWidth || filled(b) - filled(a));
}

/**
 * The plan of runs for a valid instance (see `parseTrimInstance`), with the proven lower bound on
 * its trim area. Refuses (TrimRefusal) when no plan under the rules exists among the patterns tried.
 */
export async function optimiseTrim(instance: TrimInstance, options: TrimOptions = {}): Promise<{ plan: TrimPlan; stats: TrimStats }> {
  const started = Date.now();
  const limit = (options.timeLimitSeconds ?? 0.8 + instance.orders.length * 0.008) * 1000;
  const space = patternSpace(instance);
  const emptyStats: TrimStats = { lowerBound_m2: 0, lpTrim_m2: 0, columnGenerationRounds: 0, patternsGenerated: 0, patternsInMip: 0, roundedTrim_m2: null, mipStatus: 'empty', lpMs: 0, mipMs: 0 };
  if (!instance.orders.length) return { plan: { instance: instance.name, runs: [], metrics: planMetrics(instance, []) }, stats: emptyStats };
  const solver = await highs();
  // The LP runs to its optimum (the bound and the rounding depend on it) unless it alone uses up the time.
  const lp = solvePatternLp(solver, space, started + limit);
  const lpDone = Date.now();
  const ids = instance.orders.map((order) => order.id);
  const toRuns = (runs: PatternRun[]): TrimRun[] =>
    runs.map(({ pattern, cuts }) => ({ rollWidth: pattern.roll, lanes: pattern.lanes.map((lane, k) => ({ orderId: ids[lane.order], outs: lane.outs, cuts: cuts[k] })) }));
  // Every candidate plan goes through the independent checker: a heuristic slip can cost quality, never validity.
  const keepsRules = (runs: PatternRun[] | null) => {
    if (!runs) return null;
    const trimRuns = toRuns(runs);
    return checkPlan(instance, { instance: instance.name, runs: trimRuns, metrics: planMetrics(instance, trimRuns) }).length ? null : runs;
  };
  const rounded = keepsRules(roundLp(space, instance, lp));
  const alone = keepsRules(aloneRuns(space, instance));
  const limited = instance.maxRunsPerOrder > 0;
  const matched = limited ? keepsRules(matchingRuns(solver, space, instance, (limit - (Date.now() - started)) / 2000)) : null;
  const start = [rounded, matched, alone].reduce<PatternRun[] | null>((bestSoFar, runs) => (runs && (!bestSoFar || better(space, runs, bestSoFar)) ? runs : bestSoFar), null) ?? [];
  let best: PatternRun[] | null = start.length ? start : null;
  let patterns: Pattern[] = [];
  let mipStatus = 'skipped';
  // The integer model earns its time when it can see every pattern (then it is exact), or when
  // nothing else found a plan; elsewhere HiGHS did not improve the rounded plan within seconds.
  const every = allPatterns(space, ALL_PATTERNS_LIMIT);
  if (every || !best) {
    patterns = [...new Map([...(every ?? mipPatterns(space, lp)), ...start.map((run) => run.pattern)].map((pattern) => [pattern.key, pattern])).values()];
    const mip = solveRuns(solver, instance, space, patterns, start, (limit - (Date.now() - started)) / 1000, every !== null);
    mipStatus = mip.status;
    const mipRuns = keepsRules(mip.runs);
    if (mipRuns && (!best || better(space, mipRuns, best))) best = mipRuns;
  }
  if (!best) {
    // Validation let every order through alone or beside a long partner; here those partners ran out.
    const stranded = instance.orders.filter((_, i) => !aloneRun(space, i, space.orders[i].min, space.orders[i].max, instance.minRunLength * 1000));
    const names = stranded.map((order) => order.id).join('、');
    throw new TrimRefusal(
      `订单 ${names || instance.orders.map((order) => order.id).join('、')} 无法排产：在最短开机长度、切数、超欠数和每单排程次数的限制下找不到可行方案`,
      stranded[0]?.id,
    );
  }
  const widths = new Map(instance.orders.map((order) => [order.id, order.width]));
  const runs = sequence(toRuns(best), (id) => widths.get(id) ?? 0);
  return {
    plan: { instance: instance.name, runs, metrics: planMetrics(instance, runs) },
    stats: {
      lowerBound_m2: lp.lowerBound,
      lpTrim_m2: lp.lpTrim,
      columnGenerationRounds: lp.rounds,
      patternsGenerated: lp.patterns.length,
      patternsInMip: patterns.length,
      roundedTrim_m2: rounded ? trimOf(space, rounded) : null,
      mipStatus,
      lpMs: lpDone - started,
      mipMs: Date.now() - lpDone,
    },
  };
}
