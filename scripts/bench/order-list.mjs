// `npm run bench` section "orders": the production order list (`GET /dps-server/production_order/list`)
// with 200,000 orders in one factory, on PGlite and on a throwaway PostgreSQL (issue 11: a filtered +
// sorted page, 50 concurrent clients, req/s and p99; goal p99 ≤ 50 ms on PostgreSQL).
//   - the orders are written with one `generate_series` insert straight into the database the real
//     server opens (customers, products, statuses, urgencies and delivery dates spread like the seed);
//     one in five has its flow's four operations, so the per-row facts (issued, change warnings,
//     reports) are read against real rows;
//   - figures as the staff list bench prints them (scripts/bench/list-endpoint.mjs `measure`).
//   - then CPU milliseconds per request of the server and of PostgreSQL (steadier than req/s on a busy machine);
//   - on PostgreSQL, the same pages from a bare Fastify + pg server (scripts/bench/bare-order-server.mjs): the floor.
// Knobs: BENCH_ORDER_ROWS (200000), BENCH_ORDER_CPU_REQUESTS (3000), BENCH_LIST_DB (pglite,postgres),
// and the BENCH_LIST_* timing knobs.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { loginHeaders, serverPid, threadPid } from './bench-support.mjs';
import { listBenchReport, measure, measureBare } from './list-endpoint.mjs';

const ROWS = Number(process.env.BENCH_ORDER_ROWS ?? 200_000);
const LIST = '/dps-server/production_order/list';

const SCENARIOS = [
  { name: 'page 1, newest first', query: 'page=1&limit=20' },
  { name: 'status 2,3,4 by delivery date', query: 'page=1&limit=20&status=2,3,4&sort=deliveryDate,asc' },
  { name: 'customer 食品 + delivery range', query: `page=1&limit=20&customerName=${encodeURIComponent('食品')}&deliveryDateStart=2026-03-01&deliveryDateEnd=2026-05-31` },
  { name: 'status 7 (none) by delivery date', query: 'page=1&limit=20&status=7&sort=deliveryDate,asc' },
  { name: 'two order numbers (tags)', query: 'page=1&limit=20&orderNo=BN0012345,BN0154321' },
  { name: 'page 200, newest first', query: 'page=200&limit=20' },
];
/** The figure: a filtered and sorted page under load. */
const LOAD_SCENARIOS = [SCENARIOS[1], SCENARIOS[2]];

const CUSTOMERS = ['华南食品有限公司', '宏发汽车配件有限公司', '康宁医疗器械有限公司', '新锐智能设备有限公司', '优品电商供应链有限公司', '南方啤酒有限公司', '绿源果业合作社', '嘉禾日化有限公司'];

const SEED_ORDERS = `
insert into production_order (enterprise_id, org_id, order_no, source, customer_name, product_name, box_style, length_mm, width_mm, height_mm,
  flute, sheet_width_mm, sheet_length_mm, quantity, delivery_date, urgency, priority, importance, status, schedule_state, issue_state,
  production_state, created_at, updated_at)
select 8888, 1001, 'BN' || lpad(g::text, 7, '0'), 1 + (g % 3 = 0)::int, ($2::text[])[1 + g % 8], '压测产品' || (g % 500), '0201',
  200 + g % 400, 150 + g % 300, 100 + g % 250, 'BC', 600, 1500, 500 + (g * 37) % 20000,
  date '2026-01-01' + (g * 7919) % 400, case when g % 10 = 0 then 1 + g % 3 else 0 end, 1 + g % 4, g % 5,
  (array[0, 1, 2, 2, 3, 3, 4, 4, 4, 5, 6, 10])[1 + g % 12], 0, (g % 5 = 0)::int * 2, 0,
  timestamptz '2025-06-01' + ((g * 7919) % 31536000) * interval '1 second',
  timestamptz '2025-06-01' + ((g * 7919) % 31536000) * interval '1 second'
from generate_series(1, $1::int) g`;

