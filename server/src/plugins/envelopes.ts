import type { FastifyRequest } from 'fastify';
import { ResultCode } from '@core/contracts/common';

/** Which envelope a path answers with (DECISIONS.md "Envelopes"). */
export type Family = 'base' | 'succeed' | 'result';

export const Messages = {
  NOT_LOGGED_IN: '没有登录或登录超时，请重新登录!',
  NO_AUTHORITY: '没有操作权限',
  ENTERPRISE_MISMATCH: '无权访问该企业数据',
  NOT_FOUND: '请求的接口不存在',
  SERVER_ERROR: '服务器内部错误',
  BAD_REQUEST: '请求数据格式不正确',
  NUMBER_OUT_OF_RANGE: '数值超出允许范围',
  TOO_DEEP: '请求数据嵌套层级过深',
} as const;

const API_PREFIXES = ['/base/', '/dps-server/', '/file/', '/account_center/'];

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The path a request is answered for: the matched route's declared path (never the URL text, whose
 * percent-encoding the router decodes: `/%62ase/…` is `/base/…`), else (no route, or the static
 * wildcard) the decoded path.
 */
export function routePath(request: FastifyRequest): string {
  const declared = request.routeOptions.url;
  // A wildcard route (the console's static files) names no path of its own.
  if (declared && !declared.includes('*')) return declared;
  const path = pathOf(request.url);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export function isApiPath(url: string): boolean {
  const path = pathOf(url);
  return API_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1));
}

export function familyOf(url: string): Family {
  const path = pathOf(url);
  if (path.startsWith('/dps-server/platform/user_config/')) return 'succeed';
  if (path.startsWith('/base/') || path === '/base') return 'base';
  return 'result';
}

/** Missing or invalid tokens are HTTP 401 on these families, resultCode 1003 elsewhere. */
export function usesHttp401(url: string): boolean {
  const path = pathOf(url);
  return path.startsWith('/base/') || path.startsWith('/file/');
}

export function ok(family: Family, data: unknown): Record<string, unknown> {
  switch (family) {
    case 'base':
      return { success: true, code: 200, data: data ?? null };
    case 'succeed':
      return { succeed: true, body: data ?? null };
    default:
      return { resultCode: ResultCode.SUCCESS, resultData: data ?? null };
  }
}

/** The two halves of each family's success envelope as JSON text, around its data (ok()'s own output, cut at a marker). */
const okHalves = new Map<Family, [string, string]>();
const DATA_MARK = '\u0000mes-data\u0000';

/** ok()'s envelope, as the JSON text the serialiser writes, around data already written as JSON text. */
export function okText(family: Family, json: string): string {
  let halves = okHalves.get(family);
  if (!halves) {
    const [before, after] = JSON.stringify(ok(family, DATA_MARK)).split(JSON.stringify(DATA_MARK)) as [string, string];
    okHalves.set(family, (halves = [before, after]));
  }
  return halves[0] + json + halves[1];
}

export function fail(family: Family, code: number, message: string): Record<string, unknown> {
  switch (family) {
    case 'base':
      return { success: false, code, message };
    case 'succeed':
      return { succeed: false, code, message };
    default:
      return { resultCode: code, resultMsg: message };
  }
}

/** A business failure: answered with HTTP 200 in the path family's envelope. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
