// Journey: when the published static/version.txt names another version than the one built into
// the console, the page reloads itself with `?v=<new version>`; with the same version it does not.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shot, useE2eEnvironment } from './support/harness';

describe('version check', () => {
  const env = useE2eEnvironment('version', { ownStaticDir: true });

  it('stays put with the current version and reloads with ?v= once a newer one is published', async () => {
    const versionFile = path.join(env.staticDir, 'static', 'version.txt');
    const published = readFileSync(versionFile, 'utf8');
    const current = published.split('\n')[0].split(',')[0].trim();
    expect(current).not.toBe('');

    const page = await env.newPage();
    // Full document loads only (client-side route changes also fire framenavigated).
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    const startupCheck = page.waitForResponse((r) => r.url().includes('/static/version.txt'), { timeout: 15_000 });
    await page.goto(`${env.server.url}/login`);
    await page.getByPlaceholder('请输入用户名').waitFor();
    // The start-up check ran and found the same version: no reload.
    expect((await startupCheck).status()).toBe(200);
    await page.waitForTimeout(1_000);
    expect(new URL(page.url()).searchParams.get('v')).toBeNull();
    expect(loads).toHaveLength(1);
    await shot(page, 'version-1-current');

    const newer = '9.9.9+e2e';
    writeFileSync(versionFile, `${newer},${new Date().toISOString()}\n${published}`);
    await page.reload();
    await page.waitForURL((url) => url.searchParams.get('v') === newer, { timeout: 15_000 });
    await page.getByPlaceholder('请输入用户名').waitFor();
    // It reloads once, not in a loop.
    await page.waitForTimeout(2_000);
    expect(new URL(page.url()).searchParams.get('v')).toBe(newer);
    const reloads = loads.filter((u) => new URL(u).searchParams.get('v') === newer).length;
    expect(reloads).toBe(1);
    await shot(page, 'version-2-reloaded');
  });
});
