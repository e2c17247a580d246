import type { Db } from '../../db';
import { hashPassword } from '@server/modules/auth';

/** Demo password of the seeded staff accounts (staff01 … staff20). */
export const DEMO_STAFF_PASSWORD = 'staff123';
/** Name of the seeded maintenance role of 示例纸箱厂, given to the first three demo staff. */
export const DEVICE_ROLE_NAME = '设备员';
export const DEMO_STAFF_USERNAMES = Array.from({ length: 20 }, (_, index) => `staff${String(index + 1).padStart(2, '0')}`);

interface DemoDepartment {
  key: string;
  name: string;
  parent?: string;
}

const CARTON_DEPARTMENTS: DemoDepartment[] = [
  { key: 'office', name: '总经办' },
  { key: 'production', name: '生产部' },
  { key: 'printing', name: '印刷车间', parent: 'production' },
  { key: 'forming', name: '成型车间', parent: 'production' },
  { key: 'planning', name: '计划部' },
  { key: 'quality', name: '质量部' },
  { key: 'warehouse', name: '仓储部' },
];

/** Existing seed accounts → their department in 示例纸箱厂. */
const SEED_ACCOUNT_DEPARTMENTS: Record<string, string> = {
  admin: 'office',
  planner: 'planning',
  expiring: 'planning',
  qc: 'quality',
  operator: 'printing',
  noperm: 'warehouse',
};

const SURNAMES = '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗';
const GIVEN_NAMES = ['伟', '芳', '娜', '敏', '静', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀兰', '霞', '平', '刚'];
const STAFF_DEPARTMENTS = ['printing', 'printing', 'printing', 'forming', 'forming', 'forming', 'planning', 'quality', 'warehouse', 'production'];

/**
 * Departments and twenty staff accounts in 示例纸箱厂 (1001) and one department in 示例纸板厂
 * (1002), so the staff and role screens show real content. Runs inside the seed transaction.
 */
export async function seedAccountDemo(trx: Db, enterpriseId: number, cartonOrgId: number, boardOrgId: number): Promise<void> {
  const departmentIds = new Map<string, number>();
  for (const [index, department] of CARTON_DEPARTMENTS.entries()) {
    const { id } = await trx
      .insertInto('department')
      .values({
        enterprise_id: enterpriseId,
        org_id: cartonOrgId,
        parent_id: department.parent ? departmentIds.get(department.parent)! : null,
        name: department.name,
        sort: index,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    departmentIds.set(department.key, id);
  }
  await trx.insertInto('department').values({ enterprise_id: enterpriseId, org_id: boardOrgId, parent_id: null, name: '纸板生产部' }).execute();

  for (const [username, key] of Object.entries(SEED_ACCOUNT_DEPARTMENTS)) {
    const user = await trx.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirst();
    if (!user) continue;
    await trx
      .updateTable('user_org')
      .set({ department_id: departmentIds.get(key)! })
      .where('user_id', '=', user.id)
      .where('org_id', '=', cartonOrgId)
      .execute();
  }

  const roleNamed = (name: string) =>
    trx.selectFrom('role').select('id').where('enterprise_id', '=', enterpriseId).where('org_id', '=', cartonOrgId).where('name', '=', name).executeTakeFirst();
  const operatorRole = await roleNamed('操作员');
  // The first three staff also maintain the machines: the check plans and repairs are theirs.
  const deviceRole = await roleNamed(DEVICE_ROLE_NAME);
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  for (const [index, username] of DEMO_STAFF_USERNAMES.entries()) {
    const { id } = await trx
      .insertInto('app_user')
      .values({
        enterprise_id: enterpriseId,
        username,
        nick_name: `${SURNAMES[index]}${GIVEN_NAMES[index]}`,
        mobile: `139${String(10_000_000 + index * 137).padStart(8, '0')}`,
        password_hash: passwordHash,
        // One disabled and one locked account show the status column at work.
        status: index === 17 ? 0 : index === 18 ? 2 : 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('user_org')
      .values({
        enterprise_id: enterpriseId,
        org_id: cartonOrgId,
        user_id: id,
        is_default: true,
        department_id: departmentIds.get(STAFF_DEPARTMENTS[index % STAFF_DEPARTMENTS.length]!)!,
      })
      .execute();
    const roles = [...(operatorRole && index < 6 ? [operatorRole.id] : []), ...(deviceRole && index < 3 ? [deviceRole.id] : [])];
    for (const roleId of roles) {
      await trx.insertInto('user_role').values({ enterprise_id: enterpriseId, org_id: cartonOrgId, user_id: id, role_id: roleId }).execute();
    }
  }
}
