import type { TrimInstance } from './types';
import { minRunUnits, scaleOf, toUnits } from './units';
import { sheetRange } from './validate';

/** An order as the optimiser sees it: index-addressed numbers, sizes in whole units (see units.ts). */
export interface OrderData {
  width: number;
  length: number;
  /** Sheets allowed: [min, max] (rule 6). */
  min: number;
  max: number;
  /** One sheet's area, m². */
  area: number;
}

export interface Lane {
  order: number;
  outs: number;
}

/** A slitter setting: lanes side by side on the narrowest roll that takes them (rules 1, 3, 4). */
export interface Pattern {
  roll: number;
  lanes: Lane[];
  key: string;
}

/**
 * The instance in whole units: `scale` units per mm (1 for whole millimetres, 10 for 0.1 mm …),
 * `unit` units per metre of run. Trim areas are kept in units² (exact integers) and shown in m².
 */
export interface PatternSpace {
  orders: OrderData[];
  /** Widest usable width: widest roll − minTrim (units). */
  usable: number;
  /** rollFor[u] = narrowest roll (units) taking u units of sheets plus the minimum trim. */
  rollFor: Int32Array;
  maxOuts: number;
  maxOrders: number;
  /** Roll widths in units, narrow to wide. */
  rolls: number[];
  scale: number;
  /** Units per metre: 1000 × scale. */
  unit: number;
  /** Minimum run length in units (0: none). */
  minRun: number;
  /** Most runs an order may appear in (0: no limit). */
  maxRuns: number;
}

export function patternSpace(instance: TrimInstance): PatternSpace {
  const scale = scaleOf(instance);
  const rolls = [...instance.rollWidths].sort((a, b) => a - b).map((width) => toUnits(width, scale));
  const minTrim = toUnits(instance.minTrim, scale);
  const usable = rolls[rolls.length - 1] - minTrim;
  const rollFor = new Int32Array(Math.max(0, usable) + 1);
  let r = 0;
  for (let u = 0; u <= usable; u++) {
    while (rolls[r] < u + minTrim) r++;
    rollFor[u] = rolls[r];
  }
  const orders = instance.orders.map((order) => {
    const { min, max } = sheetRange(order.qty, instance.tolerance);
    const width = toUnits(order.width, scale);
    const length = toUnits(order.length, scale);
    return { width, length, min, max, area: (width * length) / (scale * scale * 1e6) };
  });
  return {
    orders,
    usable,
    rollFor,
    maxOuts: instance.maxOuts,
    maxOrders: instance.maxOrdersPerPattern,
    rolls,
    scale,
    unit: 1000 * scale,
    minRun: minRunUnits(instance.minRunLength, scale),
    maxRuns: instance.maxRunsPerOrder,
  };
}

/** Units² → m². */
export const squareMetres = (space: PatternSpace, units2: number) => units2 / (space.scale * space.scale * 1e6);

export function makePattern(space: PatternSpace, lanes: Lane[]): Pattern {
  const sorted = [...lanes].sort((a, b) => a.order - b.order);
  const used = sorted.reduce((sum, lane) => sum + lane.outs * space.orders[lane.order].width, 0);
  return { roll: space.rollFor[used], lanes: sorted, key: sorted.map((lane) => `${lane.order}:${lane.outs}`).join('|') };
}

/** Reduced cost of a pattern per metre of run: roll width (m) − Σ outs × value per out-metre. */
export function reducedCost(space: PatternSpace, pattern: Pattern, value: Float64Array): number {
  return pattern.roll / space.unit - pattern.lanes.reduce((sum, lane) => sum + lane.outs * value[lane.order], 0);
}

export interface Pricing {
  /** For each order, the pattern containing it with the lowest reduced cost (null: none below 0). */
  best: (Pattern | null)[];
  /** Lowest reduced cost over every pattern of one or two orders. */
  minReducedCost: number;
}

/**
 * Exact pricing over every single and paired pattern: for each order i and outs a, and each
 * partner j and outs b, the narrowest roll and the reduced cost. `value[i]` is the dual value of
 * one out of order i per metre of run (m of width).
 */
