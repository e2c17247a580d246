import { sql } from 'kysely';
import { ROUTE_GROUPS, allRouteAuthorities } from '@core/access/route-catalog';
import {
  ACTION_CODE_ENTRIES,
  QA_AUDIT_TAB_CODE_ENTRIES,
  actionCodesOf,
  allActionCodes,
} from '@core/access/action-codes';
import { DEVICE_CARE_ACTIONS } from '@core/access/authorities/device-care';
import { DEVICE_LEDGER_ACTIONS } from '@core/access/authorities/device-ledger';
import { DEVICE_LIVE_ACTIONS } from '@core/access/authorities/device-live';
import { DEVICE_REPAIR_ACTIONS } from '@core/access/authorities/device-repair';
import { hashPassword } from '../modules/auth/crypto';
import { DEVICE_ROLE_NAME, seedAccountDemo } from '../modules/account/seed';
import { seedModelingDemo } from '../modules/modeling/seed';
import { seedEnterpriseConfigDemo } from '../modules/sys-cfg/enterprise-config.seed';
import { seedPaperDataDemo } from '../modules/sys-cfg/paper-data.seed';
import { seedShopFloorDemo } from '../modules/modeling/shop-floor.seed';
import { seedShiftsDemo } from '../modules/shifts/seed';
import { seedStencilDemo } from '../modules/stencil/seed';
import { seedProductionOrderDemo } from '../modules/production-order';
import { seedDeviceRepairDemo } from '../modules/device-repair/seed';
import { seedErpDemo } from '../modules/erp';
import { seedDeviceStatusDemo } from '../modules/device-status/seed';
import { seedTicketTemplateDemo } from '../modules/sys-cfg/ticket-template.seed';
import { seedWorkReportDemo } from '../modules/work-report';
import { seedPaperboardDemo } from '../modules/paperboard/seed';
import { seedDeviceCareDemo } from '../modules/device-care';
import { seedDeviceLedgerDemo } from '../modules/device-ledger';
import { seedCartonSchedule } from '../modules/schedule';
import type { Db } from './index';

export const SEED_ENTERPRISE = { id: 8888, name: '示例包装集团' } as const;
export const SEED_ORGS = [
  { id: 1001, name: '示例纸箱厂' },
  { id: 1002, name: '示例纸板厂' },
] as const;

const CARTON = 1001;
const BOARD = 1002;

/** Numeric schedule ids of spec §6, named for the permission tree. */
const SCHEDULE_ID_NAMES: Record<string, string> = {
  '8621': '纸箱排产-待排产',
  '8624': '纸箱排产-已排产',
  '8625': '纸箱排产-排产视图',
};

function groupCodes(...groupPaths: string[]): string[] {
  const codes = new Set<string>();
  for (const path of groupPaths) {
    const group = ROUTE_GROUPS.find((candidate) => candidate.path === path);
    if (!group) throw new Error(`unknown route group ${path}`);
    codes.add(group.authority);
    group.children.forEach((child) => child.authorities.forEach((code) => codes.add(code)));
  }
  return [...codes];
}

function pageCodes(...paths: string[]): string[] {
  const codes = new Set<string>();
  for (const path of paths) {
    const group = ROUTE_GROUPS.find((candidate) => candidate.children.some((child) => child.path === path));
    const child = group?.children.find((candidate) => candidate.path === path);
    if (!group || !child) throw new Error(`unknown route ${path}`);
    codes.add(group.authority);
    child.authorities.forEach((code) => codes.add(code));
  }
  return [...codes];
}

const ADMIN_CODES = [...allRouteAuthorities(), ...allActionCodes()];
const PLANNER_CODES = [
  ...groupCodes('/home-group', '/work-order', '/schedule', '/paperboard'),
  // The 流转卡 print page its 打印 button opens.
  ...pageCodes('/print-production-order'),
  ...actionCodesOf('PRODUCTION_ORDER'),
  ...actionCodesOf('SCHEDULE'),
  ...actionCodesOf('PAPERBOARD'),
];
const BOARD_PLANNER_CODES = [...groupCodes('/home-group', '/paperboard'), ...actionCodesOf('PAPERBOARD')];
const QC_CODES = [
  ...groupCodes('/home-group', '/qa'),
  ...actionCodesOf('QA_SCHEME'),
  ...actionCodesOf('QA_AUDIT'),
  ...QA_AUDIT_TAB_CODE_ENTRIES.map((entry) => entry.code),
  ...pageCodes('/work-order-review'),
  ...actionCodesOf('WORK_ORDER_REVIEW'),
];
/**
 * 设备员: the maintenance people — device overview, kanban, ledger, check, maintenance and repair,
 * with every device action (the staff the seeded check plans and repairs are assigned to).
 */
