// Helpers shared by the hardening benches (upload-memory.mjs, login-load.mjs): logging in, the
// server's process, its resident memory and how its main thread ran, percentiles, and a throwaway
// PostgreSQL database.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from '../build-if-needed.mjs';
import { startRealServer } from '../../tests/support/real-server.mjs';

export const mb = (kib) => `${(kib / 1024).toFixed(0)} MB`;
export const ms = (value) => `${value.toFixed(1)} ms`;

/** The value at percentile p (0–100) of an ascending array. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** Logs in; the headers of the session (bearer and access_token). */
export async function loginHeaders(baseUrl, username = 'admin', password = 'admin123') {
  const res = await fetch(`${baseUrl}/base/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = await res.json();
  if (!body.success) throw new Error(`${username} login failed: ${JSON.stringify(body)}`);
  const token = body.data.access_token;
  return { Authorization: `bearer ${token}`, access_token: token };
}

/** `{key}` of /proc/<pid>/status in KiB, or null once the process is gone. */
export function statusKb(pid, key) {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Nanoseconds a process's main thread has run on a core and waited in a run queue for one
 * (/proc/PID/task/PID/schedstat), or null where the kernel does not keep them. The server's one
 * JavaScript thread is the busiest stage under load: the time it waited for a core while ready to
 * run (the database's processes or the client held both) is throughput the server never had.
 */
export function mainThreadNs(pid) {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
    return Number.isFinite(run) && Number.isFinite(wait) ? { run, wait } : null;
  } catch {
    return null;
  }
}

/**
 * The process running the server: `tsx` starts node in a child, so this is the deepest process
 * running server/src/main.ts whose environment carries the server's DATA_DIR.
 */
export function serverPid(dataDir) {
  const marker = `DATA_DIR=${dataDir}\0`;
  const found = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/environ`, 'latin1').includes(marker)) continue;
      if (!readFileSync(`/proc/${entry}/cmdline`, 'latin1').includes('server/src/main.ts')) continue;
      const ppid = Number(readFileSync(`/proc/${entry}/status`, 'utf8').match(/^PPid:\s+(\d+)/m)[1]);
      found.set(Number(entry), ppid);
    } catch {
      // not ours, or gone
    }
  }
  const parents = new Set(found.values());
  const leaves = [...found.keys()].filter((pid) => !parents.has(pid));
  if (leaves.length !== 1) throw new Error(`cannot tell the server process apart (candidates: ${[...found.keys()].join(', ') || 'none'})`);
  return leaves[0];
}

/** The server process of a data directory for its thread figures, or undefined where it cannot be told apart (they are left out). */
export function threadPid(dataDir) {
  try {
    return serverPid(dataDir);
  } catch {
    return undefined;
  }
}

/** Runs `work` while sampling the pid's VmRSS every 50 ms: its result, RSS before and peak (KiB). */
export async function withPeakRss(pid, work) {
  const before = statusKb(pid, 'VmRSS') ?? 0;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, statusKb(pid, 'VmRSS') ?? 0);
  }, 50);
  try {
    const result = await work();
    peak = Math.max(peak, statusKb(pid, 'VmRSS') ?? 0);
    return { result, before, peak };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Runs `work(server)` against the real server on PGlite (fresh DATA_DIR) or on a fresh database of
 * a throwaway PostgreSQL cluster (scripts/pg-throwaway.sh; needs scripts/ensure-postgres.sh once).
 */
export async function withServer(engine, name, work) {
  if (engine === 'pglite') {
    const server = await startRealServer({ name });
    try {
      return await work(server);
    } finally {
      await server.stop();
    }
  }
  const script = path.join(repoRoot, 'scripts', 'pg-throwaway.sh');
  const started = execFileSync('bash', [script, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const env = Object.fromEntries([...started.matchAll(/^export (\w+)=(.*)$/gm)].map((m) => [m[1], m[2]]));
  try {
    const admin = new pg.Client({ connectionString: env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name.replace(/\W/g, '_')}`);
    await admin.end();
    const databaseUrl = env.TEST_DATABASE_URL.replace(/\/postgres$/, `/${name.replace(/\W/g, '_')}`);
    const server = await startRealServer({ name, env: { DATABASE_URL: databaseUrl } });
    try {
      return await work(server);
    } finally {
      await server.stop();
    }
  } finally {
    if (env.PG_THROWAWAY_DIR) execFileSync('bash', [script, 'stop', env.PG_THROWAWAY_DIR], { stdio: 'ignore' });
  }
}
