// Cheap "is dist/ stale?" check shared by `npm start`, the bench and the end-to-end harness:
// rebuild when dist/index.html is missing or any console source is newer than it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SOURCES = ['src', 'demo', 'index.html', 'vite.config.ts', 'package.json', 'public', 'scripts/write-version.mjs'];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(p)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    // Unit tests beside the code do not change the build.
    if (/\.test\.tsx?$/.test(name)) continue;
    newest = Math.max(newest, newestMtime(path.join(p, name)));
  }
  return newest;
}

/** True when dist/index.html is missing or older than the console's sources. */
export function buildNeeded() {
  const built = path.join(repoRoot, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const newest = Math.max(...SOURCES.map((s) => newestMtime(path.join(repoRoot, s))));
  return newest > statSync(built).mtimeMs;
}

/**
 * Runs `npm run build` (vite build + version file) when needed.
 * @param {{ quiet?: boolean }} [options] quiet: capture the output and include it in the error instead of printing it
 * @returns {boolean} whether a build ran
 */
export function buildIfNeeded({ quiet = false } = {}) {
  if (!buildNeeded()) return false;
  const result = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: repoRoot,
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    const output = quiet ? `\n${result.stdout ?? ''}\n${result.stderr ?? ''}` : '';
    throw new Error(`npm run build failed (exit ${result.status})${output}`);
  }
  return true;
}
