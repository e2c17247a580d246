// Hostile input to EVERY mounted route (issue 9 "Done when"), derived from the route table
// (`app.mountedRoutes`), so a module added later is swept as soon as it is mounted. As a logged-in
// admin, each route gets malformed bodies (wrong types, NUL, lone surrogates, huge strings, deep
// nesting, undeclared fields, prototype keys), odd query strings and odd path params. Never
// HTTP 500 / resultCode 5000, and nothing written: a trigger on every table counts the rows written.
// Machine routes get the same with a live machine key (lib/machine-key); event streams never end by
// themselves and are left to their module's tests.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopFloorPaths } from '@core/contracts/modeling';
import { EVENT_STREAM, pathFiller, type Endpoint } from '@core/contracts/endpoint';
import { bearer, createTestApp, loginAs } from './test-support';

const t = await createTestApp();
const admin = await loginAs(t.app, 'admin', 'admin123');
const machineRow = (await t.db.selectFrom('work_machine').select('id').where('org_id', '=', 1001).orderBy('id').executeTakeFirstOrThrow()).id;
const machineKey = (
  (await t.app.inject({ method: 'POST', url: ShopFloorPaths.workMachineKeyIssue, headers: bearer(admin), payload: { id: machineRow } })).json() as { resultData: { key: string } }
).resultData.key;
afterAll(async () => {
  await t?.close();
});

type Schema = Record<string, unknown>;
type Mode = 'nul' | 'surrogate' | 'huge' | 'wrongType' | 'plain';

const BAD_TEXT: Record<'nul' | 'surrogate' | 'huge', string> = {
  nul: 'a\u0000b',
  surrogate: 'a\ud800b',
  huge: 'x'.repeat(300_000),
};

/**
 * A value for `schema` that is plausible everywhere except where `mode` plants its fault: every
 * string is the bad text (nul, surrogate, huge), or every leaf has the wrong type (wrongType).
 * `planted` tells whether the value carries a fault at all.
 */
function fill(schema: Schema | undefined, mode: Mode, planted: { yes: boolean }, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) return fill(branches.find((branch) => branch.type !== 'null') ?? branches[0], mode, planted, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (mode === 'plain') return 'a';
      planted.yes = true;
      return mode === 'wrongType' ? 12345 : BAD_TEXT[mode];
    case 'integer':
    case 'number':
      if (mode === 'wrongType') {
        planted.yes = true;
        return 'x';
      }
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      if (mode === 'wrongType') {
        planted.yes = true;
        return 'maybe';
      }
      return true;
    case 'null':
      return null;
    case 'array':
      return [fill(schema.items as Schema, mode, planted, depth + 1)];
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(properties)) value[name] = fill(property, mode, planted, depth + 1);
      if (schema.patternProperties) value.someKey = fill(Object.values(schema.patternProperties as Record<string, Schema>)[0], mode, planted, depth + 1);
      return value;
    }
    default:
      return null;
  }
}

/** Malformed JSON bodies for a route that declares one (raw text, so prototype keys survive). */
function hostileBodies(body: Schema): Array<[string, string]> {
  const cases: Array<[string, string]> = [];
  for (const mode of ['wrongType', 'nul', 'surrogate', 'huge'] as const) {
    const planted = { yes: false };
    const value = fill(body, mode, planted);
    if (planted.yes) cases.push([mode, JSON.stringify(value)]);
  }
  const plain = fill(body, 'plain', { yes: false });
  // Undeclared fields are dropped before validation: alone, they leave a body its required fields lack.
  if (Array.isArray(body.required) && body.required.length > 0) {
    cases.push(['undeclared fields only', JSON.stringify({ junkField: 'x'.repeat(1000), isAdmin: true, enterpriseId: 9999 })]);
  }
  const inner = JSON.stringify(plain ?? {}).slice(1);
  cases.push(
    ['__proto__ key', `{"__proto__":{"isAdmin":true},${inner}`],
    ['constructor.prototype key', `{"constructor":{"prototype":{"isAdmin":true}},${inner}`],
    ['deep nesting', `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`],
    ['deep array', `${'['.repeat(2000)}${']'.repeat(2000)}`],
    ['not an object', '"just text"'],
    ['broken JSON', '{"a":'],
  );
  return cases;
}

/** Odd query strings: every declared parameter NUL, the wrong type, repeated, plus prototype keys. */
function hostileQueries(query: Schema | undefined): Array<[string, string]> {
  const names = Object.keys((query?.properties ?? {}) as Record<string, unknown>);
  const each = (value: string) => names.map((name) => `${name}=${value}`).join('&');
  return [
    ['prototype keys', '__proto__[isAdmin]=1&constructor[prototype][isAdmin]=1&page=-1&limit=abc&sort=%00'],
    ['NUL in every parameter', each('%00')],
    ['wrong type in every parameter', each('yes')],
    ['huge numbers and repeats', names.map((name) => `${name}=1e999&${name}=-0x1&${name}=99999999999999999999`).join('&')],
    ['huge text', each('x'.repeat(4000))],
  ].filter(([, text]) => text !== '') as Array<[string, string]>;
}

