import { Type, type Static } from '@sinclair/typebox';
import { defineEnum } from '../enums';
import { StencilAuthorities as A } from '../access/authorities/stencil';
import { crudEndpoints, FILE, get, pathsOf, post } from './endpoint';
import { importEndpoints } from './files';
import { IdParams, MultiFilter, OptionalId, OptionalText, PageFields, PageResult, Remark, ShortText, Stamps, TextFilter, titled, updateOf } from './common';

/** 版材类型: the plate material. */
export const STENCIL_PLATE_TYPE = defineEnum([
  { value: 'RESIN', label: '树脂版' },
  { value: 'RUBBER', label: '橡胶版' },
]);

/** 状态: 1 在库, 2 领用 (on a press), 3 报废. */
export const STENCIL_STATUS = defineEnum([
  { value: 1, label: '在库' },
  { value: 2, label: '领用' },
  { value: 3, label: '报废' },
]);

/** A plate whose used impressions reach this share of its life is flagged (临近寿命). */
export const STENCIL_LIFE_WARNING = 0.9;
/** The most rows one import may carry. */
export const STENCIL_IMPORT_MAX_ROWS = 5000;
/** The most impressions a count may hold. */
export const STENCIL_MAX_IMPRESSIONS = 100_000_000;
export const STENCIL_NO_PATTERN = '^[A-Za-z0-9_.-]+$';

export const StencilListQuery = Type.Object({
  ...PageFields,
  stencilNo: TextFilter('印版编号'),
  customerName: TextFilter('客户名称'),
  productName: TextFilter('产品'),
  color: TextFilter('颜色'),
  plateType: Type.Optional(Type.String({ title: '版材类型', maxLength: 100 })),
  status: MultiFilter('状态'),
});
export type StencilListQuery = Static<typeof StencilListQuery>;

export const Stencil = Type.Object({
  id: Type.Integer(),
  stencilNo: Type.String(),
  customerName: Type.String(),
  productId: Type.Union([Type.Integer(), Type.Null()]),
  productNo: Type.String(),
  productName: Type.String(),
  color: Type.String(),
  plateType: Type.String(),
  widthMm: Type.Integer(),
  heightMm: Type.Integer(),
  location: Type.String(),
  status: Type.Integer(),
  usedCount: Type.Integer(),
  lifeCount: Type.Integer(),
  remark: Type.String(),
  ...Stamps,
});
export type Stencil = Static<typeof Stencil>;

const PlateSize = Type.Integer({ minimum: 1, maximum: 5000 });
const StencilFields = {
  stencilNo: Type.String({ title: '印版编号', minLength: 1, maxLength: 30, pattern: STENCIL_NO_PATTERN }),
  customerName: ShortText('客户名称', 50),
  productId: OptionalId('产品'),
  color: ShortText('颜色', 20),
  plateType: Type.Union(
    STENCIL_PLATE_TYPE.values.map((value) => Type.Literal(value)),
    { title: '版材类型' },
  ),
  widthMm: titled(PlateSize, '宽（mm）'),
  heightMm: titled(PlateSize, '高（mm）'),
  location: OptionalText('库位', 30),
  status: Type.Union(
    STENCIL_STATUS.values.map((value) => Type.Literal(value)),
    { title: '状态' },
  ),
  usedCount: Type.Optional(Type.Integer({ title: '已印次数', minimum: 0, maximum: STENCIL_MAX_IMPRESSIONS })),
  lifeCount: Type.Integer({ title: '寿命次数', minimum: 1, maximum: STENCIL_MAX_IMPRESSIONS }),
  remark: Remark(),
};
export const CreateStencilRequest = Type.Object(StencilFields);
export type CreateStencilRequest = Static<typeof CreateStencilRequest>;
export const UpdateStencilRequest = updateOf(StencilFields);
export type UpdateStencilRequest = Static<typeof UpdateStencilRequest>;

/** How worn a plate is: 'over' at or past its life, 'near' from 90 % of it (临近寿命), else 'ok'. */
export function stencilWear(usedCount: number, lifeCount: number): 'ok' | 'near' | 'over' {
  if (usedCount >= lifeCount) return 'over';
  return usedCount >= lifeCount * STENCIL_LIFE_WARNING ? 'near' : 'ok';
}

/** The plate's label in messages and log lines: 印版编号（颜色）. */
export const stencilLabel = (stencil: Pick<Stencil, 'stencilNo' | 'color'>) => `${stencil.stencilNo}（${stencil.color}）`;

/** Every endpoint of 印版管理: paths, schemas (response included) and the authority each needs. */
export const StencilApi = {
  list: get('/dps-server/stencil/list', { query: StencilListQuery, response: PageResult(Stencil), authority: A.page }),
  detail: get('/dps-server/stencil/detail/:id', { params: IdParams, response: Stencil, authority: A.page }),
  ...crudEndpoints('', '/dps-server/stencil', CreateStencilRequest, UpdateStencilRequest, { add: A.add, edit: A.edit, remove: A.delete }),
  ...importEndpoints('', '/dps-server/stencil', A.import),
  export: post('/dps-server/stencil/export', { body: StencilListQuery, response: FILE, authority: A.export }),
};
export const StencilPaths = pathsOf(StencilApi);
