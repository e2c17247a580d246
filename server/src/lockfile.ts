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

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Who a process is, beyond its pid (which the system reuses): its start time in clock ticks since
 * boot (/proc/<pid>/stat field 22) and the boot's id. Null where /proc does not tell (not Linux).
 */
export function processIdentity(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  const bootId = readOrNull('/proc/sys/kernel/random/boot_id');
  if (stat === null || bootId === null) return null;
  // Fields after the command name, which is in parentheses and may itself contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const startTicks = fields[19];
  return startTicks ? `${startTicks}@${bootId.trim()}` : null;
}

/** The lock's holder still runs: its pid is alive and, where the lock recorded it, is the same process. */
function holderRuns(pid: number, identity: string | undefined): boolean {
  if (!isAlive(pid)) return false;
  if (!identity) return true;
  const current = processIdentity(pid);
  return current === null || current === identity;
}

/**
 * Takes `DATA_DIR/.mes-server.lock` (our pid, then our process identity) so two servers never open
 * one PGlite directory. A lock whose holder still runs (this process included) is refused; a stale
 * one is taken over, also when its pid now belongs to another program (the identity differs).
 * Returns the release function.
 */
export function acquireDataDirLock(dataDir: string, pid: number = process.pid): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  const content = `${pid}\n${processIdentity(pid) ?? ''}\n`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, content, { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === content) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const [pidLine = '', identity] = fs.readFileSync(lockPath, 'utf8').split('\n');
    const holder = Number.parseInt(pidLine.trim(), 10);
    if (holderRuns(holder, identity?.trim())) throw new LockHeldError(lockPath, holder);
    fs.rmSync(lockPath, { force: true });
  }
  throw new Error(`无法获取数据目录锁 (could not take the data directory lock): ${lockPath}`);
}
