// `npm test`: every runner in order, continuing after failures, then one line `N passed, N failed`.
//   0. ESLint (layer rules, no cycles) and tsc --noEmit: one pass each when clean, one failure per problem
//   1. vitest core + server (server tests on PGlite)
//   2. vitest server again on a throwaway PostgreSQL (when PostgreSQL binaries are installed)
//   3. vite build
//   4. web-test-runner browser tests in Chromium
//   5. vitest e2e journeys (built console + real server + Chromium); their server bundle and seeded
//      data directory are made during stage 4
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './build-if-needed.mjs';
import { prepareE2e } from '../tests/support/e2e-prepare.mjs';

const resultsDir = path.join(repoRoot, 'test-results');
mkdirSync(resultsDir, { recursive: true });
const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);
const STAGE_TIMEOUT_MS = 8 * 60_000;
// Vitest 5 prints failures with Map.groupBy, which Node 20 lacks (see node20-polyfills.mjs).
const polyfills = path.join(repoRoot, 'scripts', 'node20-polyfills.mjs');
const NODE_OPTIONS = [process.env.NODE_OPTIONS, `--import=${polyfills}`].filter(Boolean).join(' ');

/** Runs a command in its own process group, streaming output; resolves with exit code and captured stdout. */
function run(command, args, { env = {}, timeoutMs = STAGE_TIMEOUT_MS, capture = false, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', NODE_OPTIONS, ...env },
      stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'],
      detached: true,
    });
    let stdout = '';
    if (capture) {
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        if (!quiet) process.stdout.write(chunk);
      });
    }
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`\n[test] ${command} ${args.join(' ')} exceeded ${timeoutMs / 1000} s: stopping it`);
      try {
        process.kill(-child.pid, 'SIGTERM');
        setTimeout(() => {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            /* already gone */
          }
        }, 10_000).unref();
      } catch {
        /* already gone */
      }
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 1 : 0), stdout, timedOut });
    });
  });
}

/** Counts from a vitest JSON report; a file that failed to load counts as one failure. */
function vitestCounts(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  let failed = report.numFailedTests ?? 0;
  const failures = [];
  for (const suite of report.testResults ?? []) {
    const rel = path.relative(repoRoot, suite.name);
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) {
      failures.push(`${rel} › ${t.fullName}: ${String(t.failureMessages?.[0] ?? '').split('\n')[0]}`);
    }
    if (suite.status === 'failed' && failedTests.length === 0) {
      failed += 1;
      failures.push(`${rel}: ${String(suite.message ?? 'failed to run').split('\n')[0]}`);
    }
  }
  return { passed: report.numPassedTests ?? 0, failed, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0), failures };
}

const stages = [];

function record(name, counts, code, seconds, note = '') {
  let { passed = 0, failed = 0, skipped = 0, failures = [] } = counts ?? {};
  // A runner that failed without reporting a failed test still counts as a failure.
  if (code !== 0 && failed === 0) {
    failed = 1;
    failures = [...failures, `${name}: exited with code ${code}${note ? ` (${note})` : ''}`];
  }
  stages.push({ name, passed, failed, skipped, failures, seconds, note });
  console.log(`\n[test] ${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''} (${seconds.toFixed(1)} s)${note ? ` — ${note}` : ''}\n`);
}

async function timed(fn) {
  const start = Date.now();
  const out = await fn();
  return { ...out, seconds: (Date.now() - start) / 1000 };
}

