import type { PageResult } from '@core/contracts/common';
import type { BoardCode, BoardLayerView, CreateBoardCodeRequest, UpdateBoardCodeRequest } from '@core/contracts/sys-cfg';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { runList, type ListParams } from '../../lib/list-query';
import type { Scope } from '../../plugins/auth';
import { validation } from '../../lib/errors';
import { stampsOf } from '../../lib/datetime';
import { text, num } from '../../lib/rows';
import { deleteLogged, factoryList, inScope, insertRow, refuseTaken, requireOne, requireRow, type RowOf, updateRow, writeUnique } from '../../lib/scoped';

export const BoardMessages = {
  notFound: '纸板编码不存在',
  codeTaken: '纸板编码已存在',
  fluteMissing: '楞型不存在',
  gradeMissing: (layer: number) => `第${layer}层原纸不存在`,
  layerCount: (flute: string, walls: number) => `楞型「${flute}」为${walls === 1 ? '单' : walls === 2 ? '双' : '三'}瓦楞，纸板应为${walls * 2 + 1}层`,
  wrongType: (layer: number, expected: string) => `第${layer}层应为${expected}`,
  gradeWalls: (grade: string) => `纸板等级「${grade}」与楞型层数不符（单瓦楞用S-，双瓦楞用D-）`,
} as const;
const UNIQUE = { board_code_uq: BoardMessages.codeTaken };

export const BOARD_CODE_LIST = factoryList('b', {
  filters: {
    boardCode: { column: 'b.board_code', kind: 'like', label: '纸板编码' },
    fluteId: { column: 'b.flute_id', kind: 'in', label: '楞型', integer: true },
    grade: { column: 'b.grade', kind: 'in', label: '纸板等级' },
  },
  sorts: { id: 'b.id', boardCode: 'b.board_code', grade: 'b.grade', createTime: 'b.created_at' },
  defaultSort: { field: 'boardCode', direction: 'asc' },
});

function boardQuery(db: Db) {
  return db
    .selectFrom('board_code as b')
    .innerJoin('flute as f', 'f.id', 'b.flute_id')
    .select([
      'b.id',
      'b.board_code',
      'b.flute_id',
      'f.flute_code',
      'f.components',
      'b.grade',
      'b.min_burst_kpa',
      'b.min_ect_kn_m',
      'b.remark',
      'b.created_at',
      'b.updated_at',
    ]);
}
type BoardRow = RowOf<typeof boardQuery>;

interface LayerRow extends BoardLayerView {
  boardCodeId: number;
  takeUp: number | null;
}

async function layersOf(db: Db, boardIds: number[]): Promise<LayerRow[]> {
  if (boardIds.length === 0) return [];
  const rows = await db
    .selectFrom('board_code_layer as l')
    .innerJoin('paper_grade as g', 'g.id', 'l.paper_grade_id')
    .select(['l.board_code_id', 'l.seq', 'l.paper_grade_id', 'g.paper_code', 'g.paper_name', 'g.grammage', 'g.paper_type'])
    .where('l.board_code_id', 'in', boardIds)
    .orderBy('l.board_code_id')
    .orderBy('l.seq')
    .execute();
  return rows.map((row) => ({
    boardCodeId: row.board_code_id,
    seq: row.seq,
    paperGradeId: row.paper_grade_id,
    paperCode: row.paper_code,
    paperName: row.paper_name,
    grammage: row.grammage,
    paperType: row.paper_type,
    takeUp: null,
  }));
}

/** Take-up factors of single-wall flutes by code, for the basis weight. */
async function takeUps(db: Db, scope: Scope): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('flute')
    .select(['flute_code', 'take_up_factor'])
    .where(inScope(scope))
    .where('take_up_factor', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.flute_code, Number(row.take_up_factor)]));
}

function toBoard(row: BoardRow, layers: LayerRow[], factors: Map<string, number>): BoardCode {
  const own = layers.filter((layer) => layer.boardCodeId === row.id);
  // Mediums sit at odd positions; the n-th medium runs on the n-th component flute (or the flute itself).
  const flutes = row.components.length > 0 ? row.components : [row.flute_code];
  let basis: number | null = 0;
  own.forEach((layer, index) => {
    if (basis === null) return;
    if (index % 2 === 0) basis += layer.grammage;
    else {
      const factor = factors.get(flutes[(index - 1) / 2] ?? '');
      basis = factor === undefined ? null : basis + layer.grammage * factor;
    }
  });
  return {
    id: row.id,
    boardCode: row.board_code,
    fluteId: row.flute_id,
    fluteCode: row.flute_code,
    grade: row.grade,
    minBurstKpa: num(row.min_burst_kpa),
    minEctKnM: num(row.min_ect_kn_m),
    layerText: own.map((layer) => layer.paperCode).join('-'),
    basisWeight: basis === null ? null : Math.round(basis),
    layers: own.map(({ boardCodeId: _board, takeUp: _takeUp, ...layer }) => layer),
    remark: row.remark,
    ...stampsOf(row),
  };
}

