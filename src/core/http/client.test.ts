import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../contracts';
import { createMemoryStorage } from '../storage';
import {
  configureSession,
  onSessionEvent,
  sessionStore,
  setMode,
  setToken,
  setUser,
  type SessionEvent,
} from '../session/session.store';
import { createHttpClient, HttpError, type ErrorReport } from './client';

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: string;
}

const seen: Seen[] = [];
/** Paths whose connection closed before the server answered (i.e. the client aborted). */
const aborted: string[] = [];
let server: Server;
let baseURL = '';

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

function handle(req: IncomingMessage, res: ServerResponse, body: string) {
  const url = new URL(req.url ?? '/', 'http://local');
  const query = Object.fromEntries(url.searchParams);
  seen.push({ method: req.method ?? '', path: url.pathname, query, headers: req.headers, body });
  switch (url.pathname) {
    case '/result/ok':
      return json(res, 200, { resultCode: 1000, resultData: { query, body: body ? JSON.parse(body) : null } });
    case '/base/ok':
      return json(res, 200, { success: true, code: 200, data: { nickName: '管理员' } });
    case '/config/ok':
      return json(res, 200, { succeed: true, body: { quickSearchParams: '{"a":1}' } });
    case '/result/fail':
      return json(res, 200, { resultCode: Number(query.code ?? 4000), resultMsg: '计划数量不能为空' });
    case '/base/fail':
      return json(res, 200, { success: false, code: 4000, message: '用户名或密码错误' });
    case '/config/fail':
      return json(res, 200, { succeed: false, message: '配置保存失败' });
    case '/expired':
      return json(res, 200, { resultCode: 1003, resultMsg: '没有登录或登录超时，请重新登录!' });
    case '/superseded':
      return json(res, 200, { resultCode: 5001, resultMsg: '重复请求' });
    case '/status': {
      const status = Number(query.code);
      return json(res, status, { resultCode: status, resultMsg: status === 404 ? '接口不存在' : '服务器内部错误' });
    }
    case '/slow': {
      const timer = setTimeout(() => json(res, 200, { resultCode: 1000, resultData: 'late' }), Number(query.ms));
      res.on('close', () => {
        if (!res.writableFinished) {
          clearTimeout(timer);
          aborted.push(url.pathname + url.search);
        }
      });
      return;
    }
    case '/export': {
      res.writeHead(200, {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('生产订单.xlsx')}`,
      });
      return res.end(Buffer.from('PK\u0003\u0004fake-xlsx'));
    }
    case '/export-plain':
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return res.end(Buffer.from('xlsx-bytes'));
    case '/export-fail':
      return json(res, 200, { resultCode: 4003, resultMsg: '没有导出权限' });
    default:
      return json(res, 404, { message: 'no route' });
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const user: UserInfo = {
  userId: 7,
  username: 'admin',
  nickName: '管理员',
  orgId: 1001,
  orgName: '示例纸箱厂',
  enterpriseId: 9001,
  mobile: '13800000000',
  expireTime: null,
  accountSurplusDay: null,
  remindType: '',
  authorities: [],
  roleBaseResponses: [],
  attrs: { applicationId: 'app-42' },
  orgList: [],
};

function setup(extra: Parameters<typeof createHttpClient>[0] = {}) {
  const notifier = { error: vi.fn(), warning: vi.fn() };
  const reports: ErrorReport[] = [];
  const client = createHttpClient({ baseURL, notifier, reporter: { report: (e) => reports.push(e) }, ...extra });
  return { ...client, notifier, reports };
}

/** Resolves to 'pending' when the promise has not settled within ms. */
async function stateAfter(promise: Promise<unknown>, ms: number): Promise<'pending' | 'resolved' | 'rejected'> {
  let state: 'pending' | 'resolved' | 'rejected' = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return state;
}

let reload: ReturnType<typeof vi.fn<() => void>>;
let events: SessionEvent[];
let unsubscribe: () => void;

beforeEach(() => {
  seen.length = 0;
  aborted.length = 0;
  vi.stubGlobal('sessionStorage', createMemoryStorage());
  vi.stubGlobal('localStorage', createMemoryStorage());
  reload = vi.fn<() => void>();
  configureSession({ reload });
  setMode('standalone');
  setToken(null);
  setUser(null);
  events = [];
  unsubscribe = onSessionEvent((event) => events.push(event));
});

afterEach(() => {
  unsubscribe();
  vi.unstubAllGlobals();
});

describe('headers', () => {
  it('sends every spec header with the session token and user', async () => {
    setToken('tok-123');
    setUser(user);
    const { http } = setup();
    await http.get('/result/ok');
    const headers = seen[0]!.headers;
    expect(headers['x_request_source']).toBe('PC');
    expect(headers['x_system_version']).toBe('12');
    expect(headers['x_client_version']).toBe('test');
    expect(headers['x_account_model']).toBe('2');
    expect(headers['applicationid']).toBe('app-42');
    expect(headers['authorization']).toBe('bearer tok-123');
    expect(headers['access_token']).toBe('tok-123');
    expect(headers['x_operator_id']).toBe('7');
    expect(headers['x_enterprise_id']).toBe('9001');
  });

  it('sends only the known headers without a session, enterprise defaulting to 8888', async () => {
    const { http } = setup({ headers: () => ({ X_TRACE: 'host' }) });
    await http.get('/result/ok', undefined, { headers: { X_EXTRA: 'call' } });
    const headers = seen[0]!.headers;
    expect(headers['authorization']).toBeUndefined();
    expect(headers['access_token']).toBeUndefined();
    expect(headers['x_operator_id']).toBeUndefined();
    expect(headers['x_enterprise_id']).toBe('8888');
    expect(headers['applicationid']).toBe('mes-pc');
    expect(headers['x_trace']).toBe('host');
    expect(headers['x_extra']).toBe('call');
  });
});

describe('params', () => {
  it('trims, drops empty values and comma-joins arrays on GET', async () => {
    const { http } = setup();
    const data = await http.get<{ query: Record<string, string> }>('/result/ok', {
      name: '  纸箱  ',
      empty: '   ',
      nothing: null,
      missing: undefined,
      ids: [' 1', 2, '', '3 '],
      none: [],
      zero: 0,
      flag: false,
    });
    expect(data.query).toEqual({ name: '纸箱', ids: '1,2,3', zero: '0', flag: 'false' });
  });

  it('keeps empty query values on POST but still trims and joins, and sends the JSON body as is', async () => {
    const { http } = setup();
    const data = await http.post<{ query: Record<string, string>; body: unknown }>(
      '/result/ok',
      { remark: '  keep  ' },
      { params: { a: ' x ', b: '', c: ['p', 'q'] } },
    );
    expect(data.query).toEqual({ a: 'x', b: '', c: 'p,q' });
    expect(data.body).toEqual({ remark: '  keep  ' });
  });
});

describe('envelopes', () => {
  it('unwraps resultCode/resultData, success/data and succeed/body', async () => {
    const { http, notifier } = setup();
    await expect(http.get('/result/ok', { q: 'v' })).resolves.toEqual({ query: { q: 'v' }, body: null });
    await expect(http.get('/base/ok')).resolves.toEqual({ nickName: '管理员' });
    await expect(http.get('/config/ok')).resolves.toEqual({ quickSearchParams: '{"a":1}' });
    expect(notifier.error).not.toHaveBeenCalled();
  });
});

describe('error catalogue', () => {
  it('shows resultMsg as an error for 2 s, reports it and rejects with the code', async () => {
    const { http, notifier, reports } = setup();
    const error = await http.get('/result/fail', { code: 4009 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).code).toBe(4009);
    expect((error as HttpError).message).toBe('计划数量不能为空');
    expect(notifier.error).toHaveBeenCalledWith('计划数量不能为空', 2);
    expect(reports).toEqual([
      { kind: 'business', url: '/result/fail', method: 'GET', code: 4009, message: '计划数量不能为空' },
    ]);
  });

  it('shows the message of the success/code/message and succeed/message envelopes', async () => {
    const { http, notifier } = setup();
    await expect(http.post('/base/fail', {})).rejects.toMatchObject({ code: 4000, message: '用户名或密码错误' });
    await expect(http.post('/config/fail', {})).rejects.toMatchObject({ message: '配置保存失败' });
    expect(notifier.error.mock.calls).toEqual([
      ['用户名或密码错误', 2],
      ['配置保存失败', 2],
    ]);
  });

  it('hides the message when the call asks, but still reports and rejects', async () => {
    const { http, notifier, reports } = setup();
    await expect(http.get('/result/fail', undefined, { hideError: true })).rejects.toBeInstanceOf(HttpError);
    expect(notifier.error).not.toHaveBeenCalled();
    expect(reports).toHaveLength(1);
  });

  it('1003: warns, then logs out (standalone reloads), once for parallel requests', async () => {
    setToken('old-token');
    sessionStorage.setItem('mes_factory_id', '1001');
    const { http, notifier } = setup();
    const results = await Promise.allSettled([http.get('/expired'), http.get('/expired')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(notifier.warning.mock.calls).toEqual([['没有登录或登录超时，请重新登录!']]);
    expect(notifier.error).not.toHaveBeenCalled();
    expect(events).toEqual([{ type: 'expired', reason: 'expired' }]);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStore.getState().token).toBeNull();
    expect(sessionStorage.getItem('mes_token')).toBeNull();
    expect(sessionStorage.getItem('mes_factory_id')).toBeNull();
  });

  it('1003 in embedded mode: no reload, the session event instead', async () => {
    setMode('embedded');
    setToken('host-token');
    const { http } = setup();
    await expect(http.get('/expired')).rejects.toMatchObject({ code: 1003 });
    expect(events).toEqual([{ type: 'expired', reason: 'expired' }]);
    expect(reload).not.toHaveBeenCalled();
  });

  it('1003 or 401 without any session: the warning, but no logout (no reload loop)', async () => {
    const { http, notifier } = setup();
    await expect(http.get('/expired')).rejects.toMatchObject({ code: 1003 });
    await expect(http.get('/status', { code: 401 })).rejects.toMatchObject({ status: 401 });
    expect(notifier.warning).toHaveBeenCalledWith('没有登录或登录超时，请重新登录!');
    expect(reload).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });

  it('1003 of a sessionless call (a kiosk key, a phone link): its own refusal, the user stays logged in', async () => {
    setToken('user-token');
    const { http, notifier } = setup();
    await expect(http.get('/expired', undefined, { sessionless: true, hideError: true })).rejects.toMatchObject({ code: 1003 });
    expect(notifier.warning).not.toHaveBeenCalled();
    expect(events).toEqual([]);
    expect(sessionStore.getState().token).toBe('user-token');
  });

  it('5001: silently ignored, the promise never settles', async () => {
    const { http, notifier, reports } = setup();
    expect(await stateAfter(http.get('/superseded'), 300)).toBe('pending');
    expect(seen).toHaveLength(1);
    expect(notifier.error).not.toHaveBeenCalled();
    expect(notifier.warning).not.toHaveBeenCalled();
    expect(reports).toHaveLength(0);
  });

  it('HTTP 401: logs out and remembers the tip flag, without a message', async () => {
    setToken('revoked');
    const { http, notifier, reports } = setup();
    const error = await http.get('/status', { code: 401 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
    expect(sessionStorage.getItem('mes_unauthorized_tip')).toBe('1');
    expect(sessionStore.getState().token).toBeNull();
    expect(events).toEqual([{ type: 'expired', reason: 'unauthorized' }]);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(notifier.warning).not.toHaveBeenCalled();
    expect(reports[0]).toMatchObject({ kind: 'http', status: 401, method: 'GET', url: '/status' });
  });

  it('HTTP 500: the network warning, reported with details', async () => {
    const { http, notifier, reports } = setup();
    await expect(http.post('/status', {}, { params: { code: 500 } })).rejects.toMatchObject({ status: 500 });
    expect(notifier.warning).toHaveBeenCalledWith('网络正在开小差，请检查网络连接或稍后重试');
    expect(reports).toEqual([
      { kind: 'http', url: '/status', method: 'POST', status: 500, code: 500, message: '服务器内部错误' },
    ]);
    expect(events).toEqual([]);
  });

  it('other HTTP errors: the server message as a warning', async () => {
    const { http, notifier } = setup();
    await expect(http.get('/status', { code: 404 })).rejects.toMatchObject({ status: 404, message: '接口不存在' });
    expect(notifier.warning).toHaveBeenCalledWith('接口不存在');
  });

  it('network failures are reported and warned', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { http, notifier, reports } = setup({ baseURL: `http://127.0.0.1:${port}` });
    await expect(http.get('/anything')).rejects.toBeInstanceOf(HttpError);
    expect(notifier.warning).toHaveBeenCalledWith('网络正在开小差，请检查网络连接或稍后重试');
    expect(reports[0]).toMatchObject({ kind: 'network', url: '/anything', code: 'ECONNREFUSED' });
  });

  it('a throwing reporter does not break the request flow', async () => {
    const client = createHttpClient({ baseURL, reporter: { report: () => { throw new Error('down'); } } });
    await expect(client.http.get('/result/fail')).rejects.toBeInstanceOf(HttpError);
  });
});

