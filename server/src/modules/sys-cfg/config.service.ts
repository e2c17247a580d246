import {
  DEFAULT_ENTERPRISE_CONFIG,
  DEFAULT_SCHEDULE_CONFIG,
  type AuditConfig,
  type AuditConfigView,
  type EnterpriseConfig,
  type EnterpriseConfigSections,
  type ScheduleConfig,
  type ScheduleConfigFields,
  type UpdateEnterpriseConfigRequest,
  type UpdateScheduleConfigRequest,
} from '@core/contracts/sys-cfg';
import type { UserOption } from '@core/contracts/account';
import { ORDER_STATUS } from '@core/enums';
import { personLabel } from '@core/format';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import type { Scope } from '../../plugins/auth';
import { formatDateTime } from '../../lib/datetime';
import { validation } from '../../lib/errors';
import { inScope } from '../../lib/scoped';

export const ConfigMessages = {
  /** Names the section, e.g. 报工审核配置的审核人不存在或不属于当前工厂（ID：12、15） */
  auditorMissing: (section: string, ids: number[]) => `${section}的审核人不存在或不属于当前工厂（ID：${ids.join('、')}）`,
  /** e.g. 报工审核配置的审核人账号已禁用：王伟（staff01） */
  auditorDisabled: (section: string, names: string[]) => `${section}的审核人账号已禁用：${names.join('、')}`,
  maintenanceMessageRequired: '开启维护模式时维护提示不能为空',
} as const;

const SECTION_NAMES: Record<keyof EnterpriseConfigSections, string> = {
  multistageDeviceFlag: '多级设备类型',
  reportAuditConfig: '报工审核配置',
  orderAuditConfig: '订单审核配置',
  reportQuantityConfig: '报工数量配置',
  maintenanceMode: '维护模式',
  orderTemplate: '订单模板',
};
const SCHEDULE_FIELD_NAMES: Record<keyof ScheduleConfigFields, string> = {
  calendarSource: '工作日历来源',
  defaultEfficiencyPercent: '默认效率',
  colorChangeMinutes: '换色时间',
  sameDieSavingMinutes: '同刀模节省时间',
  samePlateSavingMinutes: '同印版节省时间',
  schedulableOrderStatuses: '可排产订单状态',
};

type ConfigTable = 'enterprise_config' | 'schedule_config';

async function readRow(db: Db, table: ConfigTable, scope: Scope, lock = false): Promise<{ config: Record<string, unknown>; updatedAt: Date | null }> {
  let query = db.selectFrom(table).select(['config', 'updated_at']).where(inScope(scope));
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  const stored = row?.config;
  const config = typeof stored === 'string' ? (JSON.parse(stored) as Record<string, unknown>) : ((stored as Record<string, unknown> | undefined) ?? {});
  return { config, updatedAt: row?.updated_at ?? null };
}

async function writeRow(db: Db, table: ConfigTable, scope: Scope, config: object): Promise<Date> {
  const updatedAt = new Date();
  const json = JSON.stringify(config);
  await db
    .insertInto(table)
    .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, config: json, updated_at: updatedAt })
    .onConflict((conflict) => conflict.columns(['enterprise_id', 'org_id']).doUpdateSet({ config: json, updated_at: updatedAt }))
    .execute();
  return updatedAt;
}

/** Stored sections over the defaults, keeping only known keys (a newer build may add sections). */
function merged<T extends object>(defaults: T, stored: Record<string, unknown>): T {
  const result = { ...defaults } as Record<string, unknown>;
  for (const key of Object.keys(defaults)) {
    if (stored[key] !== undefined) result[key] = stored[key];
  }
  return result as T;
}

/**
 * The factory's enterprise config as stored (defaults for what was never saved), for other modules'
 * rules: the order and report audit sections, the order template, the report quantity config.
 */
export async function enterpriseSections(db: Db, scope: Pick<Scope, 'enterpriseId' | 'orgId'>): Promise<EnterpriseConfigSections> {
  const { config } = await readRow(db, 'enterprise_config', scope as Scope);
  return merged(DEFAULT_ENTERPRISE_CONFIG, config);
}

/** The factory's schedule config as stored (defaults for what was never saved). */
export async function scheduleSections(db: Db, scope: Pick<Scope, 'enterpriseId' | 'orgId'>): Promise<ScheduleConfigFields> {
  const { config } = await readRow(db, 'schedule_config', scope as Scope);
  return merged(DEFAULT_SCHEDULE_CONFIG, config);
}

const AUDIT_SECTIONS = ['reportAuditConfig', 'orderAuditConfig'] as const;
type AuditSection = (typeof AUDIT_SECTIONS)[number];

/** The factory's members among these users, with their names and account status. */
async function factoryUsers(db: Db, scope: Scope, ids: number[]): Promise<Map<number, UserOption>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_org as uo')
    .innerJoin('app_user as u', (join) => join.onRef('u.id', '=', 'uo.user_id').onRef('u.enterprise_id', '=', 'uo.enterprise_id'))
    .select(['u.id as userId', 'u.username', 'u.nick_name as nickName', 'u.status'])
    .where(inScope(scope, 'uo'))
    .where('u.id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.userId, row]));
}

/**
 * Auditors must work in the current factory: unknown or foreign ids are refused, naming the section.
 * A disabled account cannot be made an auditor; one that already is may stay until it is removed.
 */