export function price(space: PatternSpace, value: Float64Array): Pricing {
  const { orders, usable, rollFor, maxOuts, unit } = space;
  const n = orders.length;
  const bestRc = new Float64Array(n).fill(0);
  const bestJ = new Int32Array(n).fill(-2);
  const bestA = new Int32Array(n);
  const bestB = new Int32Array(n);
  const width = Int32Array.from(orders, (order) => order.width);
  let minRc = Infinity;
  const record = (i: number, rc: number, j: number, a: number, b: number) => {
    if (rc < bestRc[i]) {
      bestRc[i] = rc;
      bestJ[i] = j;
      bestA[i] = a;
      bestB[i] = b;
    }
  };
  for (let i = 0; i < n; i++) {
    const wi = width[i];
    const vi = value[i];
    for (let a = 1; a <= maxOuts && a * wi <= usable; a++) {
      const rc = rollFor[a * wi] / unit - a * vi;
      if (rc < minRc) minRc = rc;
      record(i, rc, -1, a, 0);
    }
  }
  if (space.maxOrders >= 2 && maxOuts >= 2) {
    for (let i = 0; i < n; i++) {
      const wi = width[i];
      const vi = value[i];
      for (let j = i + 1; j < n; j++) {
        const wj = width[j];
        const vj = value[j];
        for (let a = 1; a < maxOuts; a++) {
          const wa = a * wi;
          if (wa + wj > usable) break;
          const va = a * vi;
          for (let b = 1; a + b <= maxOuts; b++) {
            const used = wa + b * wj;
            if (used > usable) break;
            const rc = rollFor[used] / unit - va - b * vj;
            if (rc < minRc) minRc = rc;
            if (rc < bestRc[i]) record(i, rc, j, a, b);
            if (rc < bestRc[j]) record(j, rc, i, b, a);
          }
        }
      }
    }
  }
  const best = Array.from({ length: n }, (_, i) => {
    if (bestJ[i] === -2) return null;
    const lanes = [{ order: i, outs: bestA[i] }];
    if (bestJ[i] >= 0) lanes.push({ order: bestJ[i], outs: bestB[i] });
    return space.maxOrders >= 3 ? widen(space, value, lanes) : makePattern(space, lanes);
  });
  if (space.maxOrders >= 3) minRc = Math.min(minRc, relaxedMinReducedCost(space, value));
  return { best, minReducedCost: minRc };
}

/**
 * With three or more orders allowed per run (large instances, where every pattern cannot be
 * listed): a priced pattern greedily gains lanes — the order and outs that lower its reduced cost
 * most while the roll, the knives and the lane count allow.
 */
function widen(space: PatternSpace, value: Float64Array, start: Lane[]): Pattern {
  let pattern = makePattern(space, start);
  let rc = reducedCost(space, pattern, value);
  for (;;) {
    const lanes = pattern.lanes;
    if (lanes.length >= space.maxOrders) return pattern;
    const outs = lanes.reduce((sum, lane) => sum + lane.outs, 0);
    const used = lanes.reduce((sum, lane) => sum + lane.outs * space.orders[lane.order].width, 0);
    let best: { order: number; outs: number; rc: number } | null = null;
    for (let j = 0; j < space.orders.length; j++) {
      if (value[j] <= 0 || lanes.some((lane) => lane.order === j)) continue;
      for (let b = 1; outs + b <= space.maxOuts && used + b * space.orders[j].width <= space.usable; b++) {
        const next = space.rollFor[used + b * space.orders[j].width] / space.unit - (space.rollFor[used] / space.unit - rc) - b * value[j];
        if (next < (best?.rc ?? rc) - 1e-12) best = { order: j, outs: b, rc: next };
      }
    }
    if (!best) return pattern;
    pattern = makePattern(space, [...lanes, { order: best.order, outs: best.outs }]);
    rc = best.rc;
  }
}

/**
 * Every pattern of the space (1 to maxOrders lanes of different orders, Σ outs ≤ maxOuts, fitting
 * the widest roll), each on its narrowest roll; null when there are more than `limit`.
 */
export function allPatterns(space: PatternSpace, limit: number): Pattern[] | null {
  const out: Pattern[] = [];
  const n = space.orders.length;
  const lanes: Lane[] = [];
  const visit = (from: number, outs: number, used: number): boolean => {
    for (let i = from; i < n; i++) {
      const width = space.orders[i].width;
      for (let a = 1; outs + a <= space.maxOuts && used + a * width <= space.usable; a++) {
        lanes.push({ order: i, outs: a });
        out.push(makePattern(space, lanes));
        const fine = out.length <= limit && (lanes.length >= space.maxOrders || visit(i + 1, outs + a, used + a * width));
        lanes.pop();
        if (!fine) return false;
      }
    }
    return true;
  };
  return visit(0, 0, 0) ? out : null;
}

/**
 * With three or more orders allowed per run, a lower bound on every pattern's reduced cost from a
 * knapsack that drops the "different orders, at most k of them" condition (any mix of at most
 * maxOuts outs fitting the roll): it keeps the trim bound valid although only one- and
 * two-order patterns are priced exactly.
 */
function relaxedMinReducedCost(space: PatternSpace, value: Float64Array): number {
  const { orders, usable, maxOuts, rolls, unit } = space;
  let previous = new Float64Array(usable + 1);
  for (let k = 1; k <= maxOuts; k++) {
    const next = Float64Array.from(previous);
    for (let i = 0; i < orders.length; i++) {
      const w = orders[i].width;
      const v = value[i];
      if (v <= 0) continue;
      for (let c = w; c <= usable; c++) {
        const candidate = previous[c - w] + v;
        if (candidate > next[c]) next[c] = candidate;
      }
    }
    previous = next;
  }
  const minTrim = rolls[rolls.length - 1] - usable;
  let min = Infinity;
  for (const roll of rolls) {
    if (roll - minTrim >= 0) min = Math.min(min, roll / unit - previous[roll - minTrim]);
  }
  return min;
}

/** The widest-roll-first single patterns of an order: a outs on the narrowest roll that takes them. */
export function singlePatterns(space: PatternSpace, order: number): Pattern[] {
  const out: Pattern[] = [];
  for (let a = 1; a <= space.maxOuts && a * space.orders[order].width <= space.usable; a++) {
    out.push(makePattern(space, [{ order, outs: a }]));
  }
  return out;
}
