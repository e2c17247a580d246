import { Type, type Static } from '@sinclair/typebox';
import { SysCfgAuthorities as A } from '../../access/authorities/sys-cfg';
import { Id, IdParams, NoData, PageResult, PageSize, Stamps, titled, updateOf } from '../common';
import { crudEndpoints, get, pathsOf, post } from '../endpoint';
import { defineEnum } from '../../enums';

/**
 * Work-order ticket (流转卡) print templates per factory (/ticket-temp-cfg, opened from the
 * 流转卡模板 tab of /base-cfg): which work-order fields a ticket prints and in what order, the QR
 * code of the work-order number, paper size and orientation, and one default per print type.
 */

/**
 * What a template prints: 1 the work-order ticket that travels with the job from machine to
 * machine (工单流转卡), 2 the finished-goods label stuck on every bundle (成品标签).
 */
export const TICKET_PRINT_TYPE = defineEnum([
  { value: 1, label: '工单流转卡' },
  { value: 2, label: '成品标签' },
]);
export type TicketPrintType = 1 | 2;

/** Paper sizes in mm, short side × long side (portrait); labels are the label roll sizes. */
export const TICKET_PAPER_SIZES = [
  { value: 'A4', label: 'A4（210×297mm）', shortMm: 210, longMm: 297 },
  { value: 'A5', label: 'A5（148×210mm）', shortMm: 148, longMm: 210 },
  { value: 'B5', label: 'B5（176×250mm）', shortMm: 176, longMm: 250 },
  { value: 'LABEL_100X80', label: '标签 100×80mm', shortMm: 80, longMm: 100 },
  { value: 'LABEL_100X100', label: '标签 100×100mm', shortMm: 100, longMm: 100 },
  { value: 'LABEL_80X60', label: '标签 80×60mm', shortMm: 60, longMm: 80 },
] as const;
export type TicketPaperSize = (typeof TICKET_PAPER_SIZES)[number]['value'];
export const TICKET_PAPER_SIZE = defineEnum(TICKET_PAPER_SIZES.map(({ value, label }) => ({ value, label })));

export const TICKET_ORIENTATION = defineEnum([
  { value: 'portrait', label: '纵向' },
  { value: 'landscape', label: '横向' },
]);
export type TicketOrientation = 'portrait' | 'landscape';

export const TICKET_QR_POSITION = defineEnum([
  { value: 'topRight', label: '右上角' },
  { value: 'topLeft', label: '左上角' },
  { value: 'bottomRight', label: '右下角' },
]);
export type TicketQrPosition = 'topRight' | 'topLeft' | 'bottomRight';

/** Printed page size in mm for a paper size and orientation. */
export function ticketPageSizeMm(paperSize: string, orientation: string): { widthMm: number; heightMm: number } {
  const size = TICKET_PAPER_SIZES.find((candidate) => candidate.value === paperSize) ?? TICKET_PAPER_SIZES[0];
  return orientation === 'landscape' ? { widthMm: size.longMm, heightMm: size.shortMm } : { widthMm: size.shortMm, heightMm: size.longMm };
}

/**
 * The work-order fields a ticket may print (DOMAIN.md: product, board, route, machine), with the
 * Chinese label and whether it usually needs the full width. Console and server check against it.
 */
export const TICKET_FIELD_CATALOGUE = [
  { key: 'workOrderNo', label: '工单号', wide: false },
  { key: 'orderNo', label: '订单号', wide: false },
  { key: 'customerName', label: '客户名称', wide: true },
  { key: 'productNo', label: '产品编号', wide: false },
  { key: 'productName', label: '产品名称', wide: true },
  { key: 'boxStyle', label: '箱型', wide: false },
  { key: 'innerSize', label: '内径尺寸', wide: false },
  { key: 'sheetSize', label: '纸板规格', wide: false },
  { key: 'boardCode', label: '纸板编码', wide: false },
  { key: 'flute', label: '楞型', wide: false },
  { key: 'colors', label: '印刷颜色', wide: false },
  { key: 'orderQuantity', label: '订单数量', wide: false },
  { key: 'planQuantity', label: '计划数量', wide: false },
  { key: 'deliveryDate', label: '交货日期', wide: false },
  { key: 'processFlow', label: '工艺路线', wide: true },
  { key: 'processDevice', label: '工序/设备', wide: true },
  { key: 'team', label: '班组', wide: false },
  { key: 'shift', label: '班次', wide: false },
  { key: 'bundleQuantity', label: '每捆数量', wide: false },
  { key: 'remark', label: '备注', wide: true },
] as const;
export type TicketFieldKey = (typeof TICKET_FIELD_CATALOGUE)[number]['key'];

const FIELD_BY_KEY = new Map<string, (typeof TICKET_FIELD_CATALOGUE)[number]>(TICKET_FIELD_CATALOGUE.map((field) => [field.key, field]));

/** Catalogue label of a field key ('' when unknown). */
export function ticketFieldLabel(key: string): string {
  return FIELD_BY_KEY.get(key)?.label ?? '';
}

export const TICKET_FIELD_SPANS = ['half', 'full'] as const;
export type TicketFieldSpan = (typeof TICKET_FIELD_SPANS)[number];

