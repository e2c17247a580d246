import type { Highs } from 'highs';
import type { LpResult } from './lp';
import { makePattern, reducedCost, type Pattern, type PatternSpace } from './patterns';
import { aloneRun, laneLength, runLength, trimM2, type PatternRun } from './runs';

/** Weight (m²) per run in the matching: breaks ties towards fewer runs (the plans are compared exactly afterwards). */
const RUN_WEIGHT_M2 = 1e-4;

/** The patterns the integer model may use: the LP's, the nearest to entering it, and each order alone. */
export function mipPatterns(space: PatternSpace, lp: LpResult): Pattern[] {
  const chosen = new Map<string, Pattern>();
  const add = (pattern: Pattern) => chosen.set(pattern.key, pattern);
  lp.patterns.forEach((pattern, p) => {
    if (lp.lengths[p] > 1e-7) add(pattern);
  });
  const n = space.orders.length;
  const near = lp.patterns
    .map((pattern, p) => ({ pattern, rc: lp.lengths[p] > 1e-7 ? Infinity : reducedCost(space, pattern, lp.value) }))
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
  /** With a minimum run length and several lanes: per lane, 1 when that lane carries the run's length. */
  carrierCols: number[];
}

/** Deterministic effort of a HiGHS MIP: a node limit; the seconds are only a safety net. */
export interface MipLimits {
  nodes: number;
  seconds: number;
}

/** HiGHS's name of a model status code. */
export function statusName(solver: Highs, status: number): string {
  return Object.entries(solver.constants.modelStatus).find(([, code]) => code === status)?.[0] ?? String(status);
}

/**
 * Integer runs over the chosen patterns: per pattern a used flag y, a run length Λ (m) and cuts
 * per lane. Λ ≥ cuts × length for every lane; minRun·y ≤ Λ; cuts ≥ y; cuts ≤ (most sheets ÷
 * outs) × y; one lane (chosen by a binary per lane) reaches the minimum run length; each order's
 * sheets in its range; at most maxRunsPerOrder flags per order. Minimise paper − sheets (trim).
 * Used where the exact enumeration does not reach: as a start on mid-sized instances and as the
 * complete search that decides whether any plan exists.
 */
export interface RunsModel {
  /** Sheets each order may receive (default: its range). */
  lo?: Int32Array;
  hi?: Int32Array;
  /** Longest run (units) of each pattern (default: its longest lane's most sheets). */
  longest?: Float64Array;
  /** Minimise the runs among plans of at most this trim (units²) instead of minimising trim. */
  trimCap?: number;
}

