// A bench page of scripts/bench/<name>/index.html built for production (own Vite build into a
// temporary directory, not dist/) and served with `vite preview` (list-page-render.mjs, gantt-drag.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, preview } from 'vite';
import { repoRoot } from '../build-if-needed.mjs';
import { freePort } from '../../tests/support/real-server.mjs';

/** Builds and serves the page; `url` is its address, `close()` stops the server and removes the build. */
export async function servedBenchPage(html, name) {
  // Builds launched from test runners inherit NODE_ENV=test, which would bundle React's development build.
  const previousNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const outDir = mkdtempSync(path.join(os.tmpdir(), `mes-bench-${name}-`));
  let server;
  const close = async () => {
    await new Promise((resolve) => (server ? server.httpServer.close(resolve) : resolve(undefined)));
    rmSync(outDir, { recursive: true, force: true });
    if (previousNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previousNodeEnv;
  };
  try {
    const started = Date.now();
    await build({
      root: repoRoot,
      configFile: false,
      logLevel: 'warn',
      mode: 'production',
      plugins: [react()],
      define: { __BUILD_VERSION__: JSON.stringify('bench') },
      build: {
        outDir,
        emptyOutDir: true,
        target: 'es2022',
        reportCompressedSize: false,
        chunkSizeWarningLimit: 5000,
        rolldownOptions: { input: { bench: path.join(repoRoot, html) } },
      },
    });
    const buildMs = Date.now() - started;
    const port = await freePort();
    server = await preview({
      root: repoRoot,
      configFile: false,
      logLevel: 'warn',
      build: { outDir },
      preview: { port, strictPort: true, host: '127.0.0.1' },
    });
    return { url: `http://127.0.0.1:${port}/${html}`, buildMs, close };
  } catch (error) {
    await close();
    throw error;
  }
}
