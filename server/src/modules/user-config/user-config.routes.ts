import type { FastifyInstance } from 'fastify';
import { UserConfigApi } from '@core/contracts/user-config';
import { mount } from '../../lib/endpoint';
import { operationContext } from '../../lib/operation-context';
import { scopeOf, sessionOf } from '../../plugins/auth';
import type { UserConfigService } from './user-config.service';

/** Any logged-in user reads and replaces their own config (succeed envelope). */
export async function userConfigRoutes(app: FastifyInstance, { service }: { service: UserConfigService }): Promise<void> {
  mount(app, UserConfigApi.get, async (request) => service.get(scopeOf(sessionOf(request))));
  mount(app, UserConfigApi.replace, async (request) => {
    await service.replace(scopeOf(sessionOf(request)), request.body, operationContext(request));
    return null;
  });
}