async function checkAuditors(db: Db, scope: Scope, request: UpdateEnterpriseConfigRequest, stored: EnterpriseConfigSections): Promise<void> {
  const known = await factoryUsers(db, scope, [...new Set(AUDIT_SECTIONS.flatMap((key) => request[key]?.auditorUserIds ?? []))]);
  for (const key of AUDIT_SECTIONS) {
    const ids = request[key]?.auditorUserIds ?? [];
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0) throw validation(ConfigMessages.auditorMissing(SECTION_NAMES[key], missing));
    const added = ids.filter((id) => !stored[key].auditorUserIds.includes(id)).map((id) => known.get(id)!);
    const disabled = added.filter((user) => user.status === 0);
    if (disabled.length > 0) throw validation(ConfigMessages.auditorDisabled(SECTION_NAMES[key], disabled.map(personLabel)));
  }
}

/** Only the stored fields of an audit section (a caller may echo the view's names back). */
const auditSection = (config: AuditConfig): AuditConfig => ({ needAudit: config.needAudit, auditorUserIds: config.auditorUserIds });

/** Enterprise config (/base-cfg) and schedule config (/schedule-cfg), one row each per factory. */
export class ConfigService {
  constructor(private readonly db: Db) {}

  async find(scope: Scope): Promise<EnterpriseConfig> {
    const { config, updatedAt } = await readRow(this.db, 'enterprise_config', scope);
    const sections = merged(DEFAULT_ENTERPRISE_CONFIG, config);
    const users = await factoryUsers(this.db, scope, AUDIT_SECTIONS.flatMap((key) => sections[key].auditorUserIds));
    // Ids stay as stored; names only for those still in the factory (a departed auditor must be removed on the next save).
    const view = (key: AuditSection): AuditConfigView => ({
      ...auditSection(sections[key]),
      auditorUsers: sections[key].auditorUserIds.flatMap((id) => {
        const user = users.get(id);
        return user ? [{ userId: user.userId, username: user.username, nickName: user.nickName }] : [];
      }),
    });
    return {
      orgId: scope.orgId,
      ...sections,
      reportAuditConfig: view('reportAuditConfig'),
      orderAuditConfig: view('orderAuditConfig'),
      updateTime: updatedAt ? formatDateTime(updatedAt) : '',
    };
  }

  async update(scope: Scope, request: UpdateEnterpriseConfigRequest, context: OperationContext): Promise<EnterpriseConfig> {
    if (request.maintenanceMode?.enabled && request.maintenanceMode.maintenanceMessage.trim() === '') {
      throw validation(ConfigMessages.maintenanceMessageRequired);
    }
    await this.db.transaction().execute(async (trx) => {
      const { config } = await readRow(trx, 'enterprise_config', scope, true);
      const stored = merged(DEFAULT_ENTERPRISE_CONFIG, config);
      await checkAuditors(trx, scope, request, stored);
      const next = { ...stored, ...request };
      for (const key of AUDIT_SECTIONS) {
        const section = request[key];
        if (section) next[key] = auditSection(section);
      }
      if (request.maintenanceMode) next.maintenanceMode = { ...request.maintenanceMode, maintenanceMessage: request.maintenanceMode.maintenanceMessage.trim() };
      await writeRow(trx, 'enterprise_config', scope, next);
      const changed = (Object.keys(request) as Array<keyof EnterpriseConfigSections>).map((key) => SECTION_NAMES[key]).join('、');
      const maintenance = request.maintenanceMode ? `（维护模式${request.maintenanceMode.enabled ? '开启' : '关闭'}）` : '';
      await recordOperation(trx, context, { ...scope, content: `修改企业配置：${changed}${maintenance}` });
    });
    return this.find(scope);
  }

  async findOrderAudit(scope: Scope): Promise<AuditConfigView & { orgId: number }> {
    const config = await this.find(scope);
    return { orgId: scope.orgId, ...config.orderAuditConfig };
  }

  async findSchedule(scope: Scope): Promise<ScheduleConfig> {
    const { config, updatedAt } = await readRow(this.db, 'schedule_config', scope);
    return { orgId: scope.orgId, ...merged(DEFAULT_SCHEDULE_CONFIG, config), updateTime: updatedAt ? formatDateTime(updatedAt) : '' };
  }

  async updateSchedule(scope: Scope, request: UpdateScheduleConfigRequest, context: OperationContext): Promise<ScheduleConfig> {
    if (request.schedulableOrderStatuses) {
      request = { ...request, schedulableOrderStatuses: [...request.schedulableOrderStatuses].sort((a, b) => a - b) };
    }
    await this.db.transaction().execute(async (trx) => {
      const { config } = await readRow(trx, 'schedule_config', scope, true);
      await writeRow(trx, 'schedule_config', scope, { ...merged(DEFAULT_SCHEDULE_CONFIG, config), ...request });
      const parts = (Object.keys(request) as Array<keyof ScheduleConfigFields>).map((key) => {
        const value = request[key];
        if (key === 'schedulableOrderStatuses') return `${SCHEDULE_FIELD_NAMES[key]}=${(value as number[]).map((status) => ORDER_STATUS.label(status)).join('/')}`;
        if (key === 'calendarSource') return `${SCHEDULE_FIELD_NAMES[key]}=${value === 'all_day' ? '全天' : '班次日历'}`;
        return `${SCHEDULE_FIELD_NAMES[key]}=${String(value)}`;
      });
      await recordOperation(trx, context, { ...scope, content: `修改排产配置：${parts.join('，')}` });
    });
    return this.findSchedule(scope);
  }
}
