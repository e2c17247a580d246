import { Type, type Static } from '@sinclair/typebox';
import { defineEnum } from '../../enums';
import { DateOnly, Id, MultiFilter, OptionalText, PageFields, Remark, ShortText, Stamps, TextFilter, updateOf } from '../common';

/** 状态 of a board order: waiting (待排), in a schedule (已排), on the line (生产中), done (完工). */
export const BOARD_ORDER_STATE = defineEnum([
  { value: 1, label: '待排' },
  { value: 2, label: '已排' },
  { value: 3, label: '生产中' },
  { value: 4, label: '完工' },
]);

/** 来源: the corrugator step of a production order, board sold as board, or a re-make (补单) of scrapped board. */
export const BOARD_ORDER_SOURCE = defineEnum([
  { value: 1, label: '生产订单' },
  { value: 2, label: '纸板直销' },
  { value: 3, label: '补单' },
]);

/** The corrugator process whose operation makes an order's board (流程含瓦线生产). */
export const CORRUGATOR_PROCESS_CODE = 'ZB01';
/** Sheet sizes a board order may have (mm). */
export const BOARD_SHEET_MM = { min: 100, max: 5000 } as const;
export const BOARD_ORDER_MAX_SHEETS = 10_000_000;

export const BoardOrderListQuery = Type.Object({
  ...PageFields,
  orderNo: TextFilter('订单号'),
  customerName: TextFilter('客户名称'),
  boardCode: TextFilter('纸板编码'),
  flute: TextFilter('楞型'),
  state: MultiFilter('状态'),
  source: MultiFilter('来源'),
  dueDateStart: TextFilter('交期开始'),
  dueDateEnd: TextFilter('交期结束'),
});
export type BoardOrderListQuery = Static<typeof BoardOrderListQuery>;

export const BoardOrder = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  productionOrderId: Type.Union([Type.Integer(), Type.Null()]),
  productionOrderNo: Type.String(),
  source: Type.Integer(),
  customerName: Type.String(),
  productName: Type.String(),
  boardCode: Type.String(),
  flute: Type.String(),
  widthMm: Type.Integer(),
  lengthMm: Type.Integer(),
  quantity: Type.Integer(),
  /** Sheet area of the whole order, m². */
  areaM2: Type.Number(),
  dueDate: Type.String(),
  state: Type.Integer(),
  /** The schedule holding the order (''/null when waiting). */
  scheduleId: Type.Union([Type.Integer(), Type.Null()]),
  scheduleNo: Type.String(),
  remark: Type.String(),
  /** Its production order was revoked or no longer makes board (已撤销): out of standby. */
  revoked: Type.Boolean(),
  /** A production-order change not applied because the order is already on the line ('' when none). */
  changeNote: Type.String(),
  /** The work report whose defects this re-make (补单) replaces ('' when entered by hand or imported). */
  sourceReportNo: Type.String(),
  ...Stamps,
});
export type BoardOrder = Static<typeof BoardOrder>;

const SheetMm = (title: string) => Type.Integer({ title, minimum: BOARD_SHEET_MM.min, maximum: BOARD_SHEET_MM.max });
/** A board order entered by hand: board sold as board (纸板直销) or a re-make (补单); the source stays. */
const BoardOrderFields = {
  customerName: ShortText('客户名称', 50),
  productName: OptionalText('品名', 50),
  boardCode: ShortText('纸板编码', 40),
  flute: ShortText('楞型', 4),
  widthMm: SheetMm('宽（mm）'),
  lengthMm: SheetMm('长（mm）'),
  quantity: Type.Integer({ title: '数量（张）', minimum: 1, maximum: BOARD_ORDER_MAX_SHEETS }),
  dueDate: DateOnly('交期'),
  remark: Remark(),
};
export const CreateBoardOrderRequest = Type.Object({ source: Type.Union([Type.Literal(2), Type.Literal(3)], { title: '来源' }), ...BoardOrderFields });
export type CreateBoardOrderRequest = Static<typeof CreateBoardOrderRequest>;
export const UpdateBoardOrderRequest = updateOf(BoardOrderFields);

/** The most rows one board-order import may carry. */
export const BOARD_ORDER_IMPORT_MAX_ROWS = 5000;
export type UpdateBoardOrderRequest = Static<typeof UpdateBoardOrderRequest>;

/** A group of waiting orders of one board code and flute, with their totals. */
export const StandbyGroup = Type.Object({
  boardCode: Type.String(),
  flute: Type.String(),
  orders: Type.Integer(),
  sheets: Type.Integer(),
  areaM2: Type.Number(),
  /** Web metres at each order's most outs on the widest roll (an estimate of the corrugator's metres). */
  metres: Type.Number(),
  earliestDue: Type.String(),
  /** Orders due on or before today. */
  dueOrders: Type.Integer(),
});
export type StandbyGroup = Static<typeof StandbyGroup>;

/**
 * An audited work report with defects on a downstream operation (not the corrugator) of a production
 * order whose board comes from the corrugator: the board scrapped there may be re-made (生成补单).
 */
export const RemakeCandidate = Type.Object({
  reportId: Type.Integer(),
  reportNo: Type.String(),
  productionOrderNo: Type.String(),
  customerName: Type.String(),
  productName: Type.String(),
  processName: Type.String(),
  defectQty: Type.Integer(),
  auditedAt: Type.String(),
  boardCode: Type.String(),
  flute: Type.String(),
  widthMm: Type.Integer(),
  lengthMm: Type.Integer(),
  /** The re-make already made from this report ('' when none). */
  remakeOrderNo: Type.String(),
});
export type RemakeCandidate = Static<typeof RemakeCandidate>;

/** The most recent reports 生成补单 offers. */
export const REMAKE_CANDIDATE_LIMIT = 200;

/** 生成补单: a re-make of a report's scrapped board; sheet, board code and flute come from its production order. */
export const CreateRemakeRequest = Type.Object({
  reportId: Id,
  quantity: Type.Integer({ title: '数量（张）', minimum: 1, maximum: BOARD_ORDER_MAX_SHEETS }),
  dueDate: DateOnly('交期'),
  remark: Remark(),
});
export type CreateRemakeRequest = Static<typeof CreateRemakeRequest>;
