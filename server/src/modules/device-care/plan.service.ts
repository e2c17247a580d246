import { sql } from 'kysely';
import { CARE_CYCLE, CARE_NOUN, CARE_STATE, type CareKind, type CreatePlanRequest, type Plan, type PlanOptions, type UpdatePlanRequest } from '@core/contracts/device-care';
import type { PageResult } from '@core/contracts/common';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { stampsOf } from '../../lib/datetime';
import { notFound, validation } from '../../lib/errors';
import { runList, type ListParams } from '../../lib/list-query';
import { factoryUsers, num, requireIds, summary, text } from '../../lib/rows';
import { factoryList, inScope, requireOne, requireRows, writeUnique } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';
import { requireKindRows } from './kind-rows';
import { schemeMessages } from './scheme.service';

export const planMessages = (kind: CareKind) => {
  const noun = CARE_NOUN[kind];
  return {
    notFound: `${noun}计划不存在`,
    nameTaken: `${noun}计划名称已存在`,
    deviceNotFound: '设备不存在',
    shiftNotFound: '班次不存在',
    assigneeNotFound: '执行人不是本工厂人员',
    runHoursRequired: '按运行小时的计划请填写运行小时',
  };
};

export const PLAN_LIST = factoryList('p', {
  filters: {
    planName: { column: 'p.name', kind: 'like', label: '计划名称' },
    cycle: { column: 'p.cycle', kind: 'in', label: '周期' },
    active: { column: 'p.active', kind: 'eq', label: '启用' },
  },
  sorts: { id: 'p.id', planName: 'p.name', cycle: 'p.cycle', startDate: 'p.start_date', createTime: 'p.created_at' },
  defaultSort: { field: 'id', direction: 'desc' },
});

function planQuery(db: Db, kind: CareKind) {
  return db
    .selectFrom('care_plan as p')
    .innerJoin('care_scheme as s', 's.id', 'p.scheme_id')
    .select((eb) => [
      'p.id',
      'p.name',
      'p.scheme_id',
      's.name as scheme_name',
      'p.cycle',
      'p.run_hours',
      'p.shift_ids',
      'p.assignee_id',
      'p.assignee_name',
      'p.active',
      sql<string>`to_char(p.start_date, 'YYYY-MM-DD')`.as('start_date'),
      'p.remark',
      'p.created_at',
      'p.updated_at',
      eb
        .selectFrom('care_plan_device as pd')
        .innerJoin('device as d', 'd.id', 'pd.device_id')
        .select(sql<number[]>`coalesce(jsonb_agg(d.id order by d.device_no), '[]'::jsonb)`.as('ids'))
        .whereRef('pd.plan_id', '=', 'p.id')
        .as('deviceIds'),
      eb
        .selectFrom('care_plan_device as pd')
        .innerJoin('device as d', 'd.id', 'pd.device_id')
        .select(sql<string>`coalesce(string_agg(d.name, '、' order by d.device_no), '')`.as('names'))
        .whereRef('pd.plan_id', '=', 'p.id')
        .as('deviceNames'),
      eb.selectFrom('care_order as o').select(sql<number>`count(*)::int`.as('n')).whereRef('o.plan_id', '=', 'p.id').as('orderCount'),
    ])
    .where('p.kind', '=', kind);
}

function toPlan(row: Awaited<ReturnType<ReturnType<typeof planQuery>['executeTakeFirstOrThrow']>>): Plan {
  return {
    id: row.id,
    planName: row.name,
    schemeId: row.scheme_id,
    schemeName: row.scheme_name,
    deviceIds: (row.deviceIds ?? []).map(Number),
    deviceNames: row.deviceNames ?? '',
    cycle: row.cycle,
    runHours: num(row.run_hours),
    shiftIds: (row.shift_ids ?? []).map(Number),
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    active: row.active,
    startDate: row.start_date,
    orderCount: Number(row.orderCount ?? 0),
    remark: row.remark,
    ...stampsOf(row),
  };
}

/** 点检计划 / 保养计划: a scheme on devices with a cycle and the person who carries it out. */
export class PlanService {
  private readonly messages: ReturnType<typeof planMessages>;
  private readonly noun: string;

  constructor(
    private readonly db: Db,
    private readonly kind: CareKind,
  ) {
    this.messages = planMessages(kind);
    this.noun = CARE_NOUN[kind];
  }

  list(scope: Scope, params: ListParams): Promise<PageResult<Plan>> {
    return runList(this.db, planQuery(this.db, this.kind), PLAN_LIST, scope, params, toPlan);
  }

  async detail(scope: Scope, id: number): Promise<Plan> {
    return toPlan(await requireOne(planQuery(this.db, this.kind), 'p', scope, id, this.messages.notFound));
  }

