/**
 * Optimize mode (自动排产): choose machines and sequence to minimise weighted tardiness, then
 * setup minutes, then makespan.
 *
 * A solution is a priority list of the operations that are not fixed, each after the previous
 * operation of its order. The decoder appends the operations in list order, each to the able
 * machine where it ends earliest (same-key setups make a machine end earlier; a setup bonus can
 * make the decoder favour a same-key machine a little more), so every decoded plan obeys the time
 * rules and has no deadlock. Starts: an earliest-due-date list, an operation-latest-start list and
 * a weighted-slack list, each with and without the setup bonus; the best is improved by local
 * search (moves of a late order's operation forward, moves next to an operation with the same
 * setup key, short random inserts), accepting moves that are not worse, until the time budget,
 * the move limit or the patience runs out. The best plan found is returned.
 */
import { setupAfter, type Model } from './model';
import { placeFixed } from './calculate';
import { emptyOutcome, type Outcome } from './plan';
import { seededRandom } from './rng';
import { REASONS, type OptimizeOptions } from './types';
import { earliestStart, endOfWork } from './windows';

/** The objective, compared in this order (fewer unscheduled first: never gain by leaving work out). */
export interface Score {
  unscheduled: number;
  weightedTardiness: number;
  setupMinutes: number;
  makespan: number;
}

export function compareScores(a: Score, b: Score): number {
  return (
    a.unscheduled - b.unscheduled ||
    a.weightedTardiness - b.weightedTardiness ||
    a.setupMinutes - b.setupMinutes ||
    a.makespan - b.makespan
  );
}

class Decoder {
  readonly outcome: Outcome;
  private readonly free: Float64Array;
  private readonly last: Int32Array;
  private readonly baseFree: Float64Array;
  private readonly baseLast: Int32Array;
  private readonly base: Score;
  /** Weighted minutes late per order in the last decode (orders whose last operation is not fixed). */
  readonly lateness: Float64Array;

  constructor(private readonly model: Model) {
    const n = model.ops.length;
    this.outcome = emptyOutcome(n);
    this.baseLast = placeFixed(model, this.outcome);
    this.baseFree = Float64Array.from(model.machines, (_, m) => (this.baseLast[m] >= 0 ? this.outcome.end[this.baseLast[m]] : model.start));
    this.free = new Float64Array(this.baseFree);
    this.last = new Int32Array(this.baseLast);
    this.lateness = new Float64Array(model.orders.length);
    const base: Score = { unscheduled: 0, weightedTardiness: 0, setupMinutes: 0, makespan: -Infinity };
    model.ops.forEach((op, i) => {
      if (!op.fixed) return;
      if (this.outcome.machine[i] < 0) {
        base.unscheduled++;
        return;
      }
      base.setupMinutes += this.outcome.setup[i];
      base.makespan = Math.max(base.makespan, this.outcome.end[i]);
      const order = model.orders[op.order];
      if (op.op === order.count - 1) base.weightedTardiness += order.weight * Math.max(0, this.outcome.end[i] - order.due);
    });
    this.base = base;
  }

  /** Decodes a priority list into `outcome`; `bonus` minutes favour a machine where the same-key setup applies. */
  decode(list: Int32Array, bonus: number): Score {
    const { ops, orders, machines } = this.model;
    const { outcome, free, last } = this;
    free.set(this.baseFree);
    last.set(this.baseLast);
    let { unscheduled, weightedTardiness, setupMinutes, makespan } = this.base;
    this.lateness.fill(0);
    for (let k = 0; k < list.length; k++) {
      const op = list[k];
      const o = ops[op];
      const previous = o.op > 0 ? op - 1 : -1;
      outcome.machine[op] = -1;
      if (previous >= 0 && outcome.machine[previous] < 0) {
        outcome.reason[op] = REASONS.previousUnscheduled;
        unscheduled++;
        continue;
      }
      const ready = previous >= 0 ? outcome.end[previous] + o.wait : this.model.start;
      let best = -1;
      let bestScore = Infinity;
      let bestStart = 0;
      let bestEnd = 0;
      let bestSetup = 0;
      for (let i = 0; i < o.machines.length; i++) {
        const m = o.machines[i];
        const start = earliestStart(machines[m], Math.max(ready, free[m]));
        if (start === null) continue;
        const setup = setupAfter(ops, last[m], op);
        const end = endOfWork(machines[m], start, setup + o.runs[i]);
        if (end === null) continue;
        const score = setup < o.setup ? end - bonus : end;
        if (score < bestScore || (score === bestScore && setup < bestSetup)) {
          best = m;
          bestScore = score;
          bestStart = start;
          bestEnd = end;
          bestSetup = setup;
        }
      }
      if (best < 0) {
        outcome.reason[op] = o.machines.length ? REASONS.overflow : REASONS.noMachine;
        unscheduled++;
        continue;
      }
      outcome.machine[op] = best;
      outcome.start[op] = bestStart;
      outcome.end[op] = bestEnd;
      outcome.setup[op] = bestSetup;
      outcome.reason[op] = null;
      free[best] = bestEnd;
      last[best] = op;
      setupMinutes += bestSetup;
      if (bestEnd > makespan) makespan = bestEnd;
      const order = orders[o.order];
      if (o.op === order.count - 1) {
        const late = bestEnd > order.due ? order.weight * (bestEnd - order.due) : 0;
        this.lateness[o.order] = late;
        weightedTardiness += late;
      }
    }
    return { unscheduled, weightedTardiness, setupMinutes, makespan };
  }

