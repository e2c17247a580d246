import fp from 'fastify-plugin';
import { ResultCode } from '@core/contracts/common';
import { Messages, fail, familyOf, routePath } from './envelopes';

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The enterprise a request names (X_ENTERPRISE_ID) must be the session's; otherwise the request is
 * refused before any handler reads or writes. Scope always comes from the session, never the body.
 */
export const tenantScopePlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      const session = request.session;
      if (!session) return;
      const named = headerValue(request.headers['x_enterprise_id']) ?? headerValue(request.headers['x-enterprise-id']);
      if (named === undefined || named.trim() === '') return;
      if (Number(named.trim()) !== session.enterpriseId) {
        request.log.warn({ named, enterpriseId: session.enterpriseId }, 'enterprise header does not match session');
        return reply.send(fail(familyOf(routePath(request)), ResultCode.NO_AUTHORITY, Messages.ENTERPRISE_MISMATCH));
      }
    });
  },
  { name: 'mes-tenant-scope', dependencies: ['mes-auth'] },
);
