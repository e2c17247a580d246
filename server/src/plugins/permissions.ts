import fp from 'fastify-plugin';
import { ResultCode } from '@core/contracts/common';
import { Messages, fail, familyOf } from './envelopes';

/** Routes declare `config: { authority: 'CODE' }`; the server is the guard, hiding buttons is a convenience. */
export const permissionsPlugin = fp(
  async (app) => {
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
