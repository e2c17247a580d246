import type { TrimInstance } from './types';
import { sheetRange } from './validate';

/** An order as the optimiser sees it: index-addressed numbers. */
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

export interface PatternSpace {
  orders: OrderData[];
  /** Widest usable width: widest roll − minTrim. */
  usable: number;
  /** rollFor[u] = narrowest roll taking u mm of sheets plus the minimum trim. */
  rollFor: Int32Array;
  maxOuts: number;
  maxOrders: number;
  rolls: number[];
}

export function patternSpace(instance: TrimInstance): PatternSpace {
  const rolls = [...instance.rollWidths].sort((a, b) => a - b);
  const usable = rolls[rolls.length - 1] - instance.minTrim;
  const rollFor = new Int32Array(Math.max(0, usable) + 1);
  let r = 0;
  for (let u = 0; u <= usable; u++) {
    while (rolls[r] < u + instance.minTrim) r++;
    rollFor[u] = rolls[r];
  }
  const orders = instance.orders.map((order) => {
    const { min, max } = sheetRange(order.qty, instance.tolerance);
    return { width: order.width, length: order.length, min, max, area: (order.width * order.length) / 1e6 };
  });
  return { orders, usable, rollFor, maxOuts: instance.maxOuts, maxOrders: instance.maxOrdersPerPattern, rolls };
}

export function makePattern(space: PatternSpace, lanes: Lane[]): Pattern {
  const sorted = [...lanes].sort((a, b) => a.order - b.order);
  const used = sorted.reduce((sum, lane) => sum + lane.outs * space.orders[lane.order].width, 0);
  return { roll: space.rollFor[used], lanes: sorted, key: sorted.map((lane) => `${lane.order}:${lane.outs}`).join('|') };
}

/** Reduced cost of a pattern per metre of run: roll width (m) − Σ outs × value per out-metre. */
export function reducedCost(pattern: Pattern, value: Float64Array): number {
  return pattern.roll / 1000 - pattern.lanes.reduce((sum, lane) => sum + lane.outs * value[lane.order], 0);
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
  const { orders, usable, rollFor, maxOuts } = space;
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
      const rc = rollFor[a * wi] / 1000 - a * vi;
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
            const rc = rollFor[used] / 1000 - va - b * vj;
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
    return makePattern(space, lanes);
  });
  if (space.maxOrders >= 3) minRc = Math.min(minRc, relaxedMinReducedCost(space, value));
  return { best, minReducedCost: minRc };
}

/**
 * With three or more orders allowed per run, a lower bound on every pattern's reduced cost from a
 * knapsack that drops the "different orders, at most k of them" condition (any mix of at most
 * maxOuts outs fitting the roll): it keeps the trim bound valid although only one- and
 * two-order patterns are priced exactly.
 */
function relaxedMinReducedCost(space: PatternSpace, value: Float64Array): number {
  const { orders, usable, maxOuts, rolls } = space;
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
    if (roll - minTrim >= 0) min = Math.min(min, roll / 1000 - previous[roll - minTrim]);
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