const DEVICE_CODES = [
  ...groupCodes('/home-group', '/kanban', '/device-run-cfg'),
  ...[...DEVICE_LIVE_ACTIONS, ...DEVICE_LEDGER_ACTIONS, ...DEVICE_CARE_ACTIONS, ...DEVICE_REPAIR_ACTIONS].map((action) => action.code),
];
/** 仅报工: reporting only; 报工审核 belongs to the auditors (qc / admin). */
const OPERATOR_CODES = [...groupCodes('/home-group'), ...pageCodes('/work-order-record'), ...actionCodesOf('WORK_ORDER_RECORD')];

/** Name of the built-in full-access role of every seeded factory. */
export const ADMIN_ROLE_NAME = '系统管理员';

interface SeedRole {
  key: string;
  orgId: number;
  name: string;
  codes: string[];
}

const ROLES: SeedRole[] = [
  { key: 'admin-carton', orgId: CARTON, name: ADMIN_ROLE_NAME, codes: ADMIN_CODES },
  { key: 'admin-board', orgId: BOARD, name: ADMIN_ROLE_NAME, codes: ADMIN_CODES },
  { key: 'planner-carton', orgId: CARTON, name: '计划员', codes: PLANNER_CODES },
  { key: 'planner-board', orgId: BOARD, name: '纸板计划员', codes: BOARD_PLANNER_CODES },
  { key: 'qc', orgId: CARTON, name: '质检员', codes: QC_CODES },
  { key: 'operator', orgId: CARTON, name: '操作员', codes: OPERATOR_CODES },
  { key: 'device-carton', orgId: CARTON, name: DEVICE_ROLE_NAME, codes: DEVICE_CODES },
];

export interface SeedAccount {
  username: string;
  password: string;
  nickName: string;
  mobile: string;
  /** Factories the account may use; the first is its default. */
  orgIds: number[];
  roles: string[];
  /** Days until the account expires; absent means it never expires. */
  expiresInDays?: number;
  remindType?: string;
  description: string;
}

export const SEED_ACCOUNTS: SeedAccount[] = [
  {
    username: 'admin',
    password: 'admin123',
    nickName: '系统管理员',
    mobile: '13800000001',
    orgIds: [CARTON, BOARD],
    roles: ['admin-carton', 'admin-board'],
    description: '全部权限，可切换两个工厂',
  },
  {
    username: 'planner',
    password: 'planner123',
    nickName: '计划员小王',
    mobile: '13800000002',
    orgIds: [CARTON, BOARD],
    roles: ['planner-carton', 'planner-board'],
    description: '订单与排产',
  },
  {
    username: 'qc',
    password: 'qc123456',
    nickName: '质检员小李',
    mobile: '13800000003',
    orgIds: [CARTON],
    roles: ['qc'],
    description: '质量管理',
  },
  {
    username: 'operator',
    password: 'op123456',
    nickName: '操作员小张',
    mobile: '13800000004',
    orgIds: [CARTON],
    roles: ['operator'],
    description: '仅报工',
  },
  {
    username: 'expiring',
    password: 'expire123',
    nickName: '即将到期账号',
    mobile: '13800000005',
    orgIds: [CARTON],
    roles: ['planner-carton'],
    expiresInDays: 5,
    remindType: '0,1,2,3,4',
    description: '5 天后到期，弹出到期提醒',
  },
  {
    username: 'noperm',
    password: 'noperm123',
    nickName: '无权限账号',
    mobile: '13800000006',
    orgIds: [CARTON],
    roles: [],
    description: '没有任何权限',
  },
];

function authorityCatalogue(): Array<{ code: string; name: string; kind: 'menu' | 'action' }> {
  const entries = new Map<string, { code: string; name: string; kind: 'menu' | 'action' }>();
  for (const group of ROUTE_GROUPS) {
    entries.set(group.authority, { code: group.authority, name: group.title, kind: 'menu' });
    for (const child of group.children) {
      for (const code of child.authorities) {
        if (entries.has(code)) continue;
        const name = SCHEDULE_ID_NAMES[code] ?? `${group.title}-${child.title}`;
        entries.set(code, { code, name, kind: 'menu' });
      }
    }
  }
  for (const entry of [...ACTION_CODE_ENTRIES, ...QA_AUDIT_TAB_CODE_ENTRIES]) {
    entries.set(entry.code, { ...entry, kind: 'action' });
  }
  return [...entries.values()];
}

/**
 * Brings an existing database up to this build's authority catalogue (run on every start): codes
 * added by newer modules are inserted, renamed ones get their new Chinese name, and every built-in
 * 系统管理员 role is granted the codes it lacks, so an upgrade never leaves the admin locked out of
 * a new page. Other roles get new codes only through the role editor.
 */
export async function syncAuthorityCatalogue(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('authority')
      .values(authorityCatalogue())
      .onConflict((conflict) => conflict.column('code').doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), kind: eb.ref('excluded.kind') })))
      .execute();
    await sql`
      insert into role_authority (enterprise_id, org_id, role_id, authority_id)
      select r.enterprise_id, r.org_id, r.id, a.id
      from role r cross join authority a
      where r.name = ${ADMIN_ROLE_NAME}
      on conflict do nothing`.execute(trx);
  });
}

