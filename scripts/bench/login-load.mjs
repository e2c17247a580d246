// `npm run bench` section "login" (issue 9 §4): does logging in stall everyone else?
//   - starts the real server on PGlite and on a throwaway PostgreSQL (BENCH_LOGIN_DB, default both);
//   - p50/p99 of a small list (GET /dps-server/workshop/list?page=1&limit=10), one request at a
//     time, first alone, then while BENCH_LOGIN_CLIENTS (50) clients log in over and over for
//     BENCH_LOGIN_SECONDS (10 s); logins/second of those clients.
// Goal (PostgreSQL): p99 of the small list ≤ 200 ms under the login load.
import { loginHeaders, ms, percentile, withServer } from './bench-support.mjs';

const CLIENTS = Number(process.env.BENCH_LOGIN_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_LOGIN_SECONDS ?? 10);
const LIST = '/dps-server/workshop/list?page=1&limit=10';
const GOAL_MS = 200;
const USERS = [
  ['admin', 'admin123'],
  ['planner', 'planner123'],
  ['qc', 'qc123456'],
  ['operator', 'op123456'],
  ['noperm', 'noperm123'],
];

/** Sequential small-list latencies until `until()` is true (at least 20 requests). */
async function listLatencies(baseUrl, headers, until) {
  const times = [];
  while (times.length < 20 || !until()) {
    const t0 = performance.now();
    const body = await (await fetch(`${baseUrl}${LIST}`, { headers })).json();
    if (body.resultCode !== 1000) throw new Error(`${LIST} → ${JSON.stringify(body).slice(0, 200)}`);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

async function measure(label, baseUrl) {
  const headers = await loginHeaders(baseUrl);
  const alone = await listLatencies(baseUrl, headers, () => true);
  const deadline = performance.now() + SECONDS * 1000;
  let logins = 0;
  let failures = 0;
  const client = async (index) => {
    const [username, password] = USERS[index % USERS.length];
    while (performance.now() < deadline) {
      const body = await (
        await fetch(`${baseUrl}/base/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) })
      ).json();
      if (body.success) logins += 1;
      else failures += 1;
    }
  };
  const t0 = performance.now();
  const [loaded] = await Promise.all([
    listLatencies(baseUrl, headers, () => performance.now() >= deadline),
    ...Array.from({ length: CLIENTS }, (_, index) => client(index)),
  ]);
  const elapsed = (performance.now() - t0) / 1000;
  console.log(`  ${label}: small list alone p50 ${ms(percentile(alone, 50))}, p99 ${ms(percentile(alone, 99))}`);
  console.log(
    `  ${label}: with ${CLIENTS} clients logging in: p50 ${ms(percentile(loaded, 50))}, p99 ${ms(percentile(loaded, 99))} (${loaded.length} requests); ` +
      `${(logins / elapsed).toFixed(1)} logins/s${failures ? `, ${failures} refused` : ''}`,
  );
  return { p99: percentile(loaded, 99), failures };
}

/** The "login" section of `npm run bench`. */
export async function loginLoadReport() {
  const engines = (process.env.BENCH_LOGIN_DB ?? 'pglite,postgres').split(',').map((s) => s.trim());
  console.log(`\nSmall list (${LIST}) while ${CLIENTS} clients log in for ${SECONDS} s (server and clients on the same machine):`);
  let pass = true;
  for (const engine of engines) {
    try {
      const result = await withServer(engine, `bench-login-${engine}`, (server) => measure(engine === 'pglite' ? 'PGlite' : 'PostgreSQL', server.url));
      if (result.failures) pass = false;
      if (engine === 'postgres') {
        const ok = result.p99 <= GOAL_MS;
        console.log(`  PostgreSQL p99 under login load ≤ ${GOAL_MS} ms: ${ok ? 'PASS' : 'FAIL'}`);
        pass &&= ok;
      }
    } catch (error) {
      pass = false;
      console.log(`  ${engine}: ERROR ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  return { pass };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { pass } = await loginLoadReport();
  process.exitCode = pass ? 0 : 1;
}
