// The reference of `npm run bench` section "orders": the same page of the production order list as
// `GET /dps-server/production_order/list` (same row columns, same filters of the load scenarios —
// status, customer name, delivery date range — same order), served by a bare Fastify + pg pool with
// no login, no validation, no envelope schema and no total: what Node and PostgreSQL cost on this
// machine for the page alone. The pool has the server's default size (two connections per core, 4 to 10).
// Its SQL is the server's: delivery days compared as dates, a customer filter in the default order
// finding the page's keys in the covering list index first (migration 0032), and each text kept
// prepared on the connection, planned for its values (plan_cache_mode force_custom_plan); the same
// values asked for again run with the values written in, planned once per connection, as the
// server's repeated pages do (server/src/db/prepared.ts).
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

const COLUMNS = `o.id, o.order_no as "orderNo", o.erp_order_no as "erpOrderNo", o.source, o.customer_name as "customerName",
  o.product_name as "productName", o.length_mm as "lengthMm", o.width_mm as "widthMm", o.height_mm as "heightMm", o.quantity, o.unit,
  o.good_qty as "goodQty", to_char(o.delivery_date, 'YYYY-MM-DD') as "deliveryDate", o.urgency, o.status, o.suspended_from as "suspendedFrom",
  o.schedule_state as "scheduleState", o.issue_state as "issueState", o.production_state as "productionState", o.revoked,
  o.warning_count as "changeWarnings", o.report_count > 0 as "hasReports", o.issued_count > 0 as "hasIssued", o.created_at as "createTime"`;
const SORTS = { deliveryDate: 'o.delivery_date', createTime: 'o.created_at' };

app.get('/list', async (request) => {
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
  const text =
    customerName && field === 'createTime'
      ? `select ${COLUMNS} from production_order o where o.revoked = $1 and o.enterprise_id = $2 and o.org_id = $3 and o.id in (select o.id from production_order o where ${where.join(' and ')} order by ${order} ${paging}) order by ${order}`
      : `select ${COLUMNS} from production_order o where ${where.join(' and ')} order by ${order} ${paging}`;
  const again = `${text}\0${JSON.stringify(params)}`;
  const run = seen.has(again) ? { text: text.replace(/\$(\d+)/g, (_, n) => literal(params[Number(n) - 1])), values: [] } : { text, values: params };
  seen.add(again);
  if (!names.has(run.text)) names.set(run.text, `bare_${names.size}`);
  const { rows } = await pool.query({ name: names.get(run.text), ...run });
  return { resultCode: 1000, resultData: { list: rows, total: null, page: Number(page), limit: Number(limit) } };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('listening');