async function vitestStage(name, projects, reportName, env = {}, timeoutMs = STAGE_TIMEOUT_MS, extraArgs = []) {
  const report = path.join(resultsDir, reportName);
  rmSync(report, { force: true });
  const args = ['run', ...projects.flatMap((p) => ['--project', p]), '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extraArgs];
  const { code, seconds, timedOut } = await timed(() => run(bin('vitest'), args, { env, timeoutMs }));
  record(name, vitestCounts(report), code, seconds, timedOut ? 'timed out' : '');
}

// Server test files that open no database of the run's engine (pure engines and rules, the PGlite
// data directory itself): the PGlite stage runs them, the PostgreSQL stage would only repeat them.
const DATABASE_FREE_TESTS = [
  'server/src/domain/**',
  'server/src/db/db.test.ts',
  'server/src/config.test.ts',
  'server/src/lockfile.test.ts',
  'server/src/modules/device-status/live.test.ts',
  'server/src/modules/schedule/engine-hold.test.ts',
];

function findPgCtl() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const found = readdirSync(base).map((v) => path.join(base, v, 'bin', 'pg_ctl')).filter((p) => existsSync(p));
  return found.sort().pop() ?? null;
}

/** The throwaway PostgreSQL cluster of the PostgreSQL stage (start / stop). */
const PG_THROWAWAY = path.join(repoRoot, 'scripts', 'pg-throwaway.sh');

/**
 * Starts the throwaway PostgreSQL and makes the server tests' template database on it
 * (scripts/make-pg-template.ts), while the PGlite stage runs: the template's migration and seed are
 * one process's work, which the PGlite stage's own set-up leaves a core for. Resolves with the env
 * of the PostgreSQL stage, or with why there is none.
 */
async function preparePostgres() {
  if (!findPgCtl() || !existsSync(PG_THROWAWAY)) return { skipped: 'no PostgreSQL binaries or scripts/pg-throwaway.sh' };
  const started = await run('bash', [PG_THROWAWAY, 'start'], { capture: true, timeoutMs: 120_000 });
  const vars = {};
  for (const m of started.stdout.matchAll(/^(?:export\s+)?(TEST_DATABASE_URL|PG_THROWAWAY_DIR)=['"]?([^'"\n]+)['"]?\s*$/gm)) {
    vars[m[1]] = m[2];
  }
  if (started.code !== 0 || !vars.TEST_DATABASE_URL) return { failed: 'could not start a throwaway PostgreSQL', vars };
  const template = await run(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts', 'make-pg-template.ts')], { env: vars, capture: true, quiet: true, timeoutMs: 300_000 });
  const made = /^(MES_TEST_PG_TEMPLATE)=(\w+)$/m.exec(template.stdout);
  // Should it fail, the stage's globalSetup makes the template itself.
  if (template.code === 0 && made) vars[made[1]] = made[2];
  else console.error('[test] making the PostgreSQL template before the stage failed; its globalSetup will make it');
  return { vars };
}

async function postgresStage(prepared) {
  const { skipped, failed, vars } = await prepared;
  if (skipped) {
    console.log(`[test] server on PostgreSQL: skipped (${skipped})`);
    stages.push({ name: 'server (PostgreSQL)', passed: 0, failed: 0, skipped: 0, failures: [], seconds: 0, note: 'skipped' });
    return;
  }
  try {
    if (failed) {
      record('server (PostgreSQL)', null, 1, 0, failed);
      return;
    }
    await vitestStage('server (PostgreSQL)', ['server'], 'vitest-server-postgres.json', vars, STAGE_TIMEOUT_MS, DATABASE_FREE_TESTS.flatMap((glob) => ['--exclude', glob]));
  } finally {
    if (vars?.TEST_DATABASE_URL) await run('bash', [PG_THROWAWAY, 'stop'], { env: vars, timeoutMs: 60_000 });
  }
}

async function buildStage() {
  const { code, seconds } = await timed(() => run('npm', ['run', '--silent', 'build']));
  // The build is a check, not a test: only its failure is counted.
  record('build', { passed: 0, failed: 0 }, code, seconds);
  return code === 0;
}

async function browserStage() {
  const counts = path.join(resultsDir, 'wtr-counts.json');
  rmSync(counts, { force: true });
  const { code, seconds, timedOut } = await timed(() => run(bin('wtr'), [], { env: { WTR_COUNTS_FILE: counts } }));
  const data = existsSync(counts) ? JSON.parse(readFileSync(counts, 'utf8')) : null;
  record('browser (web-test-runner)', data, code, seconds, timedOut ? 'timed out' : '');
}

/**
 * A static check: one pass when it exits clean, else one failure per problem it prints. Its output
 * is printed when it ends (two checks run side by side, one a core each).
 */
async function checkStage(name, script, problemPattern) {
  const { code, seconds, stdout } = await timed(() => run('npm', ['run', '--silent', script], { capture: true, quiet: true }));
  process.stdout.write(stdout);
  const problems = [...stdout.matchAll(problemPattern)].map((m) => m[0].trim());
  const counts = code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: Math.max(problems.length, 1), failures: problems.slice(0, 50).map((p) => `${name}: ${p}`) };
  return () => record(name, counts, code, seconds);
}

