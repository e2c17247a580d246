// Shared set-up of the end-to-end journeys: the built console, a real server on a free port with a
// fresh DATA_DIR (one per test file, so journeys never share state), and Debian's Chromium.
// E2E_CPU_THROTTLE=4 slows every page's CPU that many times (Chromium's CPU throttling), to shake out races.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, vi } from 'vitest';
import {
  buildIfNeeded,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  repoRoot,
  startRealServer,
  type RealServer,
} from '../../support/real-server.mjs';
import { LOCK_FILE_NAME } from '../../../server/src/lockfile';
import { SEEDED_DATA_DIR_ENV } from '../../support/e2e-prepare.mjs';

export const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'e2e');
const CPU_THROTTLE = Number(process.env.E2E_CPU_THROTTLE ?? 1);
/** How long expect.poll keeps asking, like Playwright's own waits. */
export const E2E_POLL_TIMEOUT_MS = 15_000;

export interface E2eEnvironment {
  server: RealServer;
  browser: Browser;
  /** Copy of dist/ the server serves from (only with `ownStaticDir`). */
  staticDir: string;
  newPage(): Promise<Page>;
}

/**
 * Registers beforeAll/afterAll hooks that build the console if needed, start the real server and
 * Chromium, and returns an object whose fields are filled once the hooks ran.
 * `ownStaticDir` serves a private copy of dist/ so a test may rewrite files in it; `env` adds server settings.
 */
export function useE2eEnvironment(name: string, options: { ownStaticDir?: boolean; env?: Record<string, string> } = {}): E2eEnvironment {
  const env = {} as E2eEnvironment;
  const contexts: BrowserContext[] = [];
  let tempStatic: string | null = null;
  let dataDir: string | null = null;

  beforeAll(async () => {
    // expect.poll waits as long as a user would on a busy machine (vitest's default is 1 s).
    vi.setConfig({ expect: { poll: { timeout: E2E_POLL_TIMEOUT_MS } } });
    buildIfNeeded({ quiet: true });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const serverEnv: Record<string, string> = { ...options.env };
    if (options.ownStaticDir) {
      tempStatic = mkdtempSync(path.join(os.tmpdir(), `mes-static-${name}-`));
      cpSync(path.join(repoRoot, 'dist'), tempStatic, { recursive: true });
      serverEnv.STATIC_DIR = tempStatic;
    }
    env.staticDir = tempStatic ?? path.join(repoRoot, 'dist');
    // A copy of the run's seeded data directory (e2e-prepare.mjs): no migration and seed per journey.
    // Its device timelines end when it was seeded, so devices count as offline only after an hour.
    const seeded = process.env[SEEDED_DATA_DIR_ENV];
    if (seeded) {
      dataDir = mkdtempSync(path.join(os.tmpdir(), `mes-e2e-${name}-`));
      cpSync(seeded, dataDir, { recursive: true, filter: (source) => path.basename(source) !== LOCK_FILE_NAME });
      serverEnv.DEVICE_OFFLINE_MINUTES = '60';
    }
    // Chromium starts while the server does; whichever started is stopped by afterAll should the other fail.
    const [server, browser] = await Promise.allSettled([
      startRealServer({ name: `e2e-${name}`, env: serverEnv, ...(dataDir ? { dataDir } : {}) }),
      chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true }),
    ]);
    if (server.status === 'fulfilled') env.server = server.value;
    if (browser.status === 'fulfilled') env.browser = browser.value;
    for (const started of [server, browser]) if (started.status === 'rejected') throw started.reason;
    env.newPage = async () => {
      const context = await env.browser.newContext({
        viewport: { width: 1366, height: 800 },
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
        // The console then turns antd's motion off (providers.tsx): no dialog zoom or menu slide to
        // render frame by frame and wait out. E2E_MOTION=1 keeps the animations.
        reducedMotion: process.env.E2E_MOTION === '1' ? 'no-preference' : 'reduce',
      });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.warn(`[${name}] page error: ${error.message}`));
      if (CPU_THROTTLE > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
      return page;
    };
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await env.browser?.close();
    await env.server?.stop();
    if (tempStatic) rmSync(tempStatic, { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return env;
}

/** Waits (at most 2 s) for running CSS animations and transitions, e.g. antd's modal zoom-in. */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // document.getAnimations() does not see shadow trees: ask every (nested) shadow root too.
    const roots: (Document | ShadowRoot)[] = [document];
    for (let i = 0; i < roots.length; i++) {
      roots[i].querySelectorAll('*').forEach((el) => {
        if (el.shadowRoot) roots.push(el.shadowRoot);
      });
    }
    // Endless ones (a spinner, a 'processing' badge) never finish: they are not waited for.
    const running = roots
      .flatMap((root) => root.getAnimations())
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([
      Promise.all(running.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
}

/** Saves a screenshot as test-results/e2e/<name>.png once animations have settled. */
export async function shot(page: Page, name: string): Promise<void> {
  await settleAnimations(page);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** Path plus query of the page's current URL. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

