import { sql } from 'kysely';
import type { PageResult } from '../../../../src/core/contracts/common';
import type { CreateWorkFlowRequest, UpdateWorkFlowRequest, WorkFlow, WorkFlowDetail } from '../../../../src/core/contracts/modeling';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { runList, type ListParams, type ListSpec } from '../../lib/list-query';
import type { Scope } from '../../plugins/auth';
import { conflict, formatDateTime, guardUnique, namesOf, notFound, requireIds, summary, text } from './common';

export const WorkFlowMessages = {
  notFound: '工艺路线不存在',
  codeTaken: '工艺路线编码已存在',
  processNotFound: '工序不存在',
  deviceNotFound: '默认设备不存在',
  usedByProduct: (names: string) => `工艺路线「${names}」已被产品引用，无法删除`,
} as const;

export const WORK_FLOW_LIST: ListSpec = {
  scope: { enterprise: 'f.enterprise_id', org: 'f.org_id' },
  filters: {
    flowCode: { column: 'f.code', kind: 'like', label: '工艺路线编码' },
    flowName: { column: 'f.name', kind: 'like', label: '工艺路线名称' },
    isTemplate: { column: 'f.is_template', kind: 'eq', label: '是否模板' },
  },
  sorts: { id: 'f.id', flowCode: 'f.code', flowName: 'f.name', createTime: 'f.created_at', updateTime: 'f.updated_at' },
  defaultSort: { field: 'flowCode', direction: 'asc' },
  key: 'f.id',
};

const ROUTE_SEPARATOR = '→';

function flowQuery(db: Db) {
  return db.selectFrom('process_flow as f').select((eb) => [
    'f.id',
    'f.code',
    'f.name',
    'f.is_template as isTemplate',
    'f.remark',
    'f.created_at as createdAt',
    'f.updated_at as updatedAt',
    eb
      .selectFrom('process_flow_step as s')
      .innerJoin('process as p', 'p.id', 's.process_id')
      .select(sql<string | null>`string_agg(p.name, ${ROUTE_SEPARATOR} order by s.seq)`.as('route'))
      .whereRef('s.flow_id', '=', 'f.id')
      .as('route'),
    eb.selectFrom('product as pr').select(sql<number>`count(*)`.as('n')).whereRef('pr.process_flow_id', '=', 'f.id').as('productCount'),
  ]);
}
type FlowRow = Awaited<ReturnType<ReturnType<typeof flowQuery>['executeTakeFirstOrThrow']>>;

function toFlow(row: FlowRow): WorkFlow {
  return {
    id: row.id,
    flowCode: row.code,
    flowName: row.name,
    isTemplate: row.isTemplate,
    remark: row.remark,
    route: row.route ?? '',
    productCount: Number(row.productCount ?? 0),
    createTime: formatDateTime(row.createdAt),
    updateTime: formatDateTime(row.updatedAt),
  };
}

