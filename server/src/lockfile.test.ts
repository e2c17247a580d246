import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME, LockHeldError, acquireDataDirLock, processIdentity } from './lockfile';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mes-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string; pid: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr, pid: child.pid! }));
  });
}

describe('data directory lock', () => {
  it('refuses a second holder while the first is alive and frees on release', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').split('\n')[0]).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(LockHeldError);
    expect(() => acquireDataDirLock(dir)).toThrow(/数据目录已被另一个服务进程.*占用[\s\S]*in use by another server process/);
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    acquireDataDirLock(dir)();
  });

  it('takes over the lock of a process that no longer exists', async () => {
    const dir = tempDir();
    const { pid } = await run(process.execPath, ['-e', ''], {});
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), `${pid}\n`);
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').split('\n')[0]).toBe(String(process.pid));
    release();
  });

  it('takes over a stale lock whose pid now belongs to another program', () => {
    const dir = tempDir();
    // The pid is alive (this very process) but the process that wrote the lock started at another time.
    const identity = processIdentity(process.pid);
    expect(identity).toMatch(/^\d+@[0-9a-f-]+$/);
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), `${process.pid}\n1${identity}\n`);
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8')).toBe(`${process.pid}\n${identity}\n`);
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('makes a second server on the same DATA_DIR exit with code 1 and a clear message', async () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    try {
      const tsx = path.resolve('node_modules/.bin/tsx');
      const result = await run(tsx, [path.resolve('server/src/main.ts')], { DATA_DIR: dir, PORT: '0', DATABASE_URL: '' });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`数据目录已被另一个服务进程（PID ${process.pid}）占用`);
      expect(result.stderr).toContain('in use by another server process');
    } finally {
      release();
    }
  });
});
