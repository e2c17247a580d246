import { sql } from 'kysely';
import type { PageResult } from '@core/contracts/common';
import type {
  CreateFluteRequest,
  CreatePaperGradeRequest,
  Flute,
  PaperGrade,
  UpdateFluteRequest,
  UpdatePaperGradeRequest,
} from '@core/contracts/sys-cfg';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { runList, type ListParams } from '../../lib/list-query';
import type { Scope } from '../../plugins/auth';
import { conflict, validation } from '../../lib/errors';
import { stampsOf } from '../../lib/datetime';
import { summary, text, num } from '../../lib/rows';
import { deleteLogged, factoryList, inScope, insertRow, refuseTaken, requireOne, requireRow, type RowOf, updateRow, writeUnique } from '../../lib/scoped';

export const PaperMessages = {
  gradeNotFound: '原纸不存在',
  gradeCodeTaken: '原纸编码已存在',
  gradeUsed: (names: string) => `原纸「${names}」已被纸板编码引用，无法删除`,
  typeLocked: (code: string) => `原纸「${code}」已被纸板编码引用，不能修改原纸类型`,
  fluteNotFound: '楞型不存在',
  fluteCodeTaken: '楞型编码已存在',
  fluteUsed: (names: string) => `楞型「${names}」已被纸板编码引用，无法删除`,
  fluteComponentMissing: (code: string) => `组成楞型「${code}」不存在或不是单瓦楞`,
  fluteComponentsTooFew: '多层楞型至少由两个单瓦楞组成',
  fluteTakeUpRequired: '单瓦楞必须填写收缩率（瓦楞系数）',
  fluteComponentOf: (names: string) => `楞型「${names}」是多层楞型的组成部分，无法删除`,
} as const;

const UNIQUE = { paper_grade_code_uq: PaperMessages.gradeCodeTaken, flute_code_uq: PaperMessages.fluteCodeTaken };

export const PAPER_GRADE_LIST = factoryList('g', {
  filters: {
    paperCode: { column: 'g.paper_code', kind: 'like', label: '原纸编码' },
    paperName: { column: 'g.paper_name', kind: 'like', label: '原纸名称' },
    paperType: { column: 'g.paper_type', kind: 'in', label: '原纸类型' },
  },
  sorts: { id: 'g.id', paperCode: 'g.paper_code', grammage: 'g.grammage', createTime: 'g.created_at' },
  defaultSort: { field: 'paperCode', direction: 'asc' },
});

export const FLUTE_LIST = factoryList('f', {
  filters: { fluteCode: { column: 'f.flute_code', kind: 'like', label: '楞型编码' } },
  sorts: { id: 'f.id', fluteCode: 'f.flute_code', heightMm: 'f.height_mm' },
  defaultSort: { field: 'id', direction: 'asc' },
});

function gradeQuery(db: Db) {
  return db.selectFrom('paper_grade as g').selectAll('g');
}
type GradeRow = RowOf<typeof gradeQuery>;
function toGrade(row: GradeRow): PaperGrade {
  return {
    id: row.id,
    paperCode: row.paper_code,
    paperName: row.paper_name,
    grammage: row.grammage,
    paperType: row.paper_type,
    ringCrush: num(row.ring_crush),
    remark: row.remark,
    ...stampsOf(row),
  };
}

function fluteQuery(db: Db) {
  return db.selectFrom('flute as f').selectAll('f');
}
type FluteRow = RowOf<typeof fluteQuery>;
export function toFlute(row: FluteRow): Flute {
  return {
    id: row.id,
    fluteCode: row.flute_code,
    fluteName: row.flute_name,
    components: row.components,
    walls: Math.max(1, row.components.length),
    heightMm: Number(row.height_mm),
    takeUpFactor: num(row.take_up_factor),
    remark: row.remark,
    ...stampsOf(row),
  };
}

/** A paper grade a board code's layers use cannot go. */
function refuseUsedGrades(ids: number[]) {
  return async (trx: Db): Promise<void> => {
    const used = await trx
      .selectFrom('board_code_layer as l')
      .innerJoin('paper_grade as g', 'g.id', 'l.paper_grade_id')
      .select('g.paper_code')
      .distinct()
      .where('l.paper_grade_id', 'in', ids)
      .orderBy('g.paper_code')
      .execute();
    if (used.length > 0) throw conflict(PaperMessages.gradeUsed(summary(used.map((row) => row.paper_code))));
  };
}

/** A flute a board code uses, or that is a component of a flute that stays, cannot go. */
function refuseUsedFlutes(scope: Scope, ids: number[]) {
  return async (trx: Db, codes: string[]): Promise<void> => {
    const used = await trx
      .selectFrom('board_code as b')
      .innerJoin('flute as f', 'f.id', 'b.flute_id')
      .select('f.flute_code')
      .distinct()
      .where('b.flute_id', 'in', ids)
      .orderBy('f.flute_code')
      .execute();
    if (used.length > 0) throw conflict(PaperMessages.fluteUsed(summary(used.map((row) => row.flute_code))));
    const combos = await trx
      .selectFrom('flute')
      .select(['id', 'components'])
      .where(inScope(scope))
      .where('id', 'not in', ids)
      .execute();
    const parts = codes.filter((code) => combos.some((combo) => combo.components.includes(code)));
    if (parts.length > 0) throw conflict(PaperMessages.fluteComponentOf(summary(parts)));
  };
}

