/**
 * Optimize mode (自动排产): choose machines and sequence to minimise weighted tardiness, then
 * setup minutes, then makespan.
 *
 * A solution is a priority list of the operations that are not fixed, each after the previous
 * operation of its order. The decoder takes the operations in list order and puts each on the
 * able machine where it ends earliest (same-key setups make a machine end earlier; a setup bonus
 * can make the decoder favour a same-key machine a little more): after the machine's last task,
 * or in the idle gap before that task when it fits there and leaves that task's setup unchanged.
 * Every decoded plan obeys the time rules and has no deadlock.
 *
 * Starts: an earliest-due-date list, an operation-latest-start list and a weighted-slack list,
 * each with and without the setup bonus. The best is improved by local search — a late (or
 * unfinished) order's operation moved forward, or just before the task ahead of it on its machine
 * (a swap on a critical machine); an operation moved next to one with the same setup key; short
 * random inserts — accepting moves that are not worse, until the time budget, the move limit or
 * the patience runs out. The best plan found is returned.
 */
import { setupAfter, type Model } from './model';
import { placeFixed } from './calculate';
import { emptyOutcome, type Outcome } from './plan';
import { seededRandom } from '../rng';
import { REASONS, type OptimizeOptions } from './types';
import { earliestStart, endOfWork } from './windows';

/**
 * A plan's score. The format's objective compares weighted tardiness, then setup minutes, then
 * makespan; `unscheduled` is kept for the figures only. Leaving work out is bounded by the
 * format's append rule, which every decoded plan keeps (see `finish`), not by the score.
 */
export interface Score {
  unscheduled: number;
  weightedTardiness: number;
  setupMinutes: number;
  makespan: number;
}

export function compareScores(a: Score, b: Score): number {
  return (
    a.weightedTardiness - b.weightedTardiness ||
    a.setupMinutes - b.setupMinutes ||
    a.makespan - b.makespan
  );
}

const NONE = 0;
const PREVIOUS = 1;
const OVERFLOW = 2;
const NO_MACHINE = 3;
const REASON_TEXT = [null, REASONS.previousUnscheduled, REASONS.overflow, REASONS.noMachine];
/** Positions between checkpoints of the decoder state. */
const SPAN = 64;
/** Machine state fields: when the last task ends, the last task, where the idle gap before the
 * last task starts, the task before the last one, and when the last task starts. */
const FREE = 0;
const LAST = 1;
const GAP = 2;
const BEFORE = 3;
const LAST_START = 4;
const FIELDS = 5;
/** The lateness the search's move selection gives an order whose last operation is unscheduled. */
const UNFINISHED = 1e7;

/**
 * Decodes the priority list into per-operation tasks. It keeps the machine state at every
 * SPAN-th position, so a move at position p is decoded again only from the checkpoint before p,
 * and a trial stops as soon as its partial score is already worse than the limit (every part of
 * the score only grows along the list); `undo` puts back what a rejected trial overwrote.
 */
class Decoder {
  list: Int32Array = new Int32Array(0);
  bonus = 0;
  private readonly machineOf: Int32Array;
  private readonly startOf: Float64Array;
  private readonly endOf: Float64Array;
  private readonly setupOf: Float64Array;
  private readonly reasonOf: Uint8Array;
  /** Weighted minutes late per order (orders whose last operation is in the list). */
  readonly lateness: Float64Array;
  /** Per machine, FIELDS numbers: see FREE … LAST_START. */
  private readonly state: Float64Array;
  private readonly checkState: Float64Array;
  private readonly checkScore: Float64Array;
  private readonly saved: { machine: Int32Array; start: Float64Array; end: Float64Array; setup: Float64Array; reason: Uint8Array; late: Float64Array };
  private readonly savedState: Float64Array;
  private readonly savedScore: Float64Array;
  /** Latest task end among the list positions of each checkpoint span (for the makespan). */
  private readonly spanEnd: Float64Array;
  private readonly savedSpanEnd: Float64Array;
  /** List position of each operation (kept by the search; for where a changed end matters). */
  readonly position: Int32Array;
  private trialFrom = 0;
  /** The first checkpoint whose score an early-stopped trial moved (−1: none). */
  private shiftedFrom = -1;
  private trialTo = 0;
  private readonly fixedOutcome: Outcome;

