// `npm run bench` section "trial": 试排 end to end through the real server (issue 13), where the
// section "trim" times the optimiser alone.
//   - starts the real server on PGlite (seeded as usual) and, as admin in 示例纸板厂, enters
//     BENCH_TRIAL_SIZES (100,500) waiting board orders of a board code of their own (one per size)
//     through POST /dps-server/paperboard/order/create, the orders of the engine's generator
//     (server/src/domain/trim/generate.ts: widths 300–1800 mm, lengths 400–2000 mm, 150–12,000 sheets);
//   - times POST /dps-server/paperboard/standby/trial for each: wall time at the client (HTTP, the
//     orders read, the instance built, the optimiser in the worker thread, every rule re-checked,
//     the figures and the log line) against the worker's own time, median of BENCH_TRIAL_RUNS (3)
//     after one warm-up 试排 (HiGHS compiled in the worker); the plan's trim against its LP bound;
//   - saves the plan as a draft and times 锁定并重新优化 with the first fifth of its runs locked;
//   - reports the server's RSS before and its peak during the 试排 (the worker thread included).
// Goal (issue 13, as for the engine): ≤ 1 s for 100 orders and ≤ 5 s for 500, end to end.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../build-if-needed.mjs';
import { loginHeaders, serverPid, withPeakRss, withServer } from './bench-support.mjs';

const SIZES = (process.env.BENCH_TRIAL_SIZES ?? '100,500').split(',').map(Number);
const RUNS = Number(process.env.BENCH_TRIAL_RUNS ?? 3);
const GOAL_MS = (orders) => (orders <= 100 ? 1000 : orders <= 500 ? 5000 : Infinity);
const BASE = '/dps-server/paperboard';

async function call(baseUrl, headers, path, body) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = await res.json();
  if (envelope.resultCode !== 1000) throw new Error(`${path} → ${JSON.stringify(envelope).slice(0, 300)}`);
  return envelope.resultData;
}

/** The orders of the engine's own generator (server/src/domain/trim/generate.ts, run through tsx as the server runs it): the same on every run. */
function generatedOrders(count) {
  const generator = pathToFileURL(path.join(repoRoot, 'server/src/domain/trim/generate.ts')).href;
  const script = `const { generateTrimInstance } = await import(${JSON.stringify(generator)}); console.log(JSON.stringify(generateTrimInstance({ seed: ${count}, orders: ${count} }).orders));`;
  return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 1 << 24 }));
}

async function enterOrders(baseUrl, headers, boardCode, count) {
  for (const [index, order] of generatedOrders(count).entries()) {
    await call(baseUrl, headers, `${BASE}/order/create`, {
      source: 2,
      customerName: '试排基准客户',
      productName: `基准纸板${index + 1}`,
      boardCode,
      flute: 'C',
      widthMm: order.width,
      lengthMm: order.length,
      quantity: order.qty,
      dueDate: '2030-06-01',
      remark: '',
    });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function trialReport() {
  return withServer('pglite', 'bench-trial', async (server) => {
    const headers = await loginHeaders(server.url);
    const switched = await (await fetch(`${server.url}/base/switch/user/org/1002`, { method: 'POST', headers })).json();
    if (!switched.success) throw new Error(`switch to 1002 → ${JSON.stringify(switched).slice(0, 200)}`);
    const pid = serverPid(server.dataDir);
    console.log(`\n试排 through the server (PGlite, 示例纸板厂; median of ${RUNS} after a warm-up; worker = the optimiser thread's own time):`);
    console.log('  orders   wall ms  worker ms  runs  trim %   plan m²  bound m²  gap %   RSS before → peak   重新优化 ms (locked runs)');
    let pass = true;
    for (const size of SIZES) {
      const boardCode = `BENCH-TRIAL-${size}`;
      await enterOrders(server.url, headers, boardCode, size);
      const body = { boardCode, flute: 'C' };
      await call(server.url, headers, `${BASE}/standby/trial`, body);
      const walls = [];
      const workers = [];
      let trial;
      const { before, peak } = await withPeakRss(pid, async () => {
        for (let run = 0; run < RUNS; run += 1) {
          const t0 = performance.now();
          trial = await call(server.url, headers, `${BASE}/standby/trial`, body);
          walls.push(performance.now() - t0);
          workers.push(trial.elapsedMs);
        }
      });
      const runs = trial.runs.map((run) => ({ rollWidthMm: run.rollWidthMm, lanes: run.lanes.map((lane) => ({ boardOrderId: lane.boardOrderId, outs: lane.outs, cuts: lane.cuts })) }));
      const { id } = await call(server.url, headers, `${BASE}/schedule/create`, { boardCode, flute: 'C', lowerBoundM2: trial.lowerBoundM2, runs });
      const detail = await call(server.url, headers, `${BASE}/schedule/detail/${id}`);
      const locked = detail.runs.slice(0, Math.floor(detail.runs.length / 5)).map((run) => run.runId);
      const t0 = performance.now();
      await call(server.url, headers, `${BASE}/schedule/reoptimise`, { id, lockedRunIds: locked });
      const reoptimiseMs = performance.now() - t0;
      const wall = median(walls);
      const ok = wall <= GOAL_MS(size);
      pass &&= ok;
      const gap = (trial.totals.trimAreaM2 / trial.lowerBoundM2 - 1) * 100;
      console.log(
        `  ${String(size).padStart(6)} ${wall.toFixed(0).padStart(9)} ${String(median(workers)).padStart(10)} ${String(trial.totals.runs).padStart(5)}` +
          ` ${trial.totals.trimPct.toFixed(2).padStart(7)} ${trial.totals.trimAreaM2.toFixed(1).padStart(9)} ${trial.lowerBoundM2.toFixed(1).padStart(9)} ${gap.toFixed(2).padStart(6)}` +
          `   ${(before / 1024).toFixed(0).padStart(5)} → ${(peak / 1024).toFixed(0).padStart(4)} MB   ${reoptimiseMs.toFixed(0).padStart(8)} (${locked.length})${ok ? '' : '  FAIL'}`,
      );
    }
    console.log(`  goal: ≤ 1 s for 100 orders, ≤ 5 s for 500, end to end: ${pass ? 'PASS' : 'FAIL'}`);
    return { pass };
  });
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const { pass } = await trialReport();
  process.exitCode = pass ? 0 : 1;
}