/** Seeds tenants, accounts, roles and authorities when the database has no enterprise yet. */
export async function seedIfEmpty(db: Db, now: Date = new Date()): Promise<boolean> {
  const existing = await db.selectFrom('enterprise').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHashes = await Promise.all(SEED_ACCOUNTS.map((account) => hashPassword(account.password)));

  await db.transaction().execute(async (trx) => {
    const enterpriseId = SEED_ENTERPRISE.id;
    await trx.insertInto('enterprise').values(SEED_ENTERPRISE).execute();
    await trx
      .insertInto('org')
      .values(SEED_ORGS.map((org) => ({ ...org, enterprise_id: enterpriseId })))
      .execute();

    const authorities = await trx.insertInto('authority').values(authorityCatalogue()).returning(['id', 'code']).execute();
    const authorityId = new Map(authorities.map((row) => [row.code, row.id]));

    const roleIds = new Map<string, number>();
    for (const role of ROLES) {
      const { id } = await trx
        .insertInto('role')
        .values({ enterprise_id: enterpriseId, org_id: role.orgId, name: role.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      roleIds.set(role.key, id);
      const codes = [...new Set(role.codes)];
      await trx
        .insertInto('role_authority')
        .values(
          codes.map((code) => {
            const id = authorityId.get(code);
            if (id === undefined) throw new Error(`authority ${code} missing from the catalogue`);
            return { enterprise_id: enterpriseId, org_id: role.orgId, role_id: roleIds.get(role.key)!, authority_id: id };
          }),
        )
        .execute();
    }

    for (const [index, account] of SEED_ACCOUNTS.entries()) {
      const expireTime =
        account.expiresInDays === undefined ? null : new Date(now.getTime() + account.expiresInDays * 86_400_000);
      const { id: userId } = await trx
        .insertInto('app_user')
        .values({
          enterprise_id: enterpriseId,
          username: account.username,
          nick_name: account.nickName,
          mobile: account.mobile,
          password_hash: passwordHashes[index]!,
          status: 1,
          expire_time: expireTime,
          remind_type: account.remindType ?? '',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('user_org')
        .values(
          account.orgIds.map((orgId, orgIndex) => ({
            enterprise_id: enterpriseId,
            org_id: orgId,
            user_id: userId,
            is_default: orgIndex === 0,
          })),
        )
        .execute();
      for (const roleKey of account.roles) {
        const role = ROLES.find((candidate) => candidate.key === roleKey)!;
        await trx
          .insertInto('user_role')
          .values({ enterprise_id: enterpriseId, org_id: role.orgId, user_id: userId, role_id: roleIds.get(roleKey)! })
          .execute();
      }
    }
    await seedAccountDemo(trx, enterpriseId, CARTON, BOARD);
    await seedModelingDemo(trx, enterpriseId, [
      { orgId: CARTON, productPrefix: 'CP' },
      { orgId: BOARD, productPrefix: 'BP' },
    ]);
    await seedEnterpriseConfigDemo(trx, enterpriseId, [
      { orgId: CARTON, board: false },
      { orgId: BOARD, board: true },
    ]);
    await seedPaperDataDemo(trx, enterpriseId, [CARTON, BOARD]);
    await seedShopFloorDemo(trx, enterpriseId, [CARTON, BOARD]);
    await seedShiftsDemo(trx, enterpriseId, CARTON, BOARD);
    await seedTicketTemplateDemo(trx, enterpriseId, [{ orgId: CARTON, board: false }, { orgId: BOARD, board: true }]);
    await seedStencilDemo(trx, enterpriseId, [CARTON, BOARD]);
    await seedProductionOrderDemo(trx, enterpriseId, [{ orgId: CARTON, board: false }, { orgId: BOARD, board: true }], now);
    await seedErpDemo(trx, enterpriseId, [CARTON, BOARD], now);
    await seedDeviceRepairDemo(trx, enterpriseId, [CARTON, BOARD], now);
    await seedWorkReportDemo(trx, enterpriseId, [CARTON, BOARD], now);
    await seedPaperboardDemo(trx, enterpriseId, [{ orgId: CARTON, board: false }, { orgId: BOARD, board: true }], now);
    await seedDeviceStatusDemo(trx, enterpriseId, [CARTON, BOARD], now);
    await seedDeviceCareDemo(trx, enterpriseId, [CARTON, BOARD], now);
    await seedDeviceLedgerDemo(trx, enterpriseId, [CARTON, BOARD], now);
    await seedCartonSchedule(trx, enterpriseId, [CARTON, BOARD], now);
  });
  // Statistics for the planner: PGlite runs no autovacuum, and without them a filtered page of a
  // freshly seeded table (keys found by a limited subquery) is planned as a nested loop over that
  // subquery: a 1,000-row report page took ~14 s instead of <1 s.
  await sql`analyze`.execute(db);
  return true;
}
