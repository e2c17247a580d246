import { Type, type Static } from '@sinclair/typebox';
import { WorkOrderAuthorities as A } from '../../access/authorities/work-order';
import { defineEnum, REPORT_SOURCE, SHIFT, WORK_ORDER_AUDIT } from '../../enums';
import { Id, IdParams, MultiFilter, NoData, OptionalId, PageFields, PageResult, Remark, Text, TextFilter, titled } from '../common';
import { FILE, get, pathsOf, post } from '../endpoint';
import { OrderHistoryEntry } from './order';

/**
 * Work reports (报工) against an order's operations, their review (审核) and the report records.
 *
 * - Only audited reports (WORK_ORDER_AUDIT 2) count: an operation's good/defect quantities are the
 *   sums of its audited reports, recomputed from the reports in the same transaction as every
 *   approve, roll back, edit or cancel (never incremented), so they cannot drift.
 * - A report is made against an issued operation of an order in 3 已部署 or 4 生产中 (the statuses
 *   in which work is on the floor; a suspended, recycled or finished order takes none).
 * - Reviewing (edit, audit, roll back, cancel) is open while the order is 3/4, and 7 已回收 / 10 已暂停
 *   (work done before the stop still has to be counted); a finished order (5/6) is closed.
 * - 纸板 / 纸箱 (the review tabs): a report of a process in the process group 纸板工序 (corrugator,
 *   slitting) is paperboard, every other process is carton work — in both factories.
 * - Over-report tolerance: the process's own 超报比例 when set (> 0), else the factory's
 *   报工数量配置 overReportTolerancePercent.
 */

/** Process group whose reports are 纸板 (every other process is 纸箱). */
export const PAPERBOARD_PROCESS_GROUP = '纸板工序';

/** The review tabs' second axis: box (carton work) or paperboard. */
export const REPORT_KIND = defineEnum([
  { value: 1, label: '纸箱' },
  { value: 2, label: '纸板' },
]);

/** The most one report may carry in any quantity. */
export const REPORT_MAX_QTY = 10_000_000;
/** The most defect lines (one per bad phenomenon) a report may carry. */
export const REPORT_MAX_DEFECTS = 50;
export const REPORT_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}(:\\d{2})?$';

const Qty = (title: string) => Type.Integer({ title, minimum: 0, maximum: REPORT_MAX_QTY });
const ReportTime = (title: string) => Text({ title, pattern: REPORT_TIME_PATTERN });

export const ReportDefectInput = Type.Object({
  badPhenomenonId: titled(Id, '不良现象'),
  qty: Type.Integer({ title: '不良现象数量', minimum: 1, maximum: REPORT_MAX_QTY }),
});
export type ReportDefectInput = Static<typeof ReportDefectInput>;

/** The quantities of a report, as made and as a reviewer may correct them. */
const QuantityFields = {
  goodQty: Qty('良品数'),
  defectQty: Qty('不良数'),
  inspectQty: Type.Optional(Qty('待检数')),
  /** Defects by bad phenomenon (of the operation's process); their sum is the defect quantity. */
  defects: Type.Optional(Type.Array(ReportDefectInput, { title: '不良明细', maxItems: REPORT_MAX_DEFECTS })),
  /** Required (true) when the report takes the operation beyond planned × (1 + tolerance). */
  confirmOverReport: Type.Optional(Type.Boolean({ title: '确认超报' })),
};

export const CreateWorkReportRequest = Type.Object({
  operationId: titled(Id, '工序'),
  ...QuantityFields,
  startTime: ReportTime('开始时间'),
  endTime: ReportTime('结束时间'),
  shift: Type.Optional(Type.Union(SHIFT.values.map((value) => Type.Literal(value)), { title: '班次' })),
  teamId: OptionalId('班组'),
  operatorIds: Type.Array(titled(Id, '操作员'), { title: '操作员', maxItems: 20, uniqueItems: true }),
  deviceId: OptionalId('机台'),
  remark: Remark(),
});
export type CreateWorkReportRequest = Static<typeof CreateWorkReportRequest>;

/** A reviewer's correction of a pending report's quantities (recorded in the report's history). */
export const UpdateWorkReportRequest = Type.Object({ id: titled(Id, '报工记录'), ...QuantityFields, remark: Remark() });
export type UpdateWorkReportRequest = Static<typeof UpdateWorkReportRequest>;

/** Approve one report, optionally with corrected quantities (all of goodQty/defectQty/defects given, or none). */
export const AuditWorkReportRequest = Type.Object({
  id: titled(Id, '报工记录'),
  goodQty: Type.Optional(Qty('良品数')),
  defectQty: Type.Optional(Qty('不良数')),
  inspectQty: QuantityFields.inspectQty,
  defects: QuantityFields.defects,
  confirmOverReport: QuantityFields.confirmOverReport,
});
export type AuditWorkReportRequest = Static<typeof AuditWorkReportRequest>;

