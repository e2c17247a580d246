import { sql } from 'kysely';
import type { PageResult } from '@core/contracts/common';
import type {
  CreateProcessGroupRequest,
  CreateProcessRequest,
  Process,
  ProcessGroup,
  UpdateProcessGroupRequest,
  UpdateProcessRequest,
} from '@core/contracts/modeling';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { runList, type ListParams } from '../../lib/list-query';
import type { Scope } from '../../plugins/auth';
import { UNIQUE_MESSAGES } from './common';
import { conflict, notFound } from '../../lib/errors';
import { stampsOf } from '../../lib/datetime';
import { namesOf, requireIds, summary, text } from '../../lib/rows';
import { deleteLogged, FactoryEntity, factoryList, inScope, insertRow, refuseTaken, type RowOf, updateRow, writeUnique } from '../../lib/scoped';

export const ProcessMessages = {
  notFound: '工序不存在',
  codeTaken: '工序编码已存在',
  groupNotFound: '工序组不存在',
  groupNameTaken: '工序组名称已存在',
  usedByFlow: '该工序已被工艺路线引用，无法删除',
  usedByBadReason: '该工序下存在不良现象，无法删除',
  groupHasProcesses: (names: string) => `工序组「${names}」下存在工序，无法删除`,
} as const;

export const PROCESS_LIST = factoryList('p', {
  filters: {
    processCode: { column: 'p.code', kind: 'like', label: '工序编码' },
    processName: { column: 'p.name', kind: 'like', label: '工序名称' },
    processGroupId: { column: 'p.process_group_id', kind: 'in', label: '工序组', integer: true },
  },
  sorts: { id: 'p.id', sort: 'p.sort', processCode: 'p.code', processName: 'p.name', prepareMinutes: 'p.prepare_minutes', createTime: 'p.created_at' },
  defaultSort: { field: 'sort', direction: 'asc' },
});

export const PROCESS_GROUP_LIST = factoryList('g', {
  filters: { groupName: { column: 'g.name', kind: 'like', label: '工序组名称' } },
  sorts: { id: 'g.id', sort: 'g.sort', groupName: 'g.name', createTime: 'g.created_at' },
  defaultSort: { field: 'sort', direction: 'asc' },
});

// ---- queries ------------------------------------------------------------------------------------

function processQuery(db: Db) {
  return db
    .selectFrom('process as p')
    .leftJoin('process_group as g', 'g.id', 'p.process_group_id')
    .select([
      'p.id',
      'p.code',
      'p.name',
      'p.process_group_id as groupId',
      'g.name as groupName',
      'p.prepare_minutes as prepareMinutes',
      'p.quantity_unit as quantityUnit',
      'p.over_report_percent as overReportPercent',
      'p.setup_waste_qty as setupWasteQty',
      'p.running_waste_percent as runningWastePercent',
      'p.report_by_previous as reportByPrevious',
      'p.require_first_check as requireFirstCheck',
      'p.require_bad_reason as requireBadReason',
      'p.allow_multi_operator as allowMultiOperator',
      'p.sort',
      'p.remark',
      'p.created_at as createdAt',
      'p.updated_at as updatedAt',
    ]);
}
type ProcessRow = RowOf<typeof processQuery>;

function toProcess(row: ProcessRow): Process {
  return {
    id: row.id,
    processCode: row.code,
    processName: row.name,
    processGroupId: row.groupId,
    processGroupName: row.groupName ?? '',
    prepareMinutes: row.prepareMinutes,
    quantityUnit: row.quantityUnit,
    overReportPercent: Number(row.overReportPercent),
    setupWasteQty: row.setupWasteQty,
    runningWastePercent: Number(row.runningWastePercent),
    reportByPrevious: row.reportByPrevious,
    requireFirstCheck: row.requireFirstCheck,
    requireBadReason: row.requireBadReason,
    allowMultiOperator: row.allowMultiOperator,
    sort: row.sort,
    remark: row.remark,
    ...stampsOf(row),
  };
}

function groupQuery(db: Db) {
  return db.selectFrom('process_group as g').select((eb) => [
    'g.id',
    'g.name',
    'g.remark',
    'g.sort',
    'g.created_at as createdAt',
    'g.updated_at as updatedAt',
    eb.selectFrom('process as p').select(sql<number>`count(*)`.as('n')).whereRef('p.process_group_id', '=', 'g.id').as('processCount'),
  ]);
}
type GroupRow = RowOf<typeof groupQuery>;

function toGroup(row: GroupRow): ProcessGroup {
  return {
    id: row.id,
    groupName: row.name,
    remark: row.remark,
    sort: row.sort,
    processCount: Number(row.processCount ?? 0),
    ...stampsOf(row),
  };
}

function processValues(request: CreateProcessRequest) {
  return {
    code: request.processCode,
    name: request.processName.trim(),
    process_group_id: request.processGroupId ?? null,
    prepare_minutes: request.prepareMinutes ?? 0,
    quantity_unit: text(request.quantityUnit) || '张',
    over_report_percent: request.overReportPercent ?? 0,
    setup_waste_qty: request.setupWasteQty ?? 0,
    running_waste_percent: request.runningWastePercent ?? 0,
    report_by_previous: request.reportByPrevious ?? false,
    require_first_check: request.requireFirstCheck ?? false,
    require_bad_reason: request.requireBadReason ?? true,
    allow_multi_operator: request.allowMultiOperator ?? true,
    sort: request.sort ?? 0,
    remark: text(request.remark),
  };
}

