// `npm run bench` section "erp" (issue 11 "Data and figures"): ERP intake of 10,000 order messages.
//   - starts the real server on PGlite and on a throwaway PostgreSQL (BENCH_ERP_DB, default both),
//     seeded as usual (the demo integration keys of both factories are in README);
//   - sends BENCH_ERP_MESSAGES (10,000) create messages with the keys of both demo factories
//     alternately, from BENCH_ERP_CLIENTS (8) concurrent clients (an ERP pushes a few streams at
//     once), each a new ERP order of a seeded product of that factory: in batches of
//     BENCH_ERP_BATCH (500) to POST /dps-server/erp/order/sync_batch as an ERP integration drains
//     its queue, or one by one to POST /dps-server/erp/order/sync with BENCH_ERP_BATCH=1;
//     then re-sends 1 % of them (duplicates: nothing changes);
//   - reports messages/s and total time, checks every message was accepted and that the sync log
//     and the order count grew by exactly the number of messages.
// Goal: 10,000 messages in ≤ 30 s.
import { loginHeaders, percentile, withServer } from './bench-support.mjs';

const MESSAGES = Number(process.env.BENCH_ERP_MESSAGES ?? 10_000);
const CLIENTS = Number(process.env.BENCH_ERP_CLIENTS ?? 8);
const BATCH = Number(process.env.BENCH_ERP_BATCH ?? 500);
const GOAL_S = 30;
/** The demo integration keys of 示例纸箱厂 and 示例纸板厂 (README). */
const KEYS = { 1001: 'mesk_demo_carton_1001_erp_intake_2026', 1002: 'mesk_demo_board_1002_erp_intake_2026' };
const SYNC = BATCH > 1 ? '/dps-server/erp/order/sync_batch' : '/dps-server/erp/order/sync';

async function data(res, what) {
  const body = await res.json();
  if (body.resultCode !== 1000) throw new Error(`${what} → ${JSON.stringify(body).slice(0, 300)}`);
  return body.resultData;
}

const totalOf = async (baseUrl, headers, path) => (await data(await fetch(`${baseUrl}${path}?page=1&limit=10`, { headers }), path)).total;

/** The products with a flow of one factory (admin switched there), and its log total. */
async function factory(baseUrl, orgId) {
  const headers = await loginHeaders(baseUrl);
  if (orgId !== 1001) {
    const switched = await (await fetch(`${baseUrl}/base/switch/user/org/${orgId}`, { method: 'POST', headers })).json();
    if (!switched.success) throw new Error(`switch to ${orgId} → ${JSON.stringify(switched).slice(0, 200)}`);
  }
  const products = (await data(await fetch(`${baseUrl}/dps-server/product/list?page=1&limit=100`, { headers }), 'product list')).list.filter((product) => product.processFlowId);
  if (products.length === 0) throw new Error(`no seeded product with a process flow in ${orgId}`);
  return { headers, products, key: KEYS[orgId], logs: () => totalOf(baseUrl, headers, '/dps-server/enterprise/erp_log/list') };
}

