// Starts the real reference server (`tsx server/src/main.ts`) on a free port with a fresh DATA_DIR,
// for browser tests, end-to-end journeys and the bench. Plain ESM so web-test-runner's config can use it.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../scripts/build-if-needed.mjs';
import { SERVER_ARGS, SERVER_NODE_FLAGS } from '../../scripts/server-command.mjs';

export { buildIfNeeded, buildNeeded, repoRoot } from '../../scripts/build-if-needed.mjs';

/** Env var naming a server bundle (server-bundle.mjs) that startRealServer runs instead of `tsx server/src/main.ts`. */
export const SERVER_BUNDLE_ENV = 'MES_TEST_SERVER_BUNDLE';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** A TCP port that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

async function reachable(url) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts `tsx server/src/main.ts` (or the bundle named by MES_TEST_SERVER_BUNDLE) and waits until it answers HTTP.
 * @param {{ name?: string, env?: Record<string,string>, timeoutMs?: number, dataDir?: string, bundle?: string }} [options]
 * @returns {Promise<{ url: string, port: number, dataDir: string, logFile: string, stop: () => Promise<void> }>}
 */
export async function startRealServer(options = {}) {
  const name = options.name ?? 'server';
  const port = await freePort();
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), `mes-${name}-`));
  const logDir = path.join(repoRoot, 'test-results', 'logs');
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${name}-${port}.log`);
  const log = createWriteStream(logFile);
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(options.env ?? {}),
  };
  // A DATABASE_URL from the caller's shell would point every test server at one shared database.
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;
  // A run that bundled the server once (server-bundle.mjs) starts the bundle: the same sources, loaded faster.
  const bundle = options.bundle ?? process.env[SERVER_BUNDLE_ENV];
  const [command, args] = bundle
    ? [process.execPath, [...SERVER_NODE_FLAGS, bundle]]
    : [path.join(repoRoot, 'node_modules', '.bin', 'tsx'), SERVER_ARGS];
  const child = spawn(command, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  let exited = false;
  const exitPromise = new Promise((resolve) => child.once('exit', () => { exited = true; resolve(undefined); }));

  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exitPromise;
      clearTimeout(timer);
    }
    log.end();
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  // E2E_SERVER_START_MS: a longer wait for a loaded machine (migrating and seeding may take minutes there).
  const deadline = Date.now() + (options.timeoutMs ?? (Number(process.env.E2E_SERVER_START_MS) || 90_000));
  const candidates = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  while (Date.now() < deadline) {
    if (exited) {
      await stop();
      throw new Error(`server exited during start-up (code ${child.exitCode}); log ${logFile}:\n${readFileSync(logFile, 'utf8')}`);
    }
    for (const url of candidates) {
      if (await reachable(`${url}/static/version.txt`)) return { url, port, dataDir, logFile, stop };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`server did not answer on port ${port} within the timeout; see ${logFile}`);
}
