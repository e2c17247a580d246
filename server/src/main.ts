import path from 'node:path';
import { buildApp } from './app';
import { loadConfig, type ServerConfig } from './config';
import { migrateToLatest, openDatabase } from './db';
import { SEED_ACCOUNTS, SEED_ENTERPRISE, SEED_ORGS, seedIfEmpty, syncAuthorityCatalogue } from './db/seed';
import { databasePubSub } from './lib/pubsub';
import { LockHeldError, acquireDataDirLock } from './lockfile';

function printBanner(port: number, seeded: boolean, databaseLabel: string): void {
  const base = `http://localhost:${port}`;
  const lines = [
    '',
    '纸箱 MES 控制台 / Carton MES console',
    `  控制台 Console:      ${base}/`,
    `  演示门户 Demo portal: ${base}/demo/`,
    `  接口 API:            ${base}/base/… ${base}/dps-server/…`,
    `  数据库 Database:     ${databaseLabel}${seeded ? '（首次启动，已写入示例数据 / seeded）' : ''}`,
    '',
    `  企业 ${SEED_ENTERPRISE.name} (${SEED_ENTERPRISE.id})，工厂 ${SEED_ORGS.map((org) => `${org.name} (${org.id})`).join('、')}`,
    '  账号 Account      密码 Password    说明',
    ...SEED_ACCOUNTS.map(
      (account) => `  ${account.username.padEnd(16)} ${account.password.padEnd(16)} ${account.description}`,
    ),
    '',
    '  按 Ctrl-C 停止 / press Ctrl-C to stop',
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

async function main(): Promise<void> {
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  // Every Date the server formats or parses as wall-clock time is in the factory's zone (Node
  // honours a TZ set at run time).
  process.env.TZ = config.timeZone;
  let releaseLock: () => void = () => {};
  if (!config.databaseUrl) {
    try {
      releaseLock = acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (error instanceof LockHeldError) {
        process.stderr.write(`${error.message}\n`);
        process.exit(1);
      }
      throw error;
    }
  }

  process.stdout.write(
    config.databaseUrl
      ? '正在连接 PostgreSQL… (connecting to PostgreSQL)\n'
      : `正在打开数据库 ${config.dataDir}，首次启动需要几秒钟… (opening PGlite)\n`,
  );
  const db = openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', connectionString: config.databaseUrl, poolMax: config.databasePoolMax }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n收到 ${signal}，正在停止服务… (shutting down)\n`);
    try {
      await app?.close();
      await db.destroy();
    } finally {
      releaseLock();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await migrateToLatest(db);
    const seeded = await seedIfEmpty(db);
    await syncAuthorityCatalogue(db);
    const pubsub = databasePubSub(db, config.databaseUrl);
    app = await buildApp({ db, config, pubsub, filesDir: path.join(config.dataDir, 'files'), logger: { level: config.logLevel } });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    printBanner(port, seeded, config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite ${config.dataDir}`);
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
        ? `端口 ${config.port} 已被占用，请设置其他 PORT (port ${config.port} is already in use)`
        : (error as Error).message;
    process.stderr.write(`服务启动失败 (server failed to start): ${reason}\n`);
    await app?.close().catch(() => {});
    await db.destroy().catch(() => {});
    releaseLock();
    process.exit(1);
  }
}

void main();
