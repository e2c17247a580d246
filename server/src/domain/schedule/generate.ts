/**
 * Seeded instances of a believable carton plant, for tests and the bench: printer-slotters,
 * printers, die cutters, gluers and stitchers; two-shift calendars (白班 08:00–20:00, 夜班
 * 20:30–08:00, with meal breaks) over a number of days, Sundays off on some machines and a
 * maintenance day here and there; orders with routes 印刷 → 开槽/模切 → 粘箱/钉箱, due dates,
 * urgencies, and setup keys (die and plate/colours) that repeat so same-key setups occur.
 */
import { minuteFormatter, parseMinutes } from './time';
import { seededRandom } from '../rng';
import type { Instance, InstanceMachine, InstanceOperation, InstanceOrder } from './types';

export interface GenerateOptions {
  seed?: number;
  /** Operations to generate (orders are added until there are this many). */
  operations?: number;
  machines?: number;
  days?: number;
  start?: string;
  /** Calculate mode: also write machine queues (`sequence`). */
  sequence?: boolean;
  /** Share of queue entries swapped with a random neighbour (may create deadlocks). */
  disorder?: number;
  /** Share of operations left out of the queues. */
  omit?: number;
  /** Fixed tasks to add (at most one per machine, operation 0 of an order). */
  fixed?: number;
  /** Load of the busiest process: its work over its machines' working minutes (default 0.6). */
  load?: number;
}

const PROCESSES = { print: 'P-PRINT', slot: 'P-SLOT', die: 'P-DIE', glue: 'P-GLUE', stitch: 'P-STITCH' } as const;

const MACHINE_TYPES: { name: string; share: number; speeds: Record<string, [number, number]> }[] = [
  { name: '印刷开槽机', share: 0.3, speeds: { [PROCESSES.print]: [4000, 8000], [PROCESSES.slot]: [5000, 9000] } },
  { name: '印刷机', share: 0.15, speeds: { [PROCESSES.print]: [3000, 6000] } },
  { name: '模切机', share: 0.2, speeds: { [PROCESSES.die]: [2500, 5000] } },
  { name: '粘箱机', share: 0.15, speeds: { [PROCESSES.glue]: [6000, 12000] } },
  { name: '钉箱机', share: 0.2, speeds: { [PROCESSES.stitch]: [1500, 3000] } },
];

const ROUTES = [
  [PROCESSES.print, PROCESSES.slot, PROCESSES.glue],
  [PROCESSES.print, PROCESSES.slot, PROCESSES.stitch],
  [PROCESSES.print, PROCESSES.die, PROCESSES.glue],
  [PROCESSES.print, PROCESSES.slot, PROCESSES.die, PROCESSES.glue],
  [PROCESSES.print, PROCESSES.die],
  [PROCESSES.print, PROCESSES.slot, PROCESSES.glue, PROCESSES.stitch],
];

const COLOURS = ['红', '蓝', '黑', '绿', '黄'];

/** [start, end) minutes after local midnight of each working window of a two-shift day. */
const DAY_SHIFT = [
  [480, 720],
  [750, 1050],
  [1080, 1200],
];
const NIGHT_SHIFT = [
  [1230, 1440],
  [1470, 1920],
];

