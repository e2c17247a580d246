import type { FastifyInstance } from 'fastify';
import { UserConfigPaths } from '@core/contracts/paths';
import { UserConfig } from '@core/contracts/user-config';
import { operationContext } from '../../lib/operation-context';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelopes';
import type { UserConfigService } from './user-config.service';

/** Any logged-in user reads and replaces their own config (succeed envelope). */
export async function userConfigRoutes(app: FastifyInstance, { service }: { service: UserConfigService }): Promise<void> {
  app.get(UserConfigPaths.get, { config: { session: true } }, async (request) => ok('succeed', await service.get(scopeOf(sessionOf(request)))));
  app.post<{ Body: UserConfig }>(UserConfigPaths.replace, { schema: { body: UserConfig }, config: { session: true } }, async (request) => {
    await service.replace(scopeOf(sessionOf(request)), request.body, operationContext(request));
    return ok('succeed', null);
  });
}
