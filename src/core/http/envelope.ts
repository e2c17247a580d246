import { ResultCode } from '../contracts';

export type EnvelopeKind = 'result' | 'base' | 'succeed' | 'none';

export interface Unwrapped {
  kind: EnvelopeKind;
  ok: boolean;
  data: unknown;
  code?: number | string;
  message?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the three envelopes of DECISIONS.md; anything else (text, blobs) passes through as is. */
export function unwrapEnvelope(body: unknown): Unwrapped {
  if (!isObject(body)) return { kind: 'none', ok: true, data: body };
  if ('resultCode' in body) {
    const code = body.resultCode as number | string;
    const ok = Number(code) === ResultCode.SUCCESS;
    return { kind: 'result', ok, data: body.resultData, code, message: stringOrUndefined(body.resultMsg) };
  }
  if (typeof body.success === 'boolean') {
    const code = body.code as number | string | undefined;
    return { kind: 'base', ok: body.success, data: body.data, code, message: stringOrUndefined(body.message) };
  }
  if (typeof body.succeed === 'boolean') {
    const code = body.code as number | string | undefined;
    return { kind: 'succeed', ok: body.succeed, data: body.body, code, message: stringOrUndefined(body.message) };
  }
  return { kind: 'none', ok: true, data: body };
}

/** The server's own message in any family's failure body. */
export function serverMessage(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  return stringOrUndefined(body.resultMsg) ?? stringOrUndefined(body.message) ?? stringOrUndefined(body.msg);
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
