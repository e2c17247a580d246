// `npm run bench` section "trim": the corrugator trim optimiser of issue 13
// (server/src/domain/trim, contract /work/shared/formats/corrugator-trim.md) on generated instances
// (server/src/domain/trim/generate.ts: realistic board-plant orders of one board code).
//   For each case, in a fresh Node process (so peak RSS is the case's own): generate, warm HiGHS
//   up on a 3-order instance, then time optimiseTrim once. Printed: orders, the proven LP lower
//   bound on trim area, the plan's trim area, gap to the bound, trim %, runs, the baseline "every
//   order alone on its best outs and narrowest roll" and its ratio to the bound, wall time, peak
//   RSS and V8 heap used after the solve. Budgets (issue 13): ≤ 1 s for 100 orders, ≤ 5 s for 500,
//   plan within 3 % of the bound when there is no run limit.
// Knob: BENCH_TRIM_CASES, e.g. "100:1,500:1,500:2:2,100:1:0:200"
// (orders:seed[:maxRunsPerOrder[:minRunLength m, default 30]]).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '../..');
const DEFAULT_CASES = '100:1,100:2,100:3,200:1,500:1,500:2,500:3,1000:1,500:1:0:150,100:1:2,500:1:1';
const budgetMs = (orders) => (orders <= 100 ? 1000 : orders <= 500 ? 5000 : Infinity);

/** Child side: one case, figures as JSON on stdout. */
async function measure(orders, seed, maxRunsPerOrder, minRunLength) {
  const load = (file) => import(pathToFileURL(path.join(root, 'server/src/domain/trim', file)).href);
  const { generateTrimInstance } = await load('generate.ts');
  const { optimiseTrim, aloneTrimArea } = await load('optimise.ts');
  const { checkPlan } = await load('check.ts');
  const { parseTrimInstance } = await load('validate.ts');
  await optimiseTrim(parseTrimInstance({ ...generateTrimInstance({ seed: 99, orders: 3 }) }));
  const instance = parseTrimInstance(generateTrimInstance({ seed, orders, maxRunsPerOrder, minRunLength }));
  const t0 = performance.now();
  const { plan, stats } = await optimiseTrim(instance);
  const ms = performance.now() - t0;
  const problems = checkPlan(instance, plan);
  return {
    orders,
    seed,
    maxRunsPerOrder,
    minRunLength,
    bound: stats.lowerBound_m2,
    trim: plan.metrics.trimArea_m2,
    trimPct: plan.metrics.trimPct,
    runs: plan.metrics.runs,
    alone: aloneTrimArea(instance),
    ms,
    lpMs: stats.lpMs,
    rounds: stats.columnGenerationRounds,
    patterns: stats.patternsGenerated,
    mip: stats.mipStatus,
    rssMb: process.resourceUsage().maxRSS / 1024,
    heapMb: process.memoryUsage().heapUsed / 2 ** 20,
    problems: problems.length,
  };
}

export async function trimReport() {
  const cases = (process.env.BENCH_TRIM_CASES ?? DEFAULT_CASES).split(',').map((spec) => spec.split(':').map(Number));
  console.log('\nCorrugator trim optimiser (generated instances, one board code; fresh process per case):');
  console.log(
    '  orders seed limit minrun  LP bound m²    plan m²    gap %  trim %  runs   alone m²  alone/bound   time ms (LP)   peak RSS  heap   rules',
  );
  let pass = true;
  for (const [orders, seed, maxRunsPerOrder = 0, minRunLength = 30] of cases) {
    const args = [orders, seed, maxRunsPerOrder, minRunLength].map(String);
    const out = execFileSync(process.execPath, ['--import', 'tsx', here, 'measure', ...args], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    });
    const r = JSON.parse(out.trim().split('\n').pop());
    const gap = (r.trim / r.bound - 1) * 100;
    // The 3 % goal is for the format's example limits: no run limit, a short minimum run.
    const ok = r.problems === 0 && r.ms <= budgetMs(orders) && (maxRunsPerOrder > 0 || minRunLength > 30 || gap <= 3);
    pass &&= ok;
    console.log(
      `  ${String(orders).padStart(6)} ${String(seed).padStart(4)} ${String(maxRunsPerOrder || '-').padStart(5)} ${String(minRunLength).padStart(6)}` +
        ` ${r.bound.toFixed(1).padStart(12)} ${r.trim.toFixed(1).padStart(10)} ${gap.toFixed(2).padStart(8)} ${r.trimPct.toFixed(2).padStart(7)}` +
        ` ${String(r.runs).padStart(5)} ${(r.alone === null ? '-' : r.alone.toFixed(1)).padStart(10)} ${(r.alone === null ? '-' : (r.alone / r.bound).toFixed(2)).padStart(12)}` +
        ` ${r.ms.toFixed(0).padStart(9)} (${String(r.lpMs).padStart(4)}) ${r.rssMb.toFixed(0).padStart(7)} MB ${r.heapMb.toFixed(0).padStart(3)} MB` +
        `  ${r.problems === 0 ? 'ok' : `${r.problems} broken`}${ok ? '' : '  FAIL'}`,
    );
  }
  console.log(`  budgets: ≤ 1 s for 100 orders, ≤ 5 s for 500, gap ≤ 3 % without a run limit (minimum run 30 m): ${pass ? 'PASS' : 'FAIL'}`);
  return { pass };
}

if (process.argv[2] === 'measure') {
  const [orders, seed, maxRunsPerOrder, minRunLength] = process.argv.slice(3).map(Number);
  console.log(JSON.stringify(await measure(orders, seed, maxRunsPerOrder, minRunLength)));
} else if (process.argv[1] === here) {
  const { pass } = await trimReport();
  process.exitCode = pass ? 0 : 1;
}
