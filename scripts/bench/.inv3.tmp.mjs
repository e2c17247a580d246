import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { startRealServer } from '../../tests/support/real-server.mjs';
import { seedUsers } from './list-endpoint.mjs';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mes-inv-'));
const s = await startRealServer({ name: 'inv3', dataDir }); await s.stop();
const db = new PGlite(dataDir);
await seedUsers(async (t, p) => (await db.query(t, p)).rows);
const J = `from user_org uo join app_user u on u.id=uo.user_id and u.enterprise_id=uo.enterprise_id left join department d on d.id=uo.department_id where uo.enterprise_id=8888 and uo.org_id=1001`;
const qs = {
  countDistinct: `select count(distinct u.id) ${J}`,
  countStar: `select count(*) ${J}`,
  countUserOrgOnly: `select count(*) from user_org uo where uo.enterprise_id=8888 and uo.org_id=1001`,
  countExists: `select count(*) from user_org uo where uo.enterprise_id=8888 and uo.org_id=1001 and exists (select 1 from app_user u where u.id=uo.user_id and u.enterprise_id=uo.enterprise_id)`,
  countNameStar: `select count(*) ${J} and u.nick_name ilike '%张%'`,
  countNameDistinct: `select count(distinct u.id) ${J} and u.nick_name ilike '%张%'`,
  page1: `select u.id, u.username ${J} order by u.id limit 20`,
  page200: `select u.id, u.username ${J} order by u.id limit 20 offset 3980`,
  sortCreated: `select u.id ${J} order by u.created_at desc, u.id desc limit 20`,
};
for (const [name, q] of Object.entries(qs)) {
  const t = [];
  for (let i = 0; i < 7; i++) { const t0 = performance.now(); await db.query(q); t.push(performance.now() - t0); }
  t.sort((a, b) => a - b);
  console.log(name.padEnd(20), t[3].toFixed(1), 'ms');
}
console.log((await db.query(`explain analyze select count(*) ${J}`)).rows.map((r) => r['QUERY PLAN']).join('\n'));
await db.close();
rmSync(dataDir, { recursive: true, force: true });
