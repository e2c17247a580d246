import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResultCode } from '@core/contracts/common';
import type { RouteAuthority } from '@core/contracts/endpoint';
import { Messages, fail, familyOf, isApiPath, routePath, usesHttp401 } from './envelopes';

/** Who is calling: resolved from the access token on every API request. */
export interface Session {
  userId: number;
  username: string;
  enterpriseId: number;
  /** Current factory. */
  orgId: number;
  /** Shared by the access and refresh token of one login. */
  pairId: string;
  /** The user holds the matched route's `authority` (answered by the session query; true when the route names none). */
  holdsRouteAuthority: boolean;
  /** Every authority code the user holds in the current factory, sorted: read on first use, then kept for the request. */
  authorities(): Promise<string[]>;
}

/** The tenant scope of a session: repositories take it first and filter every query on it. */
export interface Scope {
  enterpriseId: number;
  orgId: number;
  userId: number;
}

export function scopeOf(session: Session): Scope {
  return { enterpriseId: session.enterpriseId, orgId: session.orgId, userId: session.userId };
}

export interface SessionResolver {
  /** The live session of a token (null: none), with whether it holds `routeAuthority` (any one code of a list). */
  resolve(accessToken: string, routeAuthority?: RouteAuthority): Promise<Session | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
  interface FastifyContextConfig {
    /** Route answers without a session (login, refresh, logout). */
    public?: boolean;
    /** Authority code the session must hold, or a list of which it must hold one (checked by the permissions plugin). */
    authority?: RouteAuthority;
    /** Route any logged-in user may call (own profile, own config): no authority code on purpose. */
    session?: boolean;
  }
}

/** Bearer token from `Authorization`, or the `access_token` header. */
export function readToken(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^bearer\s+(\S+)$/i.exec(authorization.trim());
    if (match) return match[1]!;
  }
  const header = request.headers['access_token'];
  const token = Array.isArray(header) ? header[0] : header;
  return token && token.trim() ? token.trim() : null;
}

export function sendNotLoggedIn(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = routePath(request);
  if (usesHttp401(path)) {
    return reply.code(401).send(fail(familyOf(path), ResultCode.NOT_LOGGED_IN, Messages.NOT_LOGGED_IN));
  }
  return reply.code(200).send({ resultCode: ResultCode.NOT_LOGGED_IN, resultMsg: Messages.NOT_LOGGED_IN });
}

/** The session of an authenticated route (the auth hook guarantees it). */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new Error('route used without a session');
  return request.session;
}

/**
 * Resolves `request.session` for every API route that is not marked public, deciding from the
 * matched route (its declared path and config; unmatched: the decoded path), never from the URL
 * text; runs on `onRequest`, so a request without a session is refused before its body is read.
 */
export const authPlugin = fp<{ resolver: SessionResolver }>(
  async (app, { resolver }) => {
    app.decorateRequest('session', null);
    app.addHook('onRequest', async (request, reply) => {
      // An API path that matches no route needs a session too: the route table is not told to strangers.
      // Machine routes take a machine key instead (lib/machine-key.ts), never a user token.
      const config = request.routeOptions.config;
      if (!isApiPath(routePath(request)) || config?.public || (config as { machine?: boolean } | undefined)?.machine) return;
      const token = readToken(request);
      const session = token ? await resolver.resolve(token, request.routeOptions.config?.authority) : null;
      if (!session) return sendNotLoggedIn(request, reply);
      request.session = session;
    });
  },
  { name: 'mes-auth' },
);
