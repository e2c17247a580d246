import { Type, type Static } from '@sinclair/typebox';
import { defineEnum } from '../../enums';
import { DateOnly, Id, MultiFilter, PageFields, Remark, TextFilter, titled } from '../common';

/** 状态 of a corrugator schedule (排产单). Drafts may be edited; an issued schedule is the line's run sheet and never changes. */
export const BOARD_SCHEDULE_STATE = defineEnum([
  { value: 1, label: '草稿' },
  { value: 2, label: '已下发' },
  { value: 3, label: '生产中' },
  { value: 4, label: '已完成' },
  { value: 5, label: '已取消' },
]);

/** 操作 of the scheduling log (排产日志). */
export const BOARD_LOG_ACTION = defineEnum([
  { value: 'trial', label: '试排' },
  { value: 'save', label: '保存排程' },
  { value: 'edit', label: '调整排程' },
  { value: 'issue', label: '下发' },
  { value: 'cancel', label: '取消' },
  { value: 'copy', label: '复制' },
  { value: 'config', label: '修改配置' },
  { value: 'reoptimise', label: '重新优化' },
  { value: 'follow', label: '订单变更' },
  { value: 'state', label: '生产进度' },
]);

/** The most runs and lanes one schedule may hold. */
export const BOARD_MAX_RUNS = 2000;
export const BOARD_MAX_TRIAL_ORDERS = 1000;

/** One lane of a run as shown: an order across the web. */
export const BoardLaneView = Type.Object({
  laneId: Type.Union([Type.Integer(), Type.Null()]),
  boardOrderId: Type.Union([Type.Integer(), Type.Null()]),
  orderNo: Type.String(),
  customerName: Type.String(),
  widthMm: Type.Integer(),
  lengthMm: Type.Integer(),
  outs: Type.Integer(),
  cuts: Type.Integer(),
  sheets: Type.Integer(),
  /** Web metres of this lane (cuts × length). */
  metres: Type.Number(),
});
export type BoardLaneView = Static<typeof BoardLaneView>;

/** One run (a slitter setting): roll, lanes, web metres and trim. */
export const BoardRunView = Type.Object({
  runId: Type.Union([Type.Integer(), Type.Null()]),
  seq: Type.Integer(),
  rollWidthMm: Type.Integer(),
  lanes: Type.Array(BoardLaneView),
  /** Web metres: the longest lane. */
  metres: Type.Number(),
  /** Side trim across the web, mm. */
  trimMm: Type.Integer(),
  /** Trim area ÷ paper area of this run (side trim and lane tails), %. */
  trimPct: Type.Number(),
  trimAreaM2: Type.Number(),
  paperAreaM2: Type.Number(),
});
export type BoardRunView = Static<typeof BoardRunView>;

/** The figures of a plan: trim and paper by the format's rules, metres, run count, minutes at the line's speed. */
export const BoardPlanTotals = Type.Object({
  runs: Type.Integer(),
  orders: Type.Integer(),
  metres: Type.Number(),
  paperAreaM2: Type.Number(),
  trimAreaM2: Type.Number(),
  trimPct: Type.Number(),
  /** Minutes at the flute's speed (排产配置), without changeovers. */
  minutes: Type.Number(),
  speedMpm: Type.Integer(),
  /** Paper m² and metres by roll width. */
  byRoll: Type.Array(Type.Object({ rollWidthMm: Type.Integer(), runs: Type.Integer(), metres: Type.Number(), paperAreaM2: Type.Number() })),
});
export type BoardPlanTotals = Static<typeof BoardPlanTotals>;

/** 试排: the waiting orders of one board code and flute — those picked, or those due by a date. */
export const BoardTrialRequest = Type.Object({
  boardCode: Type.String({ title: '纸板编码', minLength: 1, maxLength: 40 }),
  flute: Type.String({ title: '楞型', minLength: 1, maxLength: 4 }),
  orderIds: Type.Optional(Type.Array(Id, { title: '所选订单', minItems: 1, maxItems: BOARD_MAX_TRIAL_ORDERS, uniqueItems: true })),
  dueBy: Type.Optional(DateOnly('交期截止')),
});
export type BoardTrialRequest = Static<typeof BoardTrialRequest>;

