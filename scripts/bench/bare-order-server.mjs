// The reference of `npm run bench` section "orders": the same page of the production order list as
// `GET /dps-server/production_order/list` (same row columns, same filters of the load scenarios —
// status, customer name, delivery date range — same order), served by a bare Fastify + pg pool with
// no login, no validation, no envelope schema and no total: what Node and PostgreSQL cost on this
// machine for the page alone. The pool has the server's default size (two connections per core, 4 to 10).
// Its SQL is the server's: delivery days compared as dates, a customer filter in the default order
// finding the page's keys in the covering list index first (migration 0032), and each text kept
// prepared on the connection, planned for its values (plan_cache_mode force_custom_plan); the same
// values asked for again run with the values written in, planned once per connection, as the
// server's repeated pages do (server/src/db/prepared.ts). A customer page in the default order finds its keys per matching
// customer when at most 8 match (production_order_customer, migration 0033; lib/list-query.ts `narrowBy`), and each row is the JSON
// text kept on the order (migration 0035), sent as it is, as the server's are.
// Run as `DATABASE_URL=… PORT=… node scripts/bench/bare-order-server.mjs`; prints `listening` when up.
// Bounds in the factory's zone, as the server reads them (its FACTORY_TIME_ZONE default).
process.env.TZ = 'Asia/Shanghai';
import os from 'node:os';
import Fastify from 'fastify';
import pg from 'pg';

const ENTERPRISE = 8888;
const ORG = 1001;
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Math.min(10, Math.max(4, 2 * os.availableParallelism())),
  options: '-c plan_cache_mode=force_custom_plan',
});
/** Statement names by text. */
const names = new Map();
/** Texts and values asked for before. */
const seen = new Set();
/** A value as the literal PostgreSQL reads as the same untyped parameter (the bench's values have no quotes or backslashes). */
const literal = (value) => `'${String(value).replaceAll("'", "''")}'`;
const app = Fastify();

/** The list row: the JSON text kept on the order (migration 0035) completed with the createTime value in the factory's zone, as the server selects it. */
const COLUMNS = `o.list_row || to_char(o.created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') || '"}' as "listRow"`;
const SORTS = { deliveryDate: 'o.delivery_date', createTime: 'o.created_at' };

/** Customer filters by whether at most 8 customers match (the server's NARROW_MAX_TEXTS), counted once (the server recounts every 10 s). */
const fewByPattern = new Map();
const fewCustomers = (customerName) => {
  if (!fewByPattern.has(customerName)) {
    const counted = pool.query('select count(*) as n from production_order_customer where enterprise_id = $1 and org_id = $2 and customer_name like $3', [ENTERPRISE, ORG, `%${customerName}%`]);
    fewByPattern.set(customerName, counted.then(({ rows }) => Number(rows[0].n) <= 8));
  }
  return fewByPattern.get(customerName);
};

app.get('/list', async (request, reply) => {
  const { page = '1', limit = '20', status, customerName, deliveryDateStart, deliveryDateEnd, sort = 'createTime,desc' } = /** @type {Record<string, string>} */ (request.query);
  const params = [false, ENTERPRISE, ORG];
  const where = ['o.revoked = $1', 'o.enterprise_id = $2', 'o.org_id = $3'];
  const bind = (value) => `$${params.push(value)}`;
  if (status) where.push(`o.status in (${status.split(',').map((value) => bind(Number(value))).join(', ')})`);
  if (deliveryDateStart) where.push(`o.delivery_date >= ${bind(deliveryDateStart)}::date`);
  if (deliveryDateEnd) where.push(`o.delivery_date <= ${bind(deliveryDateEnd)}::date`);
  if (customerName) where.push(`o.customer_name like ${bind(`%${customerName}%`)}`);
  const [field, direction] = sort.split(',');
  const order = `${SORTS[field]} ${direction === 'desc' ? 'desc' : 'asc'}, o.id ${direction === 'desc' ? 'desc' : 'asc'}`;
  const paging = `limit ${bind(Number(limit))} offset ${bind((Number(page) - 1) * Number(limit))}`;
  const perCustomer = customerName && field === 'createTime' && (await fewCustomers(customerName));
  const reach = perCustomer ? bind((Number(page) - 1) * Number(limit) + Number(limit)) : '';
  const pattern = reach ? bind(`%${customerName}%`) : '';
  const keys = `with matched as (select t.customer_name as text from production_order_customer t where t.enterprise_id = $2 and t.org_id = $3 and t.customer_name like ${pattern})
    select l.__key from matched inner join lateral (select o.id as __key, o.created_at as __sort from production_order o where ${where.join(' and ')} and o.customer_name = matched.text order by ${order} limit ${reach}) as l on true
    order by l.__sort ${direction === 'desc' ? 'desc' : 'asc'}, l.__key ${direction === 'desc' ? 'desc' : 'asc'} ${paging}`;
  const text = reach
    ? `select ${COLUMNS} from production_order o where o.revoked = $1 and o.enterprise_id = $2 and o.org_id = $3 and o.id in (${keys}) order by ${order}`
    : `select ${COLUMNS} from production_order o where ${where.join(' and ')} order by ${order} ${paging}`;
  const again = `${text}\0${JSON.stringify(params)}`;
  const run = seen.has(again) ? { text: text.replace(/\$(\d+)/g, (_, n) => literal(params[Number(n) - 1])), values: [] } : { text, values: params };
  seen.add(again);
  if (!names.has(run.text)) names.set(run.text, `bare_${names.size}`);
  const { rows } = await pool.query({ name: names.get(run.text), ...run });
  const list = rows.map((row) => row.listRow).join(',');
  return reply.type('application/json; charset=utf-8').send(`{"resultCode":1000,"resultData":{"list":[${list}],"total":null,"page":${Number(page)},"limit":${Number(limit)}}}`);
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('listening');
