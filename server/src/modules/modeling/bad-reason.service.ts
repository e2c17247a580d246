import type { PageResult } from '@core/contracts/common';
import type { BadReason, CreateBadReasonRequest, UpdateBadReasonRequest } from '@core/contracts/modeling';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { runList, type ListParams, type ListSpec } from '../../lib/list-query';
import type { Scope } from '../../plugins/auth';
import { conflict, notFound, validation } from '../../lib/errors';
import { formatDateTime } from '../../lib/datetime';
import { summary, text, flag } from '../../lib/rows';
import { guardUniqueAs } from '../../lib/unique';

export const BadReasonMessages = {
  notFound: '不良现象不存在',
  codeTaken: '不良现象编码已存在',
  processMissing: '工序不存在',
} as const;
const UNIQUE = { bad_phenomenon_code_uq: BadReasonMessages.codeTaken };

export const BAD_REASON_LIST: ListSpec = {
  scope: { enterprise: 'r.enterprise_id', org: 'r.org_id' },
  filters: {
    reasonCode: { column: 'r.reason_code', kind: 'like', label: '不良现象编码' },
    reasonName: { column: 'r.reason_name', kind: 'like', label: '不良现象名称' },
    processId: { column: 'r.process_id', kind: 'in', label: '工序', integer: true },
  },
  sorts: { id: 'r.id', sort: 'r.sort', reasonCode: 'r.reason_code', processId: 'r.process_id', createTime: 'r.created_at' },
  defaultSort: { field: 'sort', direction: 'asc' },
  key: 'r.id',
};

function reasonQuery(db: Db) {
  return db
    .selectFrom('bad_phenomenon as r')
    .innerJoin('process as p', 'p.id', 'r.process_id')
    .select(['r.id', 'r.reason_code', 'r.reason_name', 'r.process_id', 'p.name as process_name', 'r.sort', 'r.enabled', 'r.remark', 'r.created_at', 'r.updated_at']);
}
type ReasonRow = Awaited<ReturnType<ReturnType<typeof reasonQuery>['executeTakeFirstOrThrow']>>;
function toReason(row: ReasonRow): BadReason {
  return {
    id: row.id,
    reasonCode: row.reason_code,
    reasonName: row.reason_name,
    processId: row.process_id,
    processName: row.process_name,
    sort: row.sort,
    enabled: row.enabled,
    remark: row.remark,
    createTime: formatDateTime(row.created_at),
    updateTime: formatDateTime(row.updated_at),
  };
}

async function processName(db: Db, scope: Scope, id: number): Promise<string> {
  const row = await db
    .selectFrom('process')
    .select('name')
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw validation(BadReasonMessages.processMissing);
  return row.name;
}

async function codeTaken(db: Db, scope: Scope, code: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('bad_phenomenon')
    .select('id')
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('reason_code', '=', code);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

function values(request: CreateBadReasonRequest) {
  return {
    reason_code: request.reasonCode,
    reason_name: request.reasonName.trim(),
    process_id: request.processId,
    sort: request.sort ?? 0,
    enabled: request.enabled ?? true,
    remark: text(request.remark),
  };
}

/** Bad phenomena (不良现象 / undesirable reasons) per process, chosen when reporting defects. */
export class BadReasonService {
  constructor(private readonly db: Db) {}

  list(scope: Scope, params: ListParams): Promise<PageResult<BadReason>> {
    const enabled = flag(params.enabled);
    const base = enabled === undefined ? reasonQuery(this.db) : reasonQuery(this.db).where('r.enabled', '=', enabled);
    return runList(base, BAD_REASON_LIST, scope, params, toReason);
  }

  async create(scope: Scope, request: CreateBadReasonRequest, context: OperationContext): Promise<{ id: number }> {
    return guardUniqueAs(UNIQUE, () =>
      this.db.transaction().execute(async (trx) => {
        const process = await processName(trx, scope, request.processId);
        if (await codeTaken(trx, scope, request.reasonCode)) throw conflict(BadReasonMessages.codeTaken);
        const { id } = await trx
          .insertInto('bad_phenomenon')
          .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, ...values(request) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordOperation(trx, context, { ...scope, content: `新增不良现象：${process} - ${request.reasonName.trim()}` });
        return { id };
      }),
    );
  }

  async update(scope: Scope, request: UpdateBadReasonRequest, context: OperationContext): Promise<void> {
    await guardUniqueAs(UNIQUE, () =>
      this.db.transaction().execute(async (trx) => {
        const old = await trx
          .selectFrom('bad_phenomenon')
          .select('reason_name')
          .where('enterprise_id', '=', scope.enterpriseId)
          .where('org_id', '=', scope.orgId)
          .where('id', '=', request.id)
          .executeTakeFirst();
        if (!old) throw notFound(BadReasonMessages.notFound);
        const process = await processName(trx, scope, request.processId);
        if (await codeTaken(trx, scope, request.reasonCode, request.id)) throw conflict(BadReasonMessages.codeTaken);
        await trx
          .updateTable('bad_phenomenon')
          .set({ ...values(request), updated_at: new Date() })
          .where('id', '=', request.id)
          .execute();
        await recordOperation(trx, context, { ...scope, content: `编辑不良现象：${process} - ${request.reasonName.trim()}` });
      }),
    );
  }

  async deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('bad_phenomenon')
        .select('reason_name')
        .where('enterprise_id', '=', scope.enterpriseId)
        .where('org_id', '=', scope.orgId)
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
      if (rows.length !== ids.length) throw notFound(BadReasonMessages.notFound);
      await trx.deleteFrom('bad_phenomenon').where('id', 'in', ids).execute();
      await recordOperation(trx, context, { ...scope, content: `删除不良现象：${summary(rows.map((row) => row.reason_name))}` });
      return { deleted: ids.length };
    });
  }
}
