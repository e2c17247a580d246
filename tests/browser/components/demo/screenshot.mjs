// Screenshots of a ListPage inside an element in Chromium, and render timing of a 1000-row page:
// `node tests/browser/components/demo/screenshot.mjs [outDir]` (default /tmp) → list-page*.png.
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../support/real-server.mjs';

const out = process.argv[2] ?? '/tmp';
const vite = await createServer({
  root: fileURLToPath(new URL('../../../../', import.meta.url)), configFile: false, logLevel: 'warn', appType: 'mpa',
  define: { __BUILD_VERSION__: JSON.stringify('dev') },
  server: { port: 5391, strictPort: true, hmr: false },
  optimizeDeps: { entries: ['tests/browser/components/demo/*.tsx', 'src/**/*.{ts,tsx}', '!src/**/*.test.ts'] },
  esbuild: { jsx: 'automatic' },
});
await vite.listen();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  const base = 'http://localhost:5391/tests/browser/components/demo/list-page.html';
  await page.goto(`${base}?rows=235&path=${encodeURIComponent('/staff?limit=20&sort=createTime,desc')}`);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 120000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/list-page.png`, fullPage: true });
  // Expand filters and open the summary for a second look.
  await page.click('mes-component-fixture .ant-radio-button-wrapper:nth-child(3)');
  await page.click('mes-component-fixture button:has-text("展开")');
  await page.waitForTimeout(700);
  await page.click('mes-component-fixture .mes-filter-summary-button');
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/list-page-2.png`, fullPage: true });
  for (const run of [1, 2]) {
    await page.goto(`${base}?rows=2500&path=${encodeURIComponent('/staff?limit=1000')}`);
    await page.waitForSelector('body[data-ready="1"]', { timeout: 120000 });
    console.log(`run ${run}: 1000 rows rendered in`, await page.evaluate(() => document.body.dataset.renderMs), 'ms (element mount + fetch + table)');
  }
  // Table only: from clicking page 2 until its first row (a fresh 1000 rows) is on screen.
  const tableMs = await page.evaluate(async () => {
    const root = document.querySelector('mes-component-fixture').shadowRoot;
    const firstName = () => root.querySelector('.mes-list-table .ant-table-row .ant-table-cell:nth-child(2)')?.textContent;
    const before = firstName();
    const start = performance.now();
    root.querySelector('.ant-pagination-item-2').click();
    while (firstName() === before) await new Promise((r) => requestAnimationFrame(r));
    await new Promise((r) => requestAnimationFrame(r));
    return Math.round(performance.now() - start);
  });
  console.log('page 2 of 1000 rows: click → rows painted in', tableMs, 'ms');
  await page.screenshot({ path: `${out}/list-page-1000.png` });
} finally {
  await browser.close();
  await vite.close();
}
