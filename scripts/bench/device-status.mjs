// `npm run bench` section "device" (issue 10): live device status.
//   - ingestion: BENCH_DEVICE_BATCHES (100) batches of 100 status events over the factory's devices
//     through POST /dps-server/device_status/events with a machine key, first from one sender, then
//     from 4 senders at once; events/second. Targets: ≥ 500 events/s on PGlite, ≥ 2,000 on PostgreSQL.
//   - live push: BENCH_DEVICE_CLIENTS (100) server-sent event streams of the factory open; one
//     status change posted at a time (BENCH_DEVICE_CHANGES, 40); the time from just before the POST
//     until each client has the change; p50/p99 over every client and change. Target p99 ≤ 250 ms.
// On PGlite and a throwaway PostgreSQL (BENCH_DEVICE_DB, default both); server and clients share the machine.
import { loginHeaders, ms, percentile, withServer } from './bench-support.mjs';

const BATCHES = Number(process.env.BENCH_DEVICE_BATCHES ?? 100);
const CLIENTS = Number(process.env.BENCH_DEVICE_CLIENTS ?? 100);
const CHANGES = Number(process.env.BENCH_DEVICE_CHANGES ?? 40);
const BATCH = 100;
const TARGET = { pglite: 500, postgres: 2000 };
const P99_GOAL_MS = 250;

async function call(baseUrl, headers, path, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = await response.json();
  if (envelope.resultCode !== 1000) throw new Error(`${path} → ${JSON.stringify(envelope).slice(0, 300)}`);
  return envelope.resultData;
}

/** `count` batches of 100 events, times increasing from `start` one second apart per event. */
function batches(devices, count, start, seed) {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  return Array.from({ length: count }, (_, b) =>
    Array.from({ length: BATCH }, (_, i) => ({
      deviceNo: devices[Math.floor(random() * devices.length)],
      status: 1 + Math.floor(random() * 5),
      at: start + (b * BATCH + i) * 1000,
      reason: random() < 0.3 ? '待料' : null,
    })),
  );
}

async function ingest(baseUrl, machine, senders, work) {
  const queue = [...work];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: senders }, async () => {
      for (let batch = queue.shift(); batch; batch = queue.shift()) await call(baseUrl, machine, '/dps-server/device_status/events', { events: batch });
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return (work.length * BATCH) / seconds;
}

/** An SSE client reading `event: status` frames; `onStatus(change)` per change. */
async function openStream(baseUrl, headers, onStatus) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/dps-server/device_status/stream`, { headers, signal: controller.signal });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let resolveSnapshot;
  const snapshot = new Promise((resolve) => (resolveSnapshot = resolve));
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === 'snapshot') resolveSnapshot(JSON.parse(data));
          else if (event === 'status') onStatus(JSON.parse(data));
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  return { snapshot, close: () => controller.abort() };
}

async function measure(engine, baseUrl) {
  const label = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const headers = await loginHeaders(baseUrl);
  const machines = await call(baseUrl, headers, '/dps-server/work_machine/list?machineCode=YTJ-01');
  const { key } = await call(baseUrl, headers, '/dps-server/work_machine/key/issue', { id: machines.list[0].id });
  const machine = { X_MACHINE_KEY: key };
  const overview = await call(baseUrl, headers, '/dps-server/device_status/overview');
  const devices = overview.devices.map((device) => device.deviceNo);

  // Past events (a day ago onward) so that none is in the future; the two runs do not overlap in time.
  const start = Date.now() - 86_400_000;
  const one = await ingest(baseUrl, machine, 1, batches(devices, BATCHES, start, 7));
  const four = await ingest(baseUrl, machine, 4, batches(devices, BATCHES, start + BATCHES * BATCH * 1000, 11));
  const target = TARGET[engine];
  console.log(`  ${label}: ingestion of ${BATCHES} × ${BATCH} events over ${devices.length} devices: 1 sender ${one.toFixed(0)} events/s, 4 senders ${four.toFixed(0)} events/s (target ≥ ${target}: ${Math.max(one, four) >= target ? 'PASS' : 'FAIL'})`);

  const device = overview.devices[0];
  const waiting = new Map();
  const latencies = [];
  const streams = [];
  for (let index = 0; index < CLIENTS; index += 1) {
    streams.push(
      await openStream(baseUrl, headers, (change) => {
        const entry = waiting.get(`${change.deviceId}:${change.since}`);
        if (!entry) return;
        latencies.push(performance.now() - entry.t0);
        entry.left -= 1;
        if (entry.left === 0) entry.done();
      }),
    );
  }
  await Promise.all(streams.map((stream) => stream.snapshot));
  for (let index = 0; index < CHANGES; index += 1) {
    const at = Date.now() + index; // strictly increasing: each post is a change
    const status = index % 2 === 0 ? 5 : 3;
    const arrived = new Promise((resolve) => waiting.set(`${device.id}:${at}`, { t0: performance.now(), left: CLIENTS, done: resolve }));
    await call(baseUrl, machine, '/dps-server/device_status/events', { events: [{ deviceNo: device.deviceNo, status, at }] });
    await arrived;
  }
  for (const stream of streams) stream.close();
  latencies.sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  console.log(
    `  ${label}: event → ${CLIENTS} SSE clients (${latencies.length} deliveries): p50 ${ms(percentile(latencies, 50))}, p99 ${ms(p99)} (goal ≤ ${P99_GOAL_MS} ms: ${p99 <= P99_GOAL_MS ? 'PASS' : 'FAIL'})`,
  );
  return { pass: Math.max(one, four) >= target && p99 <= P99_GOAL_MS };
}

/** The "device" section of `npm run bench`. */
export async function deviceStatusReport() {
  const engines = (process.env.BENCH_DEVICE_DB ?? 'pglite,postgres').split(',').map((s) => s.trim());
  console.log(`\nLive device status: ingestion (batches of ${BATCH}) and event → screen latency (${CLIENTS} SSE clients):`);
  let pass = true;
  for (const engine of engines) {
    try {
      const result = await withServer(engine, `bench-device-${engine}`, (server) => measure(engine, server.url));
      pass &&= result.pass;
    } catch (error) {
      pass = false;
      console.log(`  ${engine}: ERROR ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  return { pass };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { pass } = await deviceStatusReport();
  process.exitCode = pass ? 0 : 1;
}
