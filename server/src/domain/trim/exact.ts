/**
 * Least trim, then fewest runs, on small instances: the integer model over every pattern, cut down
 * by the pattern LP's duals.
 *
 * With the (scaled, so that no pattern prices below zero) duals v_i of the pattern LP, the trim of
 * any plan splits into non-negative parts:
 *   trim = LB + Σ_runs ρ(run) + Σ_orders δ_i(sheets_i),
 *   ρ(run) = rc_p · Λ + Σ_lanes outs · v_i · (Λ − cuts · length_i)      (m², Λ the run length in m)
 *   δ_i(s) = (π_i − a_i) · s − min over the order's range            (π_i = v_i · length_i, a_i the sheet area)
 * so a plan with trim ≤ UB (the best plan known) uses only patterns with rc_p · Λ ≤ UB − LB — a
 * pattern whose shortest possible run already costs more is dropped, the others get a longest run —
 * and gives each order sheets with δ_i ≤ UB − LB. The integer model (integer.ts) over what is left
 * still holds every plan at least as good as UB, so its proven optimum is the optimum; a second
 * model keeps the trim at that optimum (checked exactly) and minimises the runs. Both stop at a
 * node limit (deterministic): then the best plan found is kept, unproven.
 */
import type { Highs } from 'highs';
import { solveRuns, type MipLimits } from './integer';
import type { LpResult } from './lp';
import { reducedCost, squareMetres, type Pattern, type PatternSpace } from './patterns';
import { better, mergeSameSettings, trimOf, type PatternRun } from './runs';

export interface ExactResult {
  runs: PatternRun[] | null;
  /** The runs are a proven optimum (least trim, then fewest runs). */
  proven: boolean;
  status: string;
  /** Patterns left after the bound cut the list down. */
  patterns: number;
}

/**
 * The least-trim plan (then fewest runs) over `patterns` — every pattern of the instance, so the
 * result is exact when `proven` — improving `incumbent` (a valid plan).
 */
export function exactRuns(solver: Highs, space: PatternSpace, patterns: Pattern[], lp: LpResult, incumbent: PatternRun[], limits: MipLimits, modelLimit: number): ExactResult {
  const { orders, unit } = space;
  const value = lp.boundValue;
  const start = mergeSameSettings(incumbent);
  const upper = squareMetres(space, trimOf(space, start));
  const gap = upper - lp.lowerBound + 1e-9 * (1 + Math.abs(upper));
  const lo = new Int32Array(orders.length);
  const hi = new Int32Array(orders.length);
  orders.forEach((order, i) => {
    const d = (value[i] * order.length) / unit - order.area;
    lo[i] = order.min;
    hi[i] = order.max;
    if (d > 1e-12) hi[i] = Math.min(order.max, Math.floor(order.min + gap / d + 1e-9));
    else if (d < -1e-12) lo[i] = Math.max(order.min, Math.ceil(order.max - gap / -d - 1e-9));
  });
  const kept: Pattern[] = [];
  const longest: number[] = [];
  for (const pattern of patterns) {
    const rc = Math.max(0, reducedCost(space, pattern, value));
    const shortest = Math.max(space.minRun, ...pattern.lanes.map((lane) => orders[lane.order].length));
    if ((rc * shortest) / unit > gap) continue;
    kept.push(pattern);
    longest.push(rc > 0 ? (gap / rc) * unit : Infinity);
  }
  if (kept.length > modelLimit) return { runs: start, proven: false, status: 'too many patterns', patterns: kept.length };
  const least = solveRuns(solver, space, kept, start, limits, { lo, hi, longest: Float64Array.from(longest) });
  let best = least.runs && better(space, least.runs, start) ? least.runs : start;
  if (!least.optimal) return { runs: best, proven: false, status: least.status, patterns: kept.length };
  const fewest = solveRuns(solver, space, kept, best, limits, { lo, hi, longest: Float64Array.from(longest), trimCap: trimOf(space, best) });
  if (fewest.runs && better(space, fewest.runs, best)) best = fewest.runs;
  return { runs: best, proven: fewest.optimal, status: fewest.optimal ? 'optimal' : fewest.status, patterns: kept.length };
}