// MES_TEST_ONLY=unit,postgres,build,browser,e2e runs a subset (for working on one runner).
const only = new Set((process.env.MES_TEST_ONLY ?? 'lint,typecheck,unit,postgres,build,browser,e2e').split(',').map((s) => s.trim()));
const startedAt = Date.now();
// A fresh machine has neither Chromium nor PostgreSQL: install them (Debian packages) before the
// runners that need them, so `npm test` alone runs the whole suite.
if (['browser', 'e2e'].some((stage) => only.has(stage))) await run('bash', [path.join(repoRoot, 'scripts', 'ensure-chromium.sh')], { timeoutMs: 600_000 });
if (only.has('postgres')) await run('bash', [path.join(repoRoot, 'scripts', 'ensure-postgres.sh')], { timeoutMs: 600_000 });
const checks = await Promise.all([
  only.has('lint') ? checkStage('lint (ESLint)', 'lint', /^\s+\d+:\d+\s+error\s.*$/gm) : null,
  only.has('typecheck') ? checkStage('typecheck (tsc)', 'typecheck', /^.*error TS\d+:.*$/gm) : null,
]);
for (const recordCheck of checks) recordCheck?.();
const postgresReady = only.has('postgres') ? preparePostgres() : null;
if (only.has('unit')) await vitestStage('core + server (PGlite)', ['core', 'server'], 'vitest-unit.json');
if (postgresReady) await postgresStage(postgresReady);
const built = only.has('build') ? await buildStage() : true;
// The journeys' server bundle and seeded data directory (~30 s of one core) are made while the
// browser tests run, which keep about one core busy. Should that fail, the e2e globalSetup tries again.
const e2eReady = only.has('e2e') && built
  ? prepareE2e().catch((error) => {
      console.error(`[test] preparing the e2e run failed, its globalSetup will try again: ${error.message}`);
      return null;
    })
  : null;
if (only.has('browser')) await browserStage();
if (only.has('e2e')) {
  if (built) {
    const prepared = await e2eReady;
    try {
      // The journeys take ~6 min on 2 idle cores; give a loaded machine room before calling it hung.
      await vitestStage('e2e (Chromium)', ['e2e'], 'vitest-e2e.json', prepared?.env ?? {}, 15 * 60_000);
    } finally {
      prepared?.remove();
    }
  } else record('e2e (Chromium)', null, 1, 0, 'not run: the build failed');
}

const total = stages.reduce((acc, s) => ({ passed: acc.passed + s.passed, failed: acc.failed + s.failed }), { passed: 0, failed: 0 });
console.log('\n────────── summary ──────────');
for (const s of stages) {
  console.log(`${s.name.padEnd(28)} ${String(s.passed).padStart(4)} passed ${String(s.failed).padStart(3)} failed  ${s.seconds.toFixed(1).padStart(6)} s${s.note ? `  ${s.note}` : ''}`);
}
const failures = stages.flatMap((s) => s.failures);
if (failures.length) {
  console.log('\nFailures:');
  for (const f of failures) console.log(`  ✗ ${f}`);
}
console.log(`\nTotal time ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exitCode = total.failed > 0 || total.passed === 0 ? 1 : 0;
