import { describe, expect, it } from 'vitest';
import { checkPlan } from './check';
import { generateInstance } from './generate';
import { InstanceError, REASONS, schedule, type Instance, type InstanceOperation, type Plan } from './index';
import { buildModel } from './model';
import { compareScores, eddSchedule, optimizeWithStats } from './optimize';
import { toPlan } from './plan';

const DAY = '2026-12-01';
const at = (hhmm: string, day = DAY) => `${day}T${hhmm}:00+08:00`;
const window = (from: string, to: string, day = DAY): [string, string] => [at(from, day), at(to, day)];

/** One machine doing P1 and P2 at 60 units/hour (1 unit = 1 minute), windows 08–12 and 13–17. */
function base(overrides: Partial<Instance> = {}): Instance {
  return {
    start: at('08:00'),
    machines: [
      { id: 'M1', speeds: { P1: 60, P2: 60 }, calendar: [window('08:00', '12:00'), window('13:00', '17:00')] },
      { id: 'M2', speeds: { P2: 60 }, calendar: [window('08:00', '12:00'), window('13:00', '17:00')] },
    ],
    orders: [],
    ...overrides,
  };
}

const op = (process: string, setupMinutes: number, extra: Partial<InstanceOperation> = {}): InstanceOperation => ({ process, setupMinutes, ...extra });
const order = (id: string, quantity: number, operations: InstanceOperation[], due = at('17:00'), urgency = 0) => ({ id, quantity, due, urgency, operations });

const task = (plan: Plan, id: string, index: number) => plan.tasks.find((t) => t.order === id && t.op === index);
const reason = (plan: Plan, id: string, index: number) => plan.unscheduled.find((u) => u.order === id && u.op === index)?.reason;
const times = (plan: Plan, id: string, index: number) => {
  const t = task(plan, id, index);
  return t && [t.machine, t.start.slice(11, 16), t.end.slice(11, 16), t.setupMinutes, t.runMinutes];
};

function valid(instance: Instance, plan: Plan): Plan {
  expect(checkPlan(instance, plan)).toEqual([]);
  return plan;
}

