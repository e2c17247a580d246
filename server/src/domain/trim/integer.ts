import type { Highs } from 'highs';
import type { LpResult } from './lp';
import { makePattern, reducedCost, singlePatterns, type Pattern, type PatternSpace } from './patterns';
import { aloneRun, laneLength, runLength, trimOf, type PatternRun } from './runs';
import type { TrimInstance } from './types';

/** Trim area (m²) of one run worth of sheets counted as produced — weight that breaks ties towards fewer runs. */
const RUN_WEIGHT_M2 = 0.01;

/** The patterns the integer model may use: the LP's, the nearest to entering it, and each order alone. */
export function mipPatterns(space: PatternSpace, lp: LpResult): Pattern[] {
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

/** Every single and paired pattern, or null when there are more than `limit`. */
export function allPatterns(space: PatternSpace, limit: number): Pattern[] | null {
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
export function solveRuns(solver: Highs, instance: TrimInstance, space: PatternSpace, patterns: Pattern[], start: PatternRun[], seconds: number, exact: boolean) {
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
export function matchingRuns(solver: Highs, space: PatternSpace, instance: TrimInstance, seconds: number): PatternRun[] | null {
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
