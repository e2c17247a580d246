// web-test-runner 1.0 in Debian's Chromium, with Vite 8 transforming the sources (RECIPES.md):
// every request but `/` and `/__web-*` goes to a Vite dev server in middleware mode; API calls go
// to the real reference server (fresh DATA_DIR, free port) so the console talks to a real backend.
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { createServer as createViteServer } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH, repoRoot, startRealServer } from './tests/support/real-server.mjs';

const API_PREFIXES = ['/base/', '/dps-server/', '/account_center/', '/file/', '/static/version.txt'];

/** @type {import('vite').ViteDevServer | undefined} */
let vite;
/** @type {Awaited<ReturnType<typeof startRealServer>> | undefined} */
let backend;

// Pre-bundled react-router imports the HMR client; there is no HMR here.
const VITE_CLIENT_STUB = `
const noop = () => {};
export const createHotContext = () => ({ data: {}, accept: noop, acceptExports: noop, dispose: noop,
  prune: noop, invalidate: noop, decline: noop, on: noop, off: noop, send: noop });
export const updateStyle = (id, css) => { const s = document.createElement('style'); s.dataset.viteDevId = id; s.textContent = css; document.head.appendChild(s); };
export const removeStyle = (id) => { document.querySelector('style[data-vite-dev-id="' + id + '"]')?.remove(); };
export const injectQuery = (url) => url;
export const ErrorOverlay = class {};
`;

function proxyToBackend(ctx) {
  const target = new URL(backend.url);
  return new Promise((resolve, reject) => {
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: ctx.req.method,
        path: ctx.req.url,
        headers: { ...ctx.req.headers, host: target.host },
      },
      (res) => {
        ctx.respond = false;
        ctx.res.writeHead(res.statusCode ?? 502, res.headers);
        res.pipe(ctx.res);
        res.on('end', resolve);
        res.on('error', reject);
      },
    );
    upstream.on('error', reject);
    ctx.req.pipe(upstream);
  });
}

async function viteMiddleware(ctx, next) {
  if (ctx.path === '/' || ctx.path.startsWith('/__web')) return next();
  if (backend && API_PREFIXES.some((p) => ctx.path.startsWith(p))) return proxyToBackend(ctx);
  if (ctx.path === '/@vite/client') {
    ctx.type = 'application/javascript';
    ctx.body = VITE_CLIENT_STUB;
    return undefined;
  }
  if (!vite) return next();
  const handled = await new Promise((resolve, reject) => {
    const finished = () => resolve(true);
    ctx.res.once('finish', finished);
    vite.middlewares(ctx.req, ctx.res, (error) => {
      ctx.res.off('finish', finished);
      if (error) reject(error);
      else resolve(false);
    });
  });
  if (handled) {
    if (process.env.WTR_DEBUG && ctx.res.statusCode >= 400) console.warn(`[vite] ${ctx.res.statusCode} ${ctx.url}`);
    ctx.respond = false;
    return undefined;
  }
  return next();
}

/** Writes pass/fail counts for scripts/test-all.mjs (WTR's own summary is not alone on a line). */
function countsReporter() {
  const file = process.env.WTR_COUNTS_FILE;
  return {
    onTestRunFinished({ sessions }) {
      if (!file) return;
      let passed = 0;
      let failed = 0;
      let skipped = 0;
      const failures = [];
      const walk = (suite, prefix, session) => {
        for (const t of suite.tests) {
          const name = `${path.relative(repoRoot, session.testFile)} › ${prefix}${t.name}`;
          if (t.skipped) skipped += 1;
          else if (t.passed) passed += 1;
          else {
            failed += 1;
            failures.push(`${name}: ${t.error?.message ?? 'failed'}`);
          }
        }
        for (const s of suite.suites) walk(s, `${prefix}${s.name} › `, session);
      };
      for (const session of sessions) {
        const before = failed;
        if (session.testResults) walk(session.testResults, '', session);
        // A file that failed to load or threw outside a test counts as one failure.
        if (!session.passed && failed === before) {
          failed += 1;
          const why = session.errors?.map((e) => e.message).join('; ') || 'session failed';
          failures.push(`${path.relative(repoRoot, session.testFile)}: ${why}`);
        }
      }
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify({ passed, failed, skipped, failures }, null, 2));
    },
  };
}

export default {
  rootDir: repoRoot,
  files: ['tests/browser/**/*.test.ts'],
  concurrency: 1,
  concurrentBrowsers: 1,
  testsFinishTimeout: 300_000,
  browserStartTimeout: 60_000,
  testFramework: { config: { timeout: 30_000, ui: 'bdd' } },
  browsers: [
    chromeLauncher({
      launchOptions: { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS },
    }),
  ],
  reporters: [defaultReporter(), summaryReporter({ flatten: false }), countsReporter()],
  middleware: [viteMiddleware],
  plugins: [
    {
      name: 'vite-and-real-server',
      async serverStart() {
        // WTR_BACKEND_URL reuses a server that is already running (handy while developing tests).
        backend = process.env.WTR_BACKEND_URL
          ? { url: process.env.WTR_BACKEND_URL, stop: async () => {} }
          : await startRealServer({ name: 'wtr-backend' });
        vite = await createViteServer({
          root: repoRoot,
          configFile: undefined,
          logLevel: 'warn',
          appType: 'custom',
          clearScreen: false,
          define: { __BUILD_VERSION__: JSON.stringify('dev') },
          server: { middlewareMode: true, hmr: false, ws: false },
          // WTR's own browser modules (web socket for commands) are served by WTR, not Vite.
          plugins: [
            {
              name: 'wtr-own-modules',
              enforce: 'pre',
              resolveId: (id) => (id.startsWith('/__web') ? { id, external: true } : null),
            },
          ],
          optimizeDeps: {
            // Scan every source up front: a dependency discovered mid-run would re-optimize and
            // fail the already loaded modules (there is no HMR client to reload the page).
            entries: ['tests/browser/**/*.test.ts', 'src/**/*.{ts,tsx}', '!src/**/*.test.ts'],
            exclude: ['@web/test-runner-commands'],
          },
        });
      },
      async serverStop() {
        await vite?.close();
        await backend?.stop();
      },
    },
  ],
};
