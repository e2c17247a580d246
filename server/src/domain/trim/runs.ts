/** Runs as the optimiser builds them (pattern + cuts per lane) and the figures it compares them by. */
import { singlePatterns, squareMetres, type Pattern, type PatternSpace } from './patterns';

export interface PatternRun {
  pattern: Pattern;
  cuts: number[];
}

export const laneLength = (space: PatternSpace, run: PatternRun, k: number) => run.cuts[k] * space.orders[run.pattern.lanes[k].order].length;
export const runLength = (space: PatternSpace, run: PatternRun) => Math.max(...run.cuts.map((_, k) => laneLength(space, run, k)));

/** Trim area of runs in units² (an exact integer: see units.ts). */
export function trimOf(space: PatternSpace, runs: PatternRun[]): number {
  let trim = 0;
  for (const run of runs) {
    trim += run.pattern.roll * runLength(space, run);
    run.pattern.lanes.forEach((lane, k) => (trim -= lane.outs * run.cuts[k] * space.orders[lane.order].width * space.orders[lane.order].length));
  }
  return trim;
}

/** Trim area of runs, m². */
export const trimM2 = (space: PatternSpace, runs: PatternRun[]) => squareMetres(space, trimOf(space, runs));

/** Strictly less trim (exact), or the same trim in fewer runs: the format's order of plans. */
export function better(space: PatternSpace, a: PatternRun[], b: PatternRun[]): boolean {
  const ta = trimOf(space, a);
  const tb = trimOf(space, b);
  return ta < tb || (ta === tb && a.length < b.length);
}

/**
 * Runs of the same setting merged into one (cuts added lane by lane): the merged run is no longer
 * than the two together, so trim never grows, and there is one slitter setting fewer.
 */
export function mergeSameSettings(runs: PatternRun[]): PatternRun[] {
  const byKey = new Map<string, PatternRun>();
  for (const run of runs) {
    const seen = byKey.get(run.pattern.key);
    if (seen) seen.cuts = seen.cuts.map((cuts, k) => cuts + run.cuts[k]);
    else byKey.set(run.pattern.key, { pattern: run.pattern, cuts: [...run.cuts] });
  }
  return [...byKey.values()];
}

/** Order i alone, between `least` and `most` sheets: the outs and cuts with least trim. */
export function aloneRun(space: PatternSpace, i: number, least: number, most: number, minRunMm: number): PatternRun | null {
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

/**
 * Order i alone in one run or, when its range is narrow (exact quantities) and a second run is
 * allowed, in two runs of different outs whose sheets add up into the range — whichever wastes
 * least. Null if neither can.
 */
export function aloneRunsFor(space: PatternSpace, i: number, minRunMm: number, maxRuns: number): PatternRun[] | null {
  const order = space.orders[i];
  const one = aloneRun(space, i, order.min, order.max, minRunMm);
  let best = one ? [one] : null;
  let bestTrim = one ? trimOf(space, [one]) : Infinity;
  if (maxRuns === 1) return best;
  const singles = singlePatterns(space, i);
  const shortest = Math.max(1, Math.ceil(minRunMm / order.length));
  for (const first of singles) {
    const a = first.lanes[0].outs;
    for (const second of singles) {
      const b = second.lanes[0].outs;
      if (b >= a) continue;
      // The second run as short as allowed, then a few cuts longer so the first can land in range.
      for (let c2 = shortest; c2 <= shortest + a; c2++) {
        const c1 = Math.max(shortest, Math.ceil((order.min - b * c2) / a));
        if (a * c1 + b * c2 > order.max) continue;
        const runs = [
          { pattern: first, cuts: [c1] },
          { pattern: second, cuts: [c2] },
        ];
        const trim = trimOf(space, runs);
        if (trim < bestTrim) {
          bestTrim = trim;
          best = runs;
        }
      }
    }
  }
  return best;
}

/** Every order on its own run (what a planner gets without pairing). Null if one cannot. */
export function aloneRuns(space: PatternSpace): PatternRun[] | null {
  const runs: PatternRun[] = [];
  for (let i = 0; i < space.orders.length; i++) {
    const run = aloneRun(space, i, space.orders[i].min, space.orders[i].max, space.minRun);
    if (!run) return null;
    runs.push(run);
  }
  return runs;
}
