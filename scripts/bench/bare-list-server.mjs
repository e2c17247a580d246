// The reference of `npm run bench` section "list": the same page of the staff list as
// `GET /dps-server/department_user/list` (same join, same row columns and role subquery, same
// order), served by a bare Fastify + pg pool with no login, no validation and no total.
// Run as `DATABASE_URL=… PORT=… node scripts/bench/bare-list-server.mjs`; prints `listening` when up.
import Fastify from 'fastify';
import pg from 'pg';

const ENTERPRISE = 8888;
const ORG = 1001;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify();

app.get('/list', async (request) => {
  const { page = '1', limit = '10', nickName } = /** @type {Record<string, string>} */ (request.query);
  const params = [ENTERPRISE, ORG, Number(limit), (Number(page) - 1) * Number(limit)];
  let filter = '';
  if (nickName) {
    params.push(`%${nickName}%`);
    filter = `and u.nick_name ilike $${params.length}`;
  }
  const { rows } = await pool.query(
    `select u.id as "userId", u.username, u.nick_name as "nickName", u.mobile, u.status,
            uo.department_id as "departmentId", d.name as "departmentName", u.created_at as "createdAt",
            (select string_agg(r.id::text || chr(31) || r.name, chr(30) order by r.id)
               from user_role ur join role r on r.id = ur.role_id
              where ur.user_id = uo.user_id and ur.org_id = uo.org_id) as roles
       from user_org uo
       join app_user u on u.id = uo.user_id and u.enterprise_id = uo.enterprise_id
       left join department d on d.id = uo.department_id
      where uo.enterprise_id = $1 and uo.org_id = $2 ${filter}
      order by u.id limit $3 offset $4`,
    params,
  );
  return { resultCode: 1000, resultData: { list: rows, total: null } };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('listening');