/** The proposed runs of a 试排, nothing saved. */
export const BoardTrialResult = Type.Object({
  boardCode: Type.String(),
  flute: Type.String(),
  orderIds: Type.Array(Type.Integer()),
  runs: Type.Array(BoardRunView),
  totals: BoardPlanTotals,
  /** A proven lower bound on the trim area of any plan of these orders, m². */
  lowerBoundM2: Type.Number(),
  /** Trim area with every order alone on its best roll (no pairing), m²; null when some order cannot run alone. */
  aloneTrimAreaM2: Type.Union([Type.Number(), Type.Null()]),
  elapsedMs: Type.Integer(),
});
export type BoardTrialResult = Static<typeof BoardTrialResult>;

const LaneInput = Type.Object({
  boardOrderId: titled(Id, '订单'),
  outs: Type.Integer({ title: '切数', minimum: 1, maximum: 50 }),
  cuts: Type.Integer({ title: '刀数', minimum: 1, maximum: 10_000_000 }),
});
const RunInput = Type.Object({
  rollWidthMm: Type.Integer({ title: '门幅（mm）', minimum: 1, maximum: 10_000 }),
  lanes: Type.Array(LaneInput, { title: '排刀', minItems: 1, maxItems: 3 }),
});

/** 保存为排程: the runs of a 试排 (possibly as the planner left them), checked again on the server. */
export const CreateBoardScheduleRequest = Type.Object({
  boardCode: Type.String({ title: '纸板编码', minLength: 1, maxLength: 40 }),
  flute: Type.String({ title: '楞型', minLength: 1, maxLength: 4 }),
  runs: Type.Array(RunInput, { title: '排程', minItems: 1, maxItems: BOARD_MAX_RUNS }),
  lowerBoundM2: Type.Optional(Type.Number({ title: '修边下界', minimum: 0, maximum: 1e9 })),
  remark: Remark(),
});
export type CreateBoardScheduleRequest = Static<typeof CreateBoardScheduleRequest>;

/**
 * A run edited by hand: its roll and its lanes — each an order with its outs and cuts. A lane may name
 * another order (拼单 partner): one of the schedule's, or a waiting order of the same board code and
 * flute, which then joins the schedule; an order left in no run goes back to standby.
 */
export const UpdateBoardRunRequest = Type.Object({
  scheduleId: titled(Id, '排程'),
  runId: titled(Id, '排刀'),
  rollWidthMm: Type.Integer({ title: '门幅（mm）', minimum: 1, maximum: 10_000 }),
  lanes: Type.Array(LaneInput, { title: '排刀', minItems: 1, maxItems: 3 }),
});
export type UpdateBoardRunRequest = Static<typeof UpdateBoardRunRequest>;

/** The hand edit checked without saving (调整 as the planner types): the rules it breaks, the run's trim and the schedule's totals after it. */
export const BoardRunCheck = Type.Object({
  problems: Type.Array(Type.String()),
  run: BoardRunView,
  totals: BoardPlanTotals,
});
export type BoardRunCheck = Static<typeof BoardRunCheck>;

/** 锁定并重新优化: the locked runs stay as they are; the optimiser plans the rest of the schedule's demand again. */
export const BoardReoptimiseRequest = Type.Object({
  id: titled(Id, '排程'),
  lockedRunIds: Type.Array(Id, { title: '锁定的排刀', maxItems: BOARD_MAX_RUNS, uniqueItems: true }),
});
export type BoardReoptimiseRequest = Static<typeof BoardReoptimiseRequest>;

export const BoardReoptimiseResult = Type.Object({
  before: BoardPlanTotals,
  after: BoardPlanTotals,
  lockedRuns: Type.Integer(),
  /** A proven lower bound on the trim area of the re-planned part, m². */
  lowerBoundM2: Type.Number(),
  elapsedMs: Type.Integer(),
});
export type BoardReoptimiseResult = Static<typeof BoardReoptimiseResult>;

