// `npm run bench` section "schedule": the carton scheduling engine of issue 12
// (server/src/domain/schedule, contract /work/shared/formats/carton-schedule.md).
//   1. calculate mode on a generated plant of 10,000 operations, 40 machines and 14 days of
//      two-shift calendars (goal ≤ 200 ms), with the machine queues of the optimizer's first
//      plan, median of BENCH_SCHEDULE_RUNS (7) runs, from the parsed instance to the plan object
//      (validation, times, plan and metrics);
//   2. optimize mode on the same instance without queues, with the library's default budget (goal:
//      the plan within 10 s), with the search's moves and the plan against an earliest-due-date
//      list schedule;
//   3. on several generated instances (load: the busiest process's work over its working minutes): weighted tardiness and setup minutes of the optimiser
//      (budget BENCH_SCHEDULE_BUDGET_MS, 2 s) against the earliest-due-date list schedule.
// Each figure comes from a child process (`node --import tsx`, as the server runs the engine) so
// that its memory is its own: peak RSS, and RSS before the engine ran.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../build-if-needed.mjs';

const RUNS = Number(process.env.BENCH_SCHEDULE_RUNS ?? 7);
const BUDGET_MS = Number(process.env.BENCH_SCHEDULE_BUDGET_MS ?? 2000);
const CALCULATE_GOAL_MS = 200;
const OPTIMIZE_GOAL_MS = 10_000;
const BIG = { seed: 1, operations: 10_000, machines: 40, days: 14, fixed: 10, load: 0.9 };
const COMPARED = [
  { seed: 21, operations: 200, machines: 8, days: 4, load: 0.9 },
  { seed: 22, operations: 300, machines: 10, days: 4, load: 1.0 },
  { seed: 23, operations: 500, machines: 12, days: 5, load: 1.1 },
  { seed: 24, operations: 800, machines: 16, days: 6, load: 1.0 },
  { seed: 25, operations: 1000, machines: 16, days: 6, load: 1.2 },
  { seed: 26, operations: 2000, machines: 24, days: 7, load: 1.0 },
];

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value) => `${value.toFixed(0)} ms`;
const num = (value) => value.toLocaleString('en-US');

