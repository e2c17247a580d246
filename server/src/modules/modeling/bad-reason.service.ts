import type { PageResult } from '@core/contracts/common';
import type { BadReason, CreateBadReasonRequest, UpdateBadReasonRequest } from '@core/contracts/modeling';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { runList, type ListParams } from '../../lib/list-query';
import type { Scope } from '../../plugins/auth';
import { validation } from '../../lib/errors';
import { stampsOf } from '../../lib/datetime';
import { text, flag } from '../../lib/rows';
import { deleteLogged, factoryList, inScope, insertRow, refuseTaken, requireRow, type RowOf, updateRow, writeUnique } from '../../lib/scoped';

export const BadReasonMessages = {
  notFound: '不良现象不存在',
  codeTaken: '不良现象编码已存在',
  processMissing: '工序不存在',
} as const;
const UNIQUE = { bad_phenomenon_code_uq: BadReasonMessages.codeTaken };

export const BAD_REASON_LIST = factoryList('r', {
  filters: {
    reasonCode: { column: 'r.reason_code', kind: 'like', label: '不良现象编码' },
    reasonName: { column: 'r.reason_name', kind: 'like', label: '不良现象名称' },
    processId: { column: 'r.process_id', kind: 'in', label: '工序', integer: true },
  },
  sorts: { id: 'r.id', sort: 'r.sort', reasonCode: 'r.reason_code', processId: 'r.process_id', createTime: 'r.created_at' },
  defaultSort: { field: 'sort', direction: 'asc' },
});

function reasonQuery(db: Db) {
  return db
    .selectFrom('bad_phenomenon as r')
    .innerJoin('process as p', 'p.id', 'r.process_id')
    .select(['r.id', 'r.reason_code', 'r.reason_name', 'r.process_id', 'p.name as process_name', 'r.sort', 'r.enabled', 'r.remark', 'r.created_at', 'r.updated_at']);
}
type ReasonRow = RowOf<typeof reasonQuery>;
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
    ...stampsOf(row),
  };
}

async function processName(db: Db, scope: Scope, id: number): Promise<string> {
  const row = await db
    .selectFrom('process')
    .select('name')
    .where(inScope(scope))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw validation(BadReasonMessages.processMissing);
  return row.name;
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
    return runList(this.db, base, BAD_REASON_LIST, scope, params, toReason);
  }

  async create(scope: Scope, request: CreateBadReasonRequest, context: OperationContext): Promise<{ id: number }> {
    return writeUnique(this.db, UNIQUE, async (trx) => {
      const process = await processName(trx, scope, request.processId);
      await refuseTaken(trx, 'bad_phenomenon', 'reason_code', scope, request.reasonCode, BadReasonMessages.codeTaken);
      const id = await insertRow(trx, 'bad_phenomenon', scope, values(request));
      await recordOperation(trx, context, { ...scope, content: `新增不良现象：${process} - ${request.reasonName.trim()}` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdateBadReasonRequest, context: OperationContext): Promise<void> {
    await writeUnique(this.db, UNIQUE, async (trx) => {
      await requireRow(trx, 'bad_phenomenon', ['reason_name'], scope, request.id, BadReasonMessages.notFound);
      const process = await processName(trx, scope, request.processId);
      await refuseTaken(trx, 'bad_phenomenon', 'reason_code', scope, request.reasonCode, BadReasonMessages.codeTaken, request.id);
      await updateRow(trx, 'bad_phenomenon', scope, request.id, values(request));
      await recordOperation(trx, context, { ...scope, content: `编辑不良现象：${process} - ${request.reasonName.trim()}` });
    });
  }

  deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return deleteLogged(this.db, { table: 'bad_phenomenon', label: 'reason_name', log: '不良现象', notFound: BadReasonMessages.notFound }, scope, ids, context);
  }
}
