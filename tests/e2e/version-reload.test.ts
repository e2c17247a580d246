// Journey: when the published static/version.txt names another version than the one built into
// the console, the page reloads itself with `?v=<new version>`; with the same version it does not.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useE2eEnvironment } from './support/harness';

const isVersionCheck = (response: Response) => response.url().includes('/static/version.txt');

/**
 * Waits until the page has read the answer of its version check: the answer has fully arrived and a
 * later request of the page itself has come back since (a reload would have started by then).
 */
async function versionCheckRead(page: Page, check: Promise<Response>): Promise<void> {
  const answer = await check;
  expect(answer.status()).toBe(200);
  await answer.finished();
  await page.evaluate(async () => (await fetch('/static/version.txt?probe', { cache: 'no-store' })).text());
}

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
    const startupCheck = page.waitForResponse(isVersionCheck, { timeout: 15_000 });
    await page.goto(`${env.server.url}/login`);
    await page.getByPlaceholder('请输入用户名').waitFor();
    // The start-up check ran and found the same version: no reload.
    await versionCheckRead(page, startupCheck);
    expect(new URL(page.url()).searchParams.get('v')).toBeNull();
    expect(loads).toHaveLength(1);
    await shot(page, 'version-1-current');

    const newer = '9.9.9+e2e';
    writeFileSync(versionFile, `${newer},${new Date().toISOString()}\n${published}`);
    // The check of the reloaded page (with ?v=) finds the same newer version again.
    const recheck = page.waitForResponse((response) => isVersionCheck(response) && new URL(page.url()).searchParams.get('v') === newer, { timeout: 15_000 });
    await page.reload();
    await page.waitForURL((url) => url.searchParams.get('v') === newer, { timeout: 15_000 });
    await page.getByPlaceholder('请输入用户名').waitFor();
    // It reloads once, not in a loop.
    await versionCheckRead(page, recheck);
    expect(new URL(page.url()).searchParams.get('v')).toBe(newer);
    const reloads = loads.filter((u) => new URL(u).searchParams.get('v') === newer).length;
    expect(reloads).toBe(1);
    await shot(page, 'version-2-reloaded');
  });
});