export function generateInstance(options: GenerateOptions = {}): Instance {
  const random = seededRandom(options.seed ?? 1);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const operationsWanted = options.operations ?? 200;
  const machineCount = Math.max(MACHINE_TYPES.length, options.machines ?? 10);
  const days = options.days ?? 7;
  const load = options.load ?? 0.6;
  const startText = options.start ?? '2026-12-01T08:00:00+08:00';
  const start = parseMinutes(startText) as number;
  const format = minuteFormatter(startText);
  const midnight = start - 480;

  const machines: InstanceMachine[] = [];
  const counts = MACHINE_TYPES.map((t) => Math.max(1, Math.floor(t.share * machineCount)));
  for (let i = 0; counts.reduce((a, b) => a + b, 0) < machineCount; i++) counts[i % counts.length]++;
  MACHINE_TYPES.forEach((type, t) => {
    for (let k = 1; k <= counts[t]; k++) {
      const speeds: Record<string, number> = {};
      for (const [process, [lo, hi]] of Object.entries(type.speeds)) speeds[process] = Math.round(between(lo, hi) / 100) * 100;
      const nightShift = random() < 0.8;
      const sundayOff = random() < 0.5;
      const maintenance = random() < 0.3 ? between(1, days - 1) : -1;
      const calendar: [string, string][] = [];
      for (let day = 0; day < days; day++) {
        const weekday = new Date((midnight + day * 1440 + 480) * 60_000).getUTCDay();
        if ((sundayOff && weekday === 0) || day === maintenance) continue;
        for (const [s, e] of nightShift ? [...DAY_SHIFT, ...NIGHT_SHIFT] : DAY_SHIFT) {
          calendar.push([format(midnight + day * 1440 + s), format(midnight + day * 1440 + e)]);
        }
      }
      machines.push({ id: `M${machines.length + 1}`, name: `${type.name}${k}号`, speeds, calendar });
    }
  });

  // Orders: a route, die and colours (the setup keys), a due date and an urgency; quantities below.
  const orders: InstanceOrder[] = [];
  const dies = Math.max(3, Math.round(operationsWanted / 25));
  let total = 0;
  while (total < operationsWanted) {
    const route = pick(ROUTES).slice(0, operationsWanted - total);
    total += route.length;
    const die = `D-${100 + between(1, dies)}`;
    const colours = COLOURS.slice(0, between(1, 3)).join(',');
    const boxSize = `${between(3, 6) * 100}x${between(2, 4) * 100}`;
    const operations: InstanceOperation[] = route.map((process, j) => {
      const op: InstanceOperation = { process, setupMinutes: 20 };
      if (process === PROCESSES.print) {
        Object.assign(op, { setupMinutes: 20 + 10 * colours.split(',').length, setupKey: `${die}|${colours}`, sameKeySetupMinutes: 10 });
      } else if (process === PROCESSES.die) {
        Object.assign(op, { setupMinutes: 45, setupKey: die, sameKeySetupMinutes: 10 });
      } else if (process === PROCESSES.slot) {
        Object.assign(op, { setupMinutes: 25, setupKey: boxSize, sameKeySetupMinutes: 5 });
      } else {
        Object.assign(op, { setupMinutes: between(10, 30) });
      }
      if (j > 0 && route[j - 1] === PROCESSES.print) op.waitMinutes = pick([0, 30, 60]);
      else if (j > 0) op.waitMinutes = pick([0, 0, 15]);
      return op;
    });
    // Due within the first three quarters of the horizon, so late work still fits the calendars.
    const dueDay = between(1, Math.max(1, Math.ceil(days * 0.75)));
    const roll = random();
    orders.push({
      id: `SO-${String(orders.length + 1).padStart(5, '0')}`,
      quantity: 0,
      due: format(midnight + dueDay * 1440 + 17 * 60),
      urgency: roll < 0.75 ? 0 : roll < 0.9 ? 1 : roll < 0.97 ? 2 : 3,
      operations,
    });
  }
  // Quantities scaled so that the busiest process is loaded to `load` of its machines' working
  // minutes (a machine able to do two processes counts half for each).
  const raw = orders.map(() => 0.3 + 1.4 * random());
  const capacity = new Map<string, number>();
  const speedSum = new Map<string, [number, number]>();
  for (const m of machines) {
    const minutes = m.calendar.reduce((sum, [a, b]) => sum + (parseMinutes(b) as number) - (parseMinutes(a) as number), 0);
    const processes = Object.keys(m.speeds);
    for (const process of processes) {
      capacity.set(process, (capacity.get(process) ?? 0) + minutes / processes.length);
      const [sum, count] = speedSum.get(process) ?? [0, 0];
      speedSum.set(process, [sum + m.speeds[process], count + 1]);
    }
  }
  const setupDemand = new Map<string, number>();
  const runDemand = new Map<string, number>();
  orders.forEach((order, i) => {
    for (const op of order.operations) {
      const [sum, count] = speedSum.get(op.process)!;
      setupDemand.set(op.process, (setupDemand.get(op.process) ?? 0) + (op.setupMinutes ?? 0));
      runDemand.set(op.process, (runDemand.get(op.process) ?? 0) + (raw[i] * 60) / (sum / count));
    }
  });
  // Units per raw unit such that max over processes of (setup + run) / capacity = load.
  let scale = Infinity;
  for (const [process, cap] of capacity) {
    const run = runDemand.get(process) ?? 0;
    if (run > 0) scale = Math.min(scale, Math.max(1, load * cap - (setupDemand.get(process) ?? 0)) / run);
  }
  orders.forEach((order, i) => (order.quantity = Math.max(10, Math.round((raw[i] * scale) / 10) * 10)));

  const instance: Instance = { start: startText, machines, orders };
  const able = (op: InstanceOperation) => machines.filter((m) => m.speeds[op.process] !== undefined);

  if (options.fixed) {
    const fixed: Instance['fixed'] = [];
    const used = new Set<string>();
    for (const order of orders) {
      if (fixed.length >= options.fixed) break;
      const machine = pick(able(order.operations[0]));
      if (used.has(machine.id) || !machine.calendar.length || random() < 0.5) continue;
      used.add(machine.id);
      const [s, e] = machine.calendar[0].map((t) => parseMinutes(t) as number);
      fixed.push({ order: order.id, op: 0, machine: machine.id, start: format(s + Math.floor(random() * (e - s))) });
    }
    instance.fixed = fixed;
  }

  if (options.sequence) {
    // Queues as a planner might draw them: by due date, each operation on the able machine with
    // the least work queued so far.
    const entries: { machine: string; order: string; op: number; key: number }[] = [];
    const fixedOps = new Set((instance.fixed ?? []).map((f) => `${f.order}#${f.op}`));
    for (const order of orders) {
      const due = parseMinutes(order.due) as number;
      order.operations.forEach((_, j) => {
        if (fixedOps.has(`${order.id}#${j}`) || random() < (options.omit ?? 0)) return;
        entries.push({ machine: '', order: order.id, op: j, key: due - (order.operations.length - j) * 600 + random() * 300 });
      });
    }
    entries.sort((a, b) => a.key - b.key);
    const queued = new Map(machines.map((m) => [m.id, 0]));
    const byId = new Map(orders.map((o) => [o.id, o]));
    for (const e of entries) {
      const order = byId.get(e.order)!;
      const op = order.operations[e.op];
      const work = (m: InstanceMachine) => queued.get(m.id)! + (op.setupMinutes ?? 0) + (order.quantity * 60) / m.speeds[op.process];
      const machine = able(op).reduce((a, b) => (work(b) < work(a) ? b : a));
      queued.set(machine.id, work(machine));
      e.machine = machine.id;
    }
    const sequence: Record<string, [string, number][]> = {};
    for (const e of entries) (sequence[e.machine] ??= []).push([e.order, e.op]);
    for (const queue of Object.values(sequence)) {
      for (let k = 0; k < queue.length; k++) {
        if (random() >= (options.disorder ?? 0)) continue;
        const other = Math.min(queue.length - 1, k + between(1, 8));
        [queue[k], queue[other]] = [queue[other], queue[k]];
      }
    }
    instance.sequence = sequence;
  }
  return instance;
}
