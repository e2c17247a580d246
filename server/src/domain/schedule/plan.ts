/** The engine's per-operation outcome and the plan JSON (tasks, unscheduled, metrics) built from it. */
import type { Model } from './model';
import type { Plan, PlanTask, PlanUnscheduled } from './types';

export interface Outcome {
  /** Machine of each operation's task, −1 when unscheduled. */
  machine: Int32Array;
  start: Float64Array;
  end: Float64Array;
  setup: Float64Array;
  /** Why an unscheduled operation is not a task. */
  reason: (string | null)[];
}

export function emptyOutcome(n: number): Outcome {
  return {
    machine: new Int32Array(n).fill(-1),
    start: new Float64Array(n),
    end: new Float64Array(n),
    setup: new Float64Array(n),
    reason: new Array<string | null>(n).fill(null),
  };
}

export function toPlan(model: Model, outcome: Outcome): Plan {
  const { ops, orders, machines, format } = model;
  const order: number[] = [];
  const unscheduled: PlanUnscheduled[] = [];
  ops.forEach((op, i) => {
    if (outcome.machine[i] >= 0) order.push(i);
    else unscheduled.push({ order: orders[op.order].id, op: op.op, reason: outcome.reason[i] ?? '' });
  });
  order.sort((a, b) => outcome.start[a] - outcome.start[b] || outcome.machine[a] - outcome.machine[b]);
  let setupMinutes = 0;
  let makespan = -Infinity;
  const tasks: PlanTask[] = order.map((i) => {
    const op = ops[i];
    const m = outcome.machine[i];
    const setup = outcome.setup[i];
    setupMinutes += setup;
    makespan = Math.max(makespan, outcome.end[i]);
    return {
      order: orders[op.order].id,
      op: op.op,
      machine: machines[m].id,
      start: format(outcome.start[i]),
      end: format(outcome.end[i]),
      setupMinutes: setup,
      runMinutes: op.runs[op.machines.indexOf(m)],
    };
  });
  let weightedTardiness = 0;
  let tardinessMinutes = 0;
  let lateOrders = 0;
  for (const o of orders) {
    const last = o.first + o.count - 1;
    if (o.count === 0 || outcome.machine[last] < 0) continue;
    const late = outcome.end[last] - o.due;
    if (late > 0) {
      weightedTardiness += o.weight * late;
      tardinessMinutes += late;
      lateOrders++;
    }
  }
  return {
    tasks,
    unscheduled,
    metrics: { weightedTardiness, tardinessMinutes, lateOrders, setupMinutes, makespan: tasks.length ? format(makespan) : null },
  };
}