const ODD_PARAMS = ['%00', '-1', 'abc', '99999999999999999999', '1.5', '%ED%A0%80'];

/**
 * Counts every row written from here on: a trigger on each table adds one to `sweep_writes` per row
 * inserted, updated or deleted (and per truncate). A write that is rolled back takes its count back
 * with it, so the count moves only when something was committed, and reading it costs one row
 * where comparing the tables' contents read every row of every table.
 */
async function countWrites(): Promise<void> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(t.db);
  await sql`create table sweep_writes (n bigint not null)`.execute(t.db);
  await sql`insert into sweep_writes values (0)`.execute(t.db);
  await sql`create function sweep_count_write() returns trigger language plpgsql as $$
    begin update sweep_writes set n = n + 1; return null; end $$`.execute(t.db);
  for (const { name } of tables) {
    await sql`create trigger sweep_row_write after insert or update or delete on ${sql.table(name)} for each row execute function sweep_count_write()`.execute(t.db);
    await sql`create trigger sweep_truncate after truncate on ${sql.table(name)} for each statement execute function sweep_count_write()`.execute(t.db);
  }
}

/** Rows written (committed) since countWrites(). */
async function writes(): Promise<number> {
  const { rows } = await sql<{ n: string }>`select n::text as n from sweep_writes`.execute(t.db);
  return Number(rows[0]!.n);
}

function describeAnswer(status: number, text: string): string | null {
  if (status >= 500) return `HTTP ${status}`;
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (body.resultCode === 5000 || body.code === 5000) return `5000: ${text.slice(0, 200)}`;
  } catch {
    // a file download or plain text: no envelope to read
  }
  return null;
}

const routes = t.app.mountedRoutes.filter((route): route is typeof route & { endpoint: Endpoint } => route.endpoint !== undefined && route.endpoint.response !== EVENT_STREAM);

/** Every hostile request for one route. */
function hostileRequests(endpoint: Endpoint): Array<{ what: string; url: string; payload?: string }> {
  const requests: Array<{ what: string; url: string; payload?: string }> = [];
  const path = pathFiller(endpoint.path);
  const paramCount = (endpoint.path.match(/:\w+/g) ?? []).length;
  const plainPath = path(...Array.from({ length: paramCount }, () => 1));
  if (paramCount > 0) for (const odd of ODD_PARAMS) requests.push({ what: `param ${odd}`, url: path(...Array.from({ length: paramCount }, () => odd)) });
  if (endpoint.method === 'GET') {
    for (const [what, query] of hostileQueries(endpoint.query as Schema | undefined)) requests.push({ what, url: `${plainPath}?${query}` });
  }
  if (endpoint.body) {
    for (const [what, payload] of hostileBodies(endpoint.body as Schema)) requests.push({ what: `body ${what}`, url: `${plainPath}?__proto__[x]=1`, payload });
  }
  return requests;
}

/** Sends them all; the answers that are a server fault (HTTP 5xx, resultCode 5000). */
async function serverFaults(endpoint: Endpoint): Promise<string[]> {
  const failures: string[] = [];
  for (const request of hostileRequests(endpoint)) {
    const response = await t.app.inject({
      method: endpoint.method,
      url: request.url,
      headers: { ...(endpoint.machine ? { X_MACHINE_KEY: machineKey } : bearer(admin)), ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    const problem = describeAnswer(response.statusCode, response.body);
    if (problem) failures.push(`${request.what}: ${problem}`);
  }
  return failures;
}

const label = (route: (typeof routes)[number]) => [`${route.method} ${route.url}`, route.endpoint] as const;

// Reads are checked together (no row written by all of them), writes each on its own.
describe('hostile input to every mounted route', () => {
  let baseline = 0;
  beforeAll(async () => {
    await countWrites();
    baseline = await writes();
  });

  it('counts a committed write, and not one rolled back', async () => {
    const before = await writes();
    await t.db.transaction().execute(async (trx) => {
      await sql`update org set name = name where id = 1001`.execute(trx);
    });
    expect(await writes()).toBe(before + 1);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`update org set name = name where id = 1001`.execute(trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await writes()).toBe(before + 1);
    baseline = await writes();
  });

  it('covers the route table', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  describe('reads (GET)', () => {
    it.each(routes.filter((route) => route.method === 'GET').map(label))('%s', async (_label, endpoint) => {
      expect(await serverFaults(endpoint)).toEqual([]);
    });

    it('no read wrote a row', async () => {
      const after = await writes();
      const before = baseline;
      baseline = after;
      expect(after).toBe(before);
    });
  });

  describe('writes', () => {
    it.each(routes.filter((route) => route.method !== 'GET').map(label))('%s', async (_label, endpoint) => {
      const failures = await serverFaults(endpoint);
      const after = await writes();
      const before = baseline;
      baseline = after; // a failing route does not fail the ones after it
      expect(failures).toEqual([]);
      expect(after).toBe(before);
    });
  });
});
