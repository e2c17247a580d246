// `npm start` as a user runs it (node scripts/start.mjs): serves the console, the demo portal and
// the API on PORT with PGlite in DATA_DIR; a second server on the same DATA_DIR refuses to start;
// SIGINT (Ctrl-C) shuts it down cleanly and releases the data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfNeeded, freePort, repoRoot } from '../support/real-server.mjs';

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startCommand(port: number, dataDir: string): Started {
  let output = '';
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves once the command has printed `text`; rejects when it exits first or stays silent too long. */
function waitForOutput(started: Started, text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const { child } = started;
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      child.off('exit', exited);
      if (error) reject(error);
      else resolve();
    };
    const check = () => {
      if (started.output().includes(text)) done();
    };
    const exited = () => done(new Error(`exited early:\n${started.output()}`));
    const timer = setTimeout(() => done(new Error(`"${text}" not printed within ${timeoutMs} ms:\n${started.output()}`)), timeoutMs);
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', exited);
    if (child.exitCode !== null) exited();
    else check();
  });
}

describe('npm start', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mes-start-'));
  let first: Started;
  let port: number;

  beforeAll(async () => {
    buildIfNeeded({ quiet: true });
    port = await freePort();
    first = startCommand(port, dataDir);
    await waitForOutput(first, 'Ctrl-C', 120_000);
  });

  afterAll(async () => {
    if (first?.child.exitCode === null) {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the URLs and demo accounts, and serves the console, the demo portal and the API', async () => {
    const banner = first.output();
    expect(banner).toContain(`http://localhost:${port}/`);
    expect(banner).toContain(`http://localhost:${port}/demo/`);
    for (const account of ['admin', 'planner', 'qc', 'operator', 'expiring', 'noperm']) expect(banner).toContain(account);

    const base = `http://127.0.0.1:${port}`;
    const consolePage = await fetch(`${base}/`);
    expect(consolePage.status).toBe(200);
    expect(await consolePage.text()).toContain('<mes-console');
    const deepLink = await fetch(`${base}/device-info`, { headers: { accept: 'text/html' } });
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain('<mes-console');
    const demo = await fetch(`${base}/demo/`);
    expect(demo.status).toBe(200);
    expect(await demo.text()).toContain('demo-login');
    const login = await fetch(`${base}/base/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    const body = (await login.json()) as { success: boolean; data?: { access_token?: string } };
    expect(body.success).toBe(true);
    expect(body.data?.access_token).toBeTruthy();
    expect(existsSync(path.join(dataDir, '.mes-server.lock'))).toBe(true);
  });

  it('refuses a second server on the same DATA_DIR with a clear message', async () => {
    const second = startCommand(await freePort(), dataDir);
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain('数据目录已被另一个服务进程');
    // The first server is unharmed.
    expect((await fetch(`http://127.0.0.1:${port}/static/version.txt`)).status).toBe(200);
  });

  it('shuts down cleanly on Ctrl-C (SIGINT) and releases the data directory', async () => {
    first.child.kill('SIGINT');
    const code = await Promise.race([first.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000))]);
    expect(code).toBe(0);
    expect(existsSync(path.join(dataDir, '.mes-server.lock'))).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});