  constructor(
    private readonly model: Model,
    size: number,
  ) {
    const n = model.ops.length;
    const machines = model.machines.length;
    this.fixedOutcome = emptyOutcome(n);
    const baseLast = placeFixed(model, this.fixedOutcome);
    this.machineOf = Int32Array.from(this.fixedOutcome.machine);
    this.startOf = Float64Array.from(this.fixedOutcome.start);
    this.endOf = Float64Array.from(this.fixedOutcome.end);
    this.setupOf = Float64Array.from(this.fixedOutcome.setup);
    this.reasonOf = new Uint8Array(n);
    this.lateness = new Float64Array(model.orders.length);
    this.state = new Float64Array(machines * FIELDS);
    const checkpoints = Math.floor(size / SPAN) + 1;
    this.checkState = new Float64Array(checkpoints * machines * FIELDS);
    this.checkScore = new Float64Array(checkpoints * 4);
    this.savedState = new Float64Array(checkpoints * machines * FIELDS);
    this.savedScore = new Float64Array(checkpoints * 4);
    this.spanEnd = new Float64Array(checkpoints).fill(-Infinity);
    this.position = new Int32Array(n).fill(-1);
    this.savedSpanEnd = new Float64Array(checkpoints);
    this.saved = {
      machine: new Int32Array(size),
      start: new Float64Array(size),
      end: new Float64Array(size),
      setup: new Float64Array(size),
      reason: new Uint8Array(size),
      late: new Float64Array(size),
    };
    // Checkpoint 0: the machines after their fixed tasks, and the fixed tasks' share of the score.
    let unscheduled = 0;
    let weightedTardiness = 0;
    let setupMinutes = 0;
    let makespan = -Infinity;
    model.ops.forEach((op, i) => {
      if (!op.fixed) return;
      if (this.machineOf[i] < 0) {
        unscheduled++;
        return;
      }
      setupMinutes += this.setupOf[i];
      makespan = Math.max(makespan, this.endOf[i]);
      const order = model.orders[op.order];
      if (op.op === order.count - 1) weightedTardiness += order.weight * Math.max(0, this.endOf[i] - order.due);
    });
    model.machines.forEach((_, m) => {
      const at = m * FIELDS;
      this.checkState[at + FREE] = baseLast[m] >= 0 ? this.endOf[baseLast[m]] : model.start;
      this.checkState[at + LAST] = baseLast[m];
      this.checkState[at + GAP] = 0;
      this.checkState[at + BEFORE] = -1;
      // No gap before a fixed task: fixed tasks stay first.
      this.checkState[at + LAST_START] = -Infinity;
    });
    this.checkScore.set([unscheduled, weightedTardiness, setupMinutes, makespan]);
  }