/** A board code's layers must alternate liner/medium and match its flute's wall count (DOMAIN.md "Board"). */
async function checkLayers(db: Db, scope: Scope, request: CreateBoardCodeRequest): Promise<void> {
  const flute = await db
    .selectFrom('flute')
    .select(['flute_code', 'components'])
    .where(inScope(scope))
    .where('id', '=', request.fluteId)
    .executeTakeFirst();
  if (!flute) throw validation(BoardMessages.fluteMissing);
  const walls = Math.max(1, flute.components.length);
  if (request.layers.length !== walls * 2 + 1) throw validation(BoardMessages.layerCount(flute.flute_code, walls));
  const grade = text(request.grade);
  if (grade && (grade.startsWith('S') ? walls !== 1 : walls !== 2)) throw validation(BoardMessages.gradeWalls(grade));
  const grades = await db
    .selectFrom('paper_grade')
    .select(['id', 'paper_type'])
    .where(inScope(scope))
    .where('id', 'in', [...new Set(request.layers)])
    .execute();
  const typeOf = new Map(grades.map((row) => [row.id, row.paper_type]));
  request.layers.forEach((id, index) => {
    const type = typeOf.get(id);
    if (type === undefined) throw validation(BoardMessages.gradeMissing(index + 1));
    const expected = index % 2 === 0 ? 'liner' : 'medium';
    if (type !== expected) throw validation(BoardMessages.wrongType(index + 1, expected === 'liner' ? '面纸' : '瓦楞芯纸'));
  });
}

function boardValues(request: CreateBoardCodeRequest) {
  return {
    board_code: request.boardCode,
    flute_id: request.fluteId,
    grade: text(request.grade),
    min_burst_kpa: request.minBurstKpa ?? null,
    min_ect_kn_m: request.minEctKnM ?? null,
    remark: text(request.remark),
  };
}

async function writeLayers(db: Db, boardCodeId: number, layers: number[]): Promise<void> {
  await db
    .insertInto('board_code_layer')
    .values(layers.map((paperGradeId, index) => ({ board_code_id: boardCodeId, seq: index + 1, paper_grade_id: paperGradeId })))
    .execute();
}

/** Board codes (纸板编码) with their layer papers. */
export class BoardCodeService {
  constructor(private readonly db: Db) {}

  async list(scope: Scope, params: ListParams): Promise<PageResult<BoardCode>> {
    const page = await runList(this.db, boardQuery(this.db), BOARD_CODE_LIST, scope, params);
    const [layers, factors] = await Promise.all([layersOf(this.db, page.list.map((row) => row.id)), takeUps(this.db, scope)]);
    return { ...page, list: page.list.map((row) => toBoard(row, layers, factors)) };
  }

  async detail(scope: Scope, id: number): Promise<BoardCode> {
    const row = await requireOne(boardQuery(this.db), 'b', scope, id, BoardMessages.notFound);
    return toBoard(row, await layersOf(this.db, [id]), await takeUps(this.db, scope));
  }

  async create(scope: Scope, request: CreateBoardCodeRequest, context: OperationContext): Promise<{ id: number }> {
    return writeUnique(this.db, UNIQUE, async (trx) => {
      await checkLayers(trx, scope, request);
      await refuseTaken(trx, 'board_code', 'board_code', scope, request.boardCode, BoardMessages.codeTaken);
      const id = await insertRow(trx, 'board_code', scope, boardValues(request));
      await writeLayers(trx, id, request.layers);
      await recordOperation(trx, context, { ...scope, content: `新增纸板编码：${request.boardCode}（${request.layers.length}层）` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdateBoardCodeRequest, context: OperationContext): Promise<void> {
    await writeUnique(this.db, UNIQUE, async (trx) => {
      const old = await requireRow(trx, 'board_code', ['board_code'], scope, request.id, BoardMessages.notFound);
      await checkLayers(trx, scope, request);
      await refuseTaken(trx, 'board_code', 'board_code', scope, request.boardCode, BoardMessages.codeTaken, request.id);
      await updateRow(trx, 'board_code', scope, request.id, boardValues(request));
      await trx.deleteFrom('board_code_layer').where('board_code_id', '=', request.id).execute();
      await writeLayers(trx, request.id, request.layers);
      const renamed = old.board_code === request.boardCode ? '' : `（原编码 ${old.board_code}）`;
      await recordOperation(trx, context, { ...scope, content: `编辑纸板编码：${request.boardCode}${renamed}` });
    });
  }

  deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return deleteLogged(this.db, { table: 'board_code', label: 'board_code', log: '纸板编码', notFound: BoardMessages.notFound }, scope, ids, context);
  }
}
