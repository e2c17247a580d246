import { sql } from 'kysely';
import type { CreateWorkshopRequest, UpdateWorkshopRequest, Workshop } from '@core/contracts/modeling';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import type { Scope } from '../../plugins/auth';
import { UNIQUE_MESSAGES } from './common';
import { conflict, notFound } from '../../lib/errors';
import { stampsOf } from '../../lib/datetime';
import { namesOf, summary, text } from '../../lib/rows';
import { deleteLogged, FactoryEntity, factoryList, inScope, insertRow, refuseTaken, type RowOf, updateRow, writeUnique } from '../../lib/scoped';

export const WorkshopMessages = {
  notFound: '车间不存在',
  nameTaken: '车间名称已存在',
  hasDevices: (names: string) => `车间「${names}」下存在设备，无法删除`,
} as const;

export const WORKSHOP_LIST = factoryList('w', {
  filters: {
    workshopName: { column: 'w.name', kind: 'like', label: '车间名称' },
    workshopCode: { column: 'w.code', kind: 'like', label: '车间编码' },
  },
  sorts: { id: 'w.id', sort: 'w.sort', workshopName: 'w.name', createTime: 'w.created_at' },
  defaultSort: { field: 'sort', direction: 'asc' },
});

// ---- queries ------------------------------------------------------------------------------------

function workshopQuery(db: Db) {
  return db.selectFrom('workshop as w').select((eb) => [
    'w.id',
    'w.name',
    'w.code',
    'w.remark',
    'w.sort',
    'w.created_at as createdAt',
    'w.updated_at as updatedAt',
    eb.selectFrom('device as d').select(sql<number>`count(*)`.as('n')).whereRef('d.workshop_id', '=', 'w.id').as('deviceCount'),
  ]);
}
type WorkshopRow = RowOf<typeof workshopQuery>;

function toWorkshop(row: WorkshopRow): Workshop {
  return {
    id: row.id,
    workshopName: row.name,
    workshopCode: row.code,
    remark: row.remark,
    sort: row.sort,
    deviceCount: Number(row.deviceCount ?? 0),
    ...stampsOf(row),
  };
}

// ---- service --------------------------------------------------------------------------------------

/** Workshops (车间) of the session's factory. */
export class WorkshopService extends FactoryEntity({ query: workshopQuery, alias: 'w', list: WORKSHOP_LIST, toView: toWorkshop, notFound: WorkshopMessages.notFound }) {
  async create(scope: Scope, request: CreateWorkshopRequest, context: OperationContext): Promise<{ id: number }> {
    const name = request.workshopName.trim();
    return writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      await refuseTaken(trx, 'workshop', 'name', scope, name, WorkshopMessages.nameTaken);
      const id = await insertRow(trx, 'workshop', scope, {
        name,
        code: text(request.workshopCode),
        remark: text(request.remark),
        sort: request.sort ?? 0,
      });
      await recordOperation(trx, context, { ...scope, content: `新增车间：${name}` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdateWorkshopRequest, context: OperationContext): Promise<void> {
    const name = request.workshopName.trim();
    await writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      const [old] = await namesOf(trx, 'workshop', 'name', scope, [request.id]);
      if (old === undefined) throw notFound(WorkshopMessages.notFound);
      await refuseTaken(trx, 'workshop', 'name', scope, name, WorkshopMessages.nameTaken, request.id);
      await updateRow(trx, 'workshop', scope, request.id, { name, code: text(request.workshopCode), remark: text(request.remark), sort: request.sort ?? 0 });
      await recordOperation(trx, context, { ...scope, content: old === name ? `编辑车间：${name}` : `编辑车间：${old} → ${name}` });
    });
  }

  deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    const before = async (trx: Db): Promise<void> => {
      const used = await trx
        .selectFrom('device as d')
        .innerJoin('workshop as w', 'w.id', 'd.workshop_id')
        .select('w.name')
        .distinct()
        .where(inScope(scope, 'd'))
        .where('d.workshop_id', 'in', ids)
        .execute();
      if (used.length > 0) throw conflict(WorkshopMessages.hasDevices(summary(used.map((row) => row.name))));
    };
    return deleteLogged(this.db, { table: 'workshop', label: 'name', log: '车间', notFound: WorkshopMessages.notFound, before }, scope, ids, context);
  }
}