export const WorkReportIdsRequest = Type.Object({
  ids: Type.Array(titled(Id, '报工记录'), { title: '所选报工记录', minItems: 1, maxItems: 500, uniqueItems: true }),
});
export type WorkReportIdsRequest = Static<typeof WorkReportIdsRequest>;

export const WorkReportCountResult = Type.Object({ count: Type.Integer() });

const ReportListFilters = {
  reportNo: TextFilter('报工单号'),
  orderNo: TextFilter('订单号'),
  processName: TextFilter('工序'),
  deviceName: TextFilter('机台'),
  operatorNames: TextFilter('操作员'),
  teamName: TextFilter('班组'),
  shift: Type.Optional(Text({ title: '班次', maxLength: 20 })),
  source: MultiFilter('来源'),
  auditState: MultiFilter('审核状态'),
  /** End time range: reportTimeStart / reportTimeEnd. */
  reportTimeStart: Type.Optional(Text({ title: '报工时间', maxLength: 30 })),
  reportTimeEnd: Type.Optional(Text({ title: '报工时间', maxLength: 30 })),
  /** 1 纸箱, 2 纸板 (REPORT_KIND). */
  kind: Type.Optional(Type.Integer({ title: '类别', minimum: 1, maximum: 2 })),
};
export const WorkReportListQuery = Type.Object({ ...PageFields, ...ReportListFilters });
export type WorkReportListQuery = Static<typeof WorkReportListQuery>;
/** An export sends the list's filters. */
export const WorkReportExportRequest = Type.Object(ReportListFilters);

export const ReportDefect = Type.Object({
  badPhenomenonId: Type.Union([Type.Integer(), Type.Null()]),
  reasonName: Type.String(),
  qty: Type.Integer(),
});
export type ReportDefect = Static<typeof ReportDefect>;

const NullableId = Type.Union([Type.Integer(), Type.Null()]);

/** A report as listed (records and review). */
export const WorkReport = Type.Object({
  id: Type.Integer(),
  reportNo: Type.String(),
  orderId: Type.Integer(),
  orderNo: Type.String(),
  customerName: Type.String(),
  productName: Type.String(),
  operationId: Type.Integer(),
  seq: Type.Integer(),
  processId: NullableId,
  processName: Type.String(),
  /** REPORT_KIND: 1 纸箱, 2 纸板. */
  kind: Type.Integer(),
  plannedQty: Type.Integer(),
  deviceId: NullableId,
  deviceName: Type.String(),
  goodQty: Type.Integer(),
  defectQty: Type.Integer(),
  inspectQty: Type.Integer(),
  defects: Type.Array(ReportDefect),
  startTime: Type.String(),
  endTime: Type.String(),
  shift: Type.String(),
  teamId: NullableId,
  teamName: Type.String(),
  operatorIds: Type.Array(Type.Integer()),
  operatorNames: Type.String(),
  /** REPORT_SOURCE: 1 平台, 2 一体机, 3 移动端. */
  source: Type.Integer(),
  overReport: Type.Boolean(),
  /** WORK_ORDER_AUDIT: 1 待审核, 2 已审核, 3 已作废. */
  auditState: Type.Integer(),
  auditorName: Type.String(),
  auditTime: Type.String(),
  reporterName: Type.String(),
  remark: Type.String(),
  createTime: Type.String(),
  updateTime: Type.String(),
});
export type WorkReport = Static<typeof WorkReport>;

export const WorkReportTotals = Type.Object({ goodQty: Type.Integer(), defectQty: Type.Integer(), inspectQty: Type.Integer() });
export type WorkReportTotals = Static<typeof WorkReportTotals>;
/** A page of reports with the totals of every report matching the filters (the 合计 row). */
export const WorkReportPage = Type.Object({ ...PageResult(WorkReport).properties, totals: WorkReportTotals });
export type WorkReportPage = Static<typeof WorkReportPage>;

/** A line of a report's history (created, corrected, audited, rolled back, canceled): the order history's shape. */
export const WorkReportHistoryEntry = OrderHistoryEntry;
export type WorkReportHistoryEntry = Static<typeof WorkReportHistoryEntry>;

export const WorkReportDetail = Type.Object({ ...WorkReport.properties, history: Type.Array(WorkReportHistoryEntry) });
export type WorkReportDetail = Static<typeof WorkReportDetail>;

