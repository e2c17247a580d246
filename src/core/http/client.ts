import axios, { type AxiosRequestConfig, type AxiosResponse, type Method } from 'axios';
import { ResultCode } from '../contracts';
import {
  ACCOUNT_MODEL,
  APPLICATION_ID,
  DEFAULT_ENTERPRISE_ID,
  EXPORT_TIMEOUT_MS,
  REQUEST_SOURCE,
  REQUEST_TIMEOUT_MS,
  STORAGE_KEYS,
  SYSTEM_ID,
} from '../constants';
import { getToken, getUser, logout, type LogoutReason } from '../session/session.store';
import { sessionStorageOf } from '../storage';
import { BUILD_VERSION } from '../version';
import { fileNameFromDisposition, saveBlob, xlsxFileName } from './download';
import { readEventStream, type EventStreamHandlers } from './event-stream';
import { serverMessage, unwrapEnvelope } from './envelope';
import { prepareParams, type QueryParams } from './params';

/** Spec §8 messages, to the character. */
export const HTTP_MESSAGES = {
  expired: '没有登录或登录超时，请重新登录!',
  network: '网络正在开小差，请检查网络连接或稍后重试',
} as const;
/** Seconds a business error stays on screen (spec §8). */
export const BUSINESS_ERROR_SECONDS = 2;

export interface Notifier {
  error(text: string, seconds?: number): void;
  warning(text: string, seconds?: number): void;
}

export interface ErrorReport {
  kind: 'business' | 'http' | 'network';
  url: string;
  method: string;
  code?: number | string;
  status?: number;
  message: string;
}

export interface ErrorReporter {
  report(event: ErrorReport): void;
}

export interface HttpRuntime {
  /** '' means same origin. */
  baseURL: string;
  notifier: Notifier;
  reporter: ErrorReporter;
  /** Extra headers computed per request (merged after the spec headers). */
  headers?: () => Record<string, string>;
  /** Saves an exported file; defaults to an object URL and a temporary anchor. */
  saveFile: (blob: Blob, fileName: string) => void;
  /** Session logout; defaults to core/session logout. */
  logout: (reason: LogoutReason) => void;
  /** Default request timeout (15 s, spec §9); exports use 300 s. */
  timeout: number;
}

export interface RequestOptions {
  /** Do not show the failure message (the catalogue's logout handling still applies). */
  hideError?: boolean;
  timeout?: number;
  /** Cancelled by cancelRouteRequests() when the route is left; default true. */
  routeScoped?: boolean;
  headers?: Record<string, string>;
  /** Query params for POST / PUT / DELETE (GET takes them as its second argument). */
  params?: QueryParams;
  /** Request body for DELETE. */
  data?: unknown;
  /**
   * Called without a user session (a kiosk's machine key, a phone's upload link): a 1003 answer is
   * this call's own refusal, not the user's session ending, so nobody is logged out or warned.
   */
  sessionless?: boolean;
}

export interface ExportResult {
  fileName: string;
  size: number;
}

/** What failed calls reject with. */
export class HttpError extends Error {
  code?: number | string;
  status?: number;
  /** The response body, when there was one. */
  data?: unknown;

  constructor(message: string, init: { code?: number | string; status?: number; data?: unknown } = {}) {
    super(message);
    this.name = 'HttpError';
    this.code = init.code;
    this.status = init.status;
    this.data = init.data;
  }
}

const silentNotifier: Notifier = { error: () => undefined, warning: () => undefined };
const consoleReporter: ErrorReporter = {
  report: (event) => console.warn('[http]', event),
};

/** Headers of DECISIONS.md "Auth", only those known. */
export function specHeaders(): Record<string, string> {
  const token = getToken();
  const user = getUser();
  const headers: Record<string, string> = {
    X_REQUEST_SOURCE: REQUEST_SOURCE,
    X_SYSTEM_VERSION: String(SYSTEM_ID),
    X_CLIENT_VERSION: BUILD_VERSION,
    X_ACCOUNT_MODEL: String(ACCOUNT_MODEL),
    applicationId: user?.attrs?.applicationId || APPLICATION_ID,
    X_ENTERPRISE_ID: String(user?.enterpriseId ?? DEFAULT_ENTERPRISE_ID),
  };
  if (token) {
    headers.Authorization = `bearer ${token}`;
    headers.access_token = token;
  }
  if (user) headers.X_OPERATOR_ID = String(user.userId);
  return headers;
}

/** A promise that never settles: what cancelled and superseded requests return (spec §8). */
const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

