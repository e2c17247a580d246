/**
 * Instance validation (the format's bad-instance rules, each error naming its place) and the
 * engine's internal model: machines, orders and operations as indexed arrays, times in minutes.
 */
import { minuteFormatter, parseMinutes } from './time';
import { endOfWork, makeWindows, windowAfter, type Windows } from './windows';

/** A bad instance: refused with the place (a JSON path) and the problem. */
export class InstanceError extends Error {
  constructor(
    readonly place: string,
    readonly problem: string,
  ) {
    super(`${place}: ${problem}`);
    this.name = 'InstanceError';
  }
}

export interface MachineModel extends Windows {
  id: string;
}

export interface FixedModel {
  machine: number;
  start: number;
  /** null: the work does not fit before the machine's last window ends. */
  end: number | null;
  setup: number;
  run: number;
}

export interface OpModel {
  order: number;
  op: number;
  process: string;
  setup: number;
  sameKeySetup: number;
  key: string | null;
  wait: number;
  /** Machines able to run it (instance order) and its run minutes on each. */
  machines: number[];
  runs: number[];
  fixed: FixedModel | null;
}

export interface OrderModel {
  id: string;
  due: number;
  weight: number;
  /** Global index of its operation 0; its operations are first … first + count − 1. */
  first: number;
  count: number;
}