/** An issued operation that takes reports (the 平台报工 dialog's picker). */
export const ReportableOperation = Type.Object({
  operationId: Type.Integer(),
  orderId: Type.Integer(),
  orderNo: Type.String(),
  customerName: Type.String(),
  productName: Type.String(),
  orderQuantity: Type.Integer(),
  seq: Type.Integer(),
  processId: NullableId,
  processName: Type.String(),
  plannedQty: Type.Integer(),
  /** Audited good. */
  goodQty: Type.Integer(),
  /** Reported, not yet audited (good). */
  pendingQty: Type.Integer(),
  deviceId: NullableId,
  deviceName: Type.String(),
});
export type ReportableOperation = Static<typeof ReportableOperation>;

export const ReportableOperationQuery = Type.Object({ orderNo: TextFilter('订单号') });

const Named = Type.Object({ id: Type.Integer(), name: Type.String() });
/** What the report form offers for one operation. */
export const ReportFormOptions = Type.Object({
  /** Bad phenomena of the operation's process (enabled ones). */
  phenomena: Type.Array(Named),
  /** Machines able to do the process (speed set for it) plus the operation's own machine. */
  devices: Type.Array(Named),
  teams: Type.Array(Named),
  /** Percent the operation may exceed its plan before a report needs confirmation (reportTolerancePercent: the order's 超交比例 first). */
  tolerancePercent: Type.Number(),
  /** planned × (1 + tolerance), and what non-canceled reports hold already (good, plus defects when they count). */
  limitQty: Type.Integer(),
  reportedQty: Type.Integer(),
  /** 报工数量配置: defects count towards the reported output. */
  defectCountsAsOutput: Type.Boolean(),
});
export type ReportFormOptions = Static<typeof ReportFormOptions>;

// ---- rules shared by the form and the server ----------------------------------------------------

export interface ReportQuantities {
  goodQty: number;
  defectQty: number;
  inspectQty?: number;
  defects?: ReadonlyArray<{ qty: number; badPhenomenonId?: number | null }>;
}

export const ReportMessages = {
  notFound: '报工记录不存在',
  operationNotFound: '工序不存在',
  allZero: '良品数、不良数、待检数不能全为0',
  defectMismatch: (defectQty: number, sum: number) => `不良数（${defectQty}）与不良明细合计（${sum}）不一致`,
  defectsRequired: '请按不良现象填写不良数',
  duplicatePhenomenon: '不良明细中不良现象重复',
  phenomenonNotOfProcess: '不良现象不属于该工序',
  endBeforeStart: '结束时间必须晚于开始时间',
  badTime: (label: string) => `${label}格式不正确`,
  futureTime: '结束时间不能晚于当前时间一天以上',
  operatorsRequired: '请选择操作员',
  operatorNotFound: '操作员不是本工厂的用户',
  teamNotFound: '班组不存在',
  deviceNotFound: '机台不存在',
  deviceRequired: '请选择机台',
  deviceCannotProcess: (device: string, process: string) => `机台「${device}」不能做工序「${process}」`,
  notIssued: (process: string) => `工序「${process}」尚未下发，不能报工`,
  orderNotReportable: (orderNo: string, status: string) => `订单${orderNo}状态为「${status}」，不能报工`,
  orderRevoked: (orderNo: string) => `订单${orderNo}已撤销，不能报工`,
  overReport: (limit: number, total: number) => `报工数量合计${total}超过计划数量上限${limit}，请确认超报`,
  notPending: (reportNo: string, state: string) => `报工记录${reportNo}状态为「${state}」，不能审核`,
  notAudited: (reportNo: string, state: string) => `报工记录${reportNo}状态为「${state}」，不能反审核`,
  notEditable: (reportNo: string, state: string) => `报工记录${reportNo}状态为「${state}」，不能修改`,
  alreadyCanceled: (reportNo: string) => `报工记录${reportNo}已作废`,
  cancelAudited: (reportNo: string) => `报工记录${reportNo}已审核，请先反审核再作废`,
  orderClosed: (orderNo: string, status: string, action: string) => `订单${orderNo}状态为「${status}」，不能${action}报工`,
  notAuditor: '您不是报工审核人，不能审核报工（见基础配置-报工审核配置）',
  partialEdit: '修改数量时良品数和不良数都要填写',
} as const;

/** A date-time text as sent (yyyy-MM-dd HH:mm[:ss], local time) → Date, or null when it is not a real moment. */
export function parseReportTime(text: string): Date | null {
  const parts = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(year, month - 1, day, hour, minute, second);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  return date;
}

/**
 * What is wrong with a report's quantities (first problem, in Chinese), or null: every quantity
 * ≥ 0 (the schema), not all zero, and the defect quantity equal to the sum of its defects by
 * phenomenon (no phenomenon twice).
 */
