/**
 * An independent checker of a plan against an instance: every rule of the format, verified
 * from the instance text with its own (linear, minute-walking) calendar arithmetic. Used by the
 * property tests on the engine's own output. Returns the problems found (empty: the plan is valid).
 */
import { parseMinutes } from './time';
import { REASONS, type Instance, type Plan, type PlanTask } from './types';

interface Op {
  order: string;
  op: number;
  process: string;
  quantity: number;
  setup: number;
  sameKeySetup: number;
  key: string | null;
  wait: number;
  machines: string[] | null;
  due: number;
  weight: number;
  last: boolean;
}

const t = (text: string) => parseMinutes(text) as number;
const name = (order: string, op: number) => `${order}#${op}`;

/** Working minutes of [from, to) inside the windows. */
function workBetween(windows: [number, number][], from: number, to: number): number {
  let sum = 0;
  for (const [s, e] of windows) sum += Math.max(0, Math.min(e, to) - Math.max(s, from));
  return sum;
}

const inside = (windows: [number, number][], minute: number) => windows.some(([s, e]) => s <= minute && minute < e);

/** Runs `work` minutes from the earliest minute ≥ ready inside a window; null when it does not fit. */
function walk(windows: [number, number][], ready: number, work: number): { start: number; end: number } | null {
  let start: number | null = null;
  let left = work;
  for (const [s, e] of windows) {
    if (e <= ready) continue;
    const from = Math.max(s, ready);
    if (start === null) start = from;
    if (e - from >= left) return { start, end: from + left };
    left -= e - from;
  }
  return null;
}

