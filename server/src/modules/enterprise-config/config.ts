import {
  DEFAULT_ENTERPRISE_CONFIG,
  DEFAULT_SCHEDULE_CONFIG,
  type AuditConfig,
  type EnterpriseConfig,
  type EnterpriseConfigSections,
  type ScheduleConfig,
  type ScheduleConfigFields,
  type UpdateEnterpriseConfigRequest,
  type UpdateScheduleConfigRequest,
} from '../../../../src/core/contracts/enterprise-config';
import { ORDER_STATUS } from '../../../../src/core/enums';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import type { Scope } from '../../plugins/auth';
import { formatDateTime, validation } from '../modeling/common';

export const ConfigMessages = {
  auditorMissing: '审核人不存在或不属于当前工厂',
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
  let query = db.selectFrom(table).select(['config', 'updated_at']).where('enterprise_id', '=', scope.enterpriseId).where('org_id', '=', scope.orgId);
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

async function checkAuditors(db: Db, scope: Scope, configs: Array<AuditConfig | undefined>): Promise<void> {
  const ids = [...new Set(configs.flatMap((config) => config?.auditorUserIds ?? []))];
  if (ids.length === 0) return;
  const rows = await db
    .selectFrom('user_org')
    .select('user_id')
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('user_id', 'in', ids)
    .execute();
  if (rows.length !== ids.length) throw validation(ConfigMessages.auditorMissing);
}

/** Enterprise config (/base-cfg) and schedule config (/schedule-cfg), one row each per factory. */
export class ConfigService {
  constructor(private readonly db: Db) {}

  async find(scope: Scope): Promise<EnterpriseConfig> {
    const { config, updatedAt } = await readRow(this.db, 'enterprise_config', scope);
    return { orgId: scope.orgId, ...merged(DEFAULT_ENTERPRISE_CONFIG, config), updateTime: updatedAt ? formatDateTime(updatedAt) : '' };
  }

  async update(scope: Scope, request: UpdateEnterpriseConfigRequest, context: OperationContext): Promise<EnterpriseConfig> {
    if (request.maintenanceMode?.enabled && request.maintenanceMode.maintenanceMessage.trim() === '') {
      throw validation(ConfigMessages.maintenanceMessageRequired);
    }
    await this.db.transaction().execute(async (trx) => {
      await checkAuditors(trx, scope, [request.reportAuditConfig, request.orderAuditConfig]);
      const { config } = await readRow(trx, 'enterprise_config', scope, true);
      const next = { ...merged(DEFAULT_ENTERPRISE_CONFIG, config), ...request };
      if (request.maintenanceMode) next.maintenanceMode = { ...request.maintenanceMode, maintenanceMessage: request.maintenanceMode.maintenanceMessage.trim() };
      await writeRow(trx, 'enterprise_config', scope, next);
      const changed = (Object.keys(request) as Array<keyof EnterpriseConfigSections>).map((key) => SECTION_NAMES[key]).join('、');
      const maintenance = request.maintenanceMode ? `（维护模式${request.maintenanceMode.enabled ? '开启' : '关闭'}）` : '';
      await recordOperation(trx, context, { ...scope, content: `修改企业配置：${changed}${maintenance}` });
    });
    return this.find(scope);
  }

  async findOrderAudit(scope: Scope): Promise<AuditConfig & { orgId: number }> {
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
