// `npm run bench`: the figures of issue 2 §6.
//   1. gzip size of the JS the browser must load before <mes-console> first renders: the static
//      import graph of the built index.html's entry scripts and modulepreload links (budget 250 KB),
//      and, for reference, every script Chromium actually fetched until the login page was visible.
//   2. median over 5 runs in Chromium of navigation → login page visible, and login → first screen.
// and of issue 3 §4:
//   3. the staff list endpoint at 200k users on PGlite and PostgreSQL (scripts/bench/list-endpoint.mjs);
//   4. ListPage render time of a 1000-row page in Chromium, budget 300 ms (scripts/bench/list-page-render.mjs).
// and of issue 4:
//   5. import of 10,000 products on PGlite (wall time, server peak RSS; budget 15 s) and export of
//      the same (scripts/bench/import-products.mjs).
// and of issue 9:
//   6. peak server RSS growth under ten parallel oversize batch uploads (scripts/bench/upload-memory.mjs);
//   7. p99 of a small list while 50 clients log in, PGlite and PostgreSQL (scripts/bench/login-load.mjs).
// and of issue 13:
//   8. the corrugator trim optimiser on generated instances (scripts/bench/trim.mjs).
// and of issue 12:
//   9. the carton scheduling engine: calculate mode ≤ 200 ms and optimize mode ≤ 10 s on 10,000
//      operations, and the optimiser against an EDD list schedule (scripts/bench/schedule.mjs).
// and of issue 10:
//  10. live device status: ingestion events/s (batches of 100) and event → screen latency with 100
//      SSE clients, PGlite and PostgreSQL (scripts/bench/device-status.mjs).
// and of issue 11:
//  11. ERP intake of 10,000 order messages through the HTTP API (batches of 500 to sync_batch), PGlite and PostgreSQL (scripts/bench/erp-intake.mjs).
//  12. the production order list at 200k orders, PGlite and PostgreSQL (scripts/bench/order-list.mjs).
// and of issue 13 again:
//  13. 试排 end to end through the server, 100 and 500 board orders, and 锁定并重新优化 (scripts/bench/trial.mjs).
// and of issue 12 (server):
//  14. carton scheduling through the database: DB → instance → plan → DB, and manual sort of a
//      machine queue of ~500 (goal ≤ 1 s), PGlite and PostgreSQL (scripts/bench/schedule-db.mjs).
//  15. the schedule Gantt: frame time while dragging a task with 7,500 bars on screen (scripts/bench/gantt-drag.mjs), section gantt.
// BENCH_ONLY=size,startup,list,ui,import,upload,login,trim,schedule,device,erp,orders,trial,scheduledb,gantt picks sections (default: all).
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildIfNeeded, repoRoot } from '../build-if-needed.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startRealServer } from '../../tests/support/real-server.mjs';
import { importExportReport } from './import-products.mjs';
import { listEndpointReport } from './list-endpoint.mjs';
import { orderListReport } from './order-list.mjs';
import { listPageRenderReport } from './list-page-render.mjs';
import { loginLoadReport } from './login-load.mjs';
import { uploadMemoryReport } from './upload-memory.mjs';
import { trimReport } from './trim.mjs';
import { trialReport } from './trial.mjs';
import { scheduleReport } from './schedule.mjs';
import { ganttDragReport } from './gantt-drag.mjs';
import { erpIntakeReport } from './erp-intake.mjs';
import { deviceStatusReport } from './device-status.mjs';
import { scheduleDbReport } from './schedule-db.mjs';

const BUDGET_KB = 250;
const RUNS = 5;
const dist = path.join(repoRoot, 'dist');

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Static `import … from "x"`, `import "x"` and `export … from "x"` specifiers (not `import("x")`). */
export function staticImports(code) {
  const found = new Set();
  const re = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
  for (const m of code.matchAll(re)) found.add(m[1]);
  return [...found];
}

/** Entry scripts and modulepreload links of an HTML file, as paths under dist/. */
function htmlEntries(htmlFile) {
  const html = readFileSync(htmlFile, 'utf8');
  const refs = [
    ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
  ];
  return refs.map((ref) => resolveRef(ref, htmlFile));
}

function resolveRef(ref, fromFile) {
  if (ref.startsWith('/')) return path.join(dist, ref);
  return path.resolve(path.dirname(fromFile), ref);
}

/** Every JS file reachable through static imports, using the Vite manifest when it exists. */
function staticGraph(entries) {
  const seen = new Set();
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : null;
  const byFile = manifest ? new Map(Object.values(manifest).map((chunk) => [path.join(dist, chunk.file), chunk])) : null;
  const visit = (file) => {
    if (seen.has(file) || !file.endsWith('.js') || !existsSync(file)) return;
    seen.add(file);
    const chunk = byFile?.get(file);
    if (chunk) {
      for (const key of chunk.imports ?? []) visit(path.join(dist, manifest[key].file));
    } else {
      for (const spec of staticImports(readFileSync(file, 'utf8'))) {
        if (spec.startsWith('.') || spec.startsWith('/')) visit(resolveRef(spec, file));
      }
    }
  };
  entries.forEach(visit);
  return [...seen];
}

