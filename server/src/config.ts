import os from 'node:os';
import path from 'node:path';

/** Runtime settings of the reference server, read from the environment. */
export interface ServerConfig {
  /** 0 picks a free port (printed at start). */
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; when absent the server uses PGlite under dataDir. */
  databaseUrl: string | null;
  /** Connections the server opens to PostgreSQL at most (DATABASE_POOL_MAX, default DEFAULT_POOL_MAX). */
  databasePoolMax: number;
  /** Seconds an access token stays valid. */
  accessTokenTtl: number;
  /** Seconds a refresh token stays valid. */
  refreshTokenTtl: number;
  staticDir: string;
  logLevel: string;
  /** Minutes without a status event after which a device counts as 6 不在线. */
  deviceOfflineMinutes: number;
  /** Minutes between the runs of the 点检/保养 work-order generation (DEVICE_CARE_GENERATE_MINUTES, default 5; 0: never). */
  deviceCareGenerateMinutes: number;
  /**
   * The factory's time zone (IANA name, FACTORY_TIME_ZONE, default Asia/Shanghai): the server reads
   * and writes wall-clock times (yyyy-MM-dd HH:mm:ss) and decides "today" in it, as the people in
   * the plant do, whatever zone the machine it runs on is set to.
   */
  timeZone: string;
  /** The least time a background schedule job takes, ms (SCHEDULE_JOB_MIN_MS, default 0): demos and e2e watch and abort it. */
  scheduleJobMinMs?: number;
}

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

function timeZoneSetting(env: NodeJS.ProcessEnv): string {
  const zone = env.FACTORY_TIME_ZONE?.trim() || DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw new Error(`环境变量 FACTORY_TIME_ZONE 不是有效的时区 (FACTORY_TIME_ZONE must be an IANA time zone such as Asia/Shanghai), got "${zone}"`);
  }
  return zone;
}

export const DEFAULT_DEVICE_OFFLINE_MINUTES = 10;

/**
 * Two connections per core of this machine, 4 to 10: a request holds one for a query or two, and
 * more connections than PostgreSQL can run at once only add switching. On the 2-core bench machine
 * 4 served the order list ~10% faster than 10 and halved its p99 (issue 11); set DATABASE_POOL_MAX
 * where PostgreSQL runs elsewhere on more cores, or long exports and schedule jobs share the pool.
 */
export const DEFAULT_POOL_MAX = Math.min(10, Math.max(4, 2 * os.availableParallelism()));

export const APPLICATION_ID = 'mes-pc';

function integerSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`环境变量 ${name} 必须是 ${min}–${max} 的整数 (${name} must be an integer in ${min}..${max}), got "${raw}"`);
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: integerSetting(env, 'PORT', 8080, 0, 65_535),
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl: env.DATABASE_URL?.trim() || null,
    databasePoolMax: integerSetting(env, 'DATABASE_POOL_MAX', DEFAULT_POOL_MAX, 1, 1_000),
    accessTokenTtl: integerSetting(env, 'ACCESS_TOKEN_TTL', 43_200, 1, Number.MAX_SAFE_INTEGER),
    refreshTokenTtl: integerSetting(env, 'REFRESH_TOKEN_TTL', 604_800, 1, Number.MAX_SAFE_INTEGER),
    staticDir: path.resolve(env.STATIC_DIR?.trim() || './dist'),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    deviceOfflineMinutes: integerSetting(env, 'DEVICE_OFFLINE_MINUTES', DEFAULT_DEVICE_OFFLINE_MINUTES, 1, 10_080),
    deviceCareGenerateMinutes: integerSetting(env, 'DEVICE_CARE_GENERATE_MINUTES', 5, 0, 1_440),
    timeZone: timeZoneSetting(env),
    scheduleJobMinMs: integerSetting(env, 'SCHEDULE_JOB_MIN_MS', 0, 0, 600_000),
  };
}
