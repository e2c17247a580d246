import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelRouteRequests, configureHttp } from '../http';
import { createMemoryStorage } from '../storage';
import { authApi } from './auth.api';
import { setMode, setToken, setUser } from './session.store';

interface Seen {
  method: string;
  url: string;
  body: unknown;
  headers: IncomingMessage['headers'];
}
const seen: Seen[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body: raw ? JSON.parse(raw) : undefined, headers: req.headers });
      const url = req.url ?? '';
      res.writeHead(200, { 'content-type': 'application/json' });
      let body: unknown;
      if (url.startsWith('/base/user/info')) {
        // A slow answer: proves session calls survive a route change.
        setTimeout(() => res.end(JSON.stringify({ success: true, code: 200, data: { userId: 1, nickName: '管理员' } })), 100);
        return;
      }
      if (url.startsWith('/base/auth/login')) {
        body = { success: true, code: 200, data: { access_token: 'a'.repeat(43), token_type: 'bearer' } };
      } else if (url.startsWith('/dps-server/platform/user_config/get')) {
        body = { succeed: true, body: { quickSearchParams: '{}' } };
      } else if (url.startsWith('/dps-server/platform/user_config/replace')) {
        body = { succeed: true, body: null };
      } else if (url.startsWith('/account_center')) {
        body = { resultCode: 1000, resultData: null };
      } else {
        body = { success: true, code: 200, data: null };
      }
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureHttp({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  seen.length = 0;
  vi.stubGlobal('sessionStorage', createMemoryStorage());
  setMode('standalone');
  setToken(null);
  setUser(null);
});

describe('authApi against a real server', () => {
  it('login posts the credentials and unwraps the login info', async () => {
    const info = await authApi.login('admin', 'admin123');
    expect(info.access_token).toHaveLength(43);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/base/auth/login', body: { username: 'admin', password: 'admin123' } });
  });

  it('user info is not cancelled by a route change', async () => {
    setToken('tok');
    const pending = authApi.fetchUserInfo();
    await new Promise((resolve) => setTimeout(resolve, 20));
    cancelRouteRequests();
    await expect(pending).resolves.toEqual({ userId: 1, nickName: '管理员' });
    expect(seen[0]!.headers.authorization).toBe('bearer tok');
  });

  it('switch factory, remote logout, user config and the user action log', async () => {
    setUser({ userId: 3, enterpriseId: 8888, attrs: { applicationId: 'mes-pc' } } as never);
    await authApi.switchOrg(1002);
    await authApi.logoutRemote();
    await expect(authApi.getUserConfig()).resolves.toEqual({ quickSearchParams: '{}' });
    await authApi.replaceUserConfig({ quickSearchParams: '{"a":1}' });
    await authApi.logUserAction('btn-export');
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /base/switch/user/org/1002',
      'POST /base/auth/logout',
      'GET /dps-server/platform/user_config/get_config_params',
      'POST /dps-server/platform/user_config/replace_config_params',
      'POST /account_center/user_log',
    ]);
    expect(seen[3]!.body).toEqual({ quickSearchParams: '{"a":1}' });
    expect(seen[4]!.body).toEqual({ systemId: 12, enterpriseId: 8888, buttonId: 'btn-export' });
  });
});