  /**
   * Decodes the list from position `from` on (from the checkpoint before it). With `limit` (the
   * score of the list as last decoded, which differs from it only in positions from … `changedTo`),
   * a trial returns null as soon as its partial score is worse than `limit` (the trial stopped;
   * undo it), and stops early with the exact score when, at a checkpoint past the change, the
   * machines are as before and no changed end is still awaited by a later operation: the rest
   * would decode exactly as before.
   */
  decode(from: number, limit: Score | null, changedTo = 0): Score | null {
    const { ops, orders, machines, start: planStart } = this.model;
    const { list, state, machineOf, startOf, endOf, setupOf, reasonOf, lateness, saved, bonus } = this;
    const S = machines.length * FIELDS;
    const first = Math.floor(from / SPAN);
    state.set(this.checkState.subarray(first * S, first * S + S));
    let unscheduled = this.checkScore[first * 4];
    let weightedTardiness = this.checkScore[first * 4 + 1];
    let setupMinutes = this.checkScore[first * 4 + 2];
    let makespan = this.checkScore[first * 4 + 3];
    this.trialFrom = first * SPAN;
    this.shiftedFrom = -1;
    const { position, spanEnd, savedSpanEnd } = this;
    let latestEnd = -Infinity;
    /** The furthest list position of an operation whose previous operation's end changed. */
    let frontier = -1;
    for (let k = first * SPAN; k < list.length; k++) {
      if (k % SPAN === 0 && k > first * SPAN) {
        this.trialTo = k;
        const c = k / SPAN;
        savedSpanEnd[c - 1] = spanEnd[c - 1];
        spanEnd[c - 1] = latestEnd;
        latestEnd = -Infinity;
        if (limit) {
          if ((weightedTardiness - limit.weightedTardiness || setupMinutes - limit.setupMinutes || makespan - limit.makespan) > 0) {
            return null;
          }
          if (k > changedTo && frontier < k && sameState(state, this.checkState, c * S)) {
            const score = this.checkScore;
            const du = unscheduled - score[c * 4];
            const dw = weightedTardiness - score[c * 4 + 1];
            const ds = setupMinutes - score[c * 4 + 2];
            // The later checkpoints' scores move by the same amounts (undo puts them back).
            this.shiftedFrom = c;
            let prefixEnd = makespan;
            for (let j = c; j < spanEnd.length; j++) {
              this.savedScore.set(score.subarray(j * 4, j * 4 + 4), j * 4);
              if (j > c && spanEnd[j - 1] > prefixEnd) prefixEnd = spanEnd[j - 1];
              score[j * 4] += du;
              score[j * 4 + 1] += dw;
              score[j * 4 + 2] += ds;
              score[j * 4 + 3] = prefixEnd;
            }
            let rest = -Infinity;
            for (let j = c; j < spanEnd.length; j++) if (spanEnd[j] > rest) rest = spanEnd[j];
            return {
              unscheduled: limit.unscheduled + du,
              weightedTardiness: limit.weightedTardiness + dw,
              setupMinutes: limit.setupMinutes + ds,
              makespan: rest > makespan ? rest : makespan,
            };
          }
        }
        this.savedState.set(this.checkState.subarray(c * S, c * S + S), c * S);
        this.savedScore.set(this.checkScore.subarray(c * 4, c * 4 + 4), c * 4);
        this.checkState.set(state, c * S);
        this.checkScore[c * 4] = unscheduled;
        this.checkScore[c * 4 + 1] = weightedTardiness;
        this.checkScore[c * 4 + 2] = setupMinutes;
        this.checkScore[c * 4 + 3] = makespan;
      }
      const op = list[k];
      const o = ops[op];
      const order = orders[o.order];
      const isLast = o.op === order.count - 1;
      saved.machine[k] = machineOf[op];
      saved.start[k] = startOf[op];
      saved.end[k] = endOf[op];
      saved.setup[k] = setupOf[op];
      saved.reason[k] = reasonOf[op];
      saved.late[k] = lateness[o.order];
      machineOf[op] = -1;
      // An order left unfinished counts as very late, so the search moves it forward too.
      if (isLast) lateness[o.order] = order.weight * UNFINISHED;
      const previous = o.op > 0 ? op - 1 : -1;
      // Where this operation's outcome matters later: its order's next operation.
      const next = !isLast && !ops[op + 1].fixed ? position[op + 1] : -1;
      if (previous >= 0 && machineOf[previous] < 0) {
        reasonOf[op] = PREVIOUS;
        unscheduled++;
        if (saved.machine[k] >= 0 && next > frontier) frontier = next;
        continue;
      }
      const ready = previous >= 0 ? endOf[previous] + o.wait : planStart;
      const leastSetup = o.setup < o.sameKeySetup ? o.setup : o.sameKeySetup;
      let best = -1;
      let bestGap = false;
      let bestScore = Infinity;
      let bestStart = 0;
      let bestEnd = 0;
      let bestSetup = 0;
      for (let i = 0; i < o.machines.length; i++) {
        const m = o.machines[i];
        const at = m * FIELDS;
        const run = o.runs[i];
        // In the idle gap before the machine's last task, when it fits there and leaves that
        // task's setup as it is (the last task then keeps its times).
        const gapReady = ready > state[at + GAP] ? ready : state[at + GAP];
        if (gapReady + leastSetup + run <= state[at + LAST_START] && gapReady + leastSetup + run - bonus <= bestScore) {
          const begin = earliestStart(machines[m], gapReady);
          const lastOp = state[at + LAST];
          if (begin !== null && setupAfter(ops, op, lastOp) === setupOf[lastOp]) {
            const setup = setupAfter(ops, state[at + BEFORE], op);
            const end = endOfWork(machines[m], begin, setup + run);
            if (end !== null && end <= state[at + LAST_START]) {
              const score = setup < o.setup ? end - bonus : end;
              if (score < bestScore || (score === bestScore && setup < bestSetup)) {
                best = m;
                bestGap = true;
                bestScore = score;
                bestStart = begin;
                bestEnd = end;
                bestSetup = setup;
              }
            }
          }
        }
        // After the machine's last task. No window arithmetic where even an unpaused,
        // same-key run cannot beat the best so far.
        const from = ready > state[at + FREE] ? ready : state[at + FREE];
        if (from + leastSetup + run - bonus > bestScore) continue;
        const begin = earliestStart(machines[m], from);
        if (begin === null) continue;
        const setup = setupAfter(ops, state[at + LAST], op);
        const end = endOfWork(machines[m], begin, setup + run);
        if (end === null) continue;
        const score = setup < o.setup ? end - bonus : end;
        if (score < bestScore || (score === bestScore && setup < bestSetup)) {
          best = m;
          bestGap = false;
          bestScore = score;
          bestStart = begin;
          bestEnd = end;
          bestSetup = setup;
        }
      }
      if (best < 0) {
        reasonOf[op] = o.machines.length ? OVERFLOW : NO_MACHINE;
        unscheduled++;
        if (saved.machine[k] >= 0 && next > frontier) frontier = next;
        continue;
      }
      if ((saved.machine[k] < 0 || saved.end[k] !== bestEnd) && next > frontier) frontier = next;
      if (bestEnd > latestEnd) latestEnd = bestEnd;
      machineOf[op] = best;
      startOf[op] = bestStart;
      endOf[op] = bestEnd;
      setupOf[op] = bestSetup;
      reasonOf[op] = NONE;
      const at = best * FIELDS;
      if (bestGap) {
        state[at + GAP] = bestEnd;
        state[at + BEFORE] = op;
      } else {
        state[at + GAP] = state[at + FREE];
        state[at + BEFORE] = state[at + LAST];
        state[at + LAST_START] = bestStart;
        state[at + FREE] = bestEnd;
        state[at + LAST] = op;
      }
      setupMinutes += bestSetup;
      if (bestEnd > makespan) makespan = bestEnd;
      if (isLast) {
        const late = bestEnd > order.due ? order.weight * (bestEnd - order.due) : 0;
        lateness[o.order] = late;
        weightedTardiness += late;
      }
    }
    this.trialTo = list.length;
    if (list.length > first * SPAN) {
      const c = Math.floor((list.length - 1) / SPAN);
      savedSpanEnd[c] = spanEnd[c];
      spanEnd[c] = latestEnd;
    }
    return { unscheduled, weightedTardiness, setupMinutes, makespan };
  }

