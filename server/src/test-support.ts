import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from './app';
import type { SmsSender } from './modules/account/sms';
import type { AlertSender } from './modules/device-repair/alert-sender';
import { migrateToLatest, openDatabase, type Database, type Db } from './db';
import { seedIfEmpty } from './db/seed';
import { databasePubSub } from './lib/pubsub';
import type { JsonText } from './lib/endpoint';
import type { PageResult } from '@core/contracts/common';
import { multipart } from './test-multipart';
import { createDatabaseSql, pgliteTemplate } from './test-template';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  engine: 'pglite' | 'postgres';
  /** The PostgreSQL database of this app (null on PGlite): a second server process may open it. */
  databaseUrl: string | null;
  /** Temporary directory of uploaded files (removed by close()). */
  filesDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  staticDir?: string;
  accessTokenTtl?: number;
  now?: () => Date;
  /** Fastify logger options (default: no logging). */
  logger?: FastifyServerOptions['logger'];
  /** Receives SMS codes (default: the server log). */
  smsSender?: SmsSender;
  /** Receives fault alerts (default: the server log). */
  alertSender?: AlertSender;
  /** Directory of uploaded files (default: a new empty one); removed by close() either way. */
  filesDir?: string;
  /** DEVICE_OFFLINE_MINUTES of the app (default 10). */
  deviceOfflineMinutes?: number;
  /** Adds extra routes (e.g. to probe plugins) before the app is readied. */
  extend?: (app: FastifyInstance) => void;
}

/**
 * A seeded app on a real database: in-memory PGlite by default; with TEST_DATABASE_URL (an admin
 * URL of a PostgreSQL server) a fresh database per call, dropped again by close().
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase: () => Promise<void> = async () => {};
  let db: Db;
  let databaseUrl: string | null = null;
  if (adminUrl) {
    const name = `mes_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(createDatabaseSql(name));
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    db = openDatabase({ kind: 'postgres', connectionString: databaseUrl });
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      // Pooled connections may still be closing after db.destroy(); give them a moment rather
      // than terminating them (a terminated connection reports an error to the test run).
      for (let attempt = 0; ; attempt += 1) {
        try {
          await dropper.query(`DROP DATABASE IF EXISTS ${name}${attempt < 20 ? '' : ' WITH (FORCE)'}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await dropper.end();
    };
  } else {
    db = openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: pgliteTemplate() });
  }
  await migrateToLatest(db);
  await seedIfEmpty(db);
  const filesDir = options.filesDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mes-files-'));
  const app = await buildApp({
    db,
    config: {
      accessTokenTtl: options.accessTokenTtl ?? 43_200,
      refreshTokenTtl: 604_800,
      staticDir: options.staticDir ?? '/nonexistent-mes-static',
      deviceOfflineMinutes: options.deviceOfflineMinutes,
    },
    pubsub: databasePubSub(db, databaseUrl),
    now: options.now,
    logger: options.logger ?? false,
    filesDir,
    smsSender: options.smsSender,
    alertSender: options.alertSender,
    checkResponses: true,
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    db,
    engine: adminUrl ? 'postgres' : 'pglite',
    databaseUrl,
    filesDir,
    async close() {
      await app.close();
      await db.destroy();
      await dropDatabase();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** Logs in through the real route and returns the access token (throws on failure). */
export async function loginAs(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/base/auth/login', payload: { username, password } });
  const body = response.json() as { success: boolean; data?: { access_token: string }; message?: string };
  if (!body.success || !body.data) throw new Error(`login ${username} failed: ${body.message ?? response.body}`);
  return body.data.access_token;
}

export function bearer(token: string, enterpriseId: number | string = 8888): Record<string, string> {
  return { authorization: `bearer ${token}`, X_ENTERPRISE_ID: String(enterpriseId), X_REQUEST_SOURCE: 'PC' };
}

/** The result envelope (`/dps-server/*`, `/file/*`) as tests read it. */
export type Envelope<T> = { resultCode: number; resultData?: T; resultMsg?: string };

/**
 * GET/POST helpers returning the result envelope, and `data` which asserts success and unwraps it.
 * `app` is read lazily, so the client can be made before `beforeAll` builds the app.
 */
export function resultClient(app: () => FastifyInstance) {
  return {
    async get<T = unknown>(token: string, url: string): Promise<Envelope<T>> {
      return (await app().inject({ method: 'GET', url, headers: bearer(token) })).json();
    },
    async post<T = unknown>(token: string, url: string, payload: unknown): Promise<Envelope<T>> {
      return (await app().inject({ method: 'POST', url, headers: bearer(token), payload: payload as object })).json();
    },
    async data<T>(promise: Promise<Envelope<T>>): Promise<T> {
      const body = await promise;
      expect(body, JSON.stringify(body)).toMatchObject({ resultCode: 1000 });
      return body.resultData as T;
    },
  };
}

/** A test app with the seed admin logged in twice: staying in 示例纸箱厂 (1001), and switched to 示例纸板厂 (1002). */
export async function startTwoFactoryApp(options: TestAppOptions = {}): Promise<{ t: TestApp; admin: string; boardAdmin: string }> {
  const t = await createTestApp(options);
  const admin = await loginAs(t.app, 'admin', 'admin123');
  const boardAdmin = await loginAs(t.app, 'admin', 'admin123');
  const switched = await t.app.inject({ method: 'POST', url: '/base/switch/user/org/1002', headers: bearer(boardAdmin) });
  expect(switched.json()).toMatchObject({ success: true });
  return { t, admin, boardAdmin };
}

