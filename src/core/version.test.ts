import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUILD_VERSION, parseVersionFile, reloadIfNewerVersion, startVersionCheck, versionedUrl } from './version';

let server: Server;
let baseURL = '';
let published = 'test,2026-11-23T07:00:00.000Z\nold,2026-11-01T00:00:00.000Z\n';
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requested.push(req.url ?? '');
    if (req.url?.startsWith('/static/version.txt')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(published);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('version file', () => {
  it('BUILD_VERSION comes from the build define', () => expect(BUILD_VERSION).toBe('test'));
  it('parses version,date lines, newest first', () => {
    expect(parseVersionFile('1.2.0,2026-11-23T07:00:00Z\r\n\n1.1.0,2026-11-01\n')).toEqual([
      { version: '1.2.0', date: '2026-11-23T07:00:00Z' },
      { version: '1.1.0', date: '2026-11-01' },
    ]);
    expect(parseVersionFile('only')).toEqual([{ version: 'only', date: '' }]);
  });
  it('versionedUrl sets v and keeps the rest', () => {
    expect(versionedUrl('http://h/device-info?tab=2#x', '1.2.0')).toBe('http://h/device-info?tab=2&v=1.2.0#x');
  });
});

describe('startVersionCheck', () => {
  it('same version: no reload; a newer one: reload with it, and on route change', async () => {
    published = 'test,2026-11-23\n';
    const reload = vi.fn();
    const check = startVersionCheck({ baseURL: `${baseURL}/`, reload, intervalMs: 60_000, now: () => 42 });
    expect(await check.checkNow()).toBe(false);
    expect(requested.at(-1)).toBe('/static/version.txt?t=42');
    expect(reloadIfNewerVersion()).toBe(false);

    published = '2.0.0,2026-11-24\ntest,2026-11-23\n';
    expect(await check.checkNow()).toBe(true);
    expect(reload).toHaveBeenLastCalledWith('2.0.0');
    expect(check.newerVersionKnown()).toBe(true);
    const calls = reload.mock.calls.length;
    expect(reloadIfNewerVersion()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(calls + 1);
    check.stop();
    expect(reloadIfNewerVersion()).toBe(false);
  });

  it('checks on start and every interval', async () => {
    published = 'test,2026\n';
    const before = requested.length;
    const check = startVersionCheck({ baseURL, reload: vi.fn(), intervalMs: 50 });
    await new Promise((resolve) => setTimeout(resolve, 180));
    check.stop();
    expect(requested.length - before).toBeGreaterThanOrEqual(3);
  });

  it('dev builds and a missing file never reload', async () => {
    const reload = vi.fn();
    const dev = startVersionCheck({ baseURL, reload, currentVersion: 'dev' });
    expect(await dev.checkNow()).toBe(false);
    dev.stop();
    const missing = startVersionCheck({ baseURL: `${baseURL}/nowhere`, reload });
    expect(await missing.checkNow()).toBe(false);
    missing.stop();
    expect(reload).not.toHaveBeenCalled();
  });
});