  /**
   * After the final decode: an unscheduled operation whose previous operation is a task is
   * appended after the last task of an able machine where it still fits (repeated until none
   * does), so an operation stays unscheduled only when it cannot be appended anywhere.
   */
  appendLeftovers(list: Int32Array): void {
    const { ops, machines } = this.model;
    const { outcome, free, last } = this;
    for (let changed = true; changed; ) {
      changed = false;
      for (let k = 0; k < list.length; k++) {
        const op = list[k];
        const o = ops[op];
        const previous = o.op > 0 ? op - 1 : -1;
        if (outcome.machine[op] >= 0 || (previous >= 0 && outcome.machine[previous] < 0)) continue;
        const ready = previous >= 0 ? outcome.end[previous] + o.wait : this.model.start;
        let best = -1;
        for (let i = 0; i < o.machines.length; i++) {
          const m = o.machines[i];
          const start = earliestStart(machines[m], Math.max(ready, free[m]));
          if (start === null) continue;
          const setup = setupAfter(ops, last[m], op);
          const end = endOfWork(machines[m], start, setup + o.runs[i]);
          if (end === null || (best >= 0 && end >= outcome.end[op])) continue;
          best = m;
          outcome.start[op] = start;
          outcome.end[op] = end;
          outcome.setup[op] = setup;
        }
        if (best < 0) continue;
        outcome.machine[op] = best;
        outcome.reason[op] = null;
        free[best] = outcome.end[op];
        last[best] = op;
        changed = true;
      }
      // Operations after a newly placed one are no longer cut off by it.
      for (let k = 0; k < list.length; k++) {
        const op = list[k];
        const previous = ops[op].op > 0 ? op - 1 : -1;
        if (outcome.machine[op] < 0 && outcome.reason[op] === REASONS.previousUnscheduled && previous >= 0 && outcome.machine[previous] >= 0) {
          outcome.reason[op] = ops[op].machines.length ? REASONS.overflow : REASONS.noMachine;
        }
      }
    }
  }
}

/** Non-fixed operations sorted by a key per operation (ties: order, then operation index). */
function listBy(model: Model, key: (op: number) => number): Int32Array {
  const ops: number[] = [];
  model.ops.forEach((op, i) => {
    if (!op.fixed) ops.push(i);
  });
  const keys = new Float64Array(model.ops.length);
  for (const op of ops) keys[op] = key(op);
  ops.sort((a, b) => keys[a] - keys[b] || a - b);
  return Int32Array.from(ops);
}

/** Earliest due date: operations by their order's due date. */
export function eddList(model: Model): Int32Array {
  return listBy(model, (op) => model.orders[model.ops[op].order].due);
}

/** Latest start of each operation: due minus its own and the later operations' estimated minutes. */
function latestStarts(model: Model): Float64Array {
  const { ops, orders } = model;
  const lst = new Float64Array(ops.length);
  for (const o of orders) {
    let tail = 0;
    for (let op = o.first + o.count - 1; op >= o.first; op--) {
      const run = ops[op].runs.length ? Math.min(...ops[op].runs) : 0;
      tail += ops[op].setup + run;
      lst[op] = o.due - tail;
      tail += ops[op].wait;
    }
  }
  return lst;
}

function decodeFinal(model: Model, list: Int32Array, bonus: number): Outcome {
  const decoder = new Decoder(model);
  decoder.decode(list, bonus);
  decoder.appendLeftovers(list);
  return decoder.outcome;
}

/** The earliest-due-date list schedule (each operation where it ends earliest): the baseline. */
export function eddSchedule(model: Model): Outcome {
  return decodeFinal(model, eddList(model), 0);
}