describe('calculate mode, hand-computed', () => {
  it('pauses a task at the end of a window and goes on in the next one', () => {
    // 30 setup + 180 run = 210 working minutes from 10:00: 120 until 12:00, 90 from 13:00.
    const instance = base({ start: at('10:00'), orders: [order('A', 180, [op('P1', 30)])], sequence: { M1: [['A', 0]] } });
    const plan = valid(instance, schedule(instance));
    expect(times(plan, 'A', 0)).toEqual(['M1', '10:00', '14:30', 30, 180]);
    expect(plan.metrics).toEqual({ weightedTardiness: 0, tardinessMinutes: 0, lateOrders: 0, setupMinutes: 30, makespan: at('14:30') });
  });

  it('starts at the next window when ready between windows, and never on a window end', () => {
    const instance = base({
      start: at('07:00'),
      orders: [order('A', 230, [op('P1', 10)]), order('B', 50, [op('P1', 10)])],
      sequence: { M1: [['A', 0], ['B', 0]] },
    });
    const plan = valid(instance, schedule(instance));
    // A: 240 working minutes 08:00–12:00 exactly; B is ready at 12:00 (a window end) and starts at 13:00.
    expect(times(plan, 'A', 0)).toEqual(['M1', '08:00', '12:00', 10, 230]);
    expect(times(plan, 'B', 0)).toEqual(['M1', '13:00', '14:00', 10, 50]);
  });

  it('leaves a task that overflows the calendar unscheduled and goes on after the previous scheduled task', () => {
    const instance = base({
      orders: [order('A', 200, [op('P1', 10)]), order('B', 300, [op('P1', 10)]), order('C', 50, [op('P1', 10, { setupKey: 'K' })])],
      sequence: { M1: [['A', 0], ['B', 0], ['C', 0]] },
    });
    const plan = valid(instance, schedule(instance));
    // A 08:00–11:30; B needs 310 of the 270 minutes left; C follows A.
    expect(times(plan, 'A', 0)).toEqual(['M1', '08:00', '11:30', 10, 200]);
    expect(reason(plan, 'B', 0)).toBe(REASONS.overflow);
    expect(times(plan, 'C', 0)).toEqual(['M1', '11:30', '13:30', 10, 50]);
  });

  it('needs only the same-key setup after a task with the same key, however long the machine was idle', () => {
    const instance = base({
      orders: [
        order('A', 50, [op('P1', 40, { setupKey: 'K1', sameKeySetupMinutes: 10 })]),
        order('B', 50, [op('P1', 40, { setupKey: 'K1', sameKeySetupMinutes: 10 })]),
        order('C', 50, [op('P1', 40, { setupKey: 'K2', sameKeySetupMinutes: 10 })]),
        order('D', 50, [op('P2', 60), op('P1', 40, { setupKey: 'K2', sameKeySetupMinutes: 5, waitMinutes: 200 })]),
        order('E', 50, [op('P1', 30)]),
      ],
      sequence: { M1: [['A', 0], ['B', 0], ['C', 0], ['D', 1], ['E', 0]], M2: [['D', 0]] },
    });
    const plan = valid(instance, schedule(instance));
    expect(times(plan, 'A', 0)).toEqual(['M1', '08:00', '09:30', 40, 50]);
    expect(times(plan, 'B', 0)).toEqual(['M1', '09:30', '10:30', 10, 50]);
    // A different key: the full setup.
    expect(times(plan, 'C', 0)).toEqual(['M1', '10:30', '12:00', 40, 50]);
    // D#0 ends 09:50 on M2, + 200 minutes wait = 13:10: M1 idles 13:00–13:10, yet K2 follows K2 (5 minutes).
    expect(times(plan, 'D', 0)).toEqual(['M2', '08:00', '09:50', 60, 50]);
    expect(times(plan, 'D', 1)).toEqual(['M1', '13:10', '14:05', 5, 50]);
    // No key: full setup even after a keyed task.
    expect(times(plan, 'E', 0)).toEqual(['M1', '14:05', '15:25', 30, 50]);
    expect(plan.metrics.setupMinutes).toBe(40 + 10 + 40 + 60 + 5 + 30);
  });

  it('waits wall-clock minutes after the previous operation, across a break', () => {
    const instance = base({
      orders: [order('A', 200, [op('P1', 10), op('P2', 10, { waitMinutes: 45 })], at('13:00'), 2)],
      sequence: { M1: [['A', 0]], M2: [['A', 1]] },
    });
    const plan = valid(instance, schedule(instance));
    // A#0 08:00–11:30; ready 12:15 in the break: starts 13:00, 210 minutes → 16:30.
    expect(times(plan, 'A', 1)).toEqual(['M2', '13:00', '16:30', 10, 200]);
    expect(plan.metrics).toMatchObject({ weightedTardiness: 4 * 210, tardinessMinutes: 210, lateOrders: 1, makespan: at('16:30') });
  });

  it('runs fixed tasks first on their machine at their own start, and later operations after them', () => {
    const instance = base({
      orders: [order('A', 50, [op('P1', 10), op('P2', 10)]), order('F', 50, [op('P1', 10, { setupKey: 'K' }), op('P2', 10)]), order('G', 50, [op('P1', 10, { setupKey: 'K', sameKeySetupMinutes: 2 })])],
      fixed: [{ order: 'F', op: 0, machine: 'M1', start: at('09:00') }],
      sequence: { M1: [['A', 0], ['F', 0], ['G', 0]], M2: [['F', 1], ['A', 1]] },
    });
    const plan = valid(instance, schedule(instance));
    expect(times(plan, 'F', 0)).toEqual(['M1', '09:00', '10:00', 10, 50]);
    expect(times(plan, 'A', 0)).toEqual(['M1', '10:00', '11:00', 10, 50]);
    // G keeps its place after A: A decides its setup (A has no key).
    expect(times(plan, 'G', 0)).toEqual(['M1', '11:00', '12:00', 10, 50]);
    // F#1 waits for the fixed task; A#1 (queued after it) for A#0.
    expect(times(plan, 'F', 1)).toEqual(['M2', '10:00', '11:00', 10, 50]);
    expect(times(plan, 'A', 1)).toEqual(['M2', '11:00', '12:00', 10, 50]);
  });

  it('unschedules the operations of a deadlock, the later operations of their orders, and operations missing from the queues', () => {
    const instance = base({
      orders: [
        order('A', 50, [op('P1', 10), op('P1', 10), op('P2', 10)]),
        order('C', 50, [op('P1', 10)]),
        order('D', 50, [op('P2', 10), op('P2', 10)]),
      ],
      // M1 runs A#1 before A#0: a cycle A#0 → A#1 (order) → A#0 (queue).
      sequence: { M1: [['A', 1], ['A', 0], ['C', 0]], M2: [['A', 2], ['D', 1]] },
    });
    const plan = valid(instance, schedule(instance));
    expect(reason(plan, 'A', 0)).toBe(REASONS.deadlock);
    expect(reason(plan, 'A', 1)).toBe(REASONS.deadlock);
    expect(reason(plan, 'A', 2)).toBe(REASONS.previousUnscheduled);
    expect(reason(plan, 'D', 0)).toBe(REASONS.notInSequence);
    expect(reason(plan, 'D', 1)).toBe(REASONS.previousUnscheduled);
    expect(times(plan, 'C', 0)).toEqual(['M1', '08:00', '09:00', 10, 50]);
    expect(plan.tasks).toHaveLength(1);
  });

  it('finds a deadlock across two machines and lets the queues go on behind it', () => {
    const instance = base({
      machines: [
        { id: 'M1', speeds: { P1: 60, P2: 60 }, calendar: [window('08:00', '17:00')] },
        { id: 'M2', speeds: { P1: 60, P2: 60 }, calendar: [window('08:00', '17:00')] },
      ],
      orders: [order('A', 50, [op('P1', 10), op('P2', 10)]), order('B', 50, [op('P1', 10), op('P2', 10)]), order('C', 50, [op('P2', 10)])],
      // A#0 → A#1 → (M2) B#0 → B#1 → (M1) A#0.
      sequence: { M1: [['B', 1], ['A', 0]], M2: [['A', 1], ['B', 0], ['C', 0]] },
    });
    const plan = valid(instance, schedule(instance));
    expect(plan.unscheduled.map((u) => [u.order, u.op, u.reason])).toEqual([
      ['A', 0, REASONS.deadlock],
      ['A', 1, REASONS.deadlock],
      ['B', 0, REASONS.deadlock],
      ['B', 1, REASONS.deadlock],
    ]);
    expect(times(plan, 'C', 0)).toEqual(['M2', '08:00', '09:00', 10, 50]);
  });

  describe('deadlocks on the static graph: every operation not fixed, queue orders as listed, operation orders', () => {
    const machines = ['M1', 'M2', 'M3', 'M4'].map((id) => ({ id, speeds: { P1: 60 }, calendar: [window('08:00', '17:00')] }));
    const ops = (count: number) => Array.from({ length: count }, () => op('P1', 0));
    const unscheduled = (plan: Plan) => plan.unscheduled.map((u) => `${u.order}#${u.op} ${u.reason}`);

    it('finds a second cycle behind the first one, through later operations of a deadlocked order', () => {
      // A#0 → A#1 → (M1) B#0 → B#1 → (M2) A#0, and A#2 → A#3 → (M4) C#0 → C#1 → (M3) A#2.
      const instance = base({
        machines,
        orders: [order('A', 10, ops(4)), order('B', 10, ops(2)), order('C', 10, ops(2)), order('Z', 10, ops(1))],
        sequence: { M1: [['A', 1], ['B', 0]], M2: [['B', 1], ['A', 0]], M3: [['C', 1], ['A', 2]], M4: [['A', 3], ['C', 0], ['Z', 0]] },
      });
      const plan = valid(instance, schedule(instance));
      expect(unscheduled(plan)).toEqual(['A#0', 'A#1', 'A#2', 'A#3', 'B#0', 'B#1', 'C#0', 'C#1'].map((k) => `${k} ${REASONS.deadlock}`));
      // The queue goes on behind the deadlocked operations.
      expect(times(plan, 'Z', 0)).toEqual(['M4', '08:00', '08:10', 0, 10]);
    });

    it('finds a cycle through an operation in no queue (it is still the order’s operation)', () => {
      // E#0 → E#1 → (M1) D#0 → D#1 (in no queue) → D#2 → (M2) E#0.
      const instance = base({
        machines,
        orders: [order('D', 10, ops(3)), order('E', 10, ops(2)), order('Z', 10, ops(1))],
        sequence: { M1: [['E', 1], ['D', 0], ['Z', 0]], M2: [['D', 2], ['E', 0]] },
      });
      const plan = valid(instance, schedule(instance));
      expect(unscheduled(plan)).toEqual(['D#0', 'D#1', 'D#2', 'E#0', 'E#1'].map((k) => `${k} ${REASONS.deadlock}`));
      expect(times(plan, 'Z', 0)).toEqual(['M1', '08:00', '08:10', 0, 10]);
    });

    it('finds a cycle through operations that follow an operation in no queue', () => {
      // D#0 is in no queue; E#0 → E#1 → (M1) D#1 → D#2 → (M2) E#0 is still a cycle.
      const instance = base({
        machines,
        orders: [order('D', 10, ops(3)), order('E', 10, ops(2))],
        sequence: { M1: [['E', 1], ['D', 1]], M2: [['D', 2], ['E', 0]] },
      });
      const plan = valid(instance, schedule(instance));
      expect(unscheduled(plan)).toEqual([`D#0 ${REASONS.notInSequence}`, ...['D#1', 'D#2', 'E#0', 'E#1'].map((k) => `${k} ${REASONS.deadlock}`)]);
      expect(plan.tasks).toEqual([]);
    });

    it('sees no deadlock through a fixed task: it keeps its start and waits for nothing', () => {
      // F#0 → F#1 (fixed) → F#2 → (M2) F#0 would be a cycle if the fixed task waited for F#0.
      const instance = base({
        orders: [order('F', 50, [op('P2', 10), op('P1', 10), op('P2', 10)])],
        fixed: [{ order: 'F', op: 1, machine: 'M1', start: at('09:00') }],
        sequence: { M2: [['F', 2], ['F', 0]] },
      });
      const plan = valid(instance, schedule(instance));
      expect(times(plan, 'F', 1)).toEqual(['M1', '09:00', '10:00', 10, 50]);
      expect(times(plan, 'F', 2)).toEqual(['M2', '10:00', '11:00', 10, 50]);
      expect(times(plan, 'F', 0)).toEqual(['M2', '11:00', '12:00', 10, 50]);
    });
  });

  it('rounds run minutes up: ceil(quantity × 60 / speed)', () => {
    const instance = base({
      machines: [{ id: 'M1', speeds: { P1: 7000 }, calendar: [window('08:00', '17:00')] }],
      orders: [order('A', 5000, [op('P1', 0)]), order('B', 7000, [op('P1', 0)])],
      sequence: { M1: [['A', 0], ['B', 0]] },
    });
    const plan = valid(instance, schedule(instance));
    expect(task(plan, 'A', 0)?.runMinutes).toBe(43); // 42.86
    expect(task(plan, 'B', 0)?.runMinutes).toBe(60);
  });

  it('writes times with the offset of the start and reports no makespan without tasks', () => {
    const instance = base({ start: '2026-12-01T00:00:00Z', orders: [order('A', 50, [op('P1', 10)])], sequence: {} });
    const plan = valid(instance, schedule(instance));
    expect(plan).toEqual({
      tasks: [],
      unscheduled: [{ order: 'A', op: 0, reason: REASONS.notInSequence }],
      metrics: { weightedTardiness: 0, tardinessMinutes: 0, lateOrders: 0, setupMinutes: 0, makespan: null },
    });
    const one = base({ start: '2026-12-01T00:00:00Z', orders: [order('A', 50, [op('P1', 10)])], sequence: { M1: [['A', 0]] } });
    expect(schedule(one).tasks[0]).toMatchObject({ start: '2026-12-01T00:00:00Z', end: '2026-12-01T01:00:00Z' });
  });
});

