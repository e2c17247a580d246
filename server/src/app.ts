import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ServerConfig } from './config';
import type { Db } from './db';
import { AuthService } from './modules/auth/service';
import { authRoutes } from './modules/auth/routes';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { permissionsPlugin } from './plugins/permissions';
import { staticPlugin } from './plugins/static';
import { tenantScopePlugin } from './plugins/tenant-scope';
import { schemaController } from './plugins/validation';

export interface BuildAppOptions {
  db: Db;
  config: Pick<ServerConfig, 'accessTokenTtl' | 'refreshTokenTtl' | 'staticDir'>;
  logger?: FastifyServerOptions['logger'];
  /** Clock used for token expiry and login-failure windows (tests may pin it). */
  now?: () => Date;
}

/**
 * The Fastify instance: plugins in order (errors → auth → tenant scope → permissions → static),
 * then one route module per API family. Tests drive it with `app.inject`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 10 * 1024 * 1024,
    schemaController,
  });
  const now = options.now ?? (() => new Date());
  const authService = new AuthService(options.db, {
    accessTokenTtl: options.config.accessTokenTtl,
    refreshTokenTtl: options.config.refreshTokenTtl,
    now,
  });

  await app.register(errorsPlugin);
  await app.register(authPlugin, { resolver: authService });
  await app.register(tenantScopePlugin);
  await app.register(permissionsPlugin);
  await app.register(staticPlugin, { staticDir: options.config.staticDir });

  await app.register(authRoutes, { service: authService });
  return app;
}