function sizeReport() {
  const files = staticGraph(htmlEntries(path.join(dist, 'index.html')));
  let total = 0;
  console.log('JS loaded before <mes-console> first renders (static graph of dist/index.html):');
  for (const file of files) {
    const size = gzipSize(readFileSync(file));
    total += size;
    console.log(`  ${path.relative(dist, file).padEnd(44)} ${kb(size).padStart(10)} gzip`);
  }
  const pass = total <= BUDGET_KB * 1024;
  console.log(`  total ${kb(total)} gzip — budget ${BUDGET_KB} KB: ${pass ? 'PASS' : 'FAIL'}`);
  return { total, pass };
}

async function timings(baseUrl) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const toLogin = [];
  const toFirstScreen = [];
  const scriptBytes = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      // A fresh context per run: empty cache and storage, like a first visit.
      const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
      const page = await context.newPage();
      const scripts = new Map();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body().catch(() => null));
      });
      const t0 = Date.now();
      await page.goto(`${baseUrl}/login`);
      await page.getByPlaceholder('请输入用户名').waitFor({ state: 'visible' });
      toLogin.push(Date.now() - t0);
      if (run === 0) {
        let bytes = 0;
        for (const body of await Promise.all(scripts.values())) if (body) bytes += gzipSize(body);
        scriptBytes.push({ count: scripts.size, bytes });
      }

      await page.getByPlaceholder('请输入用户名').fill('admin');
      await page.getByPlaceholder('请输入密码').fill('admin123');
      const t1 = Date.now();
      await page.getByRole('button', { name: '登录', exact: true }).click();
      // The first screen: the layout with the home route's page content.
      await page.getByRole('button', { name: '退出登录' }).waitFor({ state: 'visible' });
      await page.locator('[data-testid="module-pending"], .mes-page, main h1, main h2').first().waitFor({ state: 'visible' });
      toFirstScreen.push(Date.now() - t1);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { toLogin, toFirstScreen, loadedScripts: scriptBytes[0] };
}

const SECTIONS = ['size', 'startup', 'list', 'ui', 'import', 'upload', 'login', 'trim', 'schedule', 'device', 'erp', 'orders', 'trial', 'scheduledb', 'gantt'];
const only = (process.env.BENCH_ONLY ?? '').split(',').map((name) => name.trim()).filter(Boolean);
const unknown = only.filter((name) => !SECTIONS.includes(name));
if (unknown.length) {
  console.error(`BENCH_ONLY: unknown section(s) ${unknown.join(', ')}; known: ${SECTIONS.join(', ')}`);
  process.exit(2);
}
const wanted = (name) => only.length === 0 || only.includes(name);

const load = os.loadavg().map((value) => value.toFixed(2)).join(' ');
console.log(
  `Figures from a shared ${os.cpus().length}-core machine (other work may be running; load average ${load}): compare runs, not absolutes.\n`,
);
let failed = false;
/** Runs one section; a section that throws is reported and fails the bench, the others still run. */
async function section(name, run) {
  if (!wanted(name)) return;
  try {
    if ((await run()) === false) failed = true;
  } catch (error) {
    failed = true;
    console.log(`\n[${name}] ERROR: ${error instanceof Error ? error.message.split('\n').filter(Boolean).slice(-1)[0] : String(error)}`);
  }
}

if (wanted('size') || wanted('startup')) {
  try {
    buildIfNeeded();
  } catch (error) {
    console.error(String(error));
    process.exit(1);
  }
}
await section('size', () => sizeReport().pass);
await section('startup', async () => {
  const server = await startRealServer({ name: 'bench' });
  try {
    const t = await timings(server.url);
    console.log(
      `\nScripts Chromium fetched until the login page was visible: ${t.loadedScripts.count} files, ${kb(t.loadedScripts.bytes)} gzip`,
    );
    console.log(`\nChromium, median of ${RUNS} runs (fresh context each run, server on localhost):`);
    console.log(`  navigation → login page visible: ${median(t.toLogin)} ms   (runs: ${t.toLogin.join(', ')})`);
    console.log(`  login → first screen visible:    ${median(t.toFirstScreen)} ms   (runs: ${t.toFirstScreen.join(', ')})`);
  } finally {
    await server.stop();
  }
});
await section('list', () => listEndpointReport());
await section('ui', async () => (await listPageRenderReport()).pass);
await section('import', async () => (await importExportReport()).pass);
await section('upload', async () => (await uploadMemoryReport()).pass);
await section('login', async () => (await loginLoadReport()).pass);
await section('trim', async () => (await trimReport()).pass);
await section('schedule', async () => (await scheduleReport()).pass);
await section('device', async () => (await deviceStatusReport()).pass);
await section('erp', async () => (await erpIntakeReport()).pass);
await section('orders', () => orderListReport());
await section('trial', async () => (await trialReport()).pass);
await section('scheduledb', async () => (await scheduleDbReport()).pass);
await section('gantt', async () => (await ganttDragReport()).pass);
process.exitCode = failed ? 1 : 0;
