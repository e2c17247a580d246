// `npm run bench` section "scheduledb": carton scheduling through the database (issue 12), on the
// seeded carton factory (18 production machines) plus queued operations of generated orders (four
// steps each: the factory's processes with the most machines, spread over the able machines):
// BENCH_SCHEDULE_DB_OPS sizes, default 2,000 (the busiest machine's queue ≈ 550 tasks) and 10,000:
//   1. the path of a calculation job without its worker thread: database → instance (load tasks,
//      machines, speeds, calendars into windows), the engine in calculate mode, plan → database
//      (every queued task's times in one transaction); median of BENCH_SCHEDULE_DB_RUNS (3) runs;
//   2. manual sort of the busiest machine's queue (v2 machine_schedule/manual_sort: the queue
//      reversed, then back) and a Gantt move of one task (v3 schedule/manual_sort), through the
//      service as the route calls it: locks, gates, queue write, recalculation, writes, read back.
//      Goal: the screen has the new times within a second for a queue of 500 tasks.
// PGlite (in memory) always; PostgreSQL too when TEST_DATABASE_URL (an admin URL) is set.
// Each database runs in a child process (`node --import tsx`, as the server runs).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../build-if-needed.mjs';

const SIZES = (process.env.BENCH_SCHEDULE_DB_OPS ?? '2000,10000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_SCHEDULE_DB_RUNS ?? 3);
const SORT_GOAL_MS = 1000;
const GOAL_QUEUE = 500;
const STEPS = 4;

const ms = (value) => `${value.toFixed(0)} ms`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function worker(databaseUrl, OPS) {
  const server = new URL('../../server/src/', import.meta.url);
  const load = (file) => import(new URL(file, server).href);
  const { openDatabase, migrateToLatest } = await load('db/index.ts');
  const { seedIfEmpty } = await load('db/seed.ts');
  const { prepare } = await load('modules/schedule/calc.ts');
  const { calculateInstance, readPlan } = await load('modules/schedule/engine-input.ts');
  const { calculatedWrites, writeTasks } = await load('modules/schedule/apply.ts');
  const { ScheduleService } = await load('modules/schedule/schedule.service.ts');
  const { schedule } = await load('domain/schedule/index.ts');
  const { sql } = await import('kysely');

  const db = databaseUrl ? openDatabase({ kind: 'postgres', connectionString: databaseUrl }) : openDatabase({ kind: 'pglite', dataDir: null });
  await migrateToLatest(db);
  await seedIfEmpty(db);
  const admin = await db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const scope = { enterpriseId: 8888, orgId: 1001, userId: admin.id };

  // The factory's processes with the most able machines, in their sort order.
  const able = await sql`
    select s.process_id as "processId", array_agg(s.device_id order by s.device_id) as devices
    from device_speed s join device d on d.id = s.device_id join process p on p.id = s.process_id
    where d.org_id = 1001 and d.device_use = 1 group by s.process_id, p.sort order by count(*) desc, p.sort limit ${STEPS}`.execute(db);
  const steps = able.rows.map((row) => ({ processId: Number(row.processId), devices: row.devices.map(Number) }));
  const orders = Math.ceil(OPS / steps.length);
  await sql`
    insert into production_order (enterprise_id, org_id, order_no, customer_name, product_name, quantity, delivery_date, urgency, status, schedule_state, issue_state, die_no, plate_no, print_colors)
    select 8888, 1001, 'SB' || lpad(g::text, 6, '0'), '压测客户' || (g % 40), '压测纸箱' || (g % 300), 1000 + (g * 37) % 9000,
      current_date + (3 + g % 40), case when g % 10 = 0 then 1 else 0 end, 3, 2, 0, 'DM-' || (g % 60), 'YB-' || (g % 90), g % 4
    from generate_series(1, ${orders}::int) g`.execute(db);
  const stepValues = sql.join(steps.map((step, index) => sql`(${index + 1}::int, ${step.processId}::bigint, ${`{${step.devices.join(',')}}`}::bigint[])`));
  await sql`
    insert into production_order_operation (enterprise_id, org_id, order_id, seq, process_id, process_name, planned_qty, status, task_type, device_id)
    select 8888, 1001, o.id, v.seq, v.process_id, p.name, o.quantity + 30, 0, 2, v.devices[1 + (o.id % array_length(v.devices, 1))]
    from production_order o cross join (values ${stepValues}) as v(seq, process_id, devices) join process p on p.id = v.process_id
    where o.org_id = 1001 and o.order_no like 'SB%'`.execute(db);
  await sql`
    update production_order_operation t set queue_pos = r.pos
    from (select op.id, row_number() over (partition by op.device_id order by op.queue_pos nulls last, o.delivery_date, op.order_id, op.seq) as pos
          from production_order_operation op join production_order o on o.id = op.order_id
          where op.org_id = 1001 and op.device_id is not null and (op.queue_pos is not null or o.order_no like 'SB%') and op.status <> 3) r
    where t.id = r.id`.execute(db);
  await sql`analyze`.execute(db);

  const runs = [];
  let counts;
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    const prepared = await prepare(db, scope, new Date());
    const t1 = performance.now();
    const built = calculateInstance(prepared.plant, prepared.tasks, prepared.now);
    const t2 = performance.now();
    const plan = readPlan(built, schedule(built.instance));
    const t3 = performance.now();
    const writes = calculatedWrites(prepared.tasks, plan, 'all');
    await db.transaction().execute((trx) => writeTasks(trx, scope, writes));
    const t4 = performance.now();
    runs.push({ load: t1 - t0, build: t2 - t1, engine: t3 - t2, write: t4 - t3, total: t4 - t0 });
    counts = {
      tasks: prepared.tasks.length,
      queued: writes.length,
      timed: writes.filter((write) => write.start !== null).length,
      machines: prepared.plant.machines.size,
      windows: [...prepared.plant.machines.values()].reduce((sum, machine) => sum + machine.windows.length, 0),
    };
  }

  const service = new ScheduleService(db, () => new Date());
  const context = { path: '/bench', source: 1, system: 12 };
  const busiest = await sql`
    select device_id as "deviceId", count(*)::int as n from production_order_operation
    where org_id = 1001 and queue_pos is not null and status <> 3 group by device_id order by count(*) desc limit 1`.execute(db);
  const deviceId = Number(busiest.rows[0].deviceId);
  const queue = await db
    .selectFrom('production_order_operation as op')
    .innerJoin('production_order as o', 'o.id', 'op.order_id')
    .select(['op.id', 'op.status'])
    .where('op.device_id', '=', deviceId)
    .where('op.queue_pos', 'is not', null)
    .where('op.status', '<>', 3)
    .where('o.revoked', '=', false)
    .orderBy('op.queue_pos')
    .execute();
  const movable = queue.filter((task) => task.status !== 2 && task.status !== 6).map((task) => task.id);
  const sorts = [];
  let changed = 0;
  for (let run = 0; run < RUNS * 2; run++) {
    const ids = run % 2 === 0 ? [...movable].reverse() : movable;
    const t0 = performance.now();
    const result = await service.machineSort(scope, { deviceId, ids }, context);
    sorts.push(performance.now() - t0);
    changed = result.changed.length;
  }
  const moves = [];
  for (let run = 0; run < RUNS * 2; run++) {
    const t0 = performance.now();
    await service.moveTask(scope, { id: movable[movable.length - 1 - run], deviceId, beforeId: movable[run] }, context);
    moves.push(performance.now() - t0);
  }
  await db.destroy();
  return { counts, runs, queueLength: queue.length, changed, sorts, moves, maxRss: process.resourceUsage().maxRSS * 1024 };
}

