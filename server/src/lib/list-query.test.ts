import { sql, type Kysely } from 'kysely';
import { openDatabase, type Database } from '../db';
import { MAX_PAGE_STATEMENTS } from '../db/prepared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../plugins/envelopes';
import { createTestApp, type TestApp } from '../test-support';
import { DEEP_OFFSET, EXACT_TOTAL_ROWS, parseDateBound, prepareList, runList, splitValues, streamList, type ListSpec } from './list-query';

let t: TestApp;
const carton = { enterpriseId: 8888, orgId: 1001, userId: 1 };
const board = { enterpriseId: 8888, orgId: 1002, userId: 1 };

/** Members of a factory, the shape most lists have: a join and a scope on the joined table. */
const USERS: ListSpec = {
  scope: { enterprise: 'uo.enterprise_id', org: 'uo.org_id' },
  filters: {
    userId: { column: 'u.id', kind: 'in', label: '用户', integer: true },
    username: { column: 'u.username', kind: 'eq', label: '用户名' },
    nickName: { column: 'u.nick_name', kind: 'like', label: '姓名' },
    status: { column: 'u.status', kind: 'in', label: '状态', integer: true },
    createTime: { column: 'u.created_at', kind: 'dateRange', label: '创建时间' },
  },
  sorts: { userId: 'u.id', username: 'u.username', expireTime: 'u.expire_time', createTime: 'u.created_at' },
  defaultSort: { field: 'userId', direction: 'asc' },
  key: 'u.id',
};

const base = () =>
  t.db
    .selectFrom('user_org as uo')
    .innerJoin('app_user as u', 'u.id', 'uo.user_id')
    .select(['u.id as userId', 'u.username', 'u.nick_name as nickName', 'u.status']);

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(4000);
    return (error as AppError).message;
  }
  throw new Error('expected a 4000 refusal');
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('request parsing', () => {
  it('splits comma-joined multi-values (and arrays of them), trims and drops empties', () => {
    expect(splitValues('1, 2,,3')).toEqual(['1', '2', '3']);
    expect(splitValues(['a,b', 'b', ' c '])).toEqual(['a', 'b', 'c']);
    expect(splitValues(undefined)).toEqual([]);
  });

  it('reads date bounds in local time, a date-only end covering its whole day', () => {
    expect(parseDateBound('2026-11-23', 'start', 'x')).toEqual(new Date(2026, 10, 23, 0, 0, 0, 0));
    expect(parseDateBound('2026-11-23', 'end', 'x')).toEqual(new Date(2026, 10, 23, 23, 59, 59, 999));
    expect(parseDateBound('2026-11-23 08:30:15', 'start', 'x')).toEqual(new Date(2026, 10, 23, 8, 30, 15));
    expect(refusal(() => parseDateBound('2026-02-30', 'start', '创建时间'))).toBe('创建时间格式不正确');
  });

  it('refuses sorts outside the whitelist, bad directions, bad paging and bad values', () => {
    expect(refusal(() => prepareList(USERS, carton, { sort: 'password_hash,asc' }))).toBe('不支持按「password_hash」排序');
    expect(refusal(() => prepareList(USERS, carton, { sort: 'userId,sideways' }))).toBe('排序方向只能是 asc 或 desc');
    expect(refusal(() => prepareList(USERS, carton, { limit: 1001 }))).toBe('每页条数只能是10、20、50、100、200、500、1000之一');
    expect(refusal(() => prepareList(USERS, carton, { page: 0 }))).toBe('页码必须是不小于1的整数');
    expect(refusal(() => prepareList(USERS, carton, { status: '1,x' }))).toBe('状态格式不正确');
    expect(refusal(() => prepareList(USERS, carton, { userId: '1,99999999999' }))).toBe('用户格式不正确');
    expect(refusal(() => prepareList(USERS, carton, { createTimeStart: '2026-11-23', createTimeEnd: '2026-11-01' }))).toBe(
      '创建时间开始时间不能晚于结束时间',
    );
    expect(prepareList(USERS, carton, { sort: 'username,descend', limit: '1000' })).toMatchObject({
      page: 1,
      limit: 1000,
      order: [
        { column: 'u.username', direction: 'desc' },
        { column: 'u.id', direction: 'desc' },
      ],
    });
  });

  it('takes only the page sizes of the spec (10, 20, 50, 100, 200, 500, 1000)', () => {
    const message = '每页条数只能是10、20、50、100、200、500、1000之一';
    for (const limit of [37, 5, 1, 0, 999, '15', 'abc', 2000, 1e21]) {
      expect(refusal(() => prepareList(USERS, carton, { limit }))).toBe(message);
    }
    for (const limit of [10, 20, 50, 100, 200, 500, 1000, '200']) expect(prepareList(USERS, carton, { limit }).limit).toBe(Number(limit));
    expect(prepareList(USERS, carton, {}).limit).toBe(10);
  });
});

