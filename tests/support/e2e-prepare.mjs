// What every e2e journey's server starts from, made once per run: the server bundled
// (server-bundle.mjs) and a data directory migrated and seeded by one real server from that bundle;
// each journey's server then starts from the bundle on a copy of the directory (harness.ts) instead
// of migrating and seeding again. `npm test` makes it while the browser tests run (they keep one
// core busy, seeding takes the other); `vitest --project e2e` alone makes it in its globalSetup.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_BUNDLE_ENV, startRealServer } from './real-server.mjs';
import { bundleServer } from './server-bundle.mjs';

/** Env var naming the seeded data directory every journey's server starts from a copy of. */
export const SEEDED_DATA_DIR_ENV = 'MES_E2E_SEEDED_DATA_DIR';

/** Whether `env` already carries a prepared run (a bundle and a seeded directory that exist). */
export function e2ePrepared(env = process.env) {
  return [env[SERVER_BUNDLE_ENV], env[SEEDED_DATA_DIR_ENV]].every((file) => file && existsSync(file));
}

/** Bundles the server and seeds a data directory; returns the env vars naming both, and their removal. */
export async function prepareE2e() {
  const bundle = await bundleServer();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mes-e2e-seeded-'));
  try {
    // Migrating and seeding once takes ~100 s on a busy 2-core machine (load 13), past the default 90 s.
    const server = await startRealServer({ name: 'e2e-seed', dataDir: dir, timeoutMs: 240_000, bundle });
    await server.stop();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    env: { [SERVER_BUNDLE_ENV]: bundle, [SEEDED_DATA_DIR_ENV]: dir },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
