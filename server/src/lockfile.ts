import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = '.mes-server.lock';

export class LockHeldError extends Error {
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(
      `数据目录已被另一个服务进程（PID ${pid}）占用，请先停止该进程或使用其他 DATA_DIR。\n` +
        `The data directory is in use by another server process (PID ${pid}); stop it or choose another DATA_DIR. ` +
        `Lock file: ${lockPath}`,
    );
    this.name = 'LockHeldError';
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `DATA_DIR/.mes-server.lock` (holding our pid) so two servers never open one PGlite
 * directory. A lock of a live process (this one included) is refused; a stale one is taken over.
 * Returns the release function.
 */
export function acquireDataDirLock(dataDir: string, pid: number = process.pid): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, `${pid}\n`, { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
    if (isAlive(holder)) throw new LockHeldError(lockPath, holder);
    fs.rmSync(lockPath, { force: true });
  }
  throw new Error(`无法获取数据目录锁 (could not take the data directory lock): ${lockPath}`);
}