export function checkPlan(instance: Instance, plan: Plan): string[] {
  const problems: string[] = [];
  const fail = (text: string) => problems.push(text);
  const start = t(instance.start);
  const ops = new Map<string, Op>();
  for (const order of instance.orders) {
    order.operations.forEach((o, j) => {
      ops.set(name(order.id, j), {
        order: order.id,
        op: j,
        process: o.process,
        quantity: o.quantity ?? order.quantity,
        setup: o.setupMinutes ?? 0,
        sameKeySetup: o.sameKeySetupMinutes ?? 0,
        key: o.setupKey || null,
        wait: o.waitMinutes ?? 0,
        machines: o.machines ?? null,
        due: t(order.due),
        weight: 2 ** (order.urgency ?? 0),
        last: j === order.operations.length - 1,
      });
    });
  }
  const machines = new Map(instance.machines.map((m) => [m.id, { speeds: m.speeds, windows: m.calendar.map(([s, e]) => [t(s), t(e)] as [number, number]).filter(([s, e]) => e > s) }]));
  const able = (op: Op, machine: string) => machines.get(machine)?.speeds[op.process] !== undefined && (!op.machines || op.machines.includes(machine));
  const run = (op: Op, machine: string) => Math.ceil((op.quantity * 60) / machines.get(machine)!.speeds[op.process]);
  const setupOf = (op: Op, previous: Op | null) =>
    previous && op.key !== null && previous.key === op.key ? op.sameKeySetup : op.setup;
  const fixed = new Map((instance.fixed ?? []).map((f) => [name(f.order, f.op), f]));
  const calculate = instance.sequence !== undefined;

  // Every operation exactly once.
  const seen = new Map<string, PlanTask | null>();
  for (const task of plan.tasks) {
    const key = name(task.order, task.op);
    if (!ops.has(key)) fail(`task ${key}: unknown operation`);
    if (seen.has(key)) fail(`${key} listed twice`);
    seen.set(key, task);
  }
  const reasons = new Map<string, string>();
  for (const u of plan.unscheduled) {
    const key = name(u.order, u.op);
    if (seen.has(key)) fail(`${key} listed twice`);
    seen.set(key, null);
    reasons.set(key, u.reason);
  }
  for (const key of ops.keys()) if (!seen.has(key)) fail(`${key} missing from the plan`);
  if (problems.length) return problems;
  const taskOf = (order: string, op: number) => seen.get(name(order, op)) ?? null;

  // Per machine, tasks in start order.
  const byMachine = new Map<string, PlanTask[]>();
  for (const task of plan.tasks) {
    if (!machines.has(task.machine)) {
      fail(`${name(task.order, task.op)}: unknown machine ${task.machine}`);
      continue;
    }
    const list = byMachine.get(task.machine) ?? [];
    list.push(task);
    byMachine.set(task.machine, list);
  }
  for (const [machine, list] of byMachine) {
    list.sort((a, b) => t(a.start) - t(b.start));
    const { windows } = machines.get(machine)!;
    let previous: PlanTask | null = null;
    let fixedDone = false;
    for (const task of list) {
      const key = name(task.order, task.op);
      const op = ops.get(key)!;
      const s = t(task.start);
      const e = t(task.end);
      if (!able(op, machine)) fail(`${key}: machine ${machine} cannot run it`);
      const setup = setupOf(op, previous && ops.get(name(previous.order, previous.op))!);
      if (task.setupMinutes !== setup) fail(`${key}: setup ${task.setupMinutes}, expected ${setup}`);
      if (task.runMinutes !== run(op, machine)) fail(`${key}: run ${task.runMinutes}, expected ${run(op, machine)}`);
      if (!inside(windows, s)) fail(`${key}: starts outside a window`);
      if (e <= s || workBetween(windows, s, e) !== setup + task.runMinutes || !inside(windows, e - 1)) {
        fail(`${key}: ${task.start}–${task.end} is not ${setup + task.runMinutes} working minutes`);
      }
      if (previous && s < t(previous.end)) fail(`${key}: overlaps ${name(previous.order, previous.op)} on ${machine}`);
      const f = fixed.get(key);
      if (f) {
        if (f.machine !== machine || t(f.start) !== s) fail(`${key}: fixed task moved`);
        if (fixedDone) fail(`${key}: fixed task after a task that is not fixed`);
      } else {
        fixedDone = true;
        if (s < start) fail(`${key}: starts before the instance start`);
        if (task.op > 0) {
          const before = taskOf(task.order, task.op - 1);
          if (!before) fail(`${key}: scheduled although operation ${task.op - 1} is not`);
          else if (s < t(before.end) + op.wait) fail(`${key}: starts before the previous operation's end plus the wait`);
        }
        if (calculate) {
          const ready = Math.max(start, previous ? t(previous.end) : start, task.op > 0 ? t(taskOf(task.order, task.op - 1)?.end ?? '') + op.wait : start);
          const earliest = walk(windows, ready, setup + task.runMinutes);
          if (!earliest || earliest.start !== s) fail(`${key}: does not start at the earliest minute`);
        }
      }
      previous = task;
    }
  }
  // Every fixed task that fits is a task on its machine.
  for (const [key] of fixed) if (!seen.get(key) && reasons.get(key) !== REASONS.overflow) fail(`${key}: fixed task not scheduled`);

  // Unscheduled operations and their reasons.
  const lastOn = (machine: string) => byMachine.get(machine)?.at(-1) ?? null;
  const earlierUnscheduled = (op: Op) => Array.from({ length: op.op }, (_, j) => j).some((j) => !taskOf(op.order, j));
  const cycles = calculate ? cycleMembers(instance) : new Set<string>();
  // Calculate mode: an operation on a cycle is in a deadlock, never a task, whatever else holds.
  for (const key of cycles) if (reasons.get(key) !== REASONS.deadlock) fail(`${key}: on a cycle, ${seen.get(key) ? 'scheduled' : `reason ${reasons.get(key)}`}`);
  for (const [key, reason] of reasons) {
    const op = ops.get(key)!;
    const f = fixed.get(key);
    if (f) {
      // A fixed task is unscheduled only when its work does not fit from its own start.
      const machine = machines.get(f.machine)!;
      const previous = (instance.fixed ?? []).filter((g) => g.machine === f.machine && t(g.start) < t(f.start)).at(-1);
      const work = setupOf(op, previous ? ops.get(name(previous.order, previous.op))! : null) + run(op, f.machine);
      if (reason !== REASONS.overflow || walk(machine.windows, t(f.start), work)?.start === t(f.start)) fail(`${key}: fixed task unscheduled (${reason})`);
      continue;
    }
    if (calculate) {
      const listed = Object.entries(instance.sequence!).find(([, queue]) => queue.some(([o, j]) => name(o, j) === key));
      if (reason === REASONS.notInSequence) {
        if (listed) fail(`${key}: is in a queue, reason ${reason}`);
      } else if (reason === REASONS.deadlock) {
        if (!cycles.has(key)) fail(`${key}: not on a cycle, reason ${reason}`);
      } else if (reason === REASONS.previousUnscheduled) {
        if (!earlierUnscheduled(op)) fail(`${key}: no earlier operation is unscheduled`);
      } else if (reason === REASONS.overflow) {
        // It fits nowhere after the previous scheduled task of its queue.
        const machine = listed?.[0];
        if (!machine) fail(`${key}: overflow without a machine`);
        else if (fitsAfter(key, op, machine)) fail(`${key}: would fit on ${machine}`);
      } else fail(`${key}: unknown reason ${reason}`);
    } else {
      if (reason === REASONS.noMachine) {
        if (instance.machines.some((m) => able(op, m.id))) fail(`${key}: a machine can run it, reason ${reason}`);
      } else if (reason === REASONS.previousUnscheduled) {
        if (!earlierUnscheduled(op)) fail(`${key}: no earlier operation is unscheduled`);
      } else if (reason === REASONS.overflow) {
        if (op.op > 0 && !taskOf(op.order, op.op - 1)) continue;
        for (const m of instance.machines) if (able(op, m.id) && fitsAtEnd(op, m.id)) fail(`${key}: could be appended on ${m.id}`);
      } else fail(`${key}: unknown reason ${reason}`);
    }
  }

  /** Calculate mode: does the operation fit after the previous scheduled task of its queue? */
  function fitsAfter(key: string, op: Op, machine: string): boolean {
    const queue = [...(instance.fixed ?? []).filter((f) => f.machine === machine).sort((a, b) => t(a.start) - t(b.start)).map((f) => name(f.order, f.op))];
    for (const [o, j] of instance.sequence![machine] ?? []) if (!fixed.has(name(o, j))) queue.push(name(o, j));
    const before = queue.slice(0, queue.indexOf(key)).filter((k) => seen.get(k));
    const previous = before.length ? seen.get(before.at(-1)!)! : null;
    return fits(op, machine, previous);
  }
  function fitsAtEnd(op: Op, machine: string): boolean {
    return fits(op, machine, lastOn(machine));
  }
  function fits(op: Op, machine: string, previous: PlanTask | null): boolean {
    const before = op.op > 0 ? taskOf(op.order, op.op - 1) : null;
    if (op.op > 0 && !before) return false;
    const ready = Math.max(start, previous ? t(previous.end) : start, before ? t(before.end) + op.wait : start);
    const setup = setupOf(op, previous && ops.get(name(previous.order, previous.op))!);
    return walk(machines.get(machine)!.windows, ready, setup + run(op, machine)) !== null;
  }

  // Calculate mode: queues kept.
  if (calculate) {
    for (const m of instance.machines) {
      const fixedHere = (instance.fixed ?? []).filter((f) => f.machine === m.id).sort((a, b) => t(a.start) - t(b.start));
      const queue = [...fixedHere.map((f) => name(f.order, f.op))];
      for (const [o, j] of instance.sequence![m.id] ?? []) if (!fixed.has(name(o, j))) queue.push(name(o, j));
      const expected = queue.filter((key) => seen.get(key)).join(' ');
      const actual = (byMachine.get(m.id) ?? []).map((task) => name(task.order, task.op)).join(' ');
      if (expected !== actual) fail(`machine ${m.id}: queue ${actual} is not ${expected}`);
    }
  }

  // Metrics.
  let weightedTardiness = 0;
  let tardinessMinutes = 0;
  let lateOrders = 0;
  for (const op of ops.values()) {
    const task = op.last ? taskOf(op.order, op.op) : null;
    if (!task) continue;
    const late = Math.max(0, t(task.end) - op.due);
    weightedTardiness += op.weight * late;
    tardinessMinutes += late;
    if (late > 0) lateOrders++;
  }
  const setupMinutes = plan.tasks.reduce((sum, task) => sum + task.setupMinutes, 0);
  const ends = plan.tasks.map((task) => t(task.end));
  const makespan = ends.length ? Math.max(...ends) : null;
  const m = plan.metrics;
  if (m.weightedTardiness !== weightedTardiness) fail(`weightedTardiness ${m.weightedTardiness}, expected ${weightedTardiness}`);
  if (m.tardinessMinutes !== tardinessMinutes) fail(`tardinessMinutes ${m.tardinessMinutes}, expected ${tardinessMinutes}`);
  if (m.lateOrders !== lateOrders) fail(`lateOrders ${m.lateOrders}, expected ${lateOrders}`);
  if (m.setupMinutes !== setupMinutes) fail(`setupMinutes ${m.setupMinutes}, expected ${setupMinutes}`);
  if ((m.makespan === null ? null : t(m.makespan)) !== makespan) fail(`makespan ${m.makespan}, expected ${makespan}`);
  return problems;
}