/** In the child: runs one measurement and prints JSON. */
async function worker(kind, shape, budgetMs) {
  const dir = new URL('../../server/src/domain/schedule/', import.meta.url);
  const { generateInstance } = await import(new URL('generate.ts', dir).href);
  const { schedule } = await import(new URL('index.ts', dir).href);
  const { buildModel } = await import(new URL('model.ts', dir).href);
  const { eddSchedule } = await import(new URL('optimize.ts', dir).href);
  const { toPlan } = await import(new URL('plan.ts', dir).href);
  const instance = generateInstance(shape);
  if (kind === 'calculate') {
    // The planner's queues as the optimizer's first plan leaves them (its starting lists, no search).
    const first = schedule(instance, { maxMoves: 0 });
    const byStart = [...first.tasks].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
    instance.sequence = {};
    for (const task of byStart) (instance.sequence[task.machine] ??= []).push([task.order, task.op]);
  }
  const text = JSON.stringify(instance);
  const rssBefore = process.memoryUsage().rss;
  // Weighted tardiness counting an order whose last operation is unscheduled as finished at the
  // end of the calendars: plans that leave different amounts of work out stay comparable.
  const horizon = Math.max(...instance.machines.map((m) => (m.calendar.length ? Date.parse(m.calendar.at(-1)[1]) : 0)));
  const summary = (plan) => {
    const left = new Set(plan.unscheduled.map((u) => u.order));
    let withLeftOut = plan.metrics.weightedTardiness;
    for (const order of instance.orders) {
      if (left.has(order.id) && !plan.tasks.some((t) => t.order === order.id && t.op === order.operations.length - 1)) {
        withLeftOut += 2 ** (order.urgency ?? 0) * Math.max(0, (horizon - Date.parse(order.due)) / 60_000);
      }
    }
    return { tasks: plan.tasks.length, unscheduled: plan.unscheduled.length, withLeftOut, ...plan.metrics };
  };
  if (kind === 'calculate') {
    const times = [];
    const cpu = [];
    let plan;
    for (let run = 0; run < RUNS; run++) {
      // From the instance text, as the CLI and the server hand it over.
      const input = JSON.parse(text);
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      plan = schedule(input);
      times.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
    return { times, cpu, rssBefore, maxRss: process.resourceUsage().maxRSS * 1024, bytes: text.length, plan: summary(plan) };
  }
  const input = JSON.parse(text);
  const t0 = performance.now();
  const plan = schedule(input, budgetMs ? { budgetMs } : {});
  const wall = performance.now() - t0;
  const maxRss = process.resourceUsage().maxRSS * 1024;
  const model = buildModel(JSON.parse(text));
  const edd = toPlan(model, eddSchedule(model));
  return { wall, rssBefore, maxRss, bytes: text.length, plan: summary(plan), edd: summary(edd) };
}

function child(kind, shape, budgetMs = 0) {
  const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--worker', kind, JSON.stringify(shape), String(budgetMs)], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.trim().split('\n').at(-1));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function scheduleReport() {
  const plant = `${num(BIG.operations)} operations, ${BIG.machines} machines, ${BIG.days} days of two-shift calendars, ${BIG.fixed} fixed tasks`;
  console.log(`\nCarton scheduling engine (generated plant: ${plant}):`);

  const calc = child('calculate', BIG);
  const calcMs = median(calc.times);
  const calcPass = calcMs <= CALCULATE_GOAL_MS;
  console.log(
    `  calculate mode: median ${ms(calcMs)}, best ${ms(Math.min(...calc.times))} of ${calc.times.length} runs (runs: ${calc.times.map((t) => t.toFixed(0)).join(', ')}) — goal ${CALCULATE_GOAL_MS} ms: ${calcPass ? 'PASS' : 'FAIL'}`,
  );
  console.log(`    CPU time of the process in those runs (engine and GC threads): median ${ms(median(calc.cpu))}`);
  console.log(
    `    instance ${mb(calc.bytes)} JSON; RSS ${mb(calc.rssBefore)} before, peak ${mb(calc.maxRss)}; plan: ${num(calc.plan.tasks)} tasks, ${num(calc.plan.unscheduled)} unscheduled (queues: the optimizer's first plan)`,
  );

  const opt = child('optimize', BIG);
  const optPass = opt.wall <= OPTIMIZE_GOAL_MS;
  console.log(`  optimize mode (default budget): ${ms(opt.wall)} — goal ${OPTIMIZE_GOAL_MS / 1000} s: ${optPass ? 'PASS' : 'FAIL'}`);
  console.log(`    RSS ${mb(opt.rssBefore)} before, peak ${mb(opt.maxRss)}`);
  const row = (label, p) =>
    `    ${label.padEnd(10)} unscheduled ${String(p.unscheduled).padStart(5)}  weighted tardiness ${num(p.weightedTardiness).padStart(10)} min (${num(p.withLeftOut)} with left-out orders late at calendar end)  late orders ${String(p.lateOrders).padStart(4)}  setup ${num(p.setupMinutes).padStart(8)} min  makespan ${p.makespan}`;
  console.log(row('optimizer', opt.plan));
  console.log(row('EDD list', opt.edd));

  console.log(`\n  Optimizer (budget ${BUDGET_MS} ms) against the earliest-due-date list schedule, generated instances:`);
  console.log('    instance                              unscheduled   weighted tardiness (min)   same, left-out orders   setup minutes');
  console.log('                                                                                    late at calendar end');
  console.log('                                           EDD    opt        EDD         opt          EDD         opt          EDD      opt');
  for (const shape of COMPARED) {
    const r = child('optimize', shape, BUDGET_MS);
    const name = `seed ${shape.seed}: ${shape.operations} ops, ${shape.machines} m, ${shape.days} d, load ${shape.load}`;
    console.log(
      `    ${name.padEnd(38)} ${String(r.edd.unscheduled).padStart(4)} ${String(r.plan.unscheduled).padStart(6)} ${num(r.edd.weightedTardiness).padStart(10)} ${num(r.plan.weightedTardiness).padStart(11)} ${num(r.edd.withLeftOut).padStart(12)} ${num(r.plan.withLeftOut).padStart(11)} ${num(r.edd.setupMinutes).padStart(12)} ${num(r.plan.setupMinutes).padStart(8)}`,
    );
  }
  return { pass: calcPass && optPass };
}

if (process.argv[2] === '--worker') {
  const result = await worker(process.argv[3], JSON.parse(process.argv[4]), Number(process.argv[5]));
  console.log(JSON.stringify(result));
}
