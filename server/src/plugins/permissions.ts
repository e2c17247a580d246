import fp from 'fastify-plugin';
import type { Endpoint } from '@core/contracts/endpoint';
import { ResultCode } from '@core/contracts/common';
import { Messages, fail, familyOf, isApiPath, routePath } from './envelopes';

/** One mounted API route as registered, with the contract declaration it came from (lib/endpoint `mount`). */
export interface MountedRoute {
  method: string;
  url: string;
  /** Undefined for a route mounted by hand: the routes-declared test fails on it. */
  endpoint?: Endpoint;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route the app mounted, in order: the one route registry (route checks, system log names). */
    mountedRoutes: MountedRoute[];
  }
}

/**
 * Routes declare who may call them in their contract (`authority`, `session` or `public`), which
 * `mount` puts in `config`; the server is the guard, hiding buttons is a convenience.
 */
export const permissionsPlugin = fp(
  async (app) => {
    const mounted: MountedRoute[] = [];
    app.decorate('mountedRoutes', mounted);
    app.addHook('onRoute', (route) => {
      if (!isApiPath(route.url)) return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') mounted.push({ method, url: route.url, endpoint: route.config?.endpoint });
      }
    });
    app.addHook('onRequest', async (request, reply) => {
      const required = request.routeOptions.config?.authority;
      if (!required) return;
      // The auth hook asked the session query for this route's authority (plugins/auth.ts).
      if (!request.session?.holdsRouteAuthority) {
        return reply.send(fail(familyOf(routePath(request)), ResultCode.NO_AUTHORITY, Messages.NO_AUTHORITY));
      }
    });
  },
  { name: 'mes-permissions', dependencies: ['mes-auth', 'mes-tenant-scope'] },
);