// ---- service --------------------------------------------------------------------------------------

/** Processes (工序) with prepare time, quantity config and report rules; process groups (工序组). */
export class ProcessService extends FactoryEntity({ query: processQuery, alias: 'p', list: PROCESS_LIST, toView: toProcess, notFound: ProcessMessages.notFound }) {
  async create(scope: Scope, request: CreateProcessRequest, context: OperationContext): Promise<{ id: number }> {
    return writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      await requireIds(trx, 'process_group', scope, [request.processGroupId], ProcessMessages.groupNotFound);
      await refuseTaken(trx, 'process', 'code', scope, request.processCode, ProcessMessages.codeTaken);
      const id = await insertRow(trx, 'process', scope, processValues(request));
      await recordOperation(trx, context, { ...scope, content: `新增工序：${request.processCode} ${request.processName.trim()}` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdateProcessRequest, context: OperationContext): Promise<void> {
    await writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      const [old] = await namesOf(trx, 'process', 'code', scope, [request.id]);
      if (old === undefined) throw notFound(ProcessMessages.notFound);
      await requireIds(trx, 'process_group', scope, [request.processGroupId], ProcessMessages.groupNotFound);
      await refuseTaken(trx, 'process', 'code', scope, request.processCode, ProcessMessages.codeTaken, request.id);
      await updateRow(trx, 'process', scope, request.id, processValues(request));
      await recordOperation(trx, context, {
        ...scope,
        content: `编辑工序：${request.processCode} ${request.processName.trim()}（准备时间${request.prepareMinutes ?? 0}分钟）`,
      });
    });
  }

  deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    const before = async (trx: Db): Promise<void> => {
      const used = await trx
        .selectFrom('process_flow_step as s')
        .innerJoin('process_flow as f', 'f.id', 's.flow_id')
        .select('s.id')
        .where(inScope(scope, 'f'))
        .where('s.process_id', 'in', ids)
        .limit(1)
        .executeTakeFirst();
      if (used) throw conflict(ProcessMessages.usedByFlow);
      // Bad phenomena (shop-floor module) reference processes too (FK restrict).
      const withReasons = await trx.selectFrom('bad_phenomenon').select('id').where('process_id', 'in', ids).limit(1).executeTakeFirst();
      if (withReasons) throw conflict(ProcessMessages.usedByBadReason);
      // Theoretical speeds of devices for these processes go with them.
      await trx.deleteFrom('device_speed').where('process_id', 'in', ids).execute();
    };
    return deleteLogged(this.db, { table: 'process', label: 'name', log: '工序', notFound: ProcessMessages.notFound, before }, scope, ids, context);
  }

  // ---- groups ----

  listGroups(scope: Scope, params: ListParams): Promise<PageResult<ProcessGroup>> {
    return runList(this.db, groupQuery(this.db), PROCESS_GROUP_LIST, scope, params, toGroup);
  }

  async createGroup(scope: Scope, request: CreateProcessGroupRequest, context: OperationContext): Promise<{ id: number }> {
    const name = request.groupName.trim();
    return writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      await refuseTaken(trx, 'process_group', 'name', scope, name, ProcessMessages.groupNameTaken);
      const id = await insertRow(trx, 'process_group', scope, { name, remark: text(request.remark), sort: request.sort ?? 0 });
      await recordOperation(trx, context, { ...scope, content: `新增工序组：${name}` });
      return { id };
    });
  }

  async updateGroup(scope: Scope, request: UpdateProcessGroupRequest, context: OperationContext): Promise<void> {
    const name = request.groupName.trim();
    await writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      const [old] = await namesOf(trx, 'process_group', 'name', scope, [request.id]);
      if (old === undefined) throw notFound(ProcessMessages.groupNotFound);
      await refuseTaken(trx, 'process_group', 'name', scope, name, ProcessMessages.groupNameTaken, request.id);
      await updateRow(trx, 'process_group', scope, request.id, { name, remark: text(request.remark), sort: request.sort ?? 0 });
      await recordOperation(trx, context, { ...scope, content: old === name ? `编辑工序组：${name}` : `编辑工序组：${old} → ${name}` });
    });
  }

  async deleteGroups(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const names = await namesOf(trx, 'process_group', 'name', scope, ids);
      if (names.length !== ids.length) throw notFound(ProcessMessages.groupNotFound);
      const used = await trx
        .selectFrom('process as p')
        .innerJoin('process_group as g', 'g.id', 'p.process_group_id')
        .select('g.name')
        .distinct()
        .where(inScope(scope, 'p'))
        .where('p.process_group_id', 'in', ids)
        .execute();
      if (used.length > 0) throw conflict(ProcessMessages.groupHasProcesses(summary(used.map((row) => row.name))));
      await trx
        .deleteFrom('process_group')
        .where(inScope(scope))
        .where('id', 'in', ids)
        .execute();
      await recordOperation(trx, context, { ...scope, content: `删除工序组：${summary(names)}` });
      return { deleted: ids.length };
    });
  }
}
