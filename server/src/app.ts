import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { DEFAULT_DEVICE_OFFLINE_MINUTES, type ServerConfig } from './config';
import type { Db } from './db';
import { SESSION_CHANNEL, watchDatabaseChannel } from './db/notifications';
import { SERVER_MODULES, type ModuleDeps } from './modules';
import { logSmsSender, type SmsSender } from './modules/account';
import { machineKeyPlugin } from './lib/machine-key';
import { inProcessPubSub, type PubSub } from './lib/pubsub';
import { AuthService, SessionCache } from './modules/auth';
import { logAlertSender, type AlertSender } from './modules/device-repair';
import { FileService } from './modules/files';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { jsonBodyPlugin } from './plugins/json-body';
import { permissionsPlugin } from './plugins/permissions';
import { staticPlugin } from './plugins/static';
import { tenantScopePlugin } from './plugins/tenant-scope';
import { declaredFieldsPlugin, schemaController, serializerOpts } from './plugins/validation';

export interface BuildAppOptions {
  db: Db;
  config: Pick<ServerConfig, 'accessTokenTtl' | 'refreshTokenTtl' | 'staticDir'> & Partial<Pick<ServerConfig, 'deviceOfflineMinutes' | 'deviceCareGenerateMinutes' | 'scheduleJobMinMs'>>;
  /** Messages between server processes (lib/pubsub: LISTEN/NOTIFY on PostgreSQL); default in-process. Closed with the app. */
  pubsub?: PubSub;
  logger?: FastifyServerOptions['logger'];
  /** Clock used for token expiry and login-failure windows (tests may pin it). */
  now?: () => Date;
  /** Where uploaded files are stored (DATA_DIR/files). */
  filesDir: string;
  /** Delivers SMS codes; default: the server log. */
  smsSender?: SmsSender;
  /** Delivers fault alerts to group-chat robots; default: the server log. */
  alertSender?: AlertSender;
  /** Check every JSON result against its declared response (tests). */
  checkResponses?: boolean;
}

/**
 * The Fastify instance: plugins in order (errors → JSON bodies → declared fields → auth → machine key → tenant scope → permissions → static),
 * then every module of SERVER_MODULES (modules/index.ts) in order. Tests drive it with `app.inject`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 10 * 1024 * 1024,
    schemaController,
    serializerOpts,
  });
  app.decorate('checkResponses', options.checkResponses ?? false);
  const now = options.now ?? (() => new Date());
  // Sessions answered from memory while every change to them is heard (db/notifications.ts).
  const sessions = new SessionCache();
  const unwatchSessions = await watchDatabaseChannel(options.db, SESSION_CHANNEL, {
    message: () => sessions.invalidate(),
    listening: (listening) => sessions.setListening(listening),
  });
  app.addHook('onClose', unwatchSessions);
  const authService = new AuthService(
    options.db,
    { accessTokenTtl: options.config.accessTokenTtl, refreshTokenTtl: options.config.refreshTokenTtl, now },
    sessions,
  );

  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(declaredFieldsPlugin);
  await app.register(authPlugin, { resolver: authService });
  await app.register(machineKeyPlugin, { db: options.db });
  await app.register(tenantScopePlugin);
  await app.register(permissionsPlugin);
  await app.register(staticPlugin, { staticDir: options.config.staticDir });

  const pubsub = options.pubsub ?? inProcessPubSub();
  app.addHook('onClose', async () => pubsub.close());
  const deps: ModuleDeps = {
    db: options.db,
    now,
    auth: authService,
    files: new FileService(options.db, { filesDir: options.filesDir, now }),
    sms: options.smsSender ?? logSmsSender(app.log),
    alerts: options.alertSender ?? logAlertSender(app.log),
    pubsub,
    deviceOfflineMinutes: options.config.deviceOfflineMinutes ?? DEFAULT_DEVICE_OFFLINE_MINUTES,
    // Off unless configured (the tests run generation themselves); main.ts passes the setting.
    deviceCareGenerateMinutes: options.config.deviceCareGenerateMinutes ?? 0,
    scheduleJobMinMs: options.config.scheduleJobMinMs ?? 0,
  };
  for (const module of SERVER_MODULES) {
    await app.register(async (scope) => module.register(scope, deps));
  }
  return app;
}