function child(databaseUrl, ops) {
  const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--worker', databaseUrl ?? '', String(ops)], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.trim().split('\n').at(-1));
}

async function withPostgres(adminUrl, run) {
  const pg = (await import('pg')).default;
  const name = `mes_bench_sched_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return run(url.toString());
  } finally {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  }
}

function print(label, r) {
  const pick = (key) => median(r.runs.map((run) => run[key]));
  console.log(`  ${label}: ${r.counts.tasks} unfinished operations loaded, ${r.counts.queued} queued (${r.counts.timed} timed), ${r.counts.machines} machines, ${r.counts.windows} windows`);
  console.log(
    `    calculation DB → instance → plan → DB: median ${ms(pick('total'))} (load ${ms(pick('load'))}, build ${ms(pick('build'))}, engine ${ms(pick('engine'))}, write ${ms(pick('write'))}); runs ${r.runs.map((run) => run.total.toFixed(0)).join(', ')}`,
  );
  // The goal is the issue's: a queue of 500 tasks (the larger plant's queues are reported, not judged).
  const judged = r.queueLength <= GOAL_QUEUE * 1.2;
  const sortPass = !judged || median(r.sorts) <= SORT_GOAL_MS;
  console.log(
    `    machine_schedule/manual_sort, queue of ${r.queueLength}: median ${ms(median(r.sorts))} (runs ${r.sorts.map((v) => v.toFixed(0)).join(', ')}; ${r.changed} tasks returned)${judged ? ` — goal ${SORT_GOAL_MS} ms: ${sortPass ? 'PASS' : 'FAIL'}` : ` (goal judged on queues of about ${GOAL_QUEUE})`}`,
  );
  console.log(`    schedule/manual_sort (one task moved): median ${ms(median(r.moves))} (runs ${r.moves.map((v) => v.toFixed(0)).join(', ')})`);
  console.log(`    peak RSS of the process ${mb(r.maxRss)}`);
  return sortPass;
}

export async function scheduleDbReport() {
  let pass = true;
  for (const ops of SIZES) {
    console.log(`\nCarton scheduling through the database (seeded carton factory + ${ops.toLocaleString('en-US')} generated queued operations):`);
    pass = print('PGlite', child(null, ops)) && pass;
    if (process.env.TEST_DATABASE_URL) pass = (await withPostgres(process.env.TEST_DATABASE_URL, async (url) => print('PostgreSQL', child(url, ops)))) && pass;
    else console.log('  PostgreSQL: skipped (set TEST_DATABASE_URL, e.g. from scripts/pg-throwaway.sh)');
  }
  return { pass };
}

if (process.argv[2] === '--worker') {
  const result = await worker(process.argv[3] || null, Number(process.argv[4]));
  console.log(JSON.stringify(result));
}