function gradeValues(request: CreatePaperGradeRequest) {
  return {
    paper_code: request.paperCode,
    paper_name: request.paperName.trim(),
    grammage: request.grammage,
    paper_type: request.paperType,
    ring_crush: request.ringCrush ?? null,
    remark: text(request.remark),
  };
}

/** Normalises a flute request: double wall needs ≥ 2 known single-wall components, single wall a take-up factor. */
async function fluteValues(db: Db, scope: Scope, request: CreateFluteRequest, selfId?: number) {
  const components = request.components ?? [];
  if (components.length === 1) throw validation(PaperMessages.fluteComponentsTooFew);
  if (components.length > 0) {
    const singles = await db
      .selectFrom('flute')
      .select('flute_code')
      .where(inScope(scope))
      .where('flute_code', 'in', components)
      .where(sql<boolean>`cardinality(components) = 0`)
      .$if(selfId !== undefined, (query) => query.where('id', '!=', selfId!))
      .execute();
    const known = new Set(singles.map((row) => row.flute_code));
    const missing = components.find((code) => !known.has(code));
    if (missing !== undefined) throw validation(PaperMessages.fluteComponentMissing(missing));
  } else if (request.takeUpFactor === undefined || request.takeUpFactor === null) {
    throw validation(PaperMessages.fluteTakeUpRequired);
  }
  return {
    flute_code: request.fluteCode,
    flute_name: request.fluteName.trim(),
    components,
    height_mm: request.heightMm,
    take_up_factor: components.length > 0 ? null : request.takeUpFactor!,
    remark: text(request.remark),
  };
}

/** Paper grades (原纸) and flutes (楞型). */
export class PaperGradeService {
  constructor(private readonly db: Db) {}

  list(scope: Scope, params: ListParams): Promise<PageResult<PaperGrade>> {
    return runList(this.db, gradeQuery(this.db), PAPER_GRADE_LIST, scope, params, toGrade);
  }

  async create(scope: Scope, request: CreatePaperGradeRequest, context: OperationContext): Promise<{ id: number }> {
    return writeUnique(this.db, UNIQUE, async (trx) => {
      await refuseTaken(trx, 'paper_grade', 'paper_code', scope, request.paperCode, PaperMessages.gradeCodeTaken);
      const id = await insertRow(trx, 'paper_grade', scope, gradeValues(request));
      await recordOperation(trx, context, { ...scope, content: `新增原纸：${request.paperCode} ${request.paperName.trim()} ${request.grammage}g` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdatePaperGradeRequest, context: OperationContext): Promise<void> {
    await writeUnique(this.db, UNIQUE, async (trx) => {
      const old = await requireOne(gradeQuery(trx), 'g', scope, request.id, PaperMessages.gradeNotFound);
      await refuseTaken(trx, 'paper_grade', 'paper_code', scope, request.paperCode, PaperMessages.gradeCodeTaken, request.id);
      if (old.paper_type !== request.paperType) {
        const used = await trx.selectFrom('board_code_layer').select('id').where('paper_grade_id', '=', request.id).limit(1).executeTakeFirst();
        if (used) throw conflict(PaperMessages.typeLocked(old.paper_code));
      }
      await updateRow(trx, 'paper_grade', scope, request.id, gradeValues(request));
      await recordOperation(trx, context, { ...scope, content: `编辑原纸：${request.paperCode} ${request.paperName.trim()} ${request.grammage}g` });
    });
  }

  deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return deleteLogged(this.db, { table: 'paper_grade', label: 'paper_code', log: '原纸', notFound: PaperMessages.gradeNotFound, before: refuseUsedGrades(ids) }, scope, ids, context);
  }

  // ---- flutes ----

  listFlutes(scope: Scope, params: ListParams): Promise<PageResult<Flute>> {
    return runList(this.db, fluteQuery(this.db), FLUTE_LIST, scope, params, toFlute);
  }

  async createFlute(scope: Scope, request: CreateFluteRequest, context: OperationContext): Promise<{ id: number }> {
    return writeUnique(this.db, UNIQUE, async (trx) => {
      await refuseTaken(trx, 'flute', 'flute_code', scope, request.fluteCode, PaperMessages.fluteCodeTaken);
      const values = await fluteValues(trx, scope, request);
      const id = await insertRow(trx, 'flute', scope, values);
      await recordOperation(trx, context, { ...scope, content: `新增楞型：${request.fluteCode} ${values.flute_name}` });
      return { id };
    });
  }

  async updateFlute(scope: Scope, request: UpdateFluteRequest, context: OperationContext): Promise<void> {
    await writeUnique(this.db, UNIQUE, async (trx) => {
      await requireRow(trx, 'flute', ['id'], scope, request.id, PaperMessages.fluteNotFound);
      await refuseTaken(trx, 'flute', 'flute_code', scope, request.fluteCode, PaperMessages.fluteCodeTaken, request.id);
      const values = await fluteValues(trx, scope, request, request.id);
      await updateRow(trx, 'flute', scope, request.id, values);
      await recordOperation(trx, context, { ...scope, content: `编辑楞型：${request.fluteCode} ${values.flute_name}` });
    });
  }

  deleteFlutes(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return deleteLogged(this.db, { table: 'flute', label: 'flute_code', log: '楞型', notFound: PaperMessages.fluteNotFound, before: refuseUsedFlutes(scope, ids) }, scope, ids, context);
  }

}