describe('optimize mode, hand-computed', () => {
  it('puts the heavier late order first when that lowers weighted tardiness (earliest due date would not)', () => {
    const instance = base({
      machines: [{ id: 'M1', speeds: { P1: 60 }, calendar: [window('08:00', '17:00')] }],
      orders: [order('A', 50, [op('P1', 10)], at('09:00'), 0), order('B', 50, [op('P1', 10)], at('09:30'), 3)],
    });
    const model = buildModel(instance);
    expect(toPlan(model, eddSchedule(model)).metrics.weightedTardiness).toBe(8 * 30);
    const plan = valid(instance, schedule(instance, { seed: 1, maxMoves: 500 }));
    expect(times(plan, 'B', 0)).toEqual(['M1', '08:00', '09:00', 10, 50]);
    expect(times(plan, 'A', 0)).toEqual(['M1', '09:00', '10:00', 10, 50]);
    expect(plan.metrics).toMatchObject({ weightedTardiness: 60, tardinessMinutes: 60, lateOrders: 1 });
  });

  it('minimises the format’s objective on an overloaded machine, within the append rule', () => {
    // 120 working minutes for 210 minutes of work. Earliest due date: A 08:00–09:00 (30 minutes
    // late, weight 8), C does not fit, B 09:00–10:00: weighted tardiness 240. C first ends on time,
    // and then neither A nor B can be appended after it: weighted tardiness 0, a valid plan too.
    const instance = base({
      machines: [{ id: 'M1', speeds: { P1: 60 }, calendar: [window('08:00', '10:00')] }],
      orders: [order('A', 60, [op('P1', 0)], at('08:30'), 3), order('B', 60, [op('P1', 0)], at('10:00')), order('C', 90, [op('P1', 0)], at('09:30'))],
    });
    const model = buildModel(instance);
    const edd = valid(instance, toPlan(model, eddSchedule(model)));
    expect(edd.metrics.weightedTardiness).toBe(240);
    expect(edd.unscheduled.map((u) => u.order)).toEqual(['C']);
    const plan = valid(instance, schedule(instance, { seed: 1, maxMoves: 200 }));
    expect(times(plan, 'C', 0)).toEqual(['M1', '08:00', '09:30', 0, 90]);
    expect(plan.unscheduled).toEqual([
      { order: 'A', op: 0, reason: REASONS.overflow },
      { order: 'B', op: 0, reason: REASONS.overflow },
    ]);
    expect(plan.metrics.weightedTardiness).toBe(0);
  });

  it('runs same-key operations back to back to save setups when no order gets later', () => {
    const keyed = (key: string) => op('P1', 40, { setupKey: key, sameKeySetupMinutes: 10 });
    const instance = base({
      machines: [{ id: 'M1', speeds: { P1: 60 }, calendar: [window('08:00', '17:00')] }],
      orders: [order('A', 30, [keyed('K1')], at('16:00')), order('B', 30, [keyed('K2')], at('16:30')), order('C', 30, [keyed('K1')], at('17:00'))],
    });
    const model = buildModel(instance);
    expect(toPlan(model, eddSchedule(model)).metrics.setupMinutes).toBe(120);
    const plan = valid(instance, schedule(instance, { seed: 1, maxMoves: 500 }));
    expect(plan.metrics).toMatchObject({ weightedTardiness: 0, setupMinutes: 90 });
    expect(plan.tasks.map((t) => t.order)).not.toEqual(['A', 'B', 'C']);
  });

  it('chooses the machine, and reports operations no machine can run or that fit nowhere', () => {
    const instance = base({
      orders: [
        order('A', 200, [op('P2', 10)]),
        order('B', 200, [op('P2', 10)]),
        order('X', 50, [op('P9', 10), op('P1', 10)]),
        order('Y', 600, [op('P1', 10)]),
        order('Z', 50, [op('P2', 10, { machines: ['M2'] })]),
      ],
    });
    const plan = valid(instance, schedule(instance, { seed: 1, maxMoves: 200 }));
    expect(new Set([task(plan, 'A', 0)?.machine, task(plan, 'B', 0)?.machine])).toEqual(new Set(['M1', 'M2']));
    expect(task(plan, 'Z', 0)?.machine).toBe('M2');
    expect(reason(plan, 'X', 0)).toBe(REASONS.noMachine);
    expect(reason(plan, 'X', 1)).toBe(REASONS.previousUnscheduled);
    expect(reason(plan, 'Y', 0)).toBe(REASONS.overflow);
  });

  it('fills the idle time before a machine’s last task when the later operation fits there', () => {
    const instance = base({
      machines: [
        { id: 'M1', speeds: { P1: 60 }, calendar: [window('08:00', '17:00')] },
        { id: 'M2', speeds: { P2: 60 }, calendar: [window('08:00', '17:00')] },
      ],
      orders: [order('A', 110, [op('P2', 10), op('P1', 10)], at('12:00')), order('B', 50, [op('P1', 10)], at('16:00'))],
    });
    // Earliest due date: A#0 on M2 08:00–10:00, A#1 on M1 from 10:00; B#0 comes later in the list
    // but runs in M1's idle time before A#1 instead of after it.
    const model = buildModel(instance);
    const edd = valid(instance, toPlan(model, eddSchedule(model)));
    expect(times(edd, 'A', 1)).toEqual(['M1', '10:00', '12:00', 10, 110]);
    expect(times(edd, 'B', 0)).toEqual(['M1', '08:00', '09:00', 10, 50]);
  });

  it('keeps fixed tasks where they are', () => {
    const instance = base({
      orders: [order('F', 50, [op('P1', 10), op('P2', 10)]), order('A', 50, [op('P1', 10)], at('08:30'), 3)],
      fixed: [{ order: 'F', op: 0, machine: 'M1', start: at('08:30') }],
    });
    const plan = valid(instance, schedule(instance, { seed: 1, maxMoves: 200 }));
    expect(times(plan, 'F', 0)).toEqual(['M1', '08:30', '09:30', 10, 50]);
    expect(times(plan, 'A', 0)).toEqual(['M1', '09:30', '10:30', 10, 50]);
    expect(task(plan, 'F', 1)?.start).toBe(at('09:30'));
  });
});

