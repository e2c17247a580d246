/**
 * Calculate mode (the spec's start calculate time): the planner's machine queues are kept and
 * only times are computed — every task at the earliest minute the time rules allow.
 *
 * 1. Deadlocks: the operations on a cycle of the static graph of the instance — every operation
 *    that is not fixed, queue edges between consecutive operations of each queue as listed and
 *    order edges from each operation to the next one of its order (also through operations in no
 *    queue) — are unscheduled (strongly connected components of more than one operation). The
 *    graph is taken before anything is unscheduled, so the answer does not depend on the order of
 *    the steps.
 * 2. Operations in no queue (and on no cycle) are unscheduled.
 * 3. Every later operation (not fixed) of an order with an unscheduled operation is unscheduled.
 *    What is left is acyclic, also once unscheduled operations are skipped in their queues (a
 *    skip only shortens paths that already existed in the static graph).
 * 4. The queues are then played out: a machine runs its next queued operation as soon as the
 *    order's previous operation is decided; a task that does not fit before the last window ends
 *    is unscheduled and the queue goes on after the previous scheduled task.
 * Fixed tasks are first on their machine at their own start; later operations follow them.
 */
import { setupAfter, type Model } from './model';
import { emptyOutcome, type Outcome } from './plan';
import { REASONS } from './types';
import { earliestStart, endOfWork } from './windows';

const PENDING = 0;
const DONE = 1;
const UNSCHEDULED = 2;

/** Places the fixed tasks; returns each machine's last fixed task that is a task (−1: none). */
export function placeFixed(model: Model, outcome: Outcome, status?: Uint8Array): Int32Array {
  const last = new Int32Array(model.machines.length).fill(-1);
  model.fixedQueues.forEach((queue, m) => {
    for (const op of queue) {
      const f = model.ops[op].fixed!;
      if (f.end === null) {
        outcome.reason[op] = REASONS.overflow;
        if (status) status[op] = UNSCHEDULED;
        continue;
      }
      outcome.machine[op] = m;
      outcome.start[op] = f.start;
      outcome.end[op] = f.end;
      outcome.setup[op] = f.setup;
      if (status) status[op] = DONE;
      last[m] = op;
    }
  });
  return last;
}

export function calculate(model: Model): Outcome {
  const { ops, orders, machines } = model;
  const queues = model.queues!;
  const n = ops.length;
  const outcome = emptyOutcome(n);
  const status = new Uint8Array(n);
  const unschedule = (op: number, reason: string) => {
    status[op] = UNSCHEDULED;
    outcome.reason[op] = reason;
  };
  const last = placeFixed(model, outcome, status);

  // 1. Deadlocks, on the static graph of the instance (before anything is unscheduled).
  for (const op of onCycles(model, queues)) unschedule(op, REASONS.deadlock);
  // 2. Not in any queue.
  const queued = new Uint8Array(n);
  for (const queue of queues) for (const op of queue) queued[op] = 1;
  for (let op = 0; op < n; op++) if (!queued[op] && !ops[op].fixed && status[op] === PENDING) unschedule(op, REASONS.notInSequence);
  // 3. Every later operation of an order with an unscheduled operation (fixed tasks stay).
  for (const o of orders) {
    let broken = false;
    for (let op = o.first; op < o.first + o.count; op++) {
      if (status[op] === UNSCHEDULED) broken = true;
      else if (broken && !ops[op].fixed) unschedule(op, REASONS.previousUnscheduled);
    }
  }

  // 4. Play the queues out.
  const free = machines.map((_, m) => (last[m] >= 0 ? outcome.end[last[m]] : model.start));
  const position = new Int32Array(machines.length);
  const waiter = new Int32Array(n).fill(-1);
  const stack: number[] = machines.map((_, m) => m);
  const decided = (op: number) => {
    const next = op + 1;
    if (next < n && ops[next].order === ops[op].order && waiter[op] >= 0) {
      stack.push(waiter[op]);
      waiter[op] = -1;
    }
  };
  while (stack.length) {
    const m = stack.pop()!;
    const queue = queues[m];
    while (position[m] < queue.length) {
      const op = queue[position[m]];
      if (status[op] !== PENDING) {
        position[m]++;
        continue;
      }
      const o = ops[op];
      const previous = o.op > 0 ? op - 1 : -1;
      if (previous >= 0 && status[previous] === PENDING) {
        waiter[previous] = m;
        break;
      }
      position[m]++;
      if (previous >= 0 && status[previous] === UNSCHEDULED) {
        unschedule(op, REASONS.previousUnscheduled);
        decided(op);
        continue;
      }
      const ready = previous >= 0 ? Math.max(free[m], outcome.end[previous] + o.wait) : free[m];
      const setup = setupAfter(ops, last[m], op);
      const start = earliestStart(machines[m], ready);
      const end = start === null ? null : endOfWork(machines[m], start, setup + o.runs[o.machines.indexOf(m)]);
      if (end === null) {
        unschedule(op, REASONS.overflow);
      } else {
        status[op] = DONE;
        outcome.machine[op] = m;
        outcome.start[op] = start!;
        outcome.end[op] = end;
        outcome.setup[op] = setup;
        free[m] = end;
        last[m] = op;
      }
      decided(op);
    }
  }
  return outcome;
}

/**
 * The operations on a cycle of the static graph of the instance: its nodes are the operations that
 * are not fixed (queued or not); its edges join consecutive operations of each queue as listed and
 * each operation to the next one of its order. A fixed task keeps its start and waits for nothing,
 * so no edge enters it (and none leaving it can close a cycle): it is not a node.
 */
export function onCycles(model: Model, queues: number[][]): number[] {
  const { ops } = model;
  const n = ops.length;
  // Successors: at most one queue successor and one order successor per operation.
  const queueNext = new Int32Array(n).fill(-1);
  for (const queue of queues) for (let k = 1; k < queue.length; k++) queueNext[queue[k - 1]] = queue[k];
  const successor = (op: number, k: number): number => {
    if (k === 0) return queueNext[op];
    const next = op + 1;
    return next < n && ops[next].order === ops[op].order && !ops[next].fixed ? next : -1;
  };
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const tarjan: number[] = [];
  const found: number[] = [];
  let counter = 0;
  const frames: number[] = []; // pairs: op, next edge to try
  for (let root = 0; root < n; root++) {
    if (ops[root].fixed || index[root] >= 0) continue;
    frames.push(root, 0);
    index[root] = low[root] = counter++;
    tarjan.push(root);
    onStack[root] = 1;
    while (frames.length) {
      const top = frames.length - 2;
      const op = frames[top];
      const k = frames[top + 1];
      if (k < 2) {
        frames[top + 1] = k + 1;
        const next = successor(op, k);
        if (next < 0) continue;
        if (index[next] < 0) {
          index[next] = low[next] = counter++;
          tarjan.push(next);
          onStack[next] = 1;
          frames.push(next, 0);
        } else if (onStack[next]) {
          low[op] = Math.min(low[op], index[next]);
        }
        continue;
      }
      frames.length = top;
      if (frames.length) {
        const parent = frames[frames.length - 2];
        low[parent] = Math.min(low[parent], low[op]);
      }
      if (low[op] === index[op]) {
        const component: number[] = [];
        let member: number;
        do {
          member = tarjan.pop()!;
          onStack[member] = 0;
          component.push(member);
        } while (member !== op);
        if (component.length > 1) found.push(...component);
      }
    }
  }
  return found;
}
