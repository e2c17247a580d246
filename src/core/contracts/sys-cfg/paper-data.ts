import { Type, type Static } from '@sinclair/typebox';
import { SysCfgAuthorities as A } from '../../access/authorities/sys-cfg';
import { Id, IdParams, PageFields, PageResult, Remark, Stamps, TextFilter, titled, updateOf } from '../common';
import { crudEndpoints, get, pathsOf } from '../endpoint';

/**
 * Paper produce data (/paper-produce-data, DOMAIN.md "Board"): paper grades, flutes, board codes
 * naming their papers layer by layer, and the corrugator's deckle widths — what the corrugator
 * scheduler needs.
 */
const Code = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_.-]+$' });
const NullableNumber = (min: number, max: number) => Type.Optional(Type.Union([Type.Number({ minimum: min, maximum: max }), Type.Null()]));

export const PAPER_TYPES = ['liner', 'medium'] as const;
export type PaperType = (typeof PAPER_TYPES)[number];
export const PAPER_TYPE_LABELS: Record<PaperType, string> = { liner: '面纸', medium: '瓦楞芯纸' };

// ---- paper grades ---------------------------------------------------------------------------------

export const PaperGradeListQuery = Type.Object({ ...PageFields, paperCode: TextFilter('原纸编码'), paperName: TextFilter('原纸名称'), paperType: TextFilter('原纸类型') });
export type PaperGradeListQuery = Static<typeof PaperGradeListQuery>;
export const PaperGrade = Type.Object({
  id: Type.Integer(),
  paperCode: Type.String(),
  paperName: Type.String(),
  /** g/m². */
  grammage: Type.Integer(),
  paperType: Type.Union(PAPER_TYPES.map((type) => Type.Literal(type))),
  /** Ring crush (RCT) in N, when known. */
  ringCrush: Type.Union([Type.Number(), Type.Null()]),
  remark: Type.String(),
  ...Stamps,
});
export type PaperGrade = Static<typeof PaperGrade>;
const PaperGradeFields = {
  paperCode: titled(Code(20), '原纸编码'),
  paperName: Type.String({ title: '原纸名称', minLength: 1, maxLength: 30 }),
  grammage: Type.Integer({ title: '克重（g/m²）', minimum: 60, maximum: 500 }),
  paperType: Type.Union(PAPER_TYPES.map((type) => Type.Literal(type)), { title: '原纸类型' }),
  ringCrush: titled(NullableNumber(0, 10_000), '环压强度'),
  remark: Remark(),
};
export const CreatePaperGradeRequest = Type.Object(PaperGradeFields);
export type CreatePaperGradeRequest = Static<typeof CreatePaperGradeRequest>;
export const UpdatePaperGradeRequest = updateOf(PaperGradeFields);
export type UpdatePaperGradeRequest = Static<typeof UpdatePaperGradeRequest>;

// ---- flutes -------------------------------------------------------------------------------------

export const FluteListQuery = Type.Object({ ...PageFields, fluteCode: TextFilter('楞型编码') });
export type FluteListQuery = Static<typeof FluteListQuery>;
export const Flute = Type.Object({
  id: Type.Integer(),
  fluteCode: Type.String(),
  fluteName: Type.String(),
  /** Single-wall flute codes of a double wall combination (e.g. BC → B, C); empty for single wall. */
  components: Type.Array(Type.String()),
  /** 1 single wall, 2 double wall, 3 triple wall. */
  walls: Type.Integer(),
  heightMm: Type.Number(),
  /** Medium length per board length (single wall only). */
  takeUpFactor: Type.Union([Type.Number(), Type.Null()]),
  remark: Type.String(),
  ...Stamps,
});
export type Flute = Static<typeof Flute>;
const FluteFields = {
  fluteCode: Type.String({ title: '楞型编码', minLength: 1, maxLength: 4, pattern: '^[A-Z]+$' }),
  fluteName: Type.String({ title: '楞型名称', minLength: 1, maxLength: 20 }),
  components: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 1, pattern: '^[A-Z]$' }), { title: '组成楞型', maxItems: 3 })),
  heightMm: Type.Number({ title: '楞高（mm）', exclusiveMinimum: 0, maximum: 20 }),
  takeUpFactor: titled(NullableNumber(1.25, 1.5), '收缩率（瓦楞系数）'),
  remark: Remark(),
};
export const CreateFluteRequest = Type.Object(FluteFields);
export type CreateFluteRequest = Static<typeof CreateFluteRequest>;
export const UpdateFluteRequest = updateOf(FluteFields);
export type UpdateFluteRequest = Static<typeof UpdateFluteRequest>;

// ---- board codes ----------------------------------------------------------------------------------