/** The app, the seed admin in 示例纸箱厂 (1001) and the same admin switched to 示例纸板厂 (1002). */
export interface TwoFactoryEnv {
  t: TestApp;
  admin: string;
  boardAdmin: string;
}

/**
 * A test file's app: started (`startTwoFactoryApp`) before its tests, handed to `bind` (which keeps
 * what the file uses, and may log in more users), closed after them. Returns the result client and
 * `logCount` (operation-log rows starting with a content) on that app.
 */
export function useTwoFactoryApp(bind: (env: TwoFactoryEnv) => unknown, options: TestAppOptions = {}) {
  let t: TestApp | undefined;
  const started = (): TestApp => {
    if (!t) throw new Error('the test app is not started yet');
    return t;
  };
  beforeAll(async () => {
    const env = await startTwoFactoryApp(options);
    t = env.t;
    await bind(env);
  });
  afterAll(async () => {
    await t?.close();
  });
  return { ...resultClient(() => started().app), logCount: (content: string) => operationLogCount(started().db, content) };
}

/**
 * Orders (every factory) whose stored list facts (migration 0028: pending change warnings, reports
 * not cancelled, issued operations) differ from what their rows say; [] while the triggers keep them.
 */
export async function orderFactsOutOfStep(db: Db): Promise<Array<Record<string, unknown>>> {
  const { rows } = await sql<Record<string, unknown>>`
    select o.order_no, o.warning_count, o.report_count, o.issued_count, t.warnings, t.reports, t.issued
    from production_order o
    cross join lateral (select
      (select count(*)::int from order_change_warning w where w.order_id = o.id and w.state = 0) as warnings,
      (select count(*)::int from work_report r where r.order_id = o.id and r.audit_state <> 3) as reports,
      (select count(*)::int from production_order_operation op where op.order_id = o.id and op.issued) as issued) t
    where (o.warning_count, o.report_count, o.issued_count) is distinct from (t.warnings, t.reports, t.issued)
    order by o.id`.execute(db);
  return rows;
}

/** After each test of the file, every order's stored list facts equal its rows (for the suites of the writers of reports, issues and warnings). */
export function checkOrderFactsAfterEach(db: () => Db): void {
  afterEach(async () => {
    expect(await orderFactsOutOfStep(db())).toEqual([]);
  });
}

/** Operation-log rows whose content starts with `content` (every write is logged). */
export async function operationLogCount(db: Db, content: string): Promise<number> {
  const rows = await db.selectFrom('operation_log').select('id').where('operation_content', 'like', `${content}%`).execute();
  return rows.length;
}

/** The id of the row of `table` whose `column` is `value` in factory `orgId` (seeded rows by their number or name). */
export async function rowId(db: Db, table: keyof Database, column: string, value: string, orgId = 1001): Promise<number> {
  const row = await (db as unknown as Kysely<Record<string, { id: number; org_id: number }>>)
    .selectFrom(table)
    .select('id')
    .where(column as never, '=', value as never)
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Logs in `username` (a seeded staff account of 示例纸箱厂, password staff123) after giving it a new
 * role `name` of 示例纸箱厂 that holds exactly `codes`: a user with only some of a page's codes.
 */
export async function loginWithRole(t: TestApp, username: string, name: string, codes: string[]): Promise<string> {
  const user = await t.db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  const role = await t.db.insertInto('role').values({ enterprise_id: 8888, org_id: 1001, name }).returning('id').executeTakeFirstOrThrow();
  const authorities = await t.db.selectFrom('authority').select('id').where('code', 'in', codes).execute();
  expect(authorities).toHaveLength(new Set(codes).size);
  await t.db
    .insertInto('role_authority')
    .values(authorities.map((authority) => ({ enterprise_id: 8888, org_id: 1001, role_id: role.id, authority_id: authority.id })))
    .execute();
  await t.db.insertInto('user_role').values({ enterprise_id: 8888, org_id: 1001, user_id: user.id, role_id: role.id }).execute();
  return loginAs(t.app, username, 'staff123');
}

/** Uploads a workbook of `rows` (the first row holds the headers) and returns its url for an `<entity>/import`. */
export async function uploadXlsx(app: FastifyInstance, token: string, rows: unknown[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入');
  rows.forEach((row) => sheet.addRow(row));
  const body = multipart({ type: '1' }, [{ filename: '导入.xlsx', content: Buffer.from(await workbook.xlsx.writeBuffer()) }]);
  const response = await app.inject({ method: 'POST', url: '/file/api/v2/upload', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  return response.json().resultData.url;
}

/** An import refused as a whole: nothing imported, every wrong row named, and the spec's summary (共 N 行数据有误…). */
export function expectImportRefused(result: unknown, failures: Array<{ row: number; message: string }>): void {
  const rows = new Set(failures.map((failure) => failure.row)).size;
  expect(result).toEqual({ imported: 0, failures, message: `共 ${rows} 行数据有误，本次未导入任何数据，请修改后重新上传` });
}

/** The rows of a downloaded workbook's first sheet (an export or an import template), cells as read. */
export async function sheetRows(payload: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as never);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** A page a service answered as JSON text (lib/endpoint.ts JsonText), read as the client reads it. */
export function parsedPage<T>(json: JsonText): PageResult<T> {
  return JSON.parse(json.text) as PageResult<T>;
}
