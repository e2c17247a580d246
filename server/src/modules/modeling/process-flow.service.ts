import { sql } from 'kysely';
import type { PageResult } from '@core/contracts/common';
import {
  workFlowInUseMessage,
  type CreateWorkFlowRequest,
  type UpdateWorkFlowRequest,
  type WorkFlow,
  type WorkFlowDetail,
  type WorkFlowMap,
} from '@core/contracts/modeling';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { runList, type ListParams } from '../../lib/list-query';
import type { Scope } from '../../plugins/auth';
import { UNIQUE_MESSAGES } from './common';
import { conflict, notFound, validation } from '../../lib/errors';
import { stampsOf } from '../../lib/datetime';
import { namesOf, requireIds, summary, text } from '../../lib/rows';
import { deleteLogged, factoryList, inScope, insertRow, refuseTaken, requireOne, type RowOf, updateRow, writeUnique } from '../../lib/scoped';

export const WorkFlowMessages = {
  notFound: '工艺路线不存在',
  codeTaken: '工艺路线编码已存在',
  processNotFound: '工序不存在',
  deviceNotFound: '默认设备不存在',
  usedByProduct: workFlowInUseMessage,
  productRequired: '产品专用的工艺路线请选择所属产品',
  templateWithProduct: '通用模板不能指定所属产品，如需专用请关闭“通用模板”',
  productNotFound: '所属产品不存在',
  usedByOthers: (products: string, product: string) => `该工艺路线已被其他产品「${products}」使用，不能设为产品「${product}」专用`,
} as const;

export const WORK_FLOW_LIST = factoryList('f', {
  filters: {
    flowCode: { column: 'f.code', kind: 'like', label: '工艺路线编码' },
    flowName: { column: 'f.name', kind: 'like', label: '工艺路线名称' },
    isTemplate: { column: 'f.is_template', kind: 'eq', label: '是否模板' },
    productId: { column: 'f.product_id', kind: 'in', label: '所属产品', integer: true },
  },
  sorts: { id: 'f.id', flowCode: 'f.code', flowName: 'f.name', createTime: 'f.created_at', updateTime: 'f.updated_at' },
  defaultSort: { field: 'flowCode', direction: 'asc' },
});

const ROUTE_SEPARATOR = '→';