  /** The machine of an operation's task in the last decode (−1: unscheduled). */
  machineOfOp(op: number): number {
    return this.machineOf[op];
  }

  /** Puts back what the last decode overwrote (call before the list itself is put back). */
  undo(): void {
    const { list, saved, machineOf, startOf, endOf, setupOf, reasonOf, lateness } = this;
    const S = this.model.machines.length * FIELDS;
    for (let k = this.trialFrom; k < this.trialTo; k++) {
      const op = list[k];
      machineOf[op] = saved.machine[k];
      startOf[op] = saved.start[k];
      endOf[op] = saved.end[k];
      setupOf[op] = saved.setup[k];
      reasonOf[op] = saved.reason[k];
      const o = this.model.ops[op];
      if (o.op === this.model.orders[o.order].count - 1) lateness[o.order] = saved.late[k];
    }
    const from = Math.floor(this.trialFrom / SPAN) + 1;
    const to = Math.floor((this.trialTo - 1) / SPAN);
    if (this.trialTo > this.trialFrom) {
      for (let c = this.trialFrom / SPAN; c <= to; c++) this.spanEnd[c] = this.savedSpanEnd[c];
    }
    if (this.shiftedFrom >= 0) {
      const c = this.shiftedFrom;
      this.checkScore.set(this.savedScore.subarray(c * 4), c * 4);
    }
    if (to >= from) {
      this.checkState.set(this.savedState.subarray(from * S, to * S + S), from * S);
      this.checkScore.set(this.savedScore.subarray(from * 4, to * 4 + 4), from * 4);
    }
  }