export function solveRuns(solver: Highs, space: PatternSpace, patterns: Pattern[], start: PatternRun[], limits: MipLimits, shape: RunsModel = {}) {
  const { orders, unit } = space;
  const n = orders.length;
  const minRun = space.minRun / unit;
  const runLimit = space.maxRuns;
  const toM2 = (units2: number) => units2 / (space.scale * space.scale * 1e6);
  const capped = shape.trimCap !== undefined;
  const cols: { cost: number; lower: number; upper: number; integer: boolean; rows: number[]; values: number[] }[] = [];
  const rowLower: number[] = orders.map((order, i) => shape.lo?.[i] ?? order.min);
  const rowUpper: number[] = orders.map((order, i) => shape.hi?.[i] ?? order.max);
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
  // With a trim cap, row `capRow` holds the trim (m²) and the objective counts runs.
  const capRow = capped ? addRow(-solver.infinity, toM2((shape.trimCap as number) + 0.5)) : -1;
  const started = new Map(start.map((run) => [run.pattern.key, run]));
  const layouts: MipLayout[] = patterns.map((pattern, p) => {
    const cap = pattern.lanes.map((lane) => Math.floor((rowUpper[lane.order] as number) / lane.outs) * orders[lane.order].length).reduce((a, b) => Math.max(a, b), 0);
    const longestUnits = Math.min(cap, shape.longest?.[p] ?? Infinity);
    const laneMax = pattern.lanes.map((lane) => Math.min(Math.floor((rowUpper[lane.order] as number) / lane.outs), Math.floor(longestUnits / orders[lane.order].length)));
    const longest = longestUnits / unit;
    const y = { cost: capped ? 1 : 0, lower: 0, upper: 1, integer: true, rows: [] as number[], values: [] as number[] };
    const length = { cost: capped ? 0 : pattern.roll / unit, lower: 0, upper: longest, integer: false, rows: [] as number[], values: [] as number[] };
    if (capped) {
      length.rows.push(capRow);
      length.values.push(pattern.roll / unit);
    }
    if (runLimit > 0) {
      for (const lane of pattern.lanes) {
        y.rows.push(n + lane.order);
        y.values.push(1);
      }
    }
    // Λ ≤ longest·y and Λ ≥ minRun·y: an unused pattern has no length, a used one is long enough.
    const lengthCap = addRow(-solver.infinity, 0);
    length.rows.push(lengthCap);
    length.values.push(1);
    y.rows.push(lengthCap);
    y.values.push(-longest);
    if (minRun > 0) {
      const lengthFloor = addRow(0, solver.infinity);
      length.rows.push(lengthFloor);
      length.values.push(1);
      y.rows.push(lengthFloor);
      y.values.push(-minRun);
    }
    const cuts = pattern.lanes.map((lane, k) => {
      const order = orders[lane.order];
      const cut = { cost: capped ? 0 : -order.area * lane.outs, lower: 0, upper: laneMax[k], integer: true, rows: [lane.order], values: [lane.outs] };
      if (capped) {
        cut.rows.push(capRow);
        cut.values.push(-order.area * lane.outs);
      }
      const lengthRow = addRow(-solver.infinity, 0);
      cut.rows.push(lengthRow);
      cut.values.push(order.length / unit);
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
    const carriers: (typeof cols)[number][] = [];
    if (minRun > 0) {
      // The run's longest lane must reach the minimum run length: lane k does when its carrier is 1.
      if (cuts.length === 1) {
        const row = addRow(0, solver.infinity);
        cuts[0].rows.push(row);
        cuts[0].values.push(orders[pattern.lanes[0].order].length / unit);
        y.rows.push(row);
        y.values.push(-minRun);
      } else {
        const oneCarrier = addRow(0, solver.infinity);
        y.rows.push(oneCarrier);
        y.values.push(-1);
        cuts.forEach((cut, k) => {
          const row = addRow(0, solver.infinity);
          cut.rows.push(row);
          cut.values.push(orders[pattern.lanes[k].order].length / unit);
          carriers.push({ cost: 0, lower: 0, upper: 1, integer: true, rows: [row, oneCarrier], values: [-minRun, 1] });
        });
      }
    }
    const base = cols.length;
    cols.push(y, length, ...cuts, ...carriers);
    return { yCol: base, lengthCol: base + 1, cutCols: cuts.map((_, k) => base + 2 + k), carrierCols: carriers.map((_, k) => base + 2 + cuts.length + k) };
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
    // Trims differ by whole units² (runs by whole runs), so a gap below one proves the optimum.
    model.options.set({ output_flag: false, time_limit: Math.max(0.05, limits.seconds), mip_max_nodes: limits.nodes, mip_rel_gap: 0, mip_abs_gap: capped ? 0.5 : toM2(0.5) });
    const colValue = new Float64Array(cols.length);
    layouts.forEach((layout, p) => {
      const run = started.get(patterns[p].key);
      if (!run) return;
      colValue[layout.yCol] = 1;
      colValue[layout.lengthCol] = runLength(space, run) / unit;
      layout.cutCols.forEach((c, k) => (colValue[c] = run.cuts[k]));
      const carrier = run.cuts.findIndex((_, k) => laneLength(space, run, k) >= space.minRun);
      if (layout.carrierCols.length) colValue[layout.carrierCols[Math.max(0, carrier)]] = 1;
    });
    if (start.length) model.setSolution({ colValue });
    model.run();
    const status = model.getModelStatus();
    const values = model.getSolution().colValue;
    const feasible = values.length === cols.length && (status === solver.constants.modelStatus.optimal || (status !== solver.constants.modelStatus.infeasible && Number.isFinite(model.getObjectiveValue())));
    const infeasible = status === solver.constants.modelStatus.infeasible;
    if (!feasible) return { runs: null, status: statusName(solver, status), infeasible, optimal: false };
    const runs: PatternRun[] = [];
    layouts.forEach((layout, p) => {
      const cuts = layout.cutCols.map((c) => Math.round(values[c]));
      if (values[layout.yCol] > 0.5 && cuts.every((c) => c >= 1)) runs.push({ pattern: patterns[p], cuts });
    });
    return { runs, status: statusName(solver, status), infeasible, optimal: status === solver.constants.modelStatus.optimal };
  } finally {
    model.dispose();
  }
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
export function matchingRuns(solver: Highs, space: PatternSpace, limits: MipLimits): PatternRun[] | null {
  const minRunMm = space.minRun;
  const n = space.orders.length;
  const alone = Array.from({ length: n }, (_, i) => aloneRun(space, i, space.orders[i].min, space.orders[i].max, minRunMm));
  const aloneTrim = alone.map((run) => (run ? trimM2(space, [run]) : Infinity));
  const candidates: { run: PatternRun; trim: number; orders: number[] }[] = [];
  alone.forEach((run, i) => run && candidates.push({ run, trim: aloneTrim[i], orders: [i] }));
  if (space.maxOrders >= 2 && space.maxOuts >= 2) {
    const partners: { j: number; run: PatternRun; trim: number; saving: number }[][] = Array.from({ length: n }, () => []);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (space.orders[i].width + space.orders[j].width > space.usable) continue;
        const run = completingPair(space, minRunMm, i, j);
        if (!run) continue;
        const trim = trimM2(space, [run]);
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
    model.options.set({ output_flag: false, time_limit: limits.seconds, mip_max_nodes: limits.nodes, mip_rel_gap: 1e-6 });
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
