import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { startRealServer } from '../../tests/support/real-server.mjs';
import { seedUsers } from './list-endpoint.mjs';
const out = execFileSync('bash', ['scripts/pg-throwaway.sh', 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
const env = Object.fromEntries([...out.matchAll(/^export (\w+)=(.*)$/gm)].map((m) => [m[1], m[2]]));
try {
  const a = new pg.Client({ connectionString: env.TEST_DATABASE_URL }); await a.connect(); await a.query('create database inv'); await a.end();
  const url = env.TEST_DATABASE_URL.replace(/\/postgres$/, '/inv');
  const s = await startRealServer({ name: 'inv4', env: { DATABASE_URL: url } }); await s.stop();
  const c = new pg.Client({ connectionString: url }); await c.connect();
  await seedUsers(async (t, p) => (await c.query(t, p)).rows);
  const J = `from user_org uo join app_user u on u.id=uo.user_id and u.enterprise_id=uo.enterprise_id left join department d on d.id=uo.department_id where uo.enterprise_id=8888 and uo.org_id=1001`;
  const qs = {
    countDistinct: `select count(distinct u.id) ${J}`,
    countStar: `select count(*) ${J}`,
    countUserOrgOnly: `select count(*) from user_org uo where uo.enterprise_id=8888 and uo.org_id=1001`,
    countNameDistinct: `select count(distinct u.id) ${J} and u.nick_name ilike '%张%'`,
    countNameStar: `select count(*) ${J} and u.nick_name ilike '%张%'`,
    page1: `select u.id, u.username ${J} order by u.id limit 20`,
    sortCreated: `select u.id ${J} order by u.created_at desc, u.id desc limit 20`,
  };
  for (const [name, q] of Object.entries(qs)) {
    const t = [];
    for (let i = 0; i < 7; i++) { const t0 = performance.now(); await c.query(q); t.push(performance.now() - t0); }
    t.sort((x, y) => x - y);
    console.log(name.padEnd(20), t[3].toFixed(1), 'ms');
  }
  await c.end();
} finally {
  execFileSync('bash', ['scripts/pg-throwaway.sh', 'stop', env.PG_THROWAWAY_DIR], { stdio: 'ignore' });
}