describe('bad instances are refused naming the place', () => {
  const good = (): Instance =>
    base({
      orders: [order('A', 50, [op('P1', 10), op('P2', 10)]), order('B', 50, [op('P1', 10)])],
      fixed: [{ order: 'B', op: 0, machine: 'M1', start: at('08:00') }],
      sequence: { M1: [['A', 0]], M2: [['A', 1]] },
    });
  const refused = (change: (instance: Instance) => void): [string, string] => {
    const instance = good();
    change(instance);
    try {
      schedule(instance);
    } catch (error) {
      expect(error).toBeInstanceOf(InstanceError);
      return [(error as InstanceError).place, (error as InstanceError).problem];
    }
    throw new Error('not refused');
  };

  it('accepts the good instance', () => {
    expect(schedule(good()).tasks).toHaveLength(3);
  });

  it.each<[string, (instance: Instance) => void, string, string]>([
    ['an unknown order', (i) => (i.sequence!.M1[0] = ['Q', 0]), 'sequence.M1[0]', '未知订单 "Q"'],
    ['an unknown machine in sequence', (i) => (i.sequence!.M9 = []), 'sequence.M9', '未知机台 "M9"'],
    ['an unknown machine in fixed', (i) => (i.fixed![0].machine = 'M9'), 'fixed[0].machine', '未知机台 "M9"'],
    ['an unknown machine in an operation', (i) => (i.orders[0].operations[0].machines = ['M9']), 'orders[0].operations[0].machines[0]', '未知机台 "M9"'],
    ['an operation index out of range', (i) => (i.sequence!.M1[0] = ['A', 2]), 'sequence.M1[0]', '工序序号 2 超出范围'],
    ['an operation listed twice', (i) => i.sequence!.M1.push(['A', 0]), 'sequence.M1[1]', '工序重复列出（见 sequence.M1[0]）'],
    ['an operation listed on a machine that cannot run it', (i) => (i.sequence = { M1: [], M2: [['A', 0]] }), 'sequence.M2[0]', '机台 "M2" 不能运行该工序'],
    ['a fixed task on a machine that cannot run it', (i) => (i.fixed![0].machine = 'M2'), 'fixed[0]', '机台 "M2" 不能运行该工序'],
    ['a fixed task listed twice', (i) => i.fixed!.push({ ...i.fixed![0] }), 'fixed[1]', '工序重复列出（见 fixed[0]）'],
    ['a fixed task in sequence on another machine', (i) => (i.sequence!.M2.push(['B', 0]), (i.machines[1].speeds.P1 = 60)), 'sequence.M2[1]', '固定任务在 fixed[0] 中排在机台 "M1"'],
    ['a fixed task before the start', (i) => (i.fixed![0].start = at('07:59')), 'fixed[0].start', '固定任务开始早于排程开始时间'],
    ['a fixed task outside a window', (i) => (i.fixed![0].start = at('12:00')), 'fixed[0].start', '固定任务不在机台时间窗内开始'],
    [
      'overlapping fixed tasks',
      (i) => i.fixed!.push({ order: 'A', op: 0, machine: 'M1', start: at('08:30') }),
      'fixed[1]',
      '与固定任务 fixed[0] 重叠',
    ],
    ['overlapping windows', (i) => (i.machines[0].calendar[1] = window('11:00', '17:00')), 'machines[0].calendar[1]', '时间窗与前一个时间窗重叠或顺序颠倒'],
    ['unordered windows', (i) => i.machines[0].calendar.reverse(), 'machines[0].calendar[1]', '时间窗与前一个时间窗重叠或顺序颠倒'],
    ['a window ending before it starts', (i) => (i.machines[0].calendar[0] = window('12:00', '08:00')), 'machines[0].calendar[0]', '时间窗结束不能早于开始'],
    ['a window of no minutes out of order', (i) => i.machines[0].calendar.splice(1, 0, window('10:00', '10:00')), 'machines[0].calendar[1]', '时间窗与前一个时间窗重叠或顺序颠倒'],
    ['a time that is not a whole minute', (i) => (i.orders[1].due = '2026-12-01T17:00:30+08:00'), 'orders[1].due', '时间必须是整分钟'],
    ['a time without an offset', (i) => (i.start = '2026-12-01T08:00:00'), 'start', '必须是带时区偏移的 ISO 8601 时间'],
    ['a non-positive quantity', (i) => (i.orders[0].quantity = 0), 'orders[0].quantity', '必须是正数'],
    ['a non-positive speed', (i) => (i.machines[1].speeds.P2 = -5), 'machines[1].speeds.P2', '必须是正数'],
    ['fractional setup minutes', (i) => (i.orders[0].operations[1].setupMinutes = 1.5), 'orders[0].operations[1].setupMinutes', '必须是非负整数分钟'],
    ['a duplicate order', (i) => (i.orders[1].id = 'A'), 'orders[1].id', '订单 "A" 重复'],
    ['a duplicate machine', (i) => (i.machines[1].id = 'M1'), 'machines[1].id', '机台 "M1" 重复'],
    ['an urgency that is not a whole level', (i) => (i.orders[0].urgency = 1.5), 'orders[0].urgency', '必须是 0 到 1023 的整数（0 普通 … 3 特急）'],
    ['a negative urgency', (i) => (i.orders[0].urgency = -1), 'orders[0].urgency', '必须是 0 到 1023 的整数（0 普通 … 3 特急）'],
    ['a setup key that is not text', (i) => ((i.orders[0].operations[0] as { setupKey: unknown }).setupKey = 7), 'orders[0].operations[0].setupKey', '必须是字符串'],
  ])('%s', (_, change, place, problem) => {
    expect(refused(change)).toEqual([place, problem]);
  });
});

