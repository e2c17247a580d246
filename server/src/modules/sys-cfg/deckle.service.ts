import type { PageResult } from '@core/contracts/common';
import type { CreateDeckleRequest, DeckleWidth, UpdateDeckleRequest } from '@core/contracts/sys-cfg';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { runList, type ListParams } from '../../lib/list-query';
import type { Scope } from '../../plugins/auth';
import { stampsOf } from '../../lib/datetime';
import { text } from '../../lib/rows';
import { deleteLogged, factoryList, insertRow, refuseTaken, requireRow, type RowOf, updateRow, writeUnique } from '../../lib/scoped';

export const DeckleMessages = {
  notFound: '门幅不存在',
  taken: (width: number) => `门幅 ${width}mm 已存在`,
} as const;

export const DECKLE_LIST = factoryList('d', {
  filters: { enabled: { column: 'd.enabled', kind: 'eq', label: '是否启用' } },
  sorts: { id: 'd.id', widthMm: 'd.width_mm' },
  defaultSort: { field: 'widthMm', direction: 'asc' },
});

function deckleQuery(db: Db) {
  return db.selectFrom('deckle_width as d').selectAll('d');
}
type DeckleRow = RowOf<typeof deckleQuery>;
function toDeckle(row: DeckleRow): DeckleWidth {
  return {
    id: row.id,
    widthMm: row.width_mm,
    minTrimMm: row.min_trim_mm,
    enabled: row.enabled,
    remark: row.remark,
    ...stampsOf(row),
  };
}

function values(request: CreateDeckleRequest) {
  return { width_mm: request.widthMm, min_trim_mm: request.minTrimMm ?? 20, enabled: request.enabled ?? true, remark: text(request.remark) };
}

/** Paper roll widths (门幅) the corrugator can run, each with its minimum total trim. */
export class DeckleService {
  constructor(private readonly db: Db) {}

  list(scope: Scope, params: ListParams): Promise<PageResult<DeckleWidth>> {
    return runList(this.db, deckleQuery(this.db), DECKLE_LIST, scope, params, toDeckle);
  }

  async create(scope: Scope, request: CreateDeckleRequest, context: OperationContext): Promise<{ id: number }> {
    return writeUnique(this.db, { deckle_width_uq: DeckleMessages.taken(request.widthMm) }, async (trx) => {
      await refuseTaken(trx, 'deckle_width', 'width_mm', scope, request.widthMm, DeckleMessages.taken(request.widthMm));
      const id = await insertRow(trx, 'deckle_width', scope, values(request));
      await recordOperation(trx, context, { ...scope, content: `新增门幅：${request.widthMm}mm（最小修边${request.minTrimMm ?? 20}mm）` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdateDeckleRequest, context: OperationContext): Promise<void> {
    await writeUnique(this.db, { deckle_width_uq: DeckleMessages.taken(request.widthMm) }, async (trx) => {
      const old = await requireRow(trx, 'deckle_width', ['width_mm'], scope, request.id, DeckleMessages.notFound);
      await refuseTaken(trx, 'deckle_width', 'width_mm', scope, request.widthMm, DeckleMessages.taken(request.widthMm), request.id);
      await updateRow(trx, 'deckle_width', scope, request.id, values(request));
      await recordOperation(trx, context, { ...scope, content: `编辑门幅：${old.width_mm}mm → ${request.widthMm}mm` });
    });
  }

  deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    const log = (widths: string[]) => `删除门幅：${widths.map((width) => `${width}mm`).join('、')}`;
    return deleteLogged(this.db, { table: 'deckle_width', label: 'width_mm', orderBy: 'width_mm', log, notFound: DeckleMessages.notFound }, scope, ids, context);
  }

}
