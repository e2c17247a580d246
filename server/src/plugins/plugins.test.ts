import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, type TestApp } from '../test-support';
import { get } from '@core/contracts/endpoint';
import { JsonText, mount } from '../lib/endpoint';
import { AppError, ok, okText, type Family } from './envelopes';

let t: TestApp;
let staticDir: string;
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mes-static-'));
  fs.mkdirSync(path.join(staticDir, 'demo'));
  fs.mkdirSync(path.join(staticDir, 'static'));
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<html><body>console-index</body></html>');
  fs.writeFileSync(path.join(staticDir, 'demo', 'index.html'), '<html><body>demo-index</body></html>');
  fs.writeFileSync(path.join(staticDir, 'static', 'version.txt'), '1.2.3,2026-11-23T00:00:00.000Z\n');
  fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1)');

  t = await createTestApp({
    staticDir,
    logger: { level: 'error', stream: logStream },
    extend(app) {
      app.get('/dps-server/test/crash', async () => {
        throw new Error('secret database detail at /srv/db.ts:42');
      });
      app.get('/base/test/crash', async () => {
        throw new TypeError('boom');
      });
      app.post('/dps-server/test/overflow', async () => {
        // A number the column type cannot hold, raised by the real database.
        await t.db.transaction().execute(async (trx) => {
          await sql`select ${'99999999999'}::int4`.execute(trx);
        });
        return { resultCode: 1000, resultData: null };
      });
      app.get('/dps-server/test/conflict', async () => {
        throw new AppError(4009, '单号已存在');
      });
      app.get('/dps-server/test/export', { config: { authority: 'ACTION_PRODUCTION_ORDER_EXPORT' } }, async () => ({
        resultCode: 1000,
        resultData: 'exported',
      }));
      // Results already written as JSON text, in each family's envelope; the last one outside its declared shape.
      const Pair = Type.Object({ name: Type.String(), count: Type.Integer() });
      mount(app, get('/dps-server/test/json-text', { response: Pair, session: true }), async () => new JsonText('{"name":"纸箱\\"一号\\"","count":3}'));
      mount(app, get('/base/test/json-text', { response: Pair, session: true }), async () => new JsonText('{"name":"纸板","count":4}'));
      mount(app, get('/dps-server/platform/user_config/test/json-text', { response: Pair, session: true }), async () => new JsonText('{"name":"配置","count":5}'));
      mount(app, get('/dps-server/test/json-text-wrong', { response: Pair, session: true }), async () => new JsonText('{"name":"纸箱","count":"三"}'));
      app.get<{ Querystring: { page: number } }>(
        '/dps-server/test/page',
        { schema: { querystring: Type.Object({ page: Type.Integer({ title: '页码', minimum: 1 }) }) } },
        async (request) => ({ resultCode: 1000, resultData: request.query.page }),
      );
    },
  });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe('error handler', () => {
  it('hides crash details: HTTP 500 with 5000 服务器内部错误 and no stack', async () => {
    const token = await loginAs(t.app, 'admin', 'admin123');
    const response = await t.app.inject({ method: 'GET', url: '/dps-server/test/crash', headers: bearer(token) });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ resultCode: 5000, resultMsg: '服务器内部错误' });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('.ts');
    // The details go to the server log instead.
    expect(logLines.join('')).toContain('secret database detail at /srv/db.ts:42');

    const base = await t.app.inject({ method: 'GET', url: '/base/test/crash', headers: bearer(token) });
    expect(base.statusCode).toBe(500);
    expect(base.json()).toEqual({ success: false, code: 5000, message: '服务器内部错误' });
  });

  it('refuses numbers a column cannot hold as 4000, not as a crash', async () => {
    const token = await loginAs(t.app, 'admin', 'admin123');
    const overflow = await t.app.inject({ method: 'POST', url: '/dps-server/test/overflow', headers: bearer(token), payload: {} });
    expect(overflow.statusCode).toBe(200);
    expect(overflow.json()).toEqual({ resultCode: 4000, resultMsg: '数值超出允许范围' });
    // Ids larger than any key are refused by the contract, naming the array rather than a position in it.
    const ids = await t.app.inject({ method: 'POST', url: '/dps-server/workshop/delete_batch', headers: bearer(token), payload: { ids: [1e20] } });
    expect(ids.json()).toEqual({ resultCode: 4000, resultMsg: '所选数据不能大于2147483647' });
  });

  it('answers business failures in the family envelope with HTTP 200', async () => {
    const token = await loginAs(t.app, 'admin', 'admin123');
    const response = await t.app.inject({ method: 'GET', url: '/dps-server/test/conflict', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ resultCode: 4009, resultMsg: '单号已存在' });
  });

  it('validates query strings with coercion and names the field', async () => {
    const token = await loginAs(t.app, 'admin', 'admin123');
    const good = await t.app.inject({ method: 'GET', url: '/dps-server/test/page?page=3', headers: bearer(token) });
    expect(good.json()).toEqual({ resultCode: 1000, resultData: 3 });
    const bad = await t.app.inject({ method: 'GET', url: '/dps-server/test/page?page=0', headers: bearer(token) });
    expect(bad.json()).toEqual({ resultCode: 4000, resultMsg: '页码不能小于1' });
  });

  it('sends a result written as JSON text inside its family’s envelope as it is, still checked against the declared response', async () => {
    for (const family of ['base', 'succeed', 'result'] as Family[]) {
      const data = { name: '纸箱 "一号" \\ 😀', count: 3, rows: [null, true, 1.5] };
      expect(JSON.parse(okText(family, JSON.stringify(data)))).toEqual(ok(family, data));
    }
    const token = await loginAs(t.app, 'admin', 'admin123');
    const answers = await Promise.all(
      ['/dps-server/test/json-text', '/base/test/json-text', '/dps-server/platform/user_config/test/json-text'].map((url) => t.app.inject({ method: 'GET', url, headers: bearer(token) })),
    );
    expect(answers.map((answer) => answer.headers['content-type'])).toEqual(Array(3).fill('application/json; charset=utf-8'));
    expect(answers.map((answer) => answer.json())).toEqual([
      { resultCode: 1000, resultData: { name: '纸箱"一号"', count: 3 } },
      { success: true, code: 200, data: { name: '纸板', count: 4 } },
      { succeed: true, body: { name: '配置', count: 5 } },
    ]);
    const wrong = await t.app.inject({ method: 'GET', url: '/dps-server/test/json-text-wrong', headers: bearer(token) });
    expect(wrong.json()).toEqual({ resultCode: 5000, resultMsg: '服务器内部错误' });
  });

  it('answers malformed JSON with 4000 and no parser detail', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/base/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin",',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: false, code: 4000, message: '请求数据格式不正确' });
  });
});