describe('what the format does not forbid is accepted', () => {
  it('ignores a window of no minutes: no work and no start in it', () => {
    const instance = base({
      start: at('07:00'),
      machines: [{ id: 'M1', speeds: { P1: 60 }, calendar: [window('07:30', '07:30'), window('08:00', '09:00'), window('09:00', '09:00'), window('10:00', '12:00')] }],
      orders: [order('A', 50, [op('P1', 10)]), order('B', 50, [op('P1', 10)])],
      sequence: { M1: [['A', 0], ['B', 0]] },
    });
    const plan = valid(instance, schedule(instance));
    expect(times(plan, 'A', 0)).toEqual(['M1', '08:00', '09:00', 10, 50]);
    expect(times(plan, 'B', 0)).toEqual(['M1', '10:00', '11:00', 10, 50]);
  });

  it('reads a missing setupMinutes as 0 and an empty setupKey as no key', () => {
    const instance = base({
      orders: [
        order('A', 50, [{ process: 'P1' }]),
        order('B', 50, [op('P1', 20, { setupKey: '', sameKeySetupMinutes: 1 })]),
        order('C', 50, [op('P1', 20, { setupKey: '', sameKeySetupMinutes: 1 })]),
      ],
      sequence: { M1: [['A', 0], ['B', 0], ['C', 0]] },
    });
    const plan = valid(instance, schedule(instance));
    expect(times(plan, 'A', 0)).toEqual(['M1', '08:00', '08:50', 0, 50]);
    // "" is no key: C needs its full setup after B.
    expect(times(plan, 'B', 0)).toEqual(['M1', '08:50', '10:00', 20, 50]);
    expect(times(plan, 'C', 0)).toEqual(['M1', '10:00', '11:10', 20, 50]);
  });

  it('weighs any whole urgency level ≥ 0 as 2^urgency', () => {
    const instance = base({ orders: [order('A', 60, [op('P1', 0)], at('08:30'), 5)], sequence: { M1: [['A', 0]] } });
    expect(valid(instance, schedule(instance)).metrics).toMatchObject({ weightedTardiness: 32 * 30, tardinessMinutes: 30 });
  });
});

