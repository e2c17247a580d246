import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResultCode } from '@core/contracts/common';
import { AppError, Messages } from './envelopes';

/** Deepest nesting of objects and arrays a JSON body may have (the deepest declared request is far less). */
export const MAX_JSON_DEPTH = 32;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether JSON text nests objects/arrays deeper than `limit`: one pass over the text, before parsing it. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * JSON bodies: nesting deeper than MAX_JSON_DEPTH is refused (4000 请求数据嵌套层级过深) before the
 * text is parsed, so no parser, validator or serializer ever recurses through it; then Fastify's
 * own parser (prototype keys `__proto__` / `constructor.prototype` are refused).
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body: string | Buffer, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(new AppError(ResultCode.VALIDATION, Messages.TOO_DEEP), undefined);
      return parse(request, text, done);
    });
  },
  { name: 'mes-json-body' },
);