describe('permissions', () => {
  it('lets a holder of the route authority through and refuses others with 4003', async () => {
    const admin = await loginAs(t.app, 'admin', 'admin123');
    expect((await t.app.inject({ method: 'GET', url: '/dps-server/test/export', headers: bearer(admin) })).json()).toEqual({
      resultCode: 1000,
      resultData: 'exported',
    });
    for (const [username, password] of [
      ['noperm', 'noperm123'],
      ['qc', 'qc123456'],
    ]) {
      const token = await loginAs(t.app, username!, password!);
      const response = await t.app.inject({ method: 'GET', url: '/dps-server/test/export', headers: bearer(token) });
      expect(response.json()).toEqual({ resultCode: 4003, resultMsg: '没有操作权限' });
    }
  });

  it('answers unknown API paths with 4004 in the family envelope', async () => {
    const admin = await loginAs(t.app, 'admin', 'admin123');
    const response = await t.app.inject({ method: 'GET', url: '/dps-server/nothing/here', headers: bearer(admin) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ resultCode: 4004, resultMsg: '请求的接口不存在' });
  });
});

describe('static console', () => {
  const html = { accept: 'text/html,application/xhtml+xml' };

  it('serves the console at / and the demo portal at /demo/ without caching index.html', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('console-index');
    expect(root.headers['cache-control']).toBe('no-cache');
    const demo = await t.app.inject({ method: 'GET', url: '/demo/?path=/device-info', headers: html });
    expect(demo.body).toContain('demo-index');
    expect(demo.headers['cache-control']).toBe('no-cache');
  });

  it('serves static/version.txt uncached and assets as files', async () => {
    const version = await t.app.inject({ method: 'GET', url: '/static/version.txt?t=123' });
    expect(version.body).toBe('1.2.3,2026-11-23T00:00:00.000Z\n');
    expect(version.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log(1)');
  });

  it('falls back to the console for history routes, but not for API paths or non-html requests', async () => {
    const deep = await t.app.inject({ method: 'GET', url: '/device-info?tab=1', headers: html });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('console-index');
    expect(deep.headers['cache-control']).toBe('no-cache');
    const demoDeep = await t.app.inject({ method: 'GET', url: '/demo/some/where', headers: html });
    expect(demoDeep.body).toContain('demo-index');
    const demoBare = await t.app.inject({ method: 'GET', url: '/demo', headers: html });
    expect(demoBare.body).toContain('demo-index');
    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/base/nothing', headers: html });
    expect(api.statusCode).toBe(401);
  });

  it('answers paths outside the API that name no file with HTTP 404, also when sent raw (no client normalises ..)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = (target: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
        let answer = '';
        socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    for (const target of ['/../../etc/passwd', '/static/../../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fetc/passwd']) {
      const answer = await raw(target);
      expect(answer.split('\r\n')[0], target).toBe('HTTP/1.1 404 Not Found');
      expect(answer).not.toContain('root:');
    }
  });
});
