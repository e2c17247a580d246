import type { LpResult } from './lp';
import { makePattern, type Pattern, type PatternSpace } from './patterns';
import { aloneRun, aloneRunsFor, better, laneLength, mergeSameSettings, runLength, trimOf, type PatternRun } from './runs';
import type { TrimInstance } from './types';

/**
 * Rounds the LP's runs to whole cuts (Haessler's sequential repair, simplified): cuts rounded
 * down; runs shorter than the minimum run length lengthened or dropped (the better of both
 * plans is kept); orders over their range cut back; orders under it topped up on their own lanes
 * (tails first), by a run of their own or beside another order; then the tails of lanes shorter
 * than their run filled while the order may take more. Null when it cannot.
 */
export function roundLp(space: PatternSpace, instance: TrimInstance, lp: LpResult): PatternRun[] | null {
  const tries = [true, false].flatMap((lengthen) => [true, false].map((weigh) => roundLpOnce(space, instance, lp, lengthen, weigh)));
  return tries.reduce<PatternRun[] | null>((best, runs) => (runs && (!best || better(space, runs, best)) ? runs : best), null);
}

function roundLpOnce(space: PatternSpace, instance: TrimInstance, lp: LpResult, lengthen: boolean, weigh: boolean): PatternRun[] | null {
  const { orders } = space;
  const minRunMm = space.minRun;
  const runs: PatternRun[] = [];
  const total = new Float64Array(orders.length);
  lp.patterns.forEach((pattern, p) => {
    const metres = lp.lengths[p];
    if (metres <= 1e-7) return;
    const cuts = pattern.lanes.map((lane) => Math.max(1, Math.floor((metres * space.unit) / orders[lane.order].length + 1e-6)));
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
  return repairRuns(space, instance, limitRunsPerOrder(space, instance, kept), weigh);
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

/**
 * Orders back into range. An order short of sheets first takes the free room in its lanes' tails;
 * then, with `weigh`, the lane whose lengthening adds least trim — or a run of its own if that costs
 * less — and without it, its lanes in turn until it is in range (both are tried: neither wins always).
 */
function repairRuns(space: PatternSpace, instance: TrimInstance, runs: PatternRun[], weigh: boolean): PatternRun[] | null {
  const { orders } = space;
  const minRunMm = space.minRun;
  const total = new Float64Array(orders.length);
  const lanesOf: { run: PatternRun; k: number }[][] = orders.map(() => []);
  for (const run of runs) {
    run.pattern.lanes.forEach((lane, k) => {
      total[lane.order] += lane.outs * run.cuts[k];
      lanesOf[lane.order].push({ run, k });
    });
  }
  const stranded: number[] = [];
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
    if (total[i] > order.max) {
      if (!fitAcrossLanes(space, minRunMm, lanesOf[i], total, i)) stranded.push(i);
      continue;
    }
    // Too few: first the free room in lane tails (up to each run's length)…
    for (const { run, k } of weigh ? lanesOf[i] : []) {
      const outs = run.pattern.lanes[k].outs;
      const room = Math.floor(runLength(space, run) / order.length) - run.cuts[k];
      const add = Math.min(room, Math.ceil((order.min - total[i]) / outs), Math.floor((order.max - total[i]) / outs));
      if (add > 0) {
        run.cuts[k] += add;
        total[i] += add * outs;
      }
    }
    // …then lengthening the lane that costs least, unless a run of its own costs less…
    if (weigh && total[i] < order.min) {
      let cheapest: { run: PatternRun; k: number; add: number; delta: number } | null = null;
      for (const { run, k } of lanesOf[i]) {
        const outs = run.pattern.lanes[k].outs;
        const add = Math.ceil((order.min - total[i]) / outs);
        if (total[i] + add * outs > order.max) continue;
        const delta = trimOf(space, [{ pattern: run.pattern, cuts: run.cuts.map((c, m) => (m === k ? c + add : c)) }]) - trimOf(space, [run]);
        if (!cheapest || delta < cheapest.delta) cheapest = { run, k, add, delta };
      }
      const own = aloneRun(space, i, order.min - total[i], order.max - total[i], minRunMm);
      if (cheapest && (!own || cheapest.delta <= trimOf(space, [own]))) {
        cheapest.run.cuts[cheapest.k] += cheapest.add;
        total[i] += cheapest.add * cheapest.run.pattern.lanes[cheapest.k].outs;
      }
    }
    // …or (the other try) lengthening its lanes in turn, shortest tail first.
    const byTail = weigh ? [] : [...lanesOf[i]].sort((a, b) => laneLength(space, a.run, a.k) - runLength(space, a.run) - (laneLength(space, b.run, b.k) - runLength(space, b.run)));
    for (const { run, k } of byTail) {
      const outs = run.pattern.lanes[k].outs;
      while (total[i] < order.min && total[i] + outs <= order.max) {
        run.cuts[k]++;
        total[i] += outs;
      }
    }
    if (total[i] < order.min && fitAcrossLanes(space, minRunMm, lanesOf[i], total, i)) continue;
    if (total[i] < order.min) {
      const own = aloneRun(space, i, order.min - total[i], order.max - total[i], minRunMm);
      const joined = own ? null : joinRun(space, runs, total, minRunMm, i, order.min - total[i], order.max - total[i]);
      const run = own ?? joined?.run;
      if (!run) {
        stranded.push(i);
        continue;
      }
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
  const settled = stranded.length ? runAlone(space, instance, runs, stranded) : runs;
  if (!settled) return null;
  total.fill(0);
  const runsOf = new Int32Array(orders.length);
  for (const run of settled) {
    run.pattern.lanes.forEach((lane, k) => {
      total[lane.order] += lane.outs * run.cuts[k];
      runsOf[lane.order]++;
    });
  }
  for (const run of settled) {
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
  if (instance.maxRunsPerOrder > 0 && runsOf.some((count) => count > instance.maxRunsPerOrder)) return null;
  if (orders.some((order, i) => total[i] < order.min || total[i] > order.max)) return null;
  const merged = mergeSameSettings(settled);
  polishCuts(space, merged);
  return merged;
}

const FIT_CUTS = 6;

/**
 * An order out of range that single steps cannot fix (several outs, a narrow range): changes of
 * −6…+6 cuts on up to three of its lanes together, keeping cuts ≥ 1 and runs long enough; the
 * combination that lands in range with least added trim is applied. False if none does.
 */
function fitAcrossLanes(space: PatternSpace, minRunMm: number, lanes: { run: PatternRun; k: number }[], total: Float64Array, i: number): boolean {
  const order = space.orders[i];
  const chosen = lanes.slice(0, 3);
  if (!chosen.length) return false;
  const before = chosen.map(({ run }) => trimOf(space, [run]));
  const original = chosen.map(({ run, k }) => run.cuts[k]);
  let best: { changes: number[]; delta: number } | null = null;
  const changes = chosen.map(() => -FIT_CUTS);
  for (;;) {
    let sheets = total[i];
    let valid = true;
    chosen.forEach(({ run, k }, m) => {
      sheets += changes[m] * run.pattern.lanes[k].outs;
      if (original[m] + changes[m] < 1) valid = false;
    });
    if (valid && sheets >= order.min && sheets <= order.max) {
      let delta = 0;
      chosen.forEach(({ run, k }, m) => (run.cuts[k] = original[m] + changes[m]));
      chosen.forEach(({ run }, m) => {
        if (runLength(space, run) < minRunMm) valid = false;
        delta += trimOf(space, [run]) - before[m];
      });
      chosen.forEach(({ run, k }, m) => (run.cuts[k] = original[m]));
      if (valid && (!best || delta < best.delta)) best = { changes: [...changes], delta };
    }
    let m = 0;
    while (m < changes.length && changes[m] === FIT_CUTS) changes[m++] = -FIT_CUTS;
    if (m === changes.length) break;
    changes[m]++;
  }
  if (!best) return false;
  const fit = best;
  chosen.forEach(({ run, k }, m) => {
    run.cuts[k] = original[m] + fit.changes[m];
    total[i] += fit.changes[m] * run.pattern.lanes[k].outs;
  });
  return true;
}

/**
 * Orders the repair could not bring into range (exact quantities, multiple outs) leave every run
 * and run alone over their whole range (in one run, or two of different outs); a partner whose
 * run is then too short follows them.
 */
function runAlone(space: PatternSpace, instance: TrimInstance, runs: PatternRun[], stranded: number[]): PatternRun[] | null {
  const minRunMm = space.minRun;
  const pending = [...stranded];
  const moved = new Set<number>();
  let current = runs;
  while (pending.length) {
    const i = pending.pop() as number;
    if (moved.has(i)) continue;
    moved.add(i);
    current = current.flatMap((run) => {
      const { lanes } = run.pattern;
      if (!lanes.some((lane) => lane.order === i)) return [run];
      const kept = lanes.filter((lane) => lane.order !== i);
      if (!kept.length) return [];
      const pattern = makePattern(space, kept);
      const rest = { pattern, cuts: pattern.lanes.map((lane) => run.cuts[lanes.findIndex((old) => old.order === lane.order)]) };
      if (runLength(space, rest) < minRunMm) pending.push(...kept.map((lane) => lane.order));
      return [rest];
    });
  }
  for (const i of moved) {
    const alone = aloneRunsFor(space, i, minRunMm, instance.maxRunsPerOrder);
    if (!alone) return null;
    current.push(...alone);
  }
  return current;
}

/** Cuts searched either side of the current ones, by the number of lanes of the run. */
const SEARCH_CUTS = [0, 4, 4, 2, 1];

/**
 * Local search on whole cuts: run by run, every combination of its lanes' cuts within ±4 of the
 * current ones (±2 with three lanes, ±1 with more) that keeps each order in its range and the run
 * long enough; the one with least trim wins. A few passes.
 */
function polishCuts(space: PatternSpace, runs: PatternRun[]): void {
  const { orders } = space;
  const minRunMm = space.minRun;
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
      const window = SEARCH_CUTS[Math.min(lanes.length, SEARCH_CUTS.length - 1)];
      const options = lanes.map((lane, k) => {
        const order = orders[lane.order];
        const others = total[lane.order] - lane.outs * run.cuts[k];
        const lo = Math.max(1, run.cuts[k] - window, Math.ceil((order.min - others) / lane.outs));
        const hi = Math.min(run.cuts[k] + window, Math.floor((order.max - others) / lane.outs));
        return { lo, hi };
      });
      let best = run.cuts;
      let bestTrim = runTrim(run.pattern.roll, lanes, run.cuts);
      const cuts = options.map((option) => option.lo);
      const visit = (k: number) => {
        if (k === lanes.length) {
          const trim = runTrim(run.pattern.roll, lanes, cuts);
          if (trim < bestTrim) {
            bestTrim = trim;
            best = [...cuts];
          }
          return;
        }
        for (let c = options[k].lo; c <= options[k].hi; c++) {
          cuts[k] = c;
          visit(k + 1);
        }
      };
      visit(0);
      if (best !== run.cuts) {
        lanes.forEach((lane, k) => (total[lane.order] += lane.outs * (best[k] - run.cuts[k])));
        run.cuts = best;
        improved = true;
      }
    }
    if (!improved) break;
  }
}