const SEED_OPERATIONS = `
insert into production_order_operation (enterprise_id, org_id, order_id, seq, process_name, planned_qty, issued)
select o.enterprise_id, o.org_id, o.id, s.seq, (array['瓦线生产', '印刷', '模切', '糊箱'])[s.seq], o.quantity + 40 * (4 - s.seq), o.issue_state = 2
from production_order o cross join generate_series(1, 4) as s(seq)
where o.order_no like 'BN%' and o.issue_state = 2`;

/** Adds ROWS orders (and the operations of the issued fifth) to a migrated, seeded database; `query(sql, params)` → rows. */
export async function seedOrders(query) {
  const started = Date.now();
  await query(SEED_ORDERS, [ROWS, CUSTOMERS]);
  await query(SEED_OPERATIONS, []);
  // As autovacuum leaves a table after a bulk load: statistics, and the visibility map that lets a
  // filter on the list index's included columns run index-only.
  await query('vacuum analyze', []);
  return Date.now() - started;
}

const CPU_REQUESTS = Number(process.env.BENCH_ORDER_CPU_REQUESTS ?? 3000);
const TICK_MS = 10; // Linux USER_HZ 100

/** utime + stime of a process (and, with `reaped`, of its children that have exited) in ms; 0 once gone. */
function cpuMs(pid, reaped = false) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12]) + (reaped ? Number(fields[13]) + Number(fields[14]) : 0)) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU of a PostgreSQL cluster's processes: the postmaster's live children and those it has reaped. */
function clusterCpuMs(postmaster) {
  let total = cpuMs(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(postmaster)) total += cpuMs(entry);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/**
 * CPU milliseconds per request of the server process (PGlite runs inside it) and of the PostgreSQL
 * cluster, for CPU_REQUESTS requests of each load scenario with 50 in flight: unlike req/s and p99,
 * these hardly move with what else the machine runs, so they compare two versions on a busy machine.
 */
async function cpuPerRequest(label, baseUrl, { dataDir, databaseUrl }) {
  const pid = serverPid(dataDir);
  let postmaster = null;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const [{ pid: backend }] = (await client.query('select pg_backend_pid() as pid')).rows;
    postmaster = Number(readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
    await client.end();
  }
  const headers = await loginHeaders(baseUrl);
  console.log(`  ${label}: CPU per request (${CPU_REQUESTS} requests, 50 in flight)`);
  for (const scenario of LOAD_SCENARIOS) {
    const url = `${baseUrl}${LIST}?${scenario.query}`;
    let left = CPU_REQUESTS;
    let bytes = 0;
    const server0 = cpuMs(pid);
    const db0 = postmaster ? clusterCpuMs(postmaster) : 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (left-- > 0) bytes = (await (await fetch(url, { headers })).text()).length;
      }),
    );
    const server = (cpuMs(pid) - server0) / CPU_REQUESTS;
    const db = postmaster ? ` + PostgreSQL ${((clusterCpuMs(postmaster) - db0) / CPU_REQUESTS).toFixed(2)} ms` : '';
    console.log(`    ${scenario.name.padEnd(30)} server ${server.toFixed(2)} ms${db}   (${bytes} bytes a page)`);
  }
}

/** The "orders" section of `npm run bench`. */
export function orderListReport() {
  return listBenchReport(`Production order list GET ${LIST}, ${ROWS} orders in one factory`, {
    name: 'orders',
    noun: `${ROWS} orders`,
    seed: seedOrders,
    measure: async (label, baseUrl, where) => {
      await measure(label, baseUrl, LIST, SCENARIOS, LOAD_SCENARIOS, { pid: threadPid(where.dataDir) });
      await cpuPerRequest(label, baseUrl, where);
    },
    // What the page alone costs on this machine: the floor under the figures above.
    reference: (databaseUrl) => measureBare(databaseUrl, { script: 'bare-order-server.mjs', scenarios: LOAD_SCENARIOS, what: 'order page query (no login, no validation, no total)' }),
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await orderListReport();
