import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import type { PubSub } from '../lib/pubsub';
import type { SmsSender } from './account';
import type { AuthService } from './auth';
import type { AlertSender } from './device-repair';
import type { FileService } from './files';

/** What app.ts hands every module: the database, the clock and the platform services. */
export interface ModuleDeps {
  db: Db;
  now: () => Date;
  /** The session service app.ts also gives the auth plugin. */
  auth: AuthService;
  /** Stored uploads: `find(scope, url)` for imports, pictures of devices… */
  files: FileService;
  /** Delivers SMS codes (account: reset password, change phone). */
  sms: SmsSender;
  /** Delivers fault alerts to group-chat robots (device-repair); only configured addresses reach it. */
  alerts: AlertSender;
  /** Messages to every server process on the database (live screens). */
  pubsub: PubSub;
  /** A device with no status event for this long becomes 6 不在线 (DEVICE_OFFLINE_MINUTES). */
  deviceOfflineMinutes: number;
  /** Minutes between runs of the 点检/保养 work-order generation; 0: no timer. */
  deviceCareGenerateMinutes: number;
  /** The least time a background schedule job takes, ms (SCHEDULE_JOB_MIN_MS; 0: as long as the engine). */
  scheduleJobMinMs?: number;
}

/** A server module's registration: app.ts mounts every module of SERVER_MODULES this way. */
export interface ServerModule {
  /** Same name as its folder, its contract and its console module. */
  name: string;
  register(app: FastifyInstance, deps: ModuleDeps): Promise<void>;
}