describe('property: the checker accepts the engine’s own plans on random instances', () => {
  const shapes = Array.from({ length: 24 }, (_, k) => ({
    seed: 100 + k,
    operations: 15 + ((k * 7) % 50),
    machines: 5 + (k % 6),
    days: 1 + (k % 4),
    fixed: k % 4,
    load: 0.4 + (k % 5) * 0.2,
  }));

  it.each(shapes)('calculate mode, seed $seed', (shape) => {
    // The last two draw queues far from the due-date order with operations left out: cycles through
    // operations in no queue (the checker requires every operation on a cycle to be a deadlock).
    for (const variant of [{}, { disorder: 0.15 }, { omit: 0.05, disorder: 0.05 }, { omit: 0.2, disorder: 1 }, { omit: 0.3, disorder: 1 }]) {
      const instance = generateInstance({ ...shape, ...variant, sequence: true });
      expect(checkPlan(instance, schedule(instance))).toEqual([]);
    }
  });

  it.each(shapes)('optimize mode, seed $seed: valid and never worse than the earliest-due-date list schedule', (shape) => {
    const instance = generateInstance(shape);
    const plan = schedule(instance, { seed: shape.seed, maxMoves: 400, budgetMs: 60_000 });
    expect(checkPlan(instance, plan)).toEqual([]);
    const model = buildModel(instance);
    const edd = toPlan(model, eddSchedule(model));
    expect(checkPlan(instance, edd)).toEqual([]);
    // Compared as the format's objective: weighted tardiness, setup minutes, makespan (both plans
    // keep the append rule, which the checker verifies).
    const score = (p: Plan) => ({
      unscheduled: p.unscheduled.length,
      weightedTardiness: p.metrics.weightedTardiness,
      setupMinutes: p.metrics.setupMinutes,
      makespan: p.metrics.makespan ? Date.parse(p.metrics.makespan) : 0,
    });
    expect(compareScores(score(plan), score(edd))).toBeLessThanOrEqual(0);
  });

  it.each(shapes.slice(0, 8))('optimize mode, seed $seed: the search’s incremental score is the plan’s', (shape) => {
    const model = buildModel(generateInstance(shape));
    const { outcome, stats } = optimizeWithStats(model, { seed: shape.seed, maxMoves: 600, budgetMs: 60_000 });
    const plan = toPlan(model, outcome);
    // The plan may only add operations appended at the end to what the search scored.
    expect(plan.unscheduled.length).toBeLessThanOrEqual(stats.final.unscheduled);
    if (!stats.eddBetter && plan.unscheduled.length === stats.final.unscheduled) {
      expect([plan.metrics.weightedTardiness, plan.metrics.setupMinutes]).toEqual([stats.final.weightedTardiness, stats.final.setupMinutes]);
    }
    expect(stats.moves).toBe(600);
  });

  it('gives the same plan for the same seed and move limit', () => {
    const instance = generateInstance({ seed: 5, operations: 80, machines: 8, days: 3 });
    const options = { seed: 3, maxMoves: 300, budgetMs: 60_000 };
    expect(schedule(instance, options)).toEqual(schedule(instance, options));
  });
});