  /** The kind's schemes and the factory's shifts (the plan editor's pickers). */
  async options(scope: Scope): Promise<PlanOptions> {
    const [schemes, shifts] = await Promise.all([
      this.db.selectFrom('care_scheme').select(['id', 'name']).where(inScope(scope)).where('kind', '=', this.kind).orderBy('name').execute(),
      this.db.selectFrom('class_time').select(['id', 'name', 'start_time as startTime', 'end_time as endTime']).where(inScope(scope)).orderBy('sort').orderBy('id').execute(),
    ]);
    return { schemes, shifts };
  }

  async create(scope: Scope, request: CreatePlanRequest, context: OperationContext): Promise<{ id: number }> {
    return writeUnique(this.db, { care_plan_name_uq: this.messages.nameTaken }, async (trx) => {
      const values = await this.values(trx, scope, request);
      const { id } = await trx
        .insertInto('care_plan')
        .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, kind: this.kind, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('care_plan_device').values(request.deviceIds.map((deviceId) => ({ plan_id: id, device_id: deviceId }))).execute();
      await recordOperation(trx, context, { ...scope, content: `新增${this.noun}计划：${values.name}（${CARE_CYCLE.label(request.cycle)}，${request.deviceIds.length}台设备）` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdatePlanRequest, context: OperationContext): Promise<void> {
    await writeUnique(this.db, { care_plan_name_uq: this.messages.nameTaken }, async (trx) => {
      await this.requireOwn(trx, scope, [request.id]);
      const values = await this.values(trx, scope, request);
      await trx
        .updateTable('care_plan')
        .set({ ...values, updated_at: new Date() })
        .where(inScope(scope))
        .where('id', '=', request.id)
        .execute();
      await trx.deleteFrom('care_plan_device').where('plan_id', '=', request.id).execute();
      await trx.insertInto('care_plan_device').values(request.deviceIds.map((deviceId) => ({ plan_id: request.id, device_id: deviceId }))).execute();
      // A new assignee takes over the plan's orders not yet done.
      const moved = await trx
        .updateTable('care_order')
        .set({ assignee_id: values.assignee_id, assignee_name: values.assignee_name, updated_at: new Date() })
        .where('plan_id', '=', request.id)
        .where('state', '<', CARE_STATE.done)
        .where((eb) => eb.or([eb('assignee_id', 'is', null), eb('assignee_id', '!=', values.assignee_id)]))
        .executeTakeFirst();
      const handedOver = Number(moved.numUpdatedRows);
      await recordOperation(trx, context, { ...scope, content: `编辑${this.noun}计划：${values.name}${handedOver > 0 ? `（${handedOver}张未完成工单改派给${values.assignee_name}）` : ''}` });
    });
  }

  /** Deleting a plan keeps its work orders (they keep the plan's name). */
  async deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await this.requireOwn(trx, scope, ids);
      await trx.deleteFrom('care_plan').where(inScope(scope)).where('id', 'in', ids).execute();
      await recordOperation(trx, context, { ...scope, content: `删除${this.noun}计划：${summary(rows.map((row) => row.name))}` });
      return { deleted: ids.length };
    });
  }

  private requireOwn(trx: Db, scope: Scope, ids: number[]) {
    return requireKindRows(trx, 'care_plan', this.kind, scope, ids, this.messages.notFound);
  }

  /** The plan's columns from a request, its scheme, devices, shifts and assignee checked in the factory. */
  private async values(trx: Db, scope: Scope, request: CreatePlanRequest) {
    const scheme = await trx.selectFrom('care_scheme').select('id').where(inScope(scope)).where('kind', '=', this.kind).where('id', '=', request.schemeId).executeTakeFirst();
    if (!scheme) throw notFound(schemeMessages(this.kind).notFound);
    await requireIds(trx, 'device', scope, request.deviceIds, this.messages.deviceNotFound);
    const shiftIds = request.cycle === 'shift' ? (request.shiftIds ?? []) : [];
    if (shiftIds.length > 0) await requireRows(trx, 'class_time', ['id'], scope, shiftIds, this.messages.shiftNotFound);
    const runHours = request.cycle === 'runHours' ? (request.runHours ?? null) : null;
    if (request.cycle === 'runHours' && runHours === null) throw validation(this.messages.runHoursRequired);
    const people = await factoryUsers(trx, scope, [request.assigneeId]);
    if (!people.has(request.assigneeId)) throw notFound(this.messages.assigneeNotFound);
    return {
      name: request.planName.trim(),
      scheme_id: request.schemeId,
      cycle: request.cycle,
      run_hours: runHours,
      shift_ids: JSON.stringify(shiftIds),
      assignee_id: request.assigneeId,
      assignee_name: people.get(request.assigneeId)!,
      active: request.active,
      start_date: request.startDate,
      remark: text(request.remark),
    };
  }
}