export function optimize(model: Model, options: OptimizeOptions = {}): Outcome {
  const started = performance.now();
  const budget = options.budgetMs ?? 10_000;
  const maxMoves = options.maxMoves ?? Infinity;
  const random = seededRandom(options.seed ?? 1);
  const { ops, orders } = model;
  const decoder = new Decoder(model);

  // Starting lists, each with and without the setup bonus.
  const lst = latestStarts(model);
  const meanSetup = ops.reduce((sum, op) => sum + op.setup - op.sameKeySetup, 0) / Math.max(1, ops.length);
  const starts = [
    eddList(model),
    listBy(model, (op) => lst[op]),
    listBy(model, (op) => model.start + (lst[op] - model.start) / orders[ops[op].order].weight),
  ];
  let list = starts[0];
  let bonus = 0;
  let current: Score | null = null;
  for (const candidate of starts) {
    for (const b of [0, Math.round(meanSetup)]) {
      const score = decoder.decode(candidate, b);
      if (current === null || compareScores(score, current) < 0) {
        current = score;
        list = candidate;
        bonus = b;
      }
    }
  }
  list = Int32Array.from(list);
  const n = list.length;
  let best = Int32Array.from(list);
  let bestScore = current!;
  current = decoder.decode(list, bonus);

  // Local search on the list.
  const position = new Int32Array(ops.length).fill(-1);
  list.forEach((op, k) => (position[op] = k));
  const inList = (op: number) => op >= 0 && op < ops.length && position[op] >= 0;
  const sameOrder = (a: number, b: number) => ops[a].order === ops[b].order;
  const lowBound = (op: number) => (op > 0 && sameOrder(op - 1, op) && inList(op - 1) ? position[op - 1] + 1 : 0);
  const highBound = (op: number) => (op + 1 < ops.length && sameOrder(op + 1, op) && inList(op + 1) ? position[op + 1] - 1 : n - 1);
  const move = (from: number, to: number) => {
    const op = list[from];
    if (from < to) {
      list.copyWithin(from, from + 1, to + 1);
      for (let k = from; k < to; k++) position[list[k]] = k;
    } else {
      list.copyWithin(to + 1, to, from);
      for (let k = to + 1; k <= from; k++) position[list[k]] = k;
    }
    list[to] = op;
    position[op] = to;
  };
  const byKey = new Map<string, number[]>();
  for (const op of list) {
    const o = ops[op];
    if (o.key === null || o.sameKeySetup >= o.setup) continue;
    const group = `${o.process}\u0000${o.key}`;
    if (!byKey.has(group)) byKey.set(group, []);
    byKey.get(group)!.push(op);
  }
  const keyed = [...byKey.values()].filter((group) => group.length > 1).flat();
  const groupOf = new Map<number, number[]>();
  for (const group of byKey.values()) for (const op of group) groupOf.set(op, group);
  const lateOrders = () => {
    const late: number[] = [];
    orders.forEach((o, i) => {
      if (decoder.lateness[i] > 0 && o.count > 0 && !ops[o.first + o.count - 1].fixed) late.push(i);
    });
    return late;
  };
  let late = lateOrders();
  const patience = options.patience ?? Math.max(2000, 4 * n);
  let moves = 0;
  let stale = 0;
  while (n > 1 && moves < maxMoves && stale < patience && performance.now() - started < budget) {
    moves++;
    stale++;
    const kind = random();
    let op: number;
    let to: number;
    if (kind < 0.5 && late.length) {
      // A late order's operation forward (the machines it waits on are the critical ones).
      let order = late[Math.floor(random() * late.length)];
      const other = late[Math.floor(random() * late.length)];
      if (decoder.lateness[other] > decoder.lateness[order]) order = other;
      const o = orders[order];
      op = o.first + Math.floor(random() * o.count);
      if (!inList(op)) continue;
      const lo = lowBound(op);
      const span = position[op] - lo;
      if (span <= 0) continue;
      to = position[op] - 1 - Math.floor(random() * random() * span);
    } else if (kind < 0.75 && keyed.length) {
      // Next to an operation with the same setup key.
      op = keyed[Math.floor(random() * keyed.length)];
      const group = groupOf.get(op)!;
      const mate = group[Math.floor(random() * group.length)];
      if (mate === op) continue;
      to = position[mate] > position[op] ? position[mate] : position[mate] + 1;
    } else {
      op = list[Math.floor(random() * n)];
      const distance = 1 + Math.floor(random() * random() * 60);
      to = position[op] + (random() < 0.5 ? -distance : distance);
    }
    const from = position[op];
    if (to === from || to < lowBound(op) || to > highBound(op)) continue;
    move(from, to);
    const score = decoder.decode(list, bonus);
    if (compareScores(score, current) <= 0) {
      if (compareScores(score, bestScore) < 0) {
        bestScore = score;
        best = Int32Array.from(list);
        stale = 0;
      }
      current = score;
      late = lateOrders();
    } else {
      move(to, from);
    }
  }
  return decodeFinal(model, best, bonus);
}