  /**
   * The plan of the current list. Then an unscheduled operation whose previous operation is a
   * task is appended after the last task of an able machine where it still fits (repeated until
   * none does), so an operation stays unscheduled only when it cannot be appended anywhere.
   */
  finish(): Outcome {
    const { ops, machines } = this.model;
    this.decode(0, null);
    const outcome = this.fixedOutcome;
    for (const op of this.list) {
      outcome.machine[op] = this.machineOf[op];
      outcome.start[op] = this.startOf[op];
      outcome.end[op] = this.endOf[op];
      outcome.setup[op] = this.setupOf[op];
      outcome.reason[op] = REASON_TEXT[this.reasonOf[op]];
    }
    const { state, list } = this;
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
          const start = earliestStart(machines[m], Math.max(ready, state[m * FIELDS + FREE]));
          if (start === null) continue;
          const setup = setupAfter(ops, state[m * FIELDS + LAST], op);
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
        state[best * FIELDS + FREE] = outcome.end[op];
        state[best * FIELDS + LAST] = op;
        changed = true;
      }
      // Operations after a newly placed one are no longer cut off by it.
      for (const op of list) {
        const previous = ops[op].op > 0 ? op - 1 : -1;
        if (outcome.machine[op] < 0 && outcome.reason[op] === REASONS.previousUnscheduled && previous >= 0 && outcome.machine[previous] >= 0) {
          outcome.reason[op] = ops[op].machines.length ? REASONS.overflow : REASONS.noMachine;
        }
      }
    }
    return outcome;
  }
}

