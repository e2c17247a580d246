import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EVENT_STREAM, FILE, type Endpoint, type RequestOf } from '@core/contracts/endpoint';
import type { PageResult } from '@core/contracts/common';
import { familyOf, ok, okText, type Family } from '../plugins/envelopes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract declaration the route was mounted from (set by `mount` only). */
    endpoint?: Endpoint;
  }
  interface FastifyInstance {
    /**
     * Tests: every JSON result is checked against its declared response before it is sent (a wrong
     * type or a missing field fails with 5000 and is logged), since serialisation would otherwise
     * turn a null into "" or {} without a word.
     */
    checkResponses: boolean;
  }
}

/**
 * The response schema of one family, with room for both answers (errors are sent with HTTP 200
 * through the same route): the result's fields are optional. Undeclared columns are not serialised.
 */
export function envelopeSchema(family: Family, data: TSchema): TSchema {
  switch (family) {
    case 'base':
      return Type.Object({ success: Type.Boolean(), code: Type.Number(), data: Type.Optional(data), message: Type.Optional(Type.String()) });
    case 'succeed':
      // A lost session answers this family with the result envelope's 1003 (spec §3), so both fit.
      return Type.Object({
        succeed: Type.Optional(Type.Boolean()),
        code: Type.Optional(Type.Number()),
        body: Type.Optional(data),
        message: Type.Optional(Type.String()),
        resultCode: Type.Optional(Type.Number()),
        resultMsg: Type.Optional(Type.String()),
      });
    default:
      return Type.Object({ resultCode: Type.Number(), resultData: Type.Optional(data), resultMsg: Type.Optional(Type.String()) });
  }
}

/**
 * A result already written as JSON text (rows the database keeps as JSON, e.g. the order list's):
 * `mount` sends it inside the family envelope as it is, neither parsed nor serialised again. The
 * handler answers for its shape; tests still check it against the declared response.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** A page whose rows are JSON texts, as the JSON text of the PageResult they make. */
export function pageAsJson(page: PageResult<string>): JsonText {
  return new JsonText(`{"list":[${page.list.join(',')}],"total":${page.total},"page":${page.page},"limit":${page.limit}}`);
}

/** What a handler returns: the declared result (void for NoData) or it as JSON text, or the reply it has sent itself (downloads, 401). */
export type ResultOf<E extends Endpoint> = (E['response'] extends TSchema ? Static<E['response']> | JsonText | void : unknown) | FastifyReply;
/** A JSON endpoint's handler: returns the result; `mount` wraps it in the family envelope. */
export type Handler<E extends Endpoint> = (request: FastifyRequest<RequestOf<E>>, reply: FastifyReply) => Promise<ResultOf<E>>;

/** The content type Fastify gives the JSON it serialises (a string with it is sent as it is). */
const JSON_TYPE = 'application/json; charset=utf-8';

function checked(endpoint: Endpoint, response: TSchema, result: unknown): void {
  if (Value.Check(response, result)) return;
  const issues = [...Value.Errors(response, result)].slice(0, 5).map((issue) => `${issue.path || '/'}: ${issue.message}`);
  throw new Error(`${endpoint.method} ${endpoint.path} answered outside its declared response: ${issues.join('; ')}`);
}

/**
 * Mounts one declared endpoint: method, path, request schemas, the family envelope of its response
 * (`response: { 200 }`), its access (`config.authority` / `session` / `public`) and the declaration
 * itself (`config.endpoint`, read by the route checks and the system log). JSON handlers return
 * the result; a FILE endpoint's handler sends the download itself, an EVENT_STREAM endpoint's
 * handler takes the connection over (`reply.hijack()`) and writes the stream.
 */
export function mount<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>): void {
  const family = familyOf(endpoint.path);
  const response = endpoint.response;
  const schema: Record<string, unknown> = {};
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.body) schema.body = endpoint.body;
  if (response !== FILE && response !== EVENT_STREAM) schema.response = { 200: envelopeSchema(family, response) };
  const config = { endpoint, authority: endpoint.authority, session: endpoint.session, public: endpoint.public, machine: endpoint.machine };
  app.route<RequestOf<E>>({
    method: endpoint.method,
    url: endpoint.path,
    schema,
    config,
    handler:
      response === FILE || response === EVENT_STREAM
        ? (request, reply) => handler(request, reply)
        : async (request, reply) => {
            const result = (await handler(request, reply)) ?? null;
            if (reply.sent) return reply; // answered already (e.g. 401 from a failed refresh)
            if (result instanceof JsonText) {
              if (app.checkResponses) checked(endpoint, response, JSON.parse(result.text));
              return reply.type(JSON_TYPE).send(okText(family, result.text));
            }
            if (app.checkResponses) checked(endpoint, response, result);
            return ok(family, result);
          },
  });
}