async function codeTaken(db: Db, scope: Scope, code: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('process_flow')
    .select('id')
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('code', '=', code);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Process flows (工艺路线): ordered process steps with an optional default device each. */
export class WorkFlowService {
  constructor(private readonly db: Db) {}

  list(scope: Scope, params: ListParams): Promise<PageResult<WorkFlow>> {
    return runList(flowQuery(this.db), WORK_FLOW_LIST, scope, params, toFlow);
  }

  async detail(scope: Scope, id: number): Promise<WorkFlowDetail> {
    const row = await flowQuery(this.db)
      .where('f.enterprise_id', '=', scope.enterpriseId)
      .where('f.org_id', '=', scope.orgId)
      .where('f.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(WorkFlowMessages.notFound);
    const steps = await this.db
      .selectFrom('process_flow_step as s')
      .innerJoin('process as p', 'p.id', 's.process_id')
      .leftJoin('device as d', 'd.id', 's.default_device_id')
      .select(['s.seq', 's.process_id as processId', 'p.name as processName', 's.default_device_id as defaultDeviceId', 'd.name as deviceName', 's.remark'])
      .where('s.flow_id', '=', id)
      .orderBy('s.seq')
      .execute();
    return {
      ...toFlow(row),
      steps: steps.map((step) => ({
        seq: step.seq,
        processId: step.processId,
        processName: step.processName,
        defaultDeviceId: step.defaultDeviceId,
        defaultDeviceName: step.deviceName ?? '',
        remark: step.remark,
      })),
    };
  }

  private async checkSteps(db: Db, scope: Scope, request: CreateWorkFlowRequest): Promise<void> {
    await requireIds(db, 'process', scope, request.steps.map((step) => step.processId), WorkFlowMessages.processNotFound);
    await requireIds(db, 'device', scope, request.steps.map((step) => step.defaultDeviceId), WorkFlowMessages.deviceNotFound);
  }

  private async writeSteps(db: Db, flowId: number, request: CreateWorkFlowRequest): Promise<void> {
    await db.deleteFrom('process_flow_step').where('flow_id', '=', flowId).execute();
    await db
      .insertInto('process_flow_step')
      .values(
        request.steps.map((step, index) => ({
          flow_id: flowId,
          seq: index + 1,
          process_id: step.processId,
          default_device_id: step.defaultDeviceId ?? null,
          remark: text(step.remark),
        })),
      )
      .execute();
  }

  private async routeOf(db: Db, scope: Scope, request: CreateWorkFlowRequest): Promise<string> {
    const rows = await db
      .selectFrom('process')
      .select(['id', 'name'])
      .where('enterprise_id', '=', scope.enterpriseId)
      .where('id', 'in', request.steps.map((step) => step.processId))
      .execute();
    const names = new Map(rows.map((row) => [row.id, row.name]));
    return request.steps.map((step) => names.get(step.processId)).join(ROUTE_SEPARATOR);
  }

  async create(scope: Scope, request: CreateWorkFlowRequest, context: OperationContext): Promise<{ id: number }> {
    const name = request.flowName.trim();
    return guardUnique(() =>
      this.db.transaction().execute(async (trx) => {
        await this.checkSteps(trx, scope, request);
        if (await codeTaken(trx, scope, request.flowCode)) throw conflict(WorkFlowMessages.codeTaken);
        const { id } = await trx
          .insertInto('process_flow')
          .values({
            enterprise_id: scope.enterpriseId,
            org_id: scope.orgId,
            code: request.flowCode,
            name,
            is_template: request.isTemplate ?? true,
            remark: text(request.remark),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await this.writeSteps(trx, id, request);
        await recordOperation(trx, context, { ...scope, content: `新增工艺路线：${request.flowCode} ${name}（${await this.routeOf(trx, scope, request)}）` });
        return { id };
      }),
    );
  }

  async update(scope: Scope, request: UpdateWorkFlowRequest, context: OperationContext): Promise<void> {
    const name = request.flowName.trim();
    await guardUnique(() =>
      this.db.transaction().execute(async (trx) => {
        const [old] = await namesOf(trx, 'process_flow', 'code', scope, [request.id]);
        if (old === undefined) throw notFound(WorkFlowMessages.notFound);
        await this.checkSteps(trx, scope, request);
        if (await codeTaken(trx, scope, request.flowCode, request.id)) throw conflict(WorkFlowMessages.codeTaken);
        await trx
          .updateTable('process_flow')
          .set({ code: request.flowCode, name, is_template: request.isTemplate ?? true, remark: text(request.remark), updated_at: new Date() })
          .where('enterprise_id', '=', scope.enterpriseId)
          .where('org_id', '=', scope.orgId)
          .where('id', '=', request.id)
          .execute();
        await this.writeSteps(trx, request.id, request);
        await recordOperation(trx, context, { ...scope, content: `编辑工艺路线：${request.flowCode} ${name}（${await this.routeOf(trx, scope, request)}）` });
      }),
    );
  }

  async deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const names = await namesOf(trx, 'process_flow', 'name', scope, ids);
      if (names.length !== ids.length) throw notFound(WorkFlowMessages.notFound);
      const used = await trx
        .selectFrom('product as p')
        .innerJoin('process_flow as f', 'f.id', 'p.process_flow_id')
        .select('f.name')
        .distinct()
        .where('p.enterprise_id', '=', scope.enterpriseId)
        .where('p.org_id', '=', scope.orgId)
        .where('p.process_flow_id', 'in', ids)
        .execute();
      if (used.length > 0) throw conflict(WorkFlowMessages.usedByProduct(summary(used.map((row) => row.name))));
      await trx
        .deleteFrom('process_flow')
        .where('enterprise_id', '=', scope.enterpriseId)
        .where('org_id', '=', scope.orgId)
        .where('id', 'in', ids)
        .execute();
      await recordOperation(trx, context, { ...scope, content: `删除工艺路线：${summary(names)}` });
      return { deleted: ids.length };
    });
  }
}