/** One printed field, in print order. `label` overrides the catalogue label when not blank. */
export const TicketField = Type.Object({
  fieldKey: Type.String({ title: '打印字段', minLength: 1, maxLength: 40 }),
  fieldLabel: Type.Optional(Type.String({ title: '显示名称', maxLength: 20 })),
  span: Type.Union(TICKET_FIELD_SPANS.map((span) => Type.Literal(span)), { title: '字段宽度' }),
  bold: Type.Optional(Type.Boolean({ title: '加粗' })),
});
export type TicketField = Static<typeof TicketField>;

const PrintType = Type.Union(TICKET_PRINT_TYPE.values.map((value) => Type.Literal(value)));

export const TicketTemplateListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ title: '页码', minimum: 1 })),
  limit: PageSize(),
  sort: Type.Optional(Type.String({ title: '排序', maxLength: 50 })),
  templateName: Type.Optional(Type.String({ title: '模板名称', maxLength: 100 })),
  printType: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Integer()], { title: '打印类型' })),
});
export type TicketTemplateListQuery = Static<typeof TicketTemplateListQuery>;

export const TicketTemplate = Type.Object({
  id: Type.Integer(),
  templateName: Type.String(),
  printType: PrintType,
  paperSize: Type.String(),
  orientation: Type.String(),
  title: Type.String(),
  fields: Type.Array(TicketField),
  showQrCode: Type.Boolean(),
  qrPosition: Type.String(),
  /** Prints the 工序流转记录 table (one row per route step, for sign-off) under the fields. */
  showProcessTable: Type.Boolean(),
  isDefault: Type.Boolean(),
  remark: Type.String(),
  ...Stamps,
});
export type TicketTemplate = Static<typeof TicketTemplate>;

const TemplateFields = {
  templateName: Type.String({ title: '模板名称', minLength: 1, maxLength: 30 }),
  printType: titled(PrintType, '打印类型'),
  paperSize: Type.Union(TICKET_PAPER_SIZES.map((size) => Type.Literal(size.value)), { title: '纸张' }),
  orientation: Type.Union([Type.Literal('portrait'), Type.Literal('landscape')], { title: '纸张方向' }),
  title: Type.String({ title: '标题', maxLength: 30 }),
  fields: Type.Array(TicketField, { title: '打印字段', minItems: 1, maxItems: TICKET_FIELD_CATALOGUE.length }),
  showQrCode: Type.Boolean({ title: '显示二维码' }),
  qrPosition: Type.Union([Type.Literal('topRight'), Type.Literal('topLeft'), Type.Literal('bottomRight')], { title: '二维码位置' }),
  showProcessTable: Type.Optional(Type.Boolean({ title: '工序流转记录' })),
  remark: Type.Optional(Type.String({ title: '备注', maxLength: 200 })),
};
/** `isDefault: true` makes the new template its print type's default (the first one always is). */
export const CreateTicketTemplateRequest = Type.Object({ ...TemplateFields, isDefault: Type.Optional(Type.Boolean({ title: '默认班次' })) });
export type CreateTicketTemplateRequest = Static<typeof CreateTicketTemplateRequest>;
/** The print type of a template never changes; the default moves only through set_default. */
export const UpdateTicketTemplateRequest = updateOf(TemplateFields);
export type UpdateTicketTemplateRequest = Static<typeof UpdateTicketTemplateRequest>;
export const SetDefaultTicketTemplateRequest = Type.Object({ id: titled(Id, '编号') });
export type SetDefaultTicketTemplateRequest = Static<typeof SetDefaultTicketTemplateRequest>;

export const TicketTemplateMessages = {
  unknownField: (key: string) => `打印字段「${key}」不存在`,
  duplicateField: (label: string) => `打印字段「${label}」重复`,
} as const;

/**
 * Rules the schema cannot say: every field key is in the catalogue and appears once. Returns the
 * Chinese message of the first problem, or null.
 */
export function ticketFieldsProblem(fields: ReadonlyArray<Pick<TicketField, 'fieldKey'>>): string | null {
  const seen = new Set<string>();
  for (const { fieldKey } of fields) {
    const known = FIELD_BY_KEY.get(fieldKey);
    if (!known) return TicketTemplateMessages.unknownField(fieldKey);
    if (seen.has(fieldKey)) return TicketTemplateMessages.duplicateField(known.label);
    seen.add(fieldKey);
  }
  return null;
}

// ---- endpoints: reading needs MENU_SYS_TICKET_TEMPLATE, writing ACTION_SYS_TICKET_TEMPLATE_* ----

export const TicketTemplateApi = {
  list: get('/dps-server/ticket_template/list', { query: TicketTemplateListQuery, response: PageResult(TicketTemplate), authority: A.ticketTemplate }),
  detail: get('/dps-server/ticket_template/detail/:id', { params: IdParams, response: TicketTemplate, authority: A.ticketTemplate }),
  ...crudEndpoints('', '/dps-server/ticket_template', CreateTicketTemplateRequest, UpdateTicketTemplateRequest, {
  add: A.ticketTemplateAdd,
  edit: A.ticketTemplateEdit,
  remove: A.ticketTemplateDelete,
}),
  setDefault: post('/dps-server/ticket_template/set_default', { body: SetDefaultTicketTemplateRequest, response: NoData, authority: A.ticketTemplateDefault }),
};
export const TicketTemplatePaths = pathsOf(TicketTemplateApi);