/** An order a draft run may take as a lane: one of the schedule's, or a waiting one of its board code and flute. */
export const BoardPartner = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  customerName: Type.String(),
  widthMm: Type.Integer(),
  lengthMm: Type.Integer(),
  quantity: Type.Integer(),
  /** In this schedule already (else waiting). */
  scheduled: Type.Boolean(),
});
export type BoardPartner = Static<typeof BoardPartner>;

export const BoardScheduleIdRequest = Type.Object({ id: titled(Id, '排程') });
export type BoardScheduleIdRequest = Static<typeof BoardScheduleIdRequest>;

export const BoardScheduleListQuery = Type.Object({
  ...PageFields,
  scheduleNo: TextFilter('排程号'),
  boardCode: TextFilter('纸板编码'),
  state: MultiFilter('状态'),
  createTimeStart: TextFilter('创建开始'),
  createTimeEnd: TextFilter('创建结束'),
});
export type BoardScheduleListQuery = Static<typeof BoardScheduleListQuery>;

export const BoardSchedule = Type.Object({
  id: Type.Integer(),
  scheduleNo: Type.String(),
  boardCode: Type.String(),
  flute: Type.String(),
  state: Type.Integer(),
  runCount: Type.Integer(),
  orderCount: Type.Integer(),
  metres: Type.Number(),
  paperAreaM2: Type.Number(),
  trimAreaM2: Type.Number(),
  trimPct: Type.Number(),
  lowerBoundM2: Type.Union([Type.Number(), Type.Null()]),
  minutes: Type.Number(),
  createdBy: Type.String(),
  issuedAt: Type.String(),
  remark: Type.String(),
  createTime: Type.String(),
  updateTime: Type.String(),
});
export type BoardSchedule = Static<typeof BoardSchedule>;

/** What the reel stands need for a schedule: one paper grade on one roll width (medium with its flute's take-up). */
export const PaperDemand = Type.Object({
  seq: Type.Integer(),
  paperCode: Type.String(),
  paperName: Type.String(),
  /** liner | medium */
  paperType: Type.String(),
  takeUp: Type.Number(),
  rollWidthMm: Type.Integer(),
  metres: Type.Number(),
  areaM2: Type.Number(),
  tonnes: Type.Number(),
});
export type PaperDemand = Static<typeof PaperDemand>;

export const BoardScheduleDetail = Type.Object({
  schedule: BoardSchedule,
  runs: Type.Array(BoardRunView),
  totals: BoardPlanTotals,
  /** Roll widths on hand now (for a hand edit). */
  rollWidths: Type.Array(Type.Integer()),
  minTrimMm: Type.Integer(),
  maxOuts: Type.Integer(),
  maxOrdersPerRun: Type.Integer(),
  tolerancePct: Type.Number(),
  /** Orders a draft's run may take (the schedule's and the waiting ones of its board group); empty once issued. */
  partners: Type.Array(BoardPartner),
  /** A draft checked again under today's config and rolls: the rules it no longer keeps (it cannot be issued until adjusted). */
  problems: Type.Array(Type.String()),
  /** Paper rolls the schedule needs, layer by layer and roll width by roll width; empty when the board code has no layers in 纸板生产数据. */
  paperDemand: Type.Array(PaperDemand),
});
export type BoardScheduleDetail = Static<typeof BoardScheduleDetail>;

export const BoardLogListQuery = Type.Object({
  ...PageFields,
  scheduleNo: TextFilter('排程号'),
  action: MultiFilter('操作'),
  userName: TextFilter('操作人'),
  createTimeStart: TextFilter('时间开始'),
  createTimeEnd: TextFilter('时间结束'),
});
export type BoardLogListQuery = Static<typeof BoardLogListQuery>;

export const BoardLogEntry = Type.Object({
  id: Type.Integer(),
  scheduleId: Type.Union([Type.Integer(), Type.Null()]),
  scheduleNo: Type.String(),
  action: Type.String(),
  userName: Type.String(),
  content: Type.String(),
  before: Type.String(),
  after: Type.String(),
  createTime: Type.String(),
});
export type BoardLogEntry = Static<typeof BoardLogEntry>;