/** Whether the machine state equals the checkpoint state at `offset`. */
function sameState(state: Float64Array, checkpoints: Float64Array, offset: number): boolean {
  for (let i = 0; i < state.length; i++) if (state[i] !== checkpoints[offset + i]) return false;
  return true;
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

/** The score of a finished outcome. */
export function scoreOf(model: Model, outcome: Outcome): Score {
  const score: Score = { unscheduled: 0, weightedTardiness: 0, setupMinutes: 0, makespan: -Infinity };
  model.ops.forEach((op, i) => {
    if (outcome.machine[i] < 0) {
      score.unscheduled++;
      return;
    }
    score.setupMinutes += outcome.setup[i];
    score.makespan = Math.max(score.makespan, outcome.end[i]);
    const order = model.orders[op.order];
    if (op.op === order.count - 1) score.weightedTardiness += order.weight * Math.max(0, outcome.end[i] - order.due);
  });
  return score;
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
  const decoder = new Decoder(model, list.length);
  decoder.list = list;
  decoder.bonus = bonus;
  return decoder.finish();
}

/** The earliest-due-date list schedule (each operation where it ends earliest): the baseline. */
export function eddSchedule(model: Model): Outcome {
  return decodeFinal(model, eddList(model), 0);
}

export interface OptimizeStats {
  /** Local-search moves tried and accepted as improvements. */
  moves: number;
  improvements: number;
  /** Score of the best starting list and of the plan returned. */
  initial: Score;
  final: Score;
  /** Whether the earliest-due-date plan was returned (better once left-over operations were appended). */
  eddBetter: boolean;
  milliseconds: number;
}

export function optimize(model: Model, options: OptimizeOptions = {}, startedAt = performance.now()): Outcome {
  return optimizeWithStats(model, options, startedAt).outcome;
}

/**
 * `startedAt` (performance.now() of the caller's start) makes the budget cover the caller's
 * own work too, e.g. reading the instance before and writing the plan after.
 */
export function optimizeWithStats(model: Model, options: OptimizeOptions = {}, startedAt = performance.now()): { outcome: Outcome; stats: OptimizeStats } {
  const started = startedAt;
  const budget = options.budgetMs ?? 9_000;
  const maxMoves = options.maxMoves ?? Infinity;
  const random = seededRandom(options.seed ?? 1);
  const { ops, orders } = model;
  // Starting lists, each with and without the setup bonus.
  const lst = latestStarts(model);
  const meanSetup = ops.reduce((sum, op) => sum + op.setup - op.sameKeySetup, 0) / Math.max(1, ops.length);
  const starts = [
    eddList(model),
    listBy(model, (op) => lst[op]),
    listBy(model, (op) => model.start + (lst[op] - model.start) / orders[ops[op].order].weight),
  ];
  const n = starts[0].length;
  const decoder = new Decoder(model, n);
  let list = starts[0];
  let bonus = 0;
  let current: Score | null = null;
  const constructing = performance.now();
  for (const candidate of starts) {
    for (const b of [0, Math.round(meanSetup)]) {
      decoder.list = candidate;
      decoder.bonus = b;
      const score = decoder.decode(0, null)!;
      if (current === null || compareScores(score, current) < 0) {
        current = score;
        list = candidate;
        bonus = b;
      }
    }
  }
  decoder.list = list;
  decoder.bonus = bonus;
  current = decoder.decode(0, null)!;
  // Time kept back for the final decode and the plan: a few full decodes.
  const reserve = ((performance.now() - constructing) / (2 * starts.length + 1)) * 4;
  let best = Int32Array.from(list);
  let bestScore = current;
  const initial = current;
  let improvements = 0;

  // Local search on the list.
  const position = decoder.position;
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
  while (n > 1 && moves < maxMoves && stale < patience && performance.now() - started < budget - reserve) {
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
      const m = decoder.machineOfOp(op);
      if (m >= 0 && random() < 0.5) {
        // Just before the task ahead of it on its machine (a swap on a critical machine).
        let before = position[op] - 1;
        while (before >= lo && decoder.machineOfOp(list[before]) !== m) before--;
        if (before < lo) continue;
        to = before;
      } else {
        to = position[op] - 1 - Math.floor(random() * random() * span);
      }
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
    const score = decoder.decode(Math.min(from, to), current, Math.max(from, to));
    if (score && compareScores(score, current) <= 0) {
      if (compareScores(score, bestScore) < 0) {
        bestScore = score;
        best = Int32Array.from(list);
        stale = 0;
        improvements++;
      }
      current = score;
      late = lateOrders();
    } else {
      decoder.undo();
      move(to, from);
    }
  }
  // Appending left-over operations can change either plan; the earliest-due-date plan stays the floor.
  let outcome = decodeFinal(model, best, bonus);
  const edd = eddSchedule(model);
  const eddBetter = compareScores(scoreOf(model, edd), scoreOf(model, outcome)) < 0;
  if (eddBetter) outcome = edd;
  return { outcome, stats: { moves, improvements, initial, final: bestScore, eddBetter, milliseconds: performance.now() - started } };
}