describe('the checker catches broken plans', () => {
  const instance = generateInstance({ seed: 9, operations: 40, machines: 6, days: 3, sequence: true, fixed: 2 });
  const plan = schedule(instance);
  const broken = (change: (plan: Plan) => void) => {
    const copy: Plan = structuredClone(plan);
    change(copy);
    return checkPlan(instance, copy);
  };
  const second = plan.tasks.findIndex((t, k) => k > 0 && plan.tasks.some((o, j) => j < k && o.machine === t.machine));

  it('has tasks to break', () => {
    expect(second).toBeGreaterThan(0);
  });
  it.each<[string, (plan: Plan) => void]>([
    ['a task moved later', (p) => (p.tasks[second].start = p.tasks[second].end)],
    ['a wrong end', (p) => (p.tasks[0].end = p.tasks[0].start)],
    ['a wrong setup', (p) => (p.tasks[second].setupMinutes += 1)],
    ['a task dropped', (p) => p.tasks.splice(second, 1)],
    ['a task on another machine', (p) => (p.tasks[second].machine = p.tasks[second].machine === 'M1' ? 'M2' : 'M1')],
    ['wrong metrics', (p) => (p.metrics.setupMinutes += 1)],
    ['a wrong reason', (p) => (p.unscheduled.length ? (p.unscheduled[0].reason = REASONS.deadlock) : p.tasks.pop())],
  ])('%s', (_, change) => {
    expect(broken(change).length).toBeGreaterThan(0);
  });

  it('an operation on a cycle of the static graph scheduled', () => {
    // E#0 → E#1 → (M1) D#0 → D#1 (in no queue) → D#2 → (M2) E#0; a plan as if D#1's absence broke the cycle.
    const machines = ['M1', 'M2'].map((id) => ({ id, speeds: { P1: 60 }, calendar: [window('08:00', '17:00')] }));
    const cyclic = base({
      machines,
      orders: [order('D', 10, [op('P1', 0), op('P1', 0), op('P1', 0)]), order('E', 10, [op('P1', 0), op('P1', 0)])],
      sequence: { M1: [['E', 1], ['D', 0]], M2: [['D', 2], ['E', 0]] },
    });
    const skipped = base({ ...cyclic, sequence: { M1: [['E', 1], ['D', 0]], M2: [['E', 0]] } });
    const wrong = schedule(skipped);
    expect(wrong.tasks.map((t) => `${t.order}#${t.op}`)).toEqual(['E#0', 'E#1', 'D#0']);
    expect(checkPlan(cyclic, wrong)).toContain('E#0: on a cycle, scheduled');
  });
});
