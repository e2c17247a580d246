import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';

/**
 * Paper produce data (/paper-produce-data, DOMAIN.md "Board"): paper grades, flutes, board codes
 * naming their papers layer by layer, and the corrugator's deckle widths — what the corrugator
 * scheduler needs.
 */
export const PaperDataPaths = {
  paperGradeList: '/dps-server/paper_grade/list',
  paperGradeCreate: '/dps-server/paper_grade/create',
  paperGradeUpdate: '/dps-server/paper_grade/update',
  paperGradeDeleteBatch: '/dps-server/paper_grade/delete_batch',
  fluteList: '/dps-server/flute/list',
  fluteCreate: '/dps-server/flute/create',
  fluteUpdate: '/dps-server/flute/update',
  fluteDeleteBatch: '/dps-server/flute/delete_batch',
  boardCodeList: '/dps-server/board_code/list',
  boardCodeDetail: (id: number | string) => `/dps-server/board_code/detail/${id}`,
  boardCodeCreate: '/dps-server/board_code/create',
  boardCodeUpdate: '/dps-server/board_code/update',
  boardCodeDeleteBatch: '/dps-server/board_code/delete_batch',
  deckleList: '/dps-server/deckle_width/list',
  deckleCreate: '/dps-server/deckle_width/create',
  deckleUpdate: '/dps-server/deckle_width/update',
  deckleDeleteBatch: '/dps-server/deckle_width/delete_batch',
} as const;

const PageFields = {
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  sort: Type.Optional(Type.String({ maxLength: 50 })),
};
const Text = Type.Optional(Type.String({ maxLength: 100 }));
const Remark = Type.Optional(Type.String({ maxLength: 200 }));
const Code = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_.-]+$' });
const Stamps = { createTime: Type.String(), updateTime: Type.String() };
const NullableNumber = (min: number, max: number) => Type.Optional(Type.Union([Type.Number({ minimum: min, maximum: max }), Type.Null()]));

export const PAPER_TYPES = ['liner', 'medium'] as const;
export type PaperType = (typeof PAPER_TYPES)[number];
export const PAPER_TYPE_LABELS: Record<PaperType, string> = { liner: '面纸', medium: '瓦楞芯纸' };

// ---- paper grades ---------------------------------------------------------------------------------

export const PaperGradeListQuery = Type.Object({ ...PageFields, paperCode: Text, paperName: Text, paperType: Text });
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
  paperCode: Code(20),
  paperName: Type.String({ minLength: 1, maxLength: 30 }),
  grammage: Type.Integer({ minimum: 60, maximum: 500 }),
  paperType: Type.Union(PAPER_TYPES.map((type) => Type.Literal(type))),
  ringCrush: NullableNumber(0, 10_000),
  remark: Remark,
};
export const CreatePaperGradeRequest = Type.Object(PaperGradeFields);
export type CreatePaperGradeRequest = Static<typeof CreatePaperGradeRequest>;
export const UpdatePaperGradeRequest = Type.Object({ id: Id, ...PaperGradeFields });
export type UpdatePaperGradeRequest = Static<typeof UpdatePaperGradeRequest>;

// ---- flutes -------------------------------------------------------------------------------------

export const FluteListQuery = Type.Object({ ...PageFields, fluteCode: Text });
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
  fluteCode: Type.String({ minLength: 1, maxLength: 4, pattern: '^[A-Z]+$' }),
  fluteName: Type.String({ minLength: 1, maxLength: 20 }),
  components: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 1, pattern: '^[A-Z]$' }), { maxItems: 3 })),
  heightMm: Type.Number({ exclusiveMinimum: 0, maximum: 20 }),
  takeUpFactor: NullableNumber(1.25, 1.5),
  remark: Remark,
};
export const CreateFluteRequest = Type.Object(FluteFields);
export type CreateFluteRequest = Static<typeof CreateFluteRequest>;
export const UpdateFluteRequest = Type.Object({ id: Id, ...FluteFields });
export type UpdateFluteRequest = Static<typeof UpdateFluteRequest>;

// ---- board codes ----------------------------------------------------------------------------------

export const BoardCodeListQuery = Type.Object({ ...PageFields, boardCode: Text, fluteId: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Integer()])), grade: Text });
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
  boardCode: Code(40),
  fluteId: Id,
  /** Paper grade ids layer by layer: liner, medium, liner (, medium, liner …). */
  layers: Type.Array(Id, { minItems: 3, maxItems: 7 }),
  grade: Type.Optional(Type.String({ maxLength: 5, pattern: '^([SD]-[1-3]\\.[1-4])?$' })),
  minBurstKpa: NullableNumber(0, 10_000),
  minEctKnM: NullableNumber(0, 100),
  remark: Remark,
};
export const CreateBoardCodeRequest = Type.Object(BoardCodeFields);
export type CreateBoardCodeRequest = Static<typeof CreateBoardCodeRequest>;
export const UpdateBoardCodeRequest = Type.Object({ id: Id, ...BoardCodeFields });
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
  widthMm: Type.Integer({ minimum: 500, maximum: 3000 }),
  minTrimMm: Type.Optional(Type.Integer({ minimum: 0, maximum: 200 })),
  enabled: Type.Optional(Type.Boolean()),
  remark: Remark,
};
export const CreateDeckleRequest = Type.Object(DeckleFields);
export type CreateDeckleRequest = Static<typeof CreateDeckleRequest>;
export const UpdateDeckleRequest = Type.Object({ id: Id, ...DeckleFields });
export type UpdateDeckleRequest = Static<typeof UpdateDeckleRequest>;

export const PAPER_DATA_FIELD_LABELS: Record<string, string> = {
  paperCode: '原纸编码',
  paperName: '原纸名称',
  grammage: '克重（g/m²）',
  paperType: '原纸类型',
  ringCrush: '环压强度',
  fluteCode: '楞型编码',
  fluteName: '楞型名称',
  components: '组成楞型',
  heightMm: '楞高（mm）',
  takeUpFactor: '收缩率（瓦楞系数）',
  boardCode: '纸板编码',
  fluteId: '楞型',
  layers: '纸板层',
  grade: '纸板等级',
  minBurstKpa: '最小耐破强度（kPa）',
  minEctKnM: '最小边压强度（kN/m）',
  widthMm: '门幅（mm）',
  minTrimMm: '最小修边（mm）',
};
