import fp from 'fastify-plugin';
import { ResultCode } from '@core/contracts/common';
import { Messages, fail, familyOf } from './envelopes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every write route (any method but GET/HEAD) → the authority it declares ('' when none), as registered. */
    writeRouteAuthorities: Map<string, string>;
  }
}

/** Routes declare `config: { authority: 'CODE' }`; the server is the guard, hiding buttons is a convenience. */
export const permissionsPlugin = fp(
  async (app) => {
    // The system log names a logged path by what its route declares (sys-log/operation-names.ts).
    app.decorate('writeRouteAuthorities', new Map<string, string>());
    app.addHook('onRoute', (route) => {
      if ([route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD')) {
        app.writeRouteAuthorities.set(route.url, route.config?.authority ?? '');
      }
    });
    app.addHook('onRequest', async (request, reply) => {
      const required = request.routeOptions.config?.authority;
      if (!required) return;
      if (!request.session?.authorities.includes(required)) {
        return reply.send(fail(familyOf(request.url), ResultCode.NO_AUTHORITY, Messages.NO_AUTHORITY));
      }
    });
  },
  { name: 'mes-permissions', dependencies: ['mes-auth', 'mes-tenant-scope'] },
);
