/**
 * The carton scheduling engine's instance and plan, as written in
 * `/work/shared/formats/carton-schedule.md` (the contract). Times are ISO 8601 strings with an
 * offset; the engine works in whole minutes.
 */

export type TimeText = string;

export interface InstanceMachine {
  id: string;
  name?: string;
  /** Units per hour for each process the machine can do. */
  speeds: Record<string, number>;
  /** Working windows [start, end), ascending and not overlapping (a window of no minutes is ignored). */
  calendar: [TimeText, TimeText][];
}

export interface InstanceOperation {
  process: string;
  /** Absent: 0. */
  setupMinutes?: number;
  /** Absent, null or "": no key. */
  setupKey?: string | null;
  sameKeySetupMinutes?: number;
  waitMinutes?: number;
  machines?: string[];
  /**
   * Extension of the format (the server's use): this operation's own quantity (the order's planned
   * quantity of the step, waste included, or what is left of a started task); absent: the order's.
   */
  quantity?: number;
}

export interface InstanceOrder {
  id: string;
  quantity: number;
  due: TimeText;
  /** 0 normal … 3 most urgent (any whole level ≥ 0 is accepted); weight = 2^urgency. */
  urgency?: number;
  operations: InstanceOperation[];
}

export interface InstanceFixed {
  order: string;
  op: number;
  machine: string;
  start: TimeText;
}

export interface Instance {
  start: TimeText;
  machines: InstanceMachine[];
  orders: InstanceOrder[];
  fixed?: InstanceFixed[];
  /** Present: calculate mode (queues kept). Absent: optimize mode. */
  sequence?: Record<string, [string, number][]>;
}

export interface PlanTask {
  order: string;
  op: number;
  machine: string;
  start: TimeText;
  end: TimeText;
  setupMinutes: number;
  runMinutes: number;
}

export interface PlanUnscheduled {
  order: string;
  op: number;
  reason: string;
}

export interface PlanMetrics {
  weightedTardiness: number;
  tardinessMinutes: number;
  lateOrders: number;
  setupMinutes: number;
  makespan: TimeText | null;
}

export interface Plan {
  tasks: PlanTask[];
  unscheduled: PlanUnscheduled[];
  metrics: PlanMetrics;
}

export type ScheduleMode = 'calculate' | 'optimize';

/** Why an operation is not a task (the plan's `unscheduled[].reason`). */
export const REASONS = {
  /** Calculate mode: the operation is in no machine queue of `sequence`. */
  notInSequence: '未排入机台队列',
  /** Calculate mode: the operation is on a cycle of queue orders and operation orders. */
  deadlock: '排序死锁',
  /** An earlier operation of the same order is unscheduled. */
  previousUnscheduled: '前道工序未排产',
  /** The operation does not fit before the machine's last window ends (every able machine, in optimize mode). */
  overflow: '超出机台日历',
  /** Optimize mode: no machine can run the operation. */
  noMachine: '无可用机台',
} as const;

export interface OptimizeOptions {
  /**
   * Wall-clock budget in milliseconds, counted from `startedAt` (default 9,000 from the call: room
   * to hand the instance over and the plan back within 10 s); the best plan found is returned when
   * it ends.
   */
  budgetMs?: number;
  /**
   * The `performance.now()` the budget counts from (default: when `schedule()` is called). The CLI
   * passes 0, the process's start, so that its own start-up is inside the budget.
   */
  startedAt?: number;
  /** Seed of the local search's random moves (default 1). */
  seed?: number;
  /** Upper bound on local-search moves tried (default: unbounded within the budget). */
  maxMoves?: number;
  /** Stop after this many moves in a row without improvement (default: scaled to the instance). */
  patience?: number;
}