/**
 * Calculate mode: the operations on a cycle of the static graph of the instance — nodes are the
 * operations that are not fixed (a fixed task waits for nothing), edges join consecutive operations
 * of each queue as listed and each operation to the next one of its order.
 */
function cycleMembers(instance: Instance): Set<string> {
  const fixed = new Set((instance.fixed ?? []).map((f) => name(f.order, f.op)));
  const next = new Map<string, string[]>();
  const edge = (a: string, b: string) => {
    if (!fixed.has(a) && !fixed.has(b)) next.set(a, [...(next.get(a) ?? []), b]);
  };
  for (const queue of Object.values(instance.sequence ?? {})) {
    const keys = queue.map(([o, j]) => name(o, j)).filter((key) => !fixed.has(key));
    for (let k = 1; k < keys.length; k++) edge(keys[k - 1], keys[k]);
  }
  for (const order of instance.orders) for (let j = 1; j < order.operations.length; j++) edge(name(order.id, j - 1), name(order.id, j));
  const members = new Set<string>();
  for (const key of next.keys()) {
    const stack = [...next.get(key)!];
    const visited = new Set<string>();
    while (stack.length) {
      const at = stack.pop()!;
      if (at === key) {
        members.add(key);
        break;
      }
      if (visited.has(at)) continue;
      visited.add(at);
      stack.push(...(next.get(at) ?? []));
    }
  }
  return members;
}
