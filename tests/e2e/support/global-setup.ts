import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded, startRealServer } from '../../support/real-server.mjs';

/** Env var naming the seeded data directory every journey's server starts from a copy of. */
export const SEEDED_DATA_DIR_ENV = 'MES_E2E_SEEDED_DATA_DIR';

/**
 * vitest globalSetup of the e2e project: the console is built and one real server migrates and
 * seeds a data directory, once per run; each journey's server then starts on a copy of it (see
 * harness.ts) instead of migrating and seeding again. Removed when the run ends.
 */
export default async function setup(): Promise<() => void> {
  buildIfNeeded({ quiet: true });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mes-e2e-seeded-'));
  // Migrating and seeding once takes ~100 s on a busy 2-core machine (load 13), past the default 90 s.
  const server = await startRealServer({ name: 'e2e-seed', dataDir: dir, timeoutMs: 240_000 });
  await server.stop();
  process.env[SEEDED_DATA_DIR_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