describe('timeouts', () => {
  it('uses 15 s by default, 300 s for exports, and a per-client or per-call timeout fails the call', async () => {
    const { http, axios } = setup({ saveFile: () => undefined });
    const timeouts: (number | undefined)[] = [];
    axios.interceptors.request.use((config) => {
      timeouts.push(config.timeout);
      return config;
    });
    await http.get('/result/ok');
    await http.exportFile('/export', {}, '订单');
    expect(timeouts).toEqual([15_000, 300_000]);

    const short = setup({ timeout: 100 });
    const started = Date.now();
    const error = await short.http.get('/slow', { ms: 2000 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(error).toMatchObject({ code: 'ECONNABORTED' });
    expect(short.reports[0]).toMatchObject({ kind: 'network', url: '/slow' });
    expect(short.notifier.warning).toHaveBeenCalledWith('网络正在开小差，请检查网络连接或稍后重试');

    const perCall = setup();
    await expect(perCall.http.get('/slow', { ms: 2000 }, { timeout: 100 })).rejects.toMatchObject({
      code: 'ECONNABORTED',
    });
  });
});

describe('route-scoped cancellation', () => {
  it('aborts pending route requests, which never settle; session calls go on', async () => {
    const { http, cancelRouteRequests, pendingRouteRequests, notifier, reports } = setup();
    const routeCall = http.get('/slow', { ms: 1500, n: 1 });
    const sessionCall = http.get<string>('/slow', { ms: 300, n: 2 }, { routeScoped: false });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pendingRouteRequests()).toBe(1);
    cancelRouteRequests();
    expect(pendingRouteRequests()).toBe(0);
    await expect(sessionCall).resolves.toBe('late');
    expect(await stateAfter(routeCall, 1600)).toBe('pending');
    // Only requests of this test carry `n` (earlier timed-out ones may close late).
    expect(aborted.filter((path) => path.includes('n='))).toEqual(['/slow?ms=1500&n=1']);
    expect(notifier.warning).not.toHaveBeenCalled();
    expect(reports).toHaveLength(0);
  });

  it('later requests are not affected by an earlier cancel', async () => {
    const { http, cancelRouteRequests } = setup();
    cancelRouteRequests();
    await expect(http.get('/base/ok')).resolves.toEqual({ nickName: '管理员' });
  });
});

describe('export', () => {
  it('POSTs, saves the blob as xlsx named by Content-Disposition', async () => {
    const saved: { blob: Blob; name: string }[] = [];
    const { http } = setup({ saveFile: (blob, name) => saved.push({ blob, name }) });
    const result = await http.exportFile('/export', { status: 1 }, '订单导出');
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/export', body: '{"status":1}' });
    expect(result).toEqual({ fileName: '生产订单.xlsx', size: Buffer.byteLength('PK\u0003\u0004fake-xlsx') });
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('生产订单.xlsx');
    expect(await saved[0]!.blob.text()).toBe('PK\u0003\u0004fake-xlsx');
  });

  it('falls back to the given name plus .xlsx', async () => {
    const saved: string[] = [];
    const { http } = setup({ saveFile: (_blob, name) => saved.push(name) });
    await http.exportFile('/export-plain', {}, '设备台账');
    expect(saved).toEqual(['设备台账.xlsx']);
  });

  it('getBlob GETs a file as a blob with the session headers; a JSON failure goes through the catalogue', async () => {
    setToken('tok-blob');
    const { http, notifier } = setup();
    const blob = await http.getBlob('/export-plain', { url: 'a/b.png' });
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/export-plain', query: { url: 'a/b.png' } });
    expect(seen[0]!.headers.authorization).toBe('bearer tok-blob');
    expect(await blob.text()).toBe('xlsx-bytes');
    await expect(http.getBlob('/export-fail')).rejects.toMatchObject({ code: 4003 });
    expect(notifier.error).toHaveBeenCalledWith('没有导出权限', 2);
  });

  it('a JSON failure answer goes through the catalogue and saves nothing', async () => {
    const saveFile = vi.fn();
    const { http, notifier } = setup({ saveFile });
    await expect(http.exportFile('/export-fail', {}, 'x')).rejects.toMatchObject({ code: 4003 });
    expect(notifier.error).toHaveBeenCalledWith('没有导出权限', 2);
    expect(saveFile).not.toHaveBeenCalled();
  });
});