interface CallContext {
  method: string;
  url: string;
  opts: RequestOptions;
  token: string | null;
}

export function createHttpClient(initial: Partial<HttpRuntime> = {}) {
  const runtime: HttpRuntime = {
    baseURL: '',
    notifier: silentNotifier,
    reporter: consoleReporter,
    saveFile: (blob, fileName) => saveBlob(blob, fileName),
    logout,
    timeout: REQUEST_TIMEOUT_MS,
    ...initial,
  };
  const instance = axios.create({ timeout: REQUEST_TIMEOUT_MS });
  const routeControllers = new Set<AbortController>();
  // Parallel requests expiring together log out (and warn) once per token.
  let expiredToken: string | null | undefined;

  function configure(options: Partial<HttpRuntime>): void {
    Object.assign(runtime, options);
  }

  function cancelRouteRequests(): void {
    for (const controller of routeControllers) controller.abort();
    routeControllers.clear();
  }

  function report(event: ErrorReport): void {
    try {
      runtime.reporter.report(event);
    } catch {
      // A broken reporter must never break the request flow.
    }
  }

  function sessionLost(ctx: CallContext, reason: LogoutReason, warn: boolean): void {
    if (expiredToken !== undefined && expiredToken === ctx.token) return;
    expiredToken = ctx.token;
    if (warn) runtime.notifier.warning(HTTP_MESSAGES.expired);
    // Without any session there is nothing to log out, and a standalone reload could loop.
    if (ctx.token === null && getToken() === null) return;
    runtime.logout(reason);
  }

  /** Applies the catalogue to a response body; resolves with the unwrapped data. */
  function settle<T>(body: unknown, ctx: CallContext): Promise<T> {
    const result = unwrapEnvelope(body);
    if (result.ok) return Promise.resolve(result.data as T);
    const code = result.code;
    if (Number(code) === ResultCode.SUPERSEDED) return never();
    const message = result.message ?? '操作失败';
    report({ kind: 'business', url: ctx.url, method: ctx.method, code, message });
    if (Number(code) === ResultCode.NOT_LOGGED_IN && !ctx.opts.sessionless) {
      sessionLost(ctx, 'expired', true);
    } else if (!ctx.opts.hideError) {
      runtime.notifier.error(message, BUSINESS_ERROR_SECONDS);
    }
    return Promise.reject(new HttpError(message, { code, data: body }));
  }

  async function transportFailure(error: unknown, ctx: CallContext): Promise<never> {
    const response = axios.isAxiosError(error) ? error.response : undefined;
    if (!response) {
      const message = error instanceof Error ? error.message : String(error);
      const code = axios.isAxiosError(error) ? error.code : undefined;
      report({ kind: 'network', url: ctx.url, method: ctx.method, code, message });
      if (!ctx.opts.hideError) runtime.notifier.warning(HTTP_MESSAGES.network);
      throw new HttpError(message, { code });
    }
    const status = response.status;
    const body = await readBody(response.data);
    const bodyCode = unwrapEnvelope(body).code;
    const message = serverMessage(body) ?? `请求失败（${status}）`;
    report({ kind: 'http', url: ctx.url, method: ctx.method, status, code: bodyCode, message });
    if (status === 401) {
      sessionStorageOf().setItem(STORAGE_KEYS.unauthorizedTip, '1');
      sessionLost(ctx, 'unauthorized', false);
    } else if (!ctx.opts.hideError) {
      runtime.notifier.warning(status === 500 ? HTTP_MESSAGES.network : message);
    }
    throw new HttpError(message, { status, code: bodyCode, data: body });
  }

  function contextOf(method: string, url: string, opts: RequestOptions): CallContext {
    return { method: method.toUpperCase(), url, opts, token: getToken() };
  }

  async function send(config: AxiosRequestConfig, ctx: CallContext): Promise<AxiosResponse> {
    const { opts } = ctx;
    const routeScoped = opts.routeScoped ?? true;
    const controller = new AbortController();
    if (routeScoped) routeControllers.add(controller);
    try {
      const response = await instance.request({
        ...config,
        baseURL: runtime.baseURL || undefined,
        timeout: opts.timeout ?? config.timeout ?? runtime.timeout,
        signal: controller.signal,
        headers: { ...specHeaders(), ...runtime.headers?.(), ...opts.headers },
      });
      if (controller.signal.aborted) return never();
      return response;
    } catch (error) {
      if (controller.signal.aborted || axios.isCancel(error)) return never();
      return transportFailure(error, ctx);
    } finally {
      routeControllers.delete(controller);
    }
  }

  async function call<T>(method: Method, url: string, config: AxiosRequestConfig, opts: RequestOptions = {}): Promise<T> {
    const ctx = contextOf(method, url, opts);
    const response = await send({ ...config, method, url }, ctx);
    return settle<T>(response.data, ctx);
  }

  const http = {
    get<T>(url: string, params?: QueryParams, opts?: RequestOptions): Promise<T> {
      return call<T>('get', url, { params: prepareParams(params, true) }, opts);
    },
    post<T>(url: string, body?: unknown, opts?: RequestOptions): Promise<T> {
      return call<T>('post', url, { data: body, params: prepareParams(opts?.params, false) }, opts);
    },
    put<T>(url: string, body?: unknown, opts?: RequestOptions): Promise<T> {
      return call<T>('put', url, { data: body, params: prepareParams(opts?.params, false) }, opts);
    },
    delete<T>(url: string, params?: QueryParams, opts?: RequestOptions): Promise<T> {
      return call<T>('delete', url, { params: prepareParams(params, false), data: opts?.data }, opts);
    },
    /**
     * GET with a blob response (stored files through download_url): the session's headers and the
     * catalogue apply as to every call; a JSON answer is an envelope, never a file.
     */
    async getBlob(url: string, params?: QueryParams, opts: RequestOptions = {}): Promise<Blob> {
      const ctx = contextOf('get', url, opts);
      const response = await send({ method: 'get', url, params: prepareParams(params, true), responseType: 'blob' }, ctx);
      const contentType = String(response.headers['content-type'] ?? '');
      if (contentType.includes('json')) {
        await settle(await readBody(response.data), ctx);
        throw new HttpError('文件下载失败', { status: response.status });
      }
      return toBlob(response.data, contentType);
    },
    /**
     * A server-sent event stream (`text/event-stream`) with the session's headers, reconnecting by
     * itself after a drop; a JSON answer is an envelope (e.g. session lost) and goes through the
     * catalogue, ending the stream. Returns `close()`.
     */
    eventStream(url: string, handlers: EventStreamHandlers): { close(): void } {
      return readEventStream(
        {
          async open(signal) {
            const response = await fetch(`${runtime.baseURL}${url}`, { headers: { ...specHeaders(), ...runtime.headers?.(), accept: 'text/event-stream' }, signal });
            if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) return response;
            const body = await readBody(await response.text());
            await settle(body, contextOf('get', url, {})).catch(() => undefined);
            return null;
          },
        },
        handlers,
      );
    },
    /** POST with a blob response saved as `<name>.xlsx` (Content-Disposition wins over fileName). */
    async exportFile(url: string, body?: unknown, fileName = '导出', opts: RequestOptions = {}): Promise<ExportResult> {
      const ctx = contextOf('post', url, opts);
      const response = await send(
        { method: 'post', url, data: body, responseType: 'blob', timeout: EXPORT_TIMEOUT_MS },
        ctx,
      );
      const contentType = String(response.headers['content-type'] ?? '');
      if (contentType.includes('json')) {
        // A JSON answer to an export is an envelope: failures go through the catalogue.
        await settle(await readBody(response.data), ctx);
        return { fileName: '', size: 0 };
      }
      const blob = toBlob(response.data, contentType);
      const name = xlsxFileName(fileNameFromDisposition(String(response.headers['content-disposition'] ?? '')) ?? fileName);
      runtime.saveFile(blob, name);
      return { fileName: name, size: blob.size };
    },
  };

  return {
    http,
    configure,
    cancelRouteRequests,
    pendingRouteRequests: () => routeControllers.size,
    runtime: (): Readonly<HttpRuntime> => runtime,
    /** The underlying axios instance (interceptors for tests and diagnostics). */
    axios: instance,
  };
}

function toBlob(data: unknown, type: string): Blob {
  if (data instanceof Blob) return data;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return new Blob([data as BlobPart], { type });
  return new Blob([typeof data === 'string' ? data : JSON.stringify(data)], { type });
}

/** Bodies of blob requests arrive as Blob / Buffer: read JSON out of them to find the message. */
async function readBody(data: unknown): Promise<unknown> {
  let text: string | undefined;
  if (typeof Blob !== 'undefined' && data instanceof Blob) text = await data.text();
  else if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) text = new TextDecoder().decode(data as ArrayBuffer);
  else if (typeof data === 'string') text = data;
  if (text === undefined) return data;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