export function reportQuantityError(report: ReportQuantities): string | null {
  const inspect = report.inspectQty ?? 0;
  if (report.goodQty + report.defectQty + inspect === 0) return ReportMessages.allZero;
  const defects = report.defects ?? [];
  if (defects.length > 0) {
    const sum = defects.reduce((total, defect) => total + defect.qty, 0);
    if (sum !== report.defectQty) return ReportMessages.defectMismatch(report.defectQty, sum);
    const ids = defects.map((defect) => defect.badPhenomenonId).filter((id) => id !== undefined && id !== null);
    if (new Set(ids).size !== ids.length) return ReportMessages.duplicatePhenomenon;
  }
  return null;
}

/** What is wrong with a report's times, or null: both real moments, the end after the start. */
export function reportTimeError(startTime: string, endTime: string): string | null {
  const start = parseReportTime(startTime);
  if (!start) return ReportMessages.badTime('开始时间');
  const end = parseReportTime(endTime);
  if (!end) return ReportMessages.badTime('结束时间');
  return end.getTime() > start.getTime() ? null : ReportMessages.endBeforeStart;
}

/**
 * The over-report tolerance (%) of an operation: its order's own over-run tolerance (超交比例, what
 * the customer accepts beyond the ordered quantity) when the order has one; else its process's
 * 超报比例; else the factory's 报工数量配置. The same order's 欠交比例 decides completion.
 */
export function reportTolerancePercent(orderOverPercent: unknown, processOverPercent: unknown, factoryPercent: number): number {
  const order = Number(orderOverPercent ?? 0);
  const process = Number(processOverPercent ?? 0);
  return order > 0 ? order : process > 0 ? process : factoryPercent;
}

/** The most an operation may be reported before a report needs the explicit over-report confirmation. */
export function overReportLimit(plannedQty: number, tolerancePercent: number): number {
  return Math.floor((plannedQty * (100 + tolerancePercent)) / 100);
}

/**
 * The good quantity at which an operation counts as done (已结束) and, for the last operation, the
 * order as complete: what it must deliver (planned minus its own planned waste) less the order's
 * under-run tolerance.
 */
export function operationDoneQty(plannedQty: number, wasteQty: number, underPercent: number): number {
  return Math.ceil(((plannedQty - wasteQty) * (100 - underPercent)) / 100);
}

export const reportShiftLabel = (shift: string) => SHIFT.label(shift) ?? shift;
export const reportAuditLabel = (state: number) => WORK_ORDER_AUDIT.label(state) ?? String(state);
export const reportSourceLabel = (source: number) => REPORT_SOURCE.label(source) ?? String(source);

const CreatedReport = Type.Object({ id: Type.Integer(), reportNo: Type.String(), auditState: Type.Integer() });

/** Every endpoint of 报工 / 报工审核 / 报工记录. */
export const WorkReportApi = {
  list: get('/dps-server/work_report/list', { query: WorkReportListQuery, response: WorkReportPage, authority: A.record }),
  export: post('/dps-server/work_report/export', { body: WorkReportExportRequest, response: FILE, authority: A.reportExport }),
  operations: get('/dps-server/work_report/operations', { query: ReportableOperationQuery, response: Type.Array(ReportableOperation), authority: A.reportPlatform }),
  formOptions: get('/dps-server/work_report/form_options/:id', { params: IdParams, response: ReportFormOptions, authority: A.reportPlatform }),
  create: post('/dps-server/work_report/create', { body: CreateWorkReportRequest, response: CreatedReport, authority: A.reportPlatform }),
  /** A report from an all-in-one machine (一体机), with its machine key: source 2, the same rules as the platform's. */
  machineCreate: post('/dps-server/work_report/machine/create', { body: CreateWorkReportRequest, response: CreatedReport, machine: true, name: '一体机报工' }),

  reviewList: get('/dps-server/work_report/audit/list', { query: WorkReportListQuery, response: WorkReportPage, authority: A.review }),
  reviewExport: post('/dps-server/work_report/audit/export', { body: WorkReportExportRequest, response: FILE, authority: A.reviewExport }),
  detail: get('/dps-server/work_report/detail/:id', { params: IdParams, response: WorkReportDetail, authority: A.review }),
  update: post('/dps-server/work_report/update', { body: UpdateWorkReportRequest, response: NoData, authority: A.reviewAudit }),
  audit: post('/dps-server/work_report/audit', { body: AuditWorkReportRequest, response: WorkReportCountResult, authority: A.reviewAudit }),
  batchAudit: post('/dps-server/work_report/batch_audit', { body: WorkReportIdsRequest, response: WorkReportCountResult, authority: A.reviewAudit }),
  batchRollBack: post('/dps-server/work_report/batch_roll_back_audit', { body: WorkReportIdsRequest, response: WorkReportCountResult, authority: A.reviewRollback }),
  cancel: post('/dps-server/work_report/cancel', { body: WorkReportIdsRequest, response: WorkReportCountResult, authority: A.reviewCancel }),
};
export const WorkReportPaths = pathsOf(WorkReportApi);
