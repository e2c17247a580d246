import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded, SERVER_BUNDLE_ENV, startRealServer } from '../../support/real-server.mjs';
import { bundleServer } from '../../support/server-bundle.mjs';

/** Env var naming the seeded data directory every journey's server starts from a copy of. */
export const SEEDED_DATA_DIR_ENV = 'MES_E2E_SEEDED_DATA_DIR';

/**
 * vitest globalSetup of the e2e project, once per run: the console is built, the server bundled
 * (its ~30 starts take ~1.5 s less each than under tsx, see server-bundle.mjs), and one real server
 * migrates and seeds a data directory; each journey's server then starts on a copy of it (see
 * harness.ts) instead of migrating and seeding again. Removed when the run ends.
 */
export default async function setup(): Promise<() => void> {
  buildIfNeeded({ quiet: true });
  process.env[SERVER_BUNDLE_ENV] = await bundleServer();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mes-e2e-seeded-'));
  // Migrating and seeding once takes ~100 s on a busy 2-core machine (load 13), past the default 90 s.
  const server = await startRealServer({ name: 'e2e-seed', dataDir: dir, timeoutMs: 240_000 });
  await server.stop();
  process.env[SEEDED_DATA_DIR_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