export const BoardCodeListQuery = Type.Object({ ...PageFields, boardCode: TextFilter('纸板编码'), fluteId: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Integer()], { title: '楞型' })), grade: TextFilter('纸板等级') });
export type BoardCodeListQuery = Static<typeof BoardCodeListQuery>;
export const BoardLayerView = Type.Object({
  seq: Type.Integer(),
  paperGradeId: Type.Integer(),
  paperCode: Type.String(),
  paperName: Type.String(),
  grammage: Type.Integer(),
  paperType: Type.String(),
});
export type BoardLayerView = Static<typeof BoardLayerView>;
export const BoardCode = Type.Object({
  id: Type.Integer(),
  boardCode: Type.String(),
  fluteId: Type.Integer(),
  fluteCode: Type.String(),
  /** GB/T 6544 grade, e.g. S-1.1 (single wall) or D-2.2 (double wall); '' when ungraded. */
  grade: Type.String(),
  minBurstKpa: Type.Union([Type.Number(), Type.Null()]),
  minEctKnM: Type.Union([Type.Number(), Type.Null()]),
  /** Paper codes layer by layer, liner first, joined by '-'. */
  layerText: Type.String(),
  /** Σ grammage of liners + Σ grammage of mediums × take-up (g/m²), when the flutes are known. */
  basisWeight: Type.Union([Type.Number(), Type.Null()]),
  layers: Type.Array(BoardLayerView),
  remark: Type.String(),
  ...Stamps,
});
export type BoardCode = Static<typeof BoardCode>;
const BoardCodeFields = {
  boardCode: titled(Code(40), '纸板编码'),
  fluteId: titled(Id, '楞型'),
  /** Paper grade ids layer by layer: liner, medium, liner (, medium, liner …). */
  layers: Type.Array(Id, { title: '纸板层', minItems: 3, maxItems: 7 }),
  grade: Type.Optional(Type.String({ title: '纸板等级', maxLength: 5, pattern: '^([SD]-[1-3]\\.[1-4])?$' })),
  minBurstKpa: titled(NullableNumber(0, 10_000), '最小耐破强度（kPa）'),
  minEctKnM: titled(NullableNumber(0, 100), '最小边压强度（kN/m）'),
  remark: Remark(),
};
export const CreateBoardCodeRequest = Type.Object(BoardCodeFields);
export type CreateBoardCodeRequest = Static<typeof CreateBoardCodeRequest>;
export const UpdateBoardCodeRequest = updateOf(BoardCodeFields);
export type UpdateBoardCodeRequest = Static<typeof UpdateBoardCodeRequest>;

// ---- deckle widths --------------------------------------------------------------------------------

export const DeckleListQuery = Type.Object({ ...PageFields });
export type DeckleListQuery = Static<typeof DeckleListQuery>;
export const DeckleWidth = Type.Object({
  id: Type.Integer(),
  widthMm: Type.Integer(),
  minTrimMm: Type.Integer(),
  enabled: Type.Boolean(),
  remark: Type.String(),
  ...Stamps,
});
export type DeckleWidth = Static<typeof DeckleWidth>;
const DeckleFields = {
  widthMm: Type.Integer({ title: '门幅（mm）', minimum: 500, maximum: 3000 }),
  minTrimMm: Type.Optional(Type.Integer({ title: '最小修边（mm）', minimum: 0, maximum: 200 })),
  enabled: Type.Optional(Type.Boolean({ title: '启用' })),
  remark: Remark(),
};
export const CreateDeckleRequest = Type.Object(DeckleFields);
export type CreateDeckleRequest = Static<typeof CreateDeckleRequest>;
export const UpdateDeckleRequest = updateOf(DeckleFields);
export type UpdateDeckleRequest = Static<typeof UpdateDeckleRequest>;

// ---- endpoints (/paper-produce-data: reading needs the page menu, writing ACTION_SYS_PAPER_DATA_*) ----

const writes = { add: A.paperDataAdd, edit: A.paperDataEdit, remove: A.paperDataDelete };
const read = { authority: A.paperData } as const;
export const PaperDataApi = {
  paperGradeList: get('/dps-server/paper_grade/list', { query: PaperGradeListQuery, response: PageResult(PaperGrade), ...read }),
  ...crudEndpoints('paperGrade', '/dps-server/paper_grade', CreatePaperGradeRequest, UpdatePaperGradeRequest, writes),
  fluteList: get('/dps-server/flute/list', { query: FluteListQuery, response: PageResult(Flute), ...read }),
  ...crudEndpoints('flute', '/dps-server/flute', CreateFluteRequest, UpdateFluteRequest, writes),
  boardCodeList: get('/dps-server/board_code/list', { query: BoardCodeListQuery, response: PageResult(BoardCode), ...read }),
  boardCodeDetail: get('/dps-server/board_code/detail/:id', { params: IdParams, response: BoardCode, ...read }),
  ...crudEndpoints('boardCode', '/dps-server/board_code', CreateBoardCodeRequest, UpdateBoardCodeRequest, writes),
  deckleList: get('/dps-server/deckle_width/list', { query: DeckleListQuery, response: PageResult(DeckleWidth), ...read }),
  ...crudEndpoints('deckle', '/dps-server/deckle_width', CreateDeckleRequest, UpdateDeckleRequest, writes),
};
export const PaperDataPaths = pathsOf(PaperDataApi);
