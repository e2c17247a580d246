import type { PageResult } from '@core/contracts/common';
import type { CreateDeckleRequest, DeckleWidth, UpdateDeckleRequest } from '@core/contracts/sys-cfg';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { runList, type ListParams, type ListSpec } from '../../lib/list-query';
import type { Scope } from '../../plugins/auth';
import { conflict, notFound } from '../../lib/errors';
import { formatDateTime } from '../../lib/datetime';
import { text } from '../../lib/rows';
import { guardUniqueAs } from '../../lib/unique';

export const DeckleMessages = {
  notFound: '门幅不存在',
  taken: (width: number) => `门幅 ${width}mm 已存在`,
} as const;

export const DECKLE_LIST: ListSpec = {
  scope: { enterprise: 'd.enterprise_id', org: 'd.org_id' },
  filters: { enabled: { column: 'd.enabled', kind: 'eq', label: '是否启用' } },
  sorts: { id: 'd.id', widthMm: 'd.width_mm' },
  defaultSort: { field: 'widthMm', direction: 'asc' },
  key: 'd.id',
};

function deckleQuery(db: Db) {
  return db.selectFrom('deckle_width as d').selectAll('d');
}
type DeckleRow = Awaited<ReturnType<ReturnType<typeof deckleQuery>['executeTakeFirstOrThrow']>>;
function toDeckle(row: DeckleRow): DeckleWidth {
  return {
    id: row.id,
    widthMm: row.width_mm,
    minTrimMm: row.min_trim_mm,
    enabled: row.enabled,
    remark: row.remark,
    createTime: formatDateTime(row.created_at),
    updateTime: formatDateTime(row.updated_at),
  };
}

async function taken(db: Db, scope: Scope, width: number, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('deckle_width')
    .select('id')
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('width_mm', '=', width);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

function values(request: CreateDeckleRequest) {
  return { width_mm: request.widthMm, min_trim_mm: request.minTrimMm ?? 20, enabled: request.enabled ?? true, remark: text(request.remark) };
}

/** Paper roll widths (门幅) the corrugator can run, each with its minimum total trim. */
export class DeckleService {
  constructor(private readonly db: Db) {}

  list(scope: Scope, params: ListParams): Promise<PageResult<DeckleWidth>> {
    return runList(deckleQuery(this.db), DECKLE_LIST, scope, params, toDeckle);
  }

  async create(scope: Scope, request: CreateDeckleRequest, context: OperationContext): Promise<{ id: number }> {
    return guardUniqueAs({ deckle_width_uq: DeckleMessages.taken(request.widthMm) }, () =>
      this.db.transaction().execute(async (trx) => {
        if (await taken(trx, scope, request.widthMm)) throw conflict(DeckleMessages.taken(request.widthMm));
        const { id } = await trx
          .insertInto('deckle_width')
          .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, ...values(request) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordOperation(trx, context, { ...scope, content: `新增门幅：${request.widthMm}mm（最小修边${request.minTrimMm ?? 20}mm）` });
        return { id };
      }),
    );
  }

  async update(scope: Scope, request: UpdateDeckleRequest, context: OperationContext): Promise<void> {
    await guardUniqueAs({ deckle_width_uq: DeckleMessages.taken(request.widthMm) }, () =>
      this.db.transaction().execute(async (trx) => {
        const old = await trx
          .selectFrom('deckle_width')
          .select('width_mm')
          .where('enterprise_id', '=', scope.enterpriseId)
          .where('org_id', '=', scope.orgId)
          .where('id', '=', request.id)
          .executeTakeFirst();
        if (!old) throw notFound(DeckleMessages.notFound);
        if (await taken(trx, scope, request.widthMm, request.id)) throw conflict(DeckleMessages.taken(request.widthMm));
        await trx
          .updateTable('deckle_width')
          .set({ ...values(request), updated_at: new Date() })
          .where('id', '=', request.id)
          .execute();
        await recordOperation(trx, context, { ...scope, content: `编辑门幅：${old.width_mm}mm → ${request.widthMm}mm` });
      }),
    );
  }

  async deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('deckle_width')
        .select('width_mm')
        .where('enterprise_id', '=', scope.enterpriseId)
        .where('org_id', '=', scope.orgId)
        .where('id', 'in', ids)
        .orderBy('width_mm')
        .execute();
      if (rows.length !== ids.length) throw notFound(DeckleMessages.notFound);
      await trx.deleteFrom('deckle_width').where('id', 'in', ids).execute();
      await recordOperation(trx, context, { ...scope, content: `删除门幅：${rows.map((row) => `${row.width_mm}mm`).join('、')}` });
      return { deleted: ids.length };
    });
  }
}