describe('queries on the database', () => {
  it('pages with a total and keeps pages disjoint', async () => {
    const all = await runList(t.db, base(), USERS, carton, { limit: 1000 });
    expect(all.total).toBeGreaterThanOrEqual(26);
    expect(all.list).toHaveLength(all.total);
    const first = await runList(t.db, base(), USERS, carton, { page: 1, limit: 10 });
    const second = await runList(t.db, base(), USERS, carton, { page: 2, limit: 10 });
    expect(first).toMatchObject({ total: all.total, page: 1, limit: 10 });
    expect(first.list.map((row) => row.userId)).toEqual(all.list.slice(0, 10).map((row) => row.userId));
    expect(second.list.map((row) => row.userId)).toEqual(all.list.slice(10, 20).map((row) => row.userId));
    const beyond = await runList(t.db, base(), USERS, carton, { page: 999, limit: 10 });
    expect(beyond).toEqual({ list: [], total: all.total, page: 999, limit: 10 });
  });

  it('applies eq, in (comma-joined), like (with % and _ taken literally) and sorts', async () => {
    expect((await runList(t.db, base(), USERS, carton, { username: 'qc' })).list.map((row) => row.username)).toEqual(['qc']);
    const ids = (await runList(t.db, base(), USERS, carton, { limit: 10 })).list.slice(0, 3).map((row) => row.userId);
    const picked = await runList(t.db, base(), USERS, carton, { userId: ids.join(',') });
    expect(picked.list.map((row) => row.userId)).toEqual(ids);
    expect(picked.total).toBe(3);
    const locked = await runList(t.db, base(), USERS, carton, { status: '0,2', limit: 100 });
    expect(locked.list.map((row) => row.status).sort()).toEqual([0, 2]);
    const nick = await runList(t.db, base(), USERS, carton, { nickName: '计划员' });
    expect(nick.list.map((row) => row.username)).toEqual(['planner']);
    expect((await runList(t.db, base(), USERS, carton, { nickName: '%' })).total).toBe(0);
    expect((await runList(t.db, base(), USERS, carton, { nickName: '_' })).total).toBe(0);
    // Comma-joined texts (tag input) match any of them; blanks between commas are dropped.
    const either = await runList(t.db, base(), USERS, carton, { nickName: '计划员, ,质检员', limit: 100 });
    expect(either.list.map((row) => row.username).sort()).toEqual(['planner', 'qc']);
    expect(either.total).toBe(2);
    expect((await runList(t.db, base(), USERS, carton, { nickName: '计划员,%' })).list.map((row) => row.username)).toEqual(['planner']);
    const sorted = await runList(t.db, base(), USERS, carton, { sort: 'username,desc', limit: 1000 });
    const names = sorted.list.map((row) => row.username);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it('matches a text filter whatever the case of its letters, and Chinese, digits and punctuation as written', async () => {
    const [user] = await t.db
      .insertInto('app_user')
      .values({ enterprise_id: 8888, username: 'case_probe', nick_name: 'Zhang 张工（2号）', mobile: '', password_hash: 'x' })
      .returning('id')
      .execute();
    await t.db.insertInto('user_org').values({ enterprise_id: 8888, org_id: 1001, user_id: user!.id, is_default: true }).execute();
    const found = async (nickName: string) => (await runList(t.db, base(), USERS, carton, { nickName })).list.map((row) => row.username);
    for (const text of ['zhang', 'ZHANG 张', '张工', '工（2号）', '2', 'zHaNg 张工（2']) expect(await found(text), text).toEqual(['case_probe']);
    for (const text of ['张 工', '张工(2号)', 'zhang张']) expect(await found(text), text).toEqual([]);
    await t.db.deleteFrom('app_user').where('id', '=', user!.id).execute();
  });

  it('reads the same pages when its query is compiled once per shape and only the values change', async () => {
    // Pairs of one shape with other values come one after the other: the second reads the first's compiled text.
    const requests: Array<Record<string, unknown>> = [
      {},
      { page: 2, limit: 10 },
      { page: 3, limit: 10 },
      { status: '1' },
      { status: '0' },
      { status: '0,1,2', sort: 'username,desc' },
      { status: '2,1,0', sort: 'username,desc', page: 2 },
      { nickName: '计划员' },
      { nickName: '质检员' },
      { nickName: '计划员,质检员' },
      { nickName: 'A' },
      { username: 'qc' },
      { username: 'planner' },
      { createTimeStart: '2020-01-01', createTimeEnd: '2099-12-31' },
      { createTimeStart: '2099-01-01', createTimeEnd: '2099-12-31' },
      { createTimeEnd: '2099-12-31', status: '1', nickName: '员', sort: 'createTime,desc', limit: 20 },
      { createTimeEnd: '2000-12-31', status: '1', nickName: '员', sort: 'createTime,desc', limit: 20 },
    ];
    // What each page must hold: the export's rows of the same filters and order (built per request,
    // never from a compiled shape), cut at the page.
    const plain = async (scope: typeof carton, params: Record<string, unknown>) => {
      const rows: unknown[] = [];
      for await (const row of streamList(base(), USERS, scope, params)) rows.push(row);
      const limit = Number(params.limit ?? 10);
      const page = Number(params.page ?? 1);
      return { list: rows.slice((page - 1) * limit, page * limit), total: rows.length, page, limit };
    };
    // The plain page, keys first, and keys first for covered filters (the default order only).
    for (const options of [{ oneRowPerKey: false }, { oneRowPerKey: true }, { oneRowPerKey: true, coveredFilters: ['nickName', 'createTime'] }]) {
      for (const params of requests) {
        const label = JSON.stringify([options, params]);
        expect(await runList(t.db, base(), USERS, carton, params, undefined, options), label).toEqual(await plain(carton, params));
        expect(await runList(t.db, base(), USERS, board, params, undefined, options), label).toEqual(await plain(board, params));
      }
    }
    expect((await runList(t.db, base(), USERS, carton, { status: '0' })).list.every((row) => row.status === 0)).toBe(true);
    expect((await runList(t.db, base(), USERS, carton, { status: '1' })).list.every((row) => row.status === 1)).toBe(true);
  });

  it('filters date ranges', async () => {
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    const all = await runList(t.db, base(), USERS, carton, { limit: 1000 });
    expect((await runList(t.db, base(), USERS, carton, { createTimeStart: day, createTimeEnd: day, limit: 1000 })).total).toBe(all.total);
    expect((await runList(t.db, base(), USERS, carton, { createTimeEnd: '2000-01-01' })).total).toBe(0);
  });

  it('compares a date column by days, whatever time zone the database session is in', async () => {
    // Orders of 示例纸箱厂 by delivery day, the days as stored.
    const ORDERS: ListSpec = {
      scope: { enterprise: 'o.enterprise_id', org: 'o.org_id' },
      filters: { deliveryDate: { column: 'o.delivery_date', kind: 'dateRange', label: '交货日期', day: true } },
      sorts: { id: 'o.id' },
      defaultSort: { field: 'id', direction: 'asc' },
      key: 'o.id',
    };
    const days = await t.db
      .selectFrom('production_order')
      .select([sql<string>`to_char(delivery_date, 'YYYY-MM-DD')`.as('day'), sql<number>`count(*)::int`.as('orders')])
      .where('enterprise_id', '=', 8888)
      .where('org_id', '=', 1001)
      .groupBy('delivery_date')
      .orderBy('delivery_date')
      .execute();
    expect(days.length).toBeGreaterThan(2);
    const [first, second] = days;
    // A session east of the factory (Tokyo, +9 against the tests' Shanghai +8) turned each stored day
    // into an instant an hour before the factory's day began: a day compared as an instant fell out.
    await t.db.transaction().execute(async (trx) => {
      await sql`set local time zone 'Asia/Tokyo'`.execute(trx);
      const listed = (params: Record<string, unknown>) => runList(trx, trx.selectFrom('production_order as o').select(['o.id']), ORDERS, carton, params);
      expect((await listed({ deliveryDateStart: first!.day, deliveryDateEnd: first!.day })).total).toBe(first!.orders);
      expect((await listed({ deliveryDateStart: second!.day, deliveryDateEnd: `${second!.day} 08:00` })).total).toBe(second!.orders);
      expect((await listed({ deliveryDateEnd: second!.day })).total).toBe(first!.orders + second!.orders);
    });
  });

  /** Members of a factory on one connection (its prepared statements are that connection's). */
  const usersOn = (connection: Kysely<Database>) => connection.selectFrom('user_org as uo').innerJoin('app_user as u', 'u.id', 'uo.user_id');

  /** The connection's prepared statements by name: generic and custom plans made, parameters, text. */
  const statements = async (connection: Kysely<Database>) =>
    new Map(
      (
        await sql<{ name: string; generic: number; custom: number; parameters: number; statement: string }>`
          select name, generic_plans::int as generic, custom_plans::int as custom, cardinality(parameter_types)::int as parameters, statement
          from pg_prepared_statements`.execute(connection)
      ).rows.map((row) => [row.name, row]),
    );

  it.runIf(process.env.TEST_DATABASE_URL)('keeps a page prepared on PostgreSQL, planned for each request’s values; values asked for again are planned once', async () => {
    await t.db.connection().execute(async (connection) => {
      const before = await statements(connection);
      const users = () => usersOn(connection).select(['u.id as userId', 'u.username']);
      // More than five: with plan_cache_mode auto, PostgreSQL would try a generic plan from the sixth run on.
      const texts = ['计划员', '质检员', '员', '张', '李', '管理'];
      const page = (nickName: string) => runList(connection, users(), USERS, carton, { nickName, status: '1', sort: 'username,desc' });
      const first = [];
      for (const nickName of texts) first.push(await page(nickName));
      // One statement (the page's) ran every time, parsed once and planned for each request's values.
      const ran = () =>
        statements(connection).then((now) =>
          [...now.values()]
            .map((row) => ({ ...row, generic: row.generic - (before.get(row.name)?.generic ?? 0), custom: row.custom - (before.get(row.name)?.custom ?? 0) }))
            .filter((row) => row.generic > 0 || row.custom > 0),
        );
      // The first run reads the page as columns (learning them); the others as one JSON text (prepared.ts rowsAsJson).
      const [columns, json, ...others] = (await ran()).sort((a, b) => a.custom - b.custom);
      expect(others).toEqual([]);
      expect(columns).toMatchObject({ generic: 0, custom: 1 });
      expect(json).toMatchObject({ generic: 0, custom: texts.length - 1, name: `${columns!.name}_rows` });
      expect(json!.statement).toContain('json_agg(json_build_array');
      expect(columns!.parameters).toBeGreaterThan(0);
      expect(json!.parameters).toBe(columns!.parameters);
      const parameterized = json;
      // Asked for again: each with its values written in, prepared and planned once; the same rows.
      for (const [index, nickName] of texts.entries()) expect(await page(nickName)).toEqual(first[index]);
      for (const [index, nickName] of texts.entries()) expect(await page(nickName)).toEqual(first[index]);
      const kept = (await ran()).filter((row) => row.name.startsWith('mes_page_'));
      expect(kept.map(({ generic, custom, parameters }) => ({ generic, custom, parameters }))).toEqual(texts.map(() => ({ generic: 2, custom: 0, parameters: 0 })));
      expect(kept.map((row) => texts.find((text) => row.statement.includes(`'%${text}%'`))).sort()).toEqual([...texts].sort());
      expect((await ran()).find((row) => row.name === parameterized!.name)?.custom).toBe(texts.length - 1);
    });
  });

  it.runIf(process.env.TEST_DATABASE_URL)('writes a repeated page’s text values in as data: a quote in a filter is a quote', async () => {
    await t.db.connection().execute(async (connection) => {
      const users = () => usersOn(connection).select(['u.id as userId']);
      for (const nickName of ["' or ''='", "x' or '1'='1", "员'--"]) {
        const once = await runList(connection, users(), USERS, carton, { nickName });
        const again = await runList(connection, users(), USERS, carton, { nickName });
        expect(once).toEqual({ list: [], total: 0, page: 1, limit: expect.any(Number) });
        expect(again).toEqual(once);
      }
      const kept = [...(await statements(connection)).values()].filter((row) => row.name.startsWith('mes_page_'));
      expect(kept.some((row) => row.statement.includes(`'%x'' or ''1''=''1%'`))).toBe(true);
    });
  });

  it.runIf(process.env.TEST_DATABASE_URL)('answers a kept page whose statement the connection lost, and prepares it again', async () => {
    await t.db.connection().execute(async (connection) => {
      const users = () => usersOn(connection).select(['u.username']);
      const page = () => runList(connection, users(), USERS, carton, { username: 'planner', sort: 'username,desc', limit: 50 });
      const first = await page();
      expect(first.list).toEqual([{ username: 'planner' }]);
      const before = new Set((await statements(connection)).keys());
      expect(await page()).toEqual(first);
      const [lost, ...others] = [...(await statements(connection)).keys()].filter((name) => !before.has(name));
      expect(others).toEqual([]);
      await sql`deallocate ${sql.id(lost!)}`.execute(connection);
      expect(await page()).toEqual(first);
      expect(await page()).toEqual(first);
      expect((await statements(connection)).get(lost!)).toMatchObject({ generic: 1, parameters: 0 });
    });
  });

  it.runIf(process.env.TEST_DATABASE_URL)('prepares a page asked for again before its first run knew its columns anew as one JSON text once they are known', async () => {
    // Fifty planners opening one list at once: the second asks on another connection before the first
    // has answered (a page and its total take a connection each; one connection runs one query at a time).
    const pool = openDatabase({ kind: 'postgres', connectionString: t.databaseUrl!, poolMax: 4 });
    try {
      // A base of its own: no test before has run this page, so its columns are not known yet.
      const page = () => runList(pool, usersOn(pool).select(['u.id as heldUserId', 'u.username as heldUsername']), USERS, carton, { username: 'planner' });
      const both = () => Promise.all([page(), page()]);
      const [first, second] = await both();
      expect(first.list).toEqual([{ heldUserId: expect.any(Number), heldUsername: 'planner' }]);
      expect(second).toEqual(first);
      for (let run = 0; run < 3; run++) expect(await both()).toEqual([first, first]);
      // Every connection's statements of the page (four at once, so each runs on its own connection).
      const held = await Promise.all(
        [0, 1, 2, 3].map(async () => (await sql<{ statement: string }>`select pg_sleep(0.2), statement from pg_prepared_statements where name like 'mes_page_%'`.execute(pool)).rows),
      );
      const pages = held.flat().filter((row) => row.statement.includes('"heldUsername"'));
      expect(pages.length).toBeGreaterThanOrEqual(2);
      expect(pages.filter((row) => !row.statement.includes('json_agg(json_build_array'))).toEqual([]);
    } finally {
      await pool.destroy();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(`keeps at most ${MAX_PAGE_STATEMENTS} pages planned once on a connection, the least recently asked for going first`, async () => {
    await t.db.connection().execute(async (connection) => {
      const users = () => usersOn(connection).select(['u.username']);
      // A kept page whose statement is already gone when its turn to go comes: the others still answer.
      await runList(connection, users(), USERS, carton, { username: 'victim' });
      const before = new Set((await statements(connection)).keys());
      await runList(connection, users(), USERS, carton, { username: 'victim' });
      const [victim, ...others] = [...(await statements(connection)).keys()].filter((name) => !before.has(name));
      expect(others).toEqual([]);
      expect(victim).toMatch(/^mes_page_/);
      await sql`deallocate ${sql.id(victim!)}`.execute(connection);
      const names = Array.from({ length: MAX_PAGE_STATEMENTS + 5 }, (_, index) => `nobody_${index}`).concat('admin');
      for (const username of names) {
        await runList(connection, users(), USERS, carton, { username });
        expect((await runList(connection, users(), USERS, carton, { username })).list).toEqual(username === 'admin' ? [{ username: 'admin' }] : []);
      }
      const kept = [...(await statements(connection)).values()].filter((row) => row.name.startsWith('mes_page_'));
      expect(kept.length).toBe(MAX_PAGE_STATEMENTS);
      expect(kept.filter((row) => names.slice(-MAX_PAGE_STATEMENTS).some((name) => row.statement.includes(`'${name}'`)))).toHaveLength(MAX_PAGE_STATEMENTS);
    });
  });

  it('sends a page as one JSON text and reads back exactly the values of its columns in the page’s order, every type', async () => {
    await t.db.connection().execute(async (connection) => {
      // Every column type a page may carry this way, with the values whose JSON and text forms differ most.
      await sql`
        create temp table probe as
        select g as id, 8888::bigint as enterprise_id, 1001::bigint as org_id, (g % 2 = 0) as flag, g::smallint as small, (g * 1000)::int as whole,
          (9007199254740000 + g)::bigint as big, ('名' || g || E' "q" \\ \n')::text as name, ('v' || g)::varchar(20) as short, 'pg_class'::name as sysname,
          json_build_object('a', g, 'b', array[1.50, 2]) as doc, jsonb_build_object('k', 'v' || g, 'n', 1.50) as bin,
          (g / 3.0)::real as single, (case g when 1 then 'NaN'::float8 when 2 then '-Infinity'::float8 else g / 7.0 end) as dbl, (g * 1.10)::numeric(12, 2) as amount,
          date '2026-03-01' + g as day, time '08:30:15.5' as at, timestamp '2026-03-01 12:34:56.789123' + g * interval '1 hour' as local,
          timestamptz '2026-03-01 12:34:56.789123+08' + g * interval '1 day' as stamp,
          array[g, null]::int[] as ints, array[g::smallint]::smallint[] as smalls, array[g::bigint]::bigint[] as bigs, array['a,b', null, '"x"']::text[] as texts,
          array['v']::varchar[] as shorts, (case when g = 3 then null else g end) as maybe
        from generate_series(1, 5) g`.execute(connection);
      const spec: ListSpec = { scope: { enterprise: 'p.enterprise_id', org: 'p.org_id' }, filters: { name: { column: 'p.name', kind: 'like', label: '名称' } }, sorts: { id: 'p.id' }, defaultSort: { field: 'id', direction: 'asc' }, key: 'p.id' };
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const probe = (connection as Kysely<any>).selectFrom('probe as p').selectAll('p');
      const asColumns = (await sql<Record<string, unknown>>`select * from probe order by id`.execute(connection)).rows;
      const page = (name: string) => runList(connection, probe, spec, carton, { name, limit: 10 });
      // The first run reads columns; another text (every row has it) with parameters as JSON; each asked for again, written in and prepared, as JSON.
      for (const name of ['名', '"', '名', '"']) expect((await page(name)).list).toEqual(asColumns);
      const kept = [...(await statements(connection)).values()].filter((row) => row.statement.includes('from "probe"') && row.statement.includes('json_build_array'));
      // PGlite keeps only the pages asked for again (its API names no statements).
      expect(kept.map((row) => row.parameters > 0).sort()).toEqual(process.env.TEST_DATABASE_URL ? [false, false, true] : [false, false]);
      // In the page's own order, and an empty page as an empty list, each way too.
      for (let run = 0; run < 3; run++) {
        expect((await runList(connection, probe, spec, carton, { name: '名', limit: 10, sort: 'id,desc' })).list).toEqual([...asColumns].reverse());
        expect((await page('无此名')).list).toEqual([]);
      }
      // A column of a type not listed (uuid) keeps the whole page in columns.
      await sql`alter table probe add column ref uuid default '00000000-0000-0000-0000-000000000001'`.execute(connection);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const withUuid = () => runList(connection, (connection as Kysely<any>).selectFrom('probe as p').select(['p.id', 'p.ref', 'p.stamp']), spec, carton, { name: '名', limit: 10 });
      const expected = (await sql<Record<string, unknown>>`select id, ref, stamp from probe order by id`.execute(connection)).rows;
      for (let run = 0; run < 3; run++) expect((await withUuid()).list).toEqual(expected);
      const uuidTexts = [...(await statements(connection)).values()].map((row) => row.statement).filter((text) => text.includes('"p"."ref"'));
      expect(uuidTexts.length).toBeGreaterThan(0);
      expect(uuidTexts.some((text) => text.includes('json_build_array'))).toBe(false);
    });
  });

  it('reuses a request’s checked parameters only for the same factory and the same parameters', async () => {
    const params = { status: '1', sort: 'username,asc', limit: 50 };
    const cartonFirst = await runList(t.db, base(), USERS, carton, params);
    const boardFirst = await runList(t.db, base(), USERS, board, { ...params });
    expect(boardFirst.list.map((row) => row.username)).toEqual(['admin', 'planner']);
    expect(cartonFirst.list.map((row) => row.username)).not.toEqual(boardFirst.list.map((row) => row.username));
    expect(await runList(t.db, base(), USERS, carton, { ...params })).toEqual(cartonFirst);
    expect(await runList(t.db, base(), USERS, board, { ...params })).toEqual(boardFirst);
    expect((await runList(t.db, base(), USERS, carton, { ...params, username: 'qc' })).list.map((row) => row.username)).toEqual(['qc']);
    // Refused parameters are refused every time.
    for (let again = 0; again < 2; again++) {
      await expect(runList(t.db, base(), USERS, carton, { sort: 'password,asc' })).rejects.toMatchObject({ code: 4000 });
    }
  });

  it('always applies the scope it is given, whatever the request says', async () => {
    const boardUsers = await runList(t.db, base(), USERS, board, { limit: 1000 });
    expect(boardUsers.list.map((row) => row.username).sort()).toEqual(['admin', 'planner']);
    const qc = (await runList(t.db, base(), USERS, carton, { username: 'qc' })).list[0]!;
    // The request cannot widen the scope: scope-looking params are not filters.
    const probe = await runList(t.db, base(), USERS, board, { userId: String(qc.userId), orgId: 1001, enterprise_id: 8888 });
    expect(probe.total).toBe(0);
    expect((await runList(t.db, base(), USERS, { enterpriseId: 9999, orgId: 1001, userId: 1 }, {})).total).toBe(0);
  });

  it('counts on the scope table when every active filter is on it, over the full query otherwise', async () => {
    const countBase = { query: t.db.selectFrom('user_org as uo'), aliases: ['uo'] };
    const plain = await runList(t.db, base(), USERS, carton, { limit: 20 });
    const counted = await runList(t.db, base(), USERS, carton, { limit: 20 }, (row) => row, { countBase });
    expect(counted).toEqual(plain);
    // A filter on the joined table cannot be counted on the scope table alone.
    const filtered = await runList(t.db, base(), USERS, carton, { username: 'qc' }, (row) => row, { countBase });
    expect(filtered.total).toBe(1);
    expect(filtered.list.map((row) => row.username)).toEqual(['qc']);
  });

  it('reads a page of a one-row-per-key base with one plain query: the same rows, order, scope and total', async () => {
    const plain = { oneRowPerKey: true };
    // A member once per factory: one row per key under the scope, nothing computed per row.
    const users = base;
    for (const params of [{ limit: 10 }, { page: 2, limit: 10 }, { sort: 'username,desc', limit: 20 }, { nickName: '计划员,质检员' }, { status: '0,2', sort: 'createTime,desc' }]) {
      expect(await runList(t.db, users(), USERS, carton, params, (row) => row, plain)).toEqual(await runList(t.db, users(), USERS, carton, params));
    }
    expect(await runList(t.db, users(), USERS, board, { limit: 1000 }, (row) => row, plain)).toEqual(await runList(t.db, users(), USERS, board, { limit: 1000 }));
    expect(await runList(t.db, users(), USERS, carton, { page: 999, limit: 10 }, (row) => row, plain)).toMatchObject({ list: [] });
  });

  it('streams every filtered row in order across chunks (paging ignored)', async () => {
    const all = await runList(t.db, base(), USERS, carton, { sort: 'username,asc', limit: 1000 });
    const streamed = [];
    for await (const row of streamList(base(), USERS, carton, { sort: 'username,asc', page: 3, limit: 1 }, (row) => row, 4)) streamed.push(row);
    expect(streamed).toEqual(all.list);
    expect(() => streamList(base(), USERS, carton, { sort: 'nope,asc' })).toThrow('不支持按「nope」排序');
  });
});

describe('exports and large lists', () => {
  /** Adds users to the carton factory; returns their ids in insertion order. */
  async function addUsers(usernames: string[], extra: { expireTimes?: Array<string | null> } = {}): Promise<number[]> {
    const ids: number[] = [];
    for (let from = 0; from < usernames.length; from += 500) {
      const chunk = usernames.slice(from, from + 500);
      const rows = await t.db
        .insertInto('app_user')
        .values(
          chunk.map((username, index) => ({
            enterprise_id: 8888,
            username,
            nick_name: `导出${username}`,
            mobile: '',
            password_hash: 'x',
            expire_time: extra.expireTimes?.[from + index] ?? null,
          })),
        )
        .returning('id')
        .execute();
      await t.db
        .insertInto('user_org')
        .values(rows.map((row) => ({ enterprise_id: 8888, org_id: 1001, user_id: row.id, is_default: true })))
        .execute();
      ids.push(...rows.map((row) => row.id));
    }
    return ids;
  }

  async function streamed(params: Record<string, unknown>, chunkSize: number, during?: (index: number) => Promise<void>) {
    const rows: Array<{ userId: number; username: string }> = [];
    for await (const row of streamList(base(), USERS, carton, params, (row) => row, chunkSize)) {
      rows.push(row);
      await during?.(rows.length);
    }
    return rows;
  }

  it('streams on from the last row read: rows removed or added before it meanwhile skip or repeat nothing', async () => {
    await addUsers(['aaa_export_1', 'aaa_export_2']);
    const before = (await runList(t.db, base(), USERS, carton, { sort: 'username,asc', limit: 1000 })).list.map((row) => row.username);
    expect(before.slice(0, 2)).toEqual(['aaa_export_1', 'aaa_export_2']);
    // While the export reads (chunks of 4), someone deletes a row it has already read: an
    // OFFSET-paged read would then skip a row it has not read yet.
    const removed = await streamed({ sort: 'username,asc' }, 4, async (index) => {
      if (index === 4) await t.db.deleteFrom('app_user').where('username', '=', 'aaa_export_1').execute();
    });
    expect(removed.map((row) => row.username)).toEqual(before);
    // …or adds one that sorts before its position: an OFFSET-paged read would repeat a row.
    const added = await streamed({ sort: 'username,asc' }, 4, async (index) => {
      if (index === 4) await addUsers(['aaa_export_0']);
    });
    expect(added.map((row) => row.username)).toEqual(before.slice(1));
    await t.db.deleteFrom('app_user').where('username', 'in', ['aaa_export_0', 'aaa_export_2']).execute();
  });

  it('streams a nullable sort column in the order of a page, both directions, ties broken by key', async () => {
    // Microseconds that a JavaScript Date would lose, ties on one value, and NULLs (the seed's users).
    const times = ['2026-01-01 00:00:00.000001+00', '2026-01-01 00:00:00.000002+00', '2026-01-01 00:00:00.000002+00', null, '2025-06-01 08:00:00+00'];
    const ids = await addUsers(
      times.map((_, index) => `zz_expire_${index}`),
      { expireTimes: times },
    );
    for (const sort of ['expireTime,asc', 'expireTime,desc', 'createTime,desc', 'userId,desc']) {
      const page = (await runList(t.db, base(), USERS, carton, { sort, limit: 1000 })).list.map((row) => row.userId);
      for (const chunkSize of [1, 2, 3, 1000]) {
        expect((await streamed({ sort }, chunkSize)).map((row) => row.userId), `${sort} in chunks of ${chunkSize}`).toEqual(page);
      }
    }
    await t.db.deleteFrom('app_user').where('id', 'in', ids).execute();
  });

  it('counts a small total once for the requests that arrive while it runs', async () => {
    let counts = 0;
    // Every result passes through a plugin of the handle; a small count is the one with rows and total.
    const counting = t.db.withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        if (result.rows[0] && 'rows' in result.rows[0] && 'total' in result.rows[0]) counts += 1;
        return result;
      },
    });
    const countingBase = () =>
      counting.selectFrom('user_org as uo').innerJoin('app_user as u', 'u.id', 'uo.user_id').select(['u.id as userId', 'u.username', 'u.nick_name as nickName', 'u.status']);
    const pages = await Promise.all(Array.from({ length: 10 }, () => runList(t.db, countingBase(), USERS, carton, { status: '1,2' })));
    expect(counts).toBe(1);
    const alone = await runList(t.db, base(), USERS, carton, { status: '1,2' });
    expect(pages.map((page) => page.total)).toEqual(Array(10).fill(alone.total));
    await runList(t.db, countingBase(), USERS, carton, { status: '1,2' });
    expect(counts).toBe(2);
  });

  it('counts exactly on both sides of the cheap-count bound, and exports all rows of a large list', async () => {
    const small = await runList(t.db, base(), USERS, carton, {});
    const usernames = Array.from({ length: EXACT_TOTAL_ROWS + 50 }, (_, index) => `bulk_${String(index).padStart(5, '0')}`);
    await addUsers(usernames);
    const large = await runList(t.db, base(), USERS, carton, {});
    expect(large.total).toBe(small.total + usernames.length);
    const total = async (nickName: string) => (await runList(t.db, base(), USERS, carton, { nickName })).total;
    expect(await total('导出bulk_0')).toBe(EXACT_TOTAL_ROWS + 50);
    expect(await total('导出bulk_00')).toBe(EXACT_TOTAL_ROWS);
    expect(await total('导出bulk_01')).toBe(50);
    expect(await total('导出bulk_0100')).toBe(10);
    // Substrings anywhere, not only prefixes (the trigram indexes of 0011 serve these).
    expect(await total('ULK_0100')).toBe(10);
    expect(await total('出bu')).toBe(EXACT_TOTAL_ROWS + 50);
    const exported = await streamed({ nickName: '导出bulk', sort: 'username,desc' }, 1000);
    expect(exported.map((row) => row.username)).toEqual([...usernames].reverse());
  });

  it(`reads a one-row-per-key page past ${DEEP_OFFSET} skipped rows by its keys: its select list is computed for its own rows only`, async () => {
    // Each row's select list takes the next number of a sequence: the numbers a page shows tell how many rows were computed.
    await sql`create sequence list_probe_computed`.execute(t.db);
    try {
      const computing = () => base().select(sql<number>`nextval('list_probe_computed')`.as('computed'));
      const plain = { oneRowPerKey: true };
      const numbers = async (page: number, sort = 'userId,asc') => {
        const read = await runList(t.db, computing(), USERS, carton, { page, limit: 20, sort }, (row) => row, plain);
        // The same rows as a page found by its keys.
        const byKeys = await runList(t.db, base(), USERS, carton, { page, limit: 20, sort });
        expect(read.list.map(({ computed: _, ...row }) => row)).toEqual(byKeys.list);
        expect(read.list).toHaveLength(20);
        return read.list.map((row) => Number(row.computed)).sort((a, b) => a - b);
      };
      const shallow = DEEP_OFFSET / 20 - 1; // the last page before it: 20 rows computed, and the rows it skips
      const first = await numbers(1);
      const beforeDeep = await numbers(shallow + 1);
      expect(beforeDeep[0]! - first[19]!).toBe(1 + (shallow * 20));
      for (const sort of ['userId,asc', 'username,desc']) {
        const previous = await numbers(1, sort);
        const deep = await numbers(DEEP_OFFSET / 20 + 1, sort);
        expect(deep).toEqual(Array.from({ length: 20 }, (_, index) => previous[19]! + 1 + index));
        const deeper = await numbers(40, sort);
        expect(deeper).toEqual(Array.from({ length: 20 }, (_, index) => deep[19]! + 1 + index));
      }
    } finally {
      await sql`drop sequence list_probe_computed`.execute(t.db);
    }
  });
});