export interface Model {
  start: number;
  format: (minutes: number) => string;
  machines: MachineModel[];
  orders: OrderModel[];
  ops: OpModel[];
  /** Fixed operations per machine, in start order. */
  fixedQueues: number[][];
  /** Calculate mode: the sequence queues per machine without the fixed operations; null in optimize mode. */
  queues: number[][] | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A place or problem text, built only when the instance is refused. */
type Text = string | (() => string);
const textOf = (value: Text) => (typeof value === 'string' ? value : value());

function need(condition: unknown, place: Text, problem: Text): asserts condition {
  if (!condition) throw new InstanceError(textOf(place), textOf(problem));
}

function time(value: unknown, place: string): number {
  const minutes = parseMinutes(value);
  need(minutes !== 'format', place, '必须是带时区偏移的 ISO 8601 时间');
  need(minutes !== 'minute', place, '时间必须是整分钟');
  return minutes;
}

function text(value: unknown, place: string): string {
  need(typeof value === 'string', place, '必须是字符串');
  return value;
}

function array(value: unknown, place: string): unknown[] {
  need(Array.isArray(value), place, '必须是数组');
  return value;
}

function object(value: unknown, place: string): Record<string, unknown> {
  need(isObject(value), place, '必须是对象');
  return value;
}

function positive(value: unknown, place: string): number {
  need(typeof value === 'number' && Number.isFinite(value) && value > 0, place, '必须是正数');
  return value;
}

function minutes(value: unknown, place: string, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  need(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0, place, '必须是非负整数分钟');
  return value;
}

/** The whole digits and the power of ten of a finite positive number as written (exact). */
function decimal(value: number): [bigint, bigint] {
  const [mantissa, exponentText] = String(value).split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  const exponent = Number(exponentText ?? 0) - fraction.length;
  const digits = BigInt(whole + fraction);
  return exponent >= 0 ? [digits * 10n ** BigInt(exponent), 1n] : [digits, 10n ** BigInt(-exponent)];
}

/** run = ceil(quantity × 60 / speed), exactly. */
export function runMinutes(quantity: number, speed: number): number {
  const a = quantity * 60;
  if (Number.isInteger(quantity) && Number.isInteger(speed) && Number.isSafeInteger(a)) {
    let q = Math.floor(a / speed);
    if (q * speed > a) q--;
    if ((q + 1) * speed <= a) q++;
    return q * speed === a ? q : q + 1;
  }
  const [qn, qd] = decimal(quantity);
  const [sn, sd] = decimal(speed);
  const num = qn * 60n * sd;
  const den = qd * sn;
  return Number((num + den - 1n) / den);
}

/** The setup minutes of `op` after `previous` (−1: no previous task on the machine). */
export function setupAfter(ops: OpModel[], previous: number, op: number): number {
  const o = ops[op];
  if (previous >= 0 && o.key !== null && ops[previous].key === o.key) return o.sameKeySetup;
  return o.setup;
}

/** Validates an instance (throws InstanceError naming the place) and builds the model. */
export function buildModel(input: unknown): Model {
  const root = object(input, '$');
  const start = time(root.start, 'start');
  const startText = root.start as string;

  const machineIndex = new Map<string, number>();
  const machines: MachineModel[] = [];
  const speeds: Map<string, number>[] = [];
  array(root.machines, 'machines').forEach((raw, i) => {
    const place = `machines[${i}]`;
    const m = object(raw, place);
    const id = text(m.id, `${place}.id`);
    need(!machineIndex.has(id), `${place}.id`, () => `机台 "${id}" 重复`);
    machineIndex.set(id, i);
    const speedMap = new Map<string, number>();
    for (const [process, speed] of Object.entries(object(m.speeds, `${place}.speeds`))) {
      speedMap.set(process, positive(speed, `${place}.speeds.${process}`));
    }
    speeds.push(speedMap);
    const starts: number[] = [];
    const ends: number[] = [];
    let last = -Infinity;
    array(m.calendar, `${place}.calendar`).forEach((window, k) => {
      const wPlace = `${place}.calendar[${k}]`;
      need(Array.isArray(window) && window.length === 2, wPlace, '时间窗必须是 [开始, 结束]');
      const s = time(window[0], `${wPlace}[0]`);
      const e = time(window[1], `${wPlace}[1]`);
      need(e >= s, wPlace, '时间窗结束不能早于开始');
      need(s >= last, wPlace, '时间窗与前一个时间窗重叠或顺序颠倒');
      last = e;
      // A window of no minutes holds no work and no start: it only has to be in order.
      if (e === s) return;
      starts.push(s);
      ends.push(e);
    });
    machines.push({ id, ...makeWindows(starts, ends) });
  });

  /** Per process, the machines with a speed for it (instance order) and that speed. */
  const byProcess = new Map<string, [number, number][]>();
  speeds.forEach((speedMap, m) => {
    for (const [process, speed] of speedMap) {
      if (!byProcess.has(process)) byProcess.set(process, []);
      byProcess.get(process)!.push([m, speed]);
    }
  });

  const orderIndex = new Map<string, number>();
  const orders: OrderModel[] = [];
  const ops: OpModel[] = [];
  array(root.orders, 'orders').forEach((raw, i) => {
    const place = `orders[${i}]`;
    const o = object(raw, place);
    const id = text(o.id, `${place}.id`);
    need(!orderIndex.has(id), `${place}.id`, () => `订单 "${id}" 重复`);
    orderIndex.set(id, i);
    const quantity = positive(o.quantity, `${place}.quantity`);
    const due = time(o.due, `${place}.due`);
    // The spec's levels are 0–3; any whole level ≥ 0 weighs 2^urgency (finite up to 1023).
    const urgency = o.urgency ?? 0;
    need(typeof urgency === 'number' && Number.isInteger(urgency) && urgency >= 0 && urgency <= 1023, `${place}.urgency`, '必须是 0 到 1023 的整数（0 普通 … 3 特急）');
    const list = array(o.operations, `${place}.operations`);
    orders.push({ id, due, weight: 2 ** urgency, first: ops.length, count: list.length });
    list.forEach((rawOp, j) => {
      const opPlace = `${place}.operations[${j}]`;
      const op = object(rawOp, opPlace);
      const process = text(op.process, `${opPlace}.process`);
      // No key, null and "" alike: the operation has no key (full setup).
      const key = op.setupKey === undefined || op.setupKey === null ? null : text(op.setupKey, `${opPlace}.setupKey`) || null;
      let allowed: Set<number> | null = null;
      if (op.machines !== undefined) {
        allowed = new Set(
          array(op.machines, `${opPlace}.machines`).map((mid, k) => {
            const index = machineIndex.get(text(mid, `${opPlace}.machines[${k}]`));
            need(index !== undefined, `${opPlace}.machines[${k}]`, () => `未知机台 "${String(mid)}"`);
            return index;
          }),
        );
      }
      const able: number[] = [];
      const runs: number[] = [];
      const opQuantity = op.quantity === undefined ? quantity : positive(op.quantity, `${opPlace}.quantity`);
      for (const [m, speed] of byProcess.get(process) ?? []) {
        if (allowed && !allowed.has(m)) continue;
        able.push(m);
        runs.push(runMinutes(opQuantity, speed));
      }
      ops.push({
        order: i,
        op: j,
        process,
        setup: minutes(op.setupMinutes, `${opPlace}.setupMinutes`, 0),
        sameKeySetup: minutes(op.sameKeySetupMinutes, `${opPlace}.sameKeySetupMinutes`, 0),
        key,
        wait: minutes(op.waitMinutes, `${opPlace}.waitMinutes`, 0),
        machines: able,
        runs,
        fixed: null,
      });
    });
  });

  /** The global operation index of [order, op] at `place`, checked. */
  const operation = (orderId: unknown, op: unknown, place: Text): number => {
    const i = orderIndex.get(orderId as string);
    need(i !== undefined, place, () => `未知订单 "${String(orderId)}"`);
    need(typeof op === 'number' && Number.isInteger(op) && op >= 0 && op < orders[i].count, place, () => `工序序号 ${String(op)} 超出范围`);
    return orders[i].first + op;
  };
  const machine = (id: unknown, place: string): number => {
    const m = machineIndex.get(id as string);
    need(m !== undefined, place, () => `未知机台 "${String(id)}"`);
    return m;
  };
  const canRun = (op: number, m: number, place: Text) =>
    need(ops[op].machines.includes(m), place, () => `机台 "${machines[m].id}" 不能运行该工序`);

  const fixedQueues: number[][] = machines.map(() => []);
  const fixedPlace = new Map<number, string>();
  if (root.fixed !== undefined) {
    array(root.fixed, 'fixed').forEach((raw, k) => {
      const place = `fixed[${k}]`;
      const f = object(raw, place);
      const op = operation(f.order, f.op, place);
      need(!fixedPlace.has(op), place, () => `工序重复列出（见 ${fixedPlace.get(op)}）`);
      const m = machine(f.machine, `${place}.machine`);
      canRun(op, m, place);
      const s = time(f.start, `${place}.start`);
      need(s >= start, `${place}.start`, '固定任务开始早于排程开始时间');
      const w = windowAfter(machines[m], s);
      need(w < machines[m].starts.length && s >= machines[m].starts[w], `${place}.start`, '固定任务不在机台时间窗内开始');
      fixedPlace.set(op, place);
      ops[op].fixed = { machine: m, start: s, end: null, setup: 0, run: ops[op].runs[ops[op].machines.indexOf(m)] };
      fixedQueues[m].push(op);
    });
  }
  fixedQueues.forEach((queue, m) => {
    queue.sort((a, b) => ops[a].fixed!.start - ops[b].fixed!.start);
    let previous = -1;
    for (const op of queue) {
      const f = ops[op].fixed!;
      if (previous >= 0) {
        const p = ops[previous].fixed!;
        need(p.end !== null && f.start >= p.end, fixedPlace.get(op)!, () => `与固定任务 ${fixedPlace.get(previous)} 重叠`);
      }
      f.setup = setupAfter(ops, previous, op);
      f.end = endOfWork(machines[m], f.start, f.setup + f.run);
      previous = op;
    }
  });

  let queues: number[][] | null = null;
  if (root.sequence !== undefined) {
    const sequence = object(root.sequence, 'sequence');
    queues = machines.map(() => []);
    // Where each operation is listed: machine and index (−1: not yet).
    const listedOn = new Int32Array(ops.length).fill(-1);
    const listedAt = new Int32Array(ops.length);
    for (const [id, list] of Object.entries(sequence)) {
      const m = machine(id, `sequence.${id}`);
      array(list, `sequence.${id}`).forEach((entry, k) => {
        const place = () => `sequence.${id}[${k}]`;
        need(Array.isArray(entry) && entry.length === 2, place, '必须是 [订单, 工序序号]');
        const op = operation(entry[0], entry[1], place);
        need(listedOn[op] < 0, place, () => `工序重复列出（见 sequence.${machines[listedOn[op]].id}[${listedAt[op]}]）`);
        listedOn[op] = m;
        listedAt[op] = k;
        canRun(op, m, place);
        const f = ops[op].fixed;
        if (f) need(f.machine === m, place, () => `固定任务在 ${fixedPlace.get(op)} 中排在机台 "${machines[f.machine].id}"`);
        else queues![m].push(op);
      });
    }
  }

  return { start, format: minuteFormatter(startText), machines, orders, ops, fixedQueues, queues };
}