async function measure(label, baseUrl) {
  // Both demo factories' ERPs push at once (an order number is drawn per factory and day: at most 9,999).
  const factories = [await factory(baseUrl, 1001), await factory(baseUrl, 1002)];
  const logsBefore = (await Promise.all(factories.map((f) => f.logs()))).reduce((a, b) => a + b, 0);
  const stamp = Date.now().toString(36).toUpperCase();
  const factoryOf = (index) => factories[index % factories.length];
  const message = (index) => {
    const { products } = factoryOf(index);
    const product = products[Math.floor(index / factories.length) % products.length];
    const day = new Date(Date.now() + (7 + (index % 30)) * 86_400_000).toISOString().slice(0, 10);
    return {
      type: 'create',
      erpOrderNo: `B${stamp}-${String(index).padStart(6, '0')}`,
      erpLine: '1',
      version: 1,
      order: { customerName: product.customerName || '散客', productNo: product.productNo, quantity: 500 + (index % 40) * 250, deliveryDate: day, customerPo: `PO-${index}` },
    };
  };
  /** Sends the messages of these indexes (all of one factory) and gives each one's result text. */
  const send = async (indexes) => {
    const t0 = performance.now();
    const key = factoryOf(indexes[0]).key;
    const body = BATCH > 1 ? { messages: indexes.map(message) } : message(indexes[0]);
    const res = await fetch(`${baseUrl}${SYNC}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-integration-key': key }, body: JSON.stringify(body) });
    const result = await data(res, `${SYNC} ${indexes[0]}…`);
    const outcomes = BATCH > 1 ? result.results : [{ ...result, code: 1000 }];
    const refused = outcomes.find((outcome) => outcome.code !== 1000);
    if (refused) throw new Error(`${SYNC} refused a message: ${JSON.stringify(refused)}`);
    return { ms: performance.now() - t0, results: outcomes.map((outcome) => outcome.result) };
  };
  /** The calls: runs of BATCH indexes of one factory (index ≡ factory mod 2). */
  const calls = [];
  for (let start = 0; start < MESSAGES; start += BATCH * factories.length) {
    for (let f = 0; f < factories.length; f += 1) {
      const indexes = [];
      for (let index = start + f; index < Math.min(MESSAGES, start + BATCH * factories.length); index += factories.length) indexes.push(index);
      if (indexes.length) calls.push(indexes);
    }
  }

  let next = 0;
  const latencies = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < calls.length) {
        const { ms } = await send(calls[next++]);
        latencies.push(ms);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  // Duplicates: the same messages again change nothing.
  const repeats = Math.max(1, Math.floor(MESSAGES / 100));
  const again = Array.from({ length: repeats }, (_, index) => (index * 97) % MESSAGES);
  let duplicates = 0;
  for (const f of factories.keys()) {
    const mine = again.filter((index) => index % factories.length === f);
    for (let start = 0; start < mine.length; start += BATCH) {
      const { results } = await send(mine.slice(start, start + BATCH));
      duplicates += results.filter((result) => result.startsWith('重复消息')).length;
    }
  }
  const logsAfter = (await Promise.all(factories.map((f) => f.logs()))).reduce((a, b) => a + b, 0);
  latencies.sort((a, b) => a - b);
  console.log(
    `  ${label}: ${MESSAGES} create messages in ${calls.length} calls of ≤ ${BATCH} from ${CLIENTS} clients in ${seconds.toFixed(1)} s = ${(MESSAGES / seconds).toFixed(0)} messages/s ` +
      `(per call p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms); ` +
      `${duplicates}/${repeats} re-sent messages answered as duplicates`,
  );
  const logged = logsAfter - logsBefore;
  if (logged !== MESSAGES + repeats) throw new Error(`sync log grew by ${logged}, expected ${MESSAGES + repeats}`);
  if (duplicates !== repeats) throw new Error(`${repeats - duplicates} re-sent messages were not duplicates`);
  return { seconds };
}

/** The "erp" section of `npm run bench`. */
export async function erpIntakeReport() {
  const engines = (process.env.BENCH_ERP_DB ?? 'pglite,postgres').split(',').map((s) => s.trim());
  console.log(`\nERP intake: ${MESSAGES} order messages through ${SYNC} (server and clients on the same machine; goal ≤ ${GOAL_S} s):`);
  let pass = true;
  for (const engine of engines) {
    try {
      const { seconds } = await withServer(engine, `bench-erp-${engine}`, (server) => measure(engine === 'pglite' ? 'PGlite' : 'PostgreSQL', server.url));
      const ok = seconds <= GOAL_S;
      console.log(`  ${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${MESSAGES} messages ≤ ${GOAL_S} s: ${ok ? 'PASS' : 'FAIL'}`);
      pass &&= ok;
    } catch (error) {
      pass = false;
      console.log(`  ${engine}: ERROR ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  return { pass };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { pass } = await erpIntakeReport();
  process.exit(pass ? 0 : 1);
}