function flowQuery(db: Db) {
  return db
    .selectFrom('process_flow as f')
    .leftJoin('product as owner', 'owner.id', 'f.product_id')
    .select((eb) => [
    'f.id',
    'f.code',
    'f.name',
    'f.is_template as isTemplate',
    'f.product_id as productId',
    'owner.product_no as productNo',
    'owner.name as productName',
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
type FlowRow = RowOf<typeof flowQuery>;

function toFlow(row: FlowRow): WorkFlow {
  return {
    id: row.id,
    flowCode: row.code,
    flowName: row.name,
    isTemplate: row.isTemplate,
    productId: row.productId,
    productNo: row.productNo ?? '',
    productName: row.productName ?? '',
    remark: row.remark,
    route: row.route ?? '',
    productCount: Number(row.productCount ?? 0),
    ...stampsOf(row),
  };
}

/** Process flows (工艺路线): ordered process steps with an optional default device each. */
export class WorkFlowService {
  constructor(private readonly db: Db) {}

  list(scope: Scope, params: ListParams): Promise<PageResult<WorkFlow>> {
    const usableBy = Number(params.usableByProductId);
    const base = Number.isInteger(usableBy) && usableBy > 0
      ? flowQuery(this.db).where((eb) => eb.or([eb('f.is_template', '=', true), eb('f.product_id', '=', usableBy)]))
      : flowQuery(this.db);
    return runList(this.db, base, WORK_FLOW_LIST, scope, params, toFlow);
  }

  /** 工序地图: the factory's processes and every flow as ordered process ids, in two queries. */
  async map(scope: Scope): Promise<WorkFlowMap> {
    const [processes, steps] = await Promise.all([
      this.db
        .selectFrom('process')
        .select(['id', 'code as processCode', 'name as processName'])
        .where(inScope(scope))
        .orderBy('sort')
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('process_flow as f')
        .leftJoin('product as owner', 'owner.id', 'f.product_id')
        .leftJoin('process_flow_step as s', 's.flow_id', 'f.id')
        .select(['f.id', 'f.code', 'f.name', 'f.is_template as isTemplate', 'owner.name as productName', 's.process_id as processId'])
        .where(inScope(scope, 'f'))
        .orderBy('f.code')
        .orderBy('f.id')
        .orderBy('s.seq')
        .execute(),
    ]);
    const flows = new Map<number, WorkFlowMap['flows'][number]>();
    for (const row of steps) {
      let flow = flows.get(row.id);
      if (!flow) {
        flow = { id: row.id, flowCode: row.code, flowName: row.name, isTemplate: row.isTemplate, productName: row.productName ?? '', processIds: [] };
        flows.set(row.id, flow);
      }
      if (row.processId !== null) flow.processIds.push(row.processId);
    }
    return { processes, flows: [...flows.values()] };
  }

  async detail(scope: Scope, id: number): Promise<WorkFlowDetail> {
    const row = await requireOne(flowQuery(this.db), 'f', scope, id, WorkFlowMessages.notFound);
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

  /**
   * A template has no product; a dedicated (产品专用) flow has exactly one product of this factory,
   * and no other product may use it. Returns the owner's id (null for a template).
   */
  private async checkOwner(db: Db, scope: Scope, request: CreateWorkFlowRequest, flowId?: number): Promise<number | null> {
    const productId = request.productId ?? null;
    if (request.isTemplate ?? true) {
      if (productId !== null) throw validation(WorkFlowMessages.templateWithProduct);
      return null;
    }
    if (productId === null) throw validation(WorkFlowMessages.productRequired);
    const [productNo] = await namesOf(db, 'product', 'product_no', scope, [productId]);
    if (productNo === undefined) throw notFound(WorkFlowMessages.productNotFound);
    if (flowId !== undefined) {
      const others = await db
        .selectFrom('product')
        .select('product_no')
        .where(inScope(scope))
        .where('process_flow_id', '=', flowId)
        .where('id', '!=', productId)
        .orderBy('id')
        .execute();
      if (others.length > 0) throw conflict(WorkFlowMessages.usedByOthers(summary(others.map((row) => row.product_no)), productNo));
    }
    return productId;
  }

  /** The product of a dedicated flow uses it from now on. */
  private async assignToOwner(db: Db, scope: Scope, flowId: number, productId: number | null): Promise<void> {
    if (productId === null) return;
    await updateRow(db, 'product', scope, productId, { process_flow_id: flowId });
  }

  private async ownerNote(db: Db, scope: Scope, productId: number | null): Promise<string> {
    if (productId === null) return '';
    const [productNo] = await namesOf(db, 'product', 'product_no', scope, [productId]);
    return `，产品 ${productNo} 专用`;
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
    return writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      await this.checkSteps(trx, scope, request);
      const productId = await this.checkOwner(trx, scope, request);
      await refuseTaken(trx, 'process_flow', 'code', scope, request.flowCode, WorkFlowMessages.codeTaken);
      const id = await insertRow(trx, 'process_flow', scope, {
        code: request.flowCode,
        name,
        is_template: productId === null,
        product_id: productId,
        remark: text(request.remark),
      });
      await this.writeSteps(trx, id, request);
      await this.assignToOwner(trx, scope, id, productId);
      const note = await this.ownerNote(trx, scope, productId);
      await recordOperation(trx, context, { ...scope, content: `新增工艺路线：${request.flowCode} ${name}（${await this.routeOf(trx, scope, request)}${note}）` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdateWorkFlowRequest, context: OperationContext): Promise<void> {
    const name = request.flowName.trim();
    await writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      const [old] = await namesOf(trx, 'process_flow', 'code', scope, [request.id]);
      if (old === undefined) throw notFound(WorkFlowMessages.notFound);
      await this.checkSteps(trx, scope, request);
      const productId = await this.checkOwner(trx, scope, request, request.id);
      await refuseTaken(trx, 'process_flow', 'code', scope, request.flowCode, WorkFlowMessages.codeTaken, request.id);
      await updateRow(trx, 'process_flow', scope, request.id, { code: request.flowCode, name, is_template: productId === null, product_id: productId, remark: text(request.remark) });
      await this.writeSteps(trx, request.id, request);
      await this.assignToOwner(trx, scope, request.id, productId);
      const note = await this.ownerNote(trx, scope, productId);
      await recordOperation(trx, context, { ...scope, content: `编辑工艺路线：${request.flowCode} ${name}（${await this.routeOf(trx, scope, request)}${note}）` });
    });
  }

  deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    const before = async (trx: Db): Promise<void> => {
      const used = await trx
        .selectFrom('product as p')
        .innerJoin('process_flow as f', 'f.id', 'p.process_flow_id')
        .select(['f.name', (eb) => eb.fn.countAll<number>().as('products')])
        .where(inScope(scope, 'p'))
        .where('p.process_flow_id', 'in', ids)
        .groupBy(['f.id', 'f.name'])
        .orderBy('f.id')
        .execute();
      const products = used.reduce((total, row) => total + Number(row.products), 0);
      if (products > 0) throw conflict(WorkFlowMessages.usedByProduct(summary(used.map((row) => row.name)), products));
    };
    return deleteLogged(this.db, { table: 'process_flow', label: 'name', log: '工艺路线', notFound: WorkFlowMessages.notFound, before }, scope, ids, context);
  }
}
