import type { Highs } from 'highs';
import { price, reducedCost, singlePatterns, type Pattern, type PatternSpace, type Pricing } from './patterns';

const REDUCED_COST_TOLERANCE = 1e-9;

export interface LpResult {
  patterns: Pattern[];
  lengths: Float64Array;
  value: Float64Array;
  /** The dual values the bound is proven with (value scaled so that no pattern prices below 0). */
  boundValue: Float64Array;
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
export function solvePatternLp(solver: Highs, space: PatternSpace, deadline: number, every: Pattern[] | null = null): LpResult {
  const { orders, unit } = space;
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
          values.push((lane.outs * unit) / orders[lane.order].length);
        }
        starts[p + 1] = indices.length;
      });
      model.addCols({
        cost: Float64Array.from(added, (pattern) => pattern.roll / unit),
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
      for (let i = 0; i < n; i++) value[i] = (Math.max(0, dual[i]) * unit) / orders[i].length;
      const pricing = every ? priceList(space, every, value) : price(space, value);
      minReducedCost = pricing.minReducedCost;
      const fresh = pricing.best.filter((pattern): pattern is Pattern => pattern !== null && reducedCost(space, pattern, value) < -REDUCED_COST_TOLERANCE);
      if (!fresh.length || Date.now() > deadline || addPatterns(fresh) === 0) break;
    }
    const solution = model.getSolution();
    const lengths = solution.colValue.slice(n);
    const lpTrim = model.getObjectiveValue();
    const bound = dualBound(space, value, minReducedCost);
    return { patterns, lengths, value, boundValue: bound.value, lowerBound: bound.bound, lpTrim, rounds };
  } finally {
    model.dispose();
  }
}

/** Exact pricing over a list of every pattern (small instances): each order's most negative pattern. */
function priceList(space: PatternSpace, every: Pattern[], value: Float64Array): Pricing {
  const best: (Pattern | null)[] = space.orders.map(() => null);
  const bestRc = new Float64Array(space.orders.length);
  let minReducedCost = Infinity;
  for (const pattern of every) {
    const rc = reducedCost(space, pattern, value);
    minReducedCost = Math.min(minReducedCost, rc);
    for (const lane of pattern.lanes) {
      if (rc < bestRc[lane.order]) {
        bestRc[lane.order] = rc;
        best[lane.order] = pattern;
      }
    }
  }
  return { best, minReducedCost };
}

/**
 * The Lagrangian bound of the dual values: with every pattern's reduced cost ≥ 0 it is
 * Σ_i min over s_i ∈ [min, max] of (π_i − area_i) s_i. When the last round still had a pattern
 * below 0 (time limit), the values are scaled down until none is, so the bound stays proven.
 */
function dualBound(space: PatternSpace, value: Float64Array, minReducedCost: number): { bound: number; value: Float64Array } {
  const slack = Math.max(0, -minReducedCost);
  const narrowest = space.rolls[0] / space.unit;
  const scaled = value.map((v) => (v * narrowest) / (narrowest + slack));
  let bound = 0;
  space.orders.forEach((order, i) => {
    const perSheet = (scaled[i] * order.length) / space.unit - order.area;
    bound += perSheet * (perSheet >= 0 ? order.min : order.max);
  });
  return { bound, value: scaled };
}
