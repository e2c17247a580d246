import { sql } from 'kysely';
import { ResultCode } from '@core/contracts/common';
import { ORDER_STATUS } from '@core/enums';
import {
  overReportLimit,
  parseReportTime,
  reportAuditLabel,
  reportQuantityError,
  reportTolerancePercent,
  ReportMessages,
  reportTimeError,
  type AuditWorkReportRequest,
  type CreateWorkReportRequest,
  type ReportableOperation,
  type ReportDefectInput,
  type ReportFormOptions,
  type UpdateWorkReportRequest,
  type WorkReportDetail,
  type WorkReportPage,
} from '@core/contracts/work-order/report';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import type { FieldChange } from '../../db/schema';
import { formatDateTime } from '../../lib/datetime';
import { conflict, notFound, validation } from '../../lib/errors';
import type { ListParams } from '../../lib/list-query';
import { factoryUsers, scopedNames, summary } from '../../lib/rows';
import { inScope, requireOne } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';
import { AppError } from '../../plugins/envelopes';
import { lockOrder } from '../production-order';
import { enterpriseSections } from '../sys-cfg';
import { mayReviewReports } from './reviewers';
import { recomputeOrderProgress } from './progress';
import { reportPage, reportQuery, reportRows, toReport } from './report-queries';

/** Order statuses that take new reports: 3 已部署, 4 生产中. */
export const REPORTABLE_ORDER_STATUSES = [3, 4] as const;
/** Order statuses whose reports may still be reviewed: also 7 已回收 and 10 已暂停 (work done before the stop). */
export const REVIEWABLE_ORDER_STATUSES = [3, 4, 7, 10] as const;
/**
 * A report's end may lie this far ahead of the server clock: times travel as local wall-clock text
 * (DECISIONS.md), so a terminal in another time zone than the server, or with a wrong clock, must
 * not be refused; a report a day ahead is a typing error.
 */
const FUTURE_GRACE_MS = 24 * 3_600_000;

/** Where a report comes from (REPORT_SOURCE): 1 platform, 2 一体机 (machine key), 3 mobile. */
export type ReportSource = 1 | 2 | 3;

export interface CreateReportOptions {
  source: ReportSource;
  /** The reporting user (null for a machine-key report from a 一体机). */
  reporterId: number | null;
  context: OperationContext;
}

const statusLabel = (status: number) => ORDER_STATUS.label(status) ?? String(status);
const forbidden = (message: string) => new AppError(ResultCode.NO_AUTHORITY, message);
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The quantities of a report as stored, for history and over-report arithmetic. */
interface Quantities {
  goodQty: number;
  defectQty: number;
  inspectQty: number;
  defects: ReportDefectInput[];
}

/** The operation with what reporting checks, in the caller's scope (4004 when it is not the factory's). */
async function operationOf(db: Db, scope: Scope, operationId: number) {
  const operation = await db
    .selectFrom('production_order_operation as op')
    .innerJoin('production_order as o', 'o.id', 'op.order_id')
    .leftJoin('process as p', 'p.id', 'op.process_id')
    .leftJoin('device as d', 'd.id', 'op.device_id')
    .select([
      'op.id',
      'op.order_id',
      'op.seq',
      'op.process_id',
      'op.process_name',
      'op.planned_qty',
      'op.device_id',
      'op.issued',
      'p.over_report_percent',
      'o.over_percent as order_over_percent',
      'd.name as device_name',
    ])
    .where(inScope(scope, 'op'))
    .where('op.id', '=', operationId)
    .executeTakeFirst();
  if (!operation) throw notFound(ReportMessages.operationNotFound);
  return operation;
}
type OperationFacts = Awaited<ReturnType<typeof operationOf>>;

/** Machines of the factory able to do the process (a speed set for it), plus the operation's own machine. */
async function capableDevices(db: Db, scope: Scope, operation: Pick<OperationFacts, 'process_id' | 'device_id'>): Promise<Array<{ id: number; name: string }>> {
  const rows = await db
    .selectFrom('device as d')
    .select(['d.id', 'd.name'])
    .where(inScope(scope, 'd'))
    .where((eb) =>
      eb.or([
        eb('d.id', '=', operation.device_id ?? 0),
        eb.exists(
          eb
            .selectFrom('device_speed as s')
            .select('s.id')
            .whereRef('s.device_id', '=', 'd.id')
            .where('s.process_id', '=', operation.process_id ?? 0),
        ),
      ]),
    )
    .orderBy('d.device_no')
    .execute();
  return rows;
}

async function phenomenaOf(db: Db, scope: Scope, processId: number | null): Promise<Array<{ id: number; name: string }>> {
  if (processId === null) return [];
  return db
    .selectFrom('bad_phenomenon')
    .select(['id', 'reason_name as name'])
    .where(inScope(scope))
    .where('process_id', '=', processId)
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The operation's tolerance (reportTolerancePercent: the order's 超交比例, its process's 超报比例, the factory's). */
async function toleranceOf(db: Db, scope: Scope, operation: Pick<OperationFacts, 'over_report_percent' | 'order_over_percent'>) {
  const config = await enterpriseSections(db, scope);
  return { percent: reportTolerancePercent(operation.order_over_percent, operation.over_report_percent, config.reportQuantityConfig.overReportTolerancePercent), config };
}

/** What the operation's non-canceled reports hold (good, plus defects when they count as output), leaving one report out. */
async function reportedQty(db: Db, operationId: number, defectCounts: boolean, exceptReportId?: number): Promise<number> {
  let query = db
    .selectFrom('work_report')
    .select(sql<string>`coalesce(sum(good_qty + ${defectCounts ? sql`defect_qty` : sql`0`}), 0)`.as('qty'))
    .where('operation_id', '=', operationId)
    .where('audit_state', '!=', 3);
  if (exceptReportId !== undefined) query = query.where('id', '!=', exceptReportId);
  return Number((await query.executeTakeFirstOrThrow()).qty);
}

/**
 * The checks every report's quantities pass (as made and as corrected by a reviewer): the shared
 * rule (not all zero, defects summing to the defect quantity), defects by the process's own
 * phenomena, and the over-report limit — beyond it only with `confirmOverReport`, and marked.
 * Returns the defect lines with their names and whether the report is an over-report.
 */
async function checkQuantities(
  db: Db,
  scope: Scope,
  operation: OperationFacts,
  quantities: Quantities,
  confirm: boolean | undefined,
  exceptReportId?: number,
): Promise<{ defects: Array<{ id: number; name: string; qty: number }>; overReport: boolean }> {
  const problem = reportQuantityError(quantities);
  if (problem) throw validation(problem);
  const phenomena = new Map((await phenomenaOf(db, scope, operation.process_id)).map((row) => [row.id, row.name]));
  if (quantities.defects.length === 0 && quantities.defectQty > 0 && phenomena.size > 0) throw validation(ReportMessages.defectsRequired);
  const defects = quantities.defects.map((defect) => {
    const name = phenomena.get(defect.badPhenomenonId);
    if (name === undefined) throw validation(ReportMessages.phenomenonNotOfProcess);
    return { id: defect.badPhenomenonId, name, qty: defect.qty };
  });
  const { percent, config } = await toleranceOf(db, scope, operation);
  const defectCounts = config.reportQuantityConfig.defectCountsAsOutput;
  const limit = overReportLimit(operation.planned_qty, percent);
  const total = (await reportedQty(db, operation.id, defectCounts, exceptReportId)) + quantities.goodQty + (defectCounts ? quantities.defectQty : 0);
  const overReport = total > limit;
  if (overReport && confirm !== true) throw validation(ReportMessages.overReport(limit, total));
  return { defects, overReport };
}

async function userName(db: Db, userId: number | null): Promise<string> {
  if (userId === null) return '一体机';
  const user = await db.selectFrom('app_user').select(['nick_name', 'username']).where('id', '=', userId).executeTakeFirst();
  return user ? user.nick_name || user.username : '';
}

async function addHistory(trx: Db, scope: Scope, reportIds: number[], name: string, userId: number | null, action: string, content: (id: number) => string, changes: FieldChange[] = []): Promise<void> {
  if (reportIds.length === 0) return;
  await trx
    .insertInto('work_report_history')
    .values(
      reportIds.map((id) => ({
        enterprise_id: scope.enterpriseId,
        org_id: scope.orgId,
        report_id: id,
        user_id: userId,
        user_name: name,
        action,
        content: content(id),
        changes: JSON.stringify(changes),
      })),
    )
    .execute();
}

const quantityText = (quantities: Pick<Quantities, 'goodQty' | 'defectQty' | 'inspectQty'>) => `良品${quantities.goodQty}，不良${quantities.defectQty}，待检${quantities.inspectQty}`;

/**
 * The next report number `BG<yyyyMMdd><0001>` of the factory for `day`, serialised per factory by
 * a transaction-scoped advisory lock (two reports at once never draw the same number).
 */
export async function nextReportNo(trx: Db, scope: Pick<Scope, 'orgId' | 'enterpriseId'>, day: Date): Promise<string> {
  await sql`select pg_advisory_xact_lock(${scope.orgId}::int, 1311)`.execute(trx);
  const stem = `BG${day.getFullYear()}${pad(day.getMonth() + 1)}${pad(day.getDate())}`;
  const row = await trx
    .selectFrom('work_report')
    .select(sql<string | null>`max(report_no)`.as('last'))
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('report_no', 'like', `${stem}%`)
    .where(sql`length(report_no)`, '=', stem.length + 4)
    .executeTakeFirst();
  const last = row?.last ? Number(row.last.slice(stem.length)) : 0;
  return `${stem}${pad((Number.isFinite(last) ? last : 0) + 1, 4)}`;
}

/** A locked report of the factory (4004 otherwise). */
async function lockReports(trx: Db, scope: Scope, ids: number[]) {
  const rows = await trx
    .selectFrom('work_report')
    .selectAll()
    .where(inScope(scope))
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  if (rows.length !== new Set(ids).size) throw notFound(ReportMessages.notFound);
  return rows;
}
type LockedReport = Awaited<ReturnType<typeof lockReports>>[number];

/**
 * 报工审核配置: only a reviewer may edit, audit, roll back or cancel (anyone else 4003). Each review
 * route has already checked its action's authority code, so the user holds the review authority.
 */
async function requireAuditor(db: Db, scope: Scope): Promise<void> {
  if (!(await mayReviewReports(db, scope, true))) throw forbidden(ReportMessages.notAuditor);
}

/**
 * Locks the orders of `reports` (ascending id, so concurrent reviews never deadlock) and refuses
 * the whole batch when one of them is finished (5/6) or otherwise closed to reviews.
 */
async function lockReviewableOrders(trx: Db, scope: Scope, reports: LockedReport[], action: string): Promise<number[]> {
  const orderIds = [...new Set(reports.map((report) => report.order_id))].sort((a, b) => a - b);
  for (const orderId of orderIds) {
    const { order } = await lockOrder(trx, scope, orderId);
    if (!(REVIEWABLE_ORDER_STATUSES as readonly number[]).includes(order.status)) throw conflict(ReportMessages.orderClosed(order.order_no, statusLabel(order.status), action));
  }
  return orderIds;
}

/** Work reports (报工) of the session's factory: reporting, review and the records. */
export class WorkReportService {
  constructor(private readonly db: Db) {}

  list(scope: Scope, params: ListParams): Promise<WorkReportPage> {
    return reportPage(this.db, scope, params);
  }

  rows(scope: Scope, params: ListParams) {
    return reportRows(this.db, scope, params);
  }

  async detail(scope: Scope, id: number): Promise<WorkReportDetail> {
    const report = toReport(await requireOne(reportQuery(this.db), 'r', scope, id, ReportMessages.notFound));
    const history = await this.db
      .selectFrom('work_report_history')
      .select(['id', 'user_name', 'action', 'content', 'changes', 'created_at'])
      .where('report_id', '=', id)
      .orderBy('id')
      .execute();
    return {
      ...report,
      history: history.map((row) => ({
        id: row.id,
        userName: row.user_name,
        action: row.action,
        content: row.content,
        changes: typeof row.changes === 'string' ? (JSON.parse(row.changes) as FieldChange[]) : row.changes,
        createTime: formatDateTime(row.created_at),
      })),
    };
  }

  /** Issued operations of orders in 3/4 whose number contains `orderNo` (at most 50). */
  async operations(scope: Scope, orderNo: string | undefined): Promise<ReportableOperation[]> {
    let query = this.db
      .selectFrom('production_order_operation as op')
      .innerJoin('production_order as o', 'o.id', 'op.order_id')
      .leftJoin('device as d', 'd.id', 'op.device_id')
      .select([
        'op.id as operationId',
        'o.id as orderId',
        'o.order_no as orderNo',
        'o.customer_name as customerName',
        'o.product_name as productName',
        'o.quantity as orderQuantity',
        'op.seq',
        'op.process_id as processId',
        'op.process_name as processName',
        'op.planned_qty as plannedQty',
        'op.good_qty as goodQty',
        sql<string>`(select coalesce(sum(w.good_qty), 0) from work_report w where w.operation_id = op.id and w.audit_state = 1)`.as('pendingQty'),
        'op.device_id as deviceId',
        'd.name as deviceName',
      ])
      .where(inScope(scope, 'op'))
      .where('op.issued', '=', true)
      .where('o.revoked', '=', false)
      .where('o.status', 'in', [...REPORTABLE_ORDER_STATUSES]);
    const text = orderNo?.trim();
    if (text) query = query.where('o.order_no', 'ilike', `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
    const rows = await query.orderBy('o.order_no', 'desc').orderBy('op.seq').limit(50).execute();
    return rows.map((row) => ({ ...row, pendingQty: Number(row.pendingQty), deviceName: row.deviceName ?? '' }));
  }

  async formOptions(scope: Scope, operationId: number): Promise<ReportFormOptions> {
    const operation = await operationOf(this.db, scope, operationId);
    const { percent, config } = await toleranceOf(this.db, scope, operation);
    const teams = await this.db.selectFrom('class_team').select(['id', 'name']).where(inScope(scope)).orderBy('sort').orderBy('id').execute();
    return {
      phenomena: await phenomenaOf(this.db, scope, operation.process_id),
      devices: await capableDevices(this.db, scope, operation),
      teams,
      tolerancePercent: percent,
      limitQty: overReportLimit(operation.planned_qty, percent),
      reportedQty: await reportedQty(this.db, operation.id, config.reportQuantityConfig.defectCountsAsOutput),
      defectCountsAsOutput: config.reportQuantityConfig.defectCountsAsOutput,
    };
  }

  /**
   * A report against an issued operation of an order in 3/4 (the seam for every source: the
   * console and mobile call it through `create`, a 一体机 through a machine-key route with
   * `source: 2` and `reporterId: null`). Audited at once when the factory needs no report audit
   * (报工审核配置), and then counted.
   */
  async create(scope: Scope, request: CreateWorkReportRequest, options: CreateReportOptions): Promise<{ id: number; reportNo: string; auditState: number }> {
    return this.db.transaction().execute(async (trx) => {
      const operation = await operationOf(trx, scope, request.operationId);
      const { order } = await lockOrder(trx, scope, operation.order_id);
      if (order.revoked) throw conflict(ReportMessages.orderRevoked(order.order_no));
      if (!(REPORTABLE_ORDER_STATUSES as readonly number[]).includes(order.status)) throw conflict(ReportMessages.orderNotReportable(order.order_no, statusLabel(order.status)));
      if (!operation.issued) throw conflict(ReportMessages.notIssued(operation.process_name));

      const timeProblem = reportTimeError(request.startTime, request.endTime);
      if (timeProblem) throw validation(timeProblem);
      const startAt = parseReportTime(request.startTime)!;
      const endAt = parseReportTime(request.endTime)!;
      if (endAt.getTime() > Date.now() + FUTURE_GRACE_MS) throw validation(ReportMessages.futureTime);
      if (request.operatorIds.length === 0) throw validation(ReportMessages.operatorsRequired);
      const operators = await factoryUsers(trx, scope, request.operatorIds);
      if (operators.size !== request.operatorIds.length) throw notFound(ReportMessages.operatorNotFound);
      const teamId = request.teamId ?? null;
      const teamName = teamId === null ? '' : (await scopedNames(trx, 'class_team', scope, [teamId])).get(teamId);
      if (teamName === undefined) throw notFound(ReportMessages.teamNotFound);
      const deviceId = request.deviceId ?? null;
      const capable = await capableDevices(trx, scope, operation);
      let deviceName = '';
      if (deviceId === null) {
        if (capable.length > 0) throw validation(ReportMessages.deviceRequired);
      } else {
        const name = (await scopedNames(trx, 'device', scope, [deviceId])).get(deviceId);
        if (name === undefined) throw notFound(ReportMessages.deviceNotFound);
        if (!capable.some((device) => device.id === deviceId)) throw validation(ReportMessages.deviceCannotProcess(name, operation.process_name));
        deviceName = name;
      }
      const quantities: Quantities = { goodQty: request.goodQty, defectQty: request.defectQty, inspectQty: request.inspectQty ?? 0, defects: request.defects ?? [] };
      const { defects, overReport } = await checkQuantities(trx, scope, operation, quantities, request.confirmOverReport);

      const { reportAuditConfig } = await enterpriseSections(trx, scope);
      const audited = !reportAuditConfig.needAudit;
      const now = new Date();
      const reportNo = await nextReportNo(trx, scope, now);
      const { id } = await trx
        .insertInto('work_report')
        .values({
          enterprise_id: scope.enterpriseId,
          org_id: scope.orgId,
          report_no: reportNo,
          order_id: operation.order_id,
          operation_id: operation.id,
          process_id: operation.process_id,
          process_name: operation.process_name,
          device_id: deviceId,
          device_name: deviceName,
          good_qty: quantities.goodQty,
          defect_qty: quantities.defectQty,
          inspect_qty: quantities.inspectQty,
          start_at: startAt,
          end_at: endAt,
          shift: request.shift ?? '',
          team_id: teamId,
          team_name: teamName,
          operator_ids: JSON.stringify(request.operatorIds),
          operator_names: request.operatorIds.map((userId) => operators.get(userId)!).join('、'),
          source: options.source,
          over_report: overReport,
          audit_state: audited ? 2 : 1,
          audited_by: audited ? options.reporterId : null,
          audited_at: audited ? now : null,
          reported_by: options.reporterId,
          remark: request.remark?.trim() ?? '',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (defects.length > 0) {
        await trx
          .insertInto('work_report_defect')
          .values(defects.map((defect) => ({ report_id: id, bad_phenomenon_id: defect.id, reason_name: defect.name, qty: defect.qty })))
          .execute();
      }
      const name = await userName(trx, options.reporterId);
      const over = overReport ? '（超报，已确认）' : '';
      await addHistory(trx, scope, [id], name, options.reporterId, 'create', () => `报工：${quantityText(quantities)}${over}`);
      if (audited) {
        await addHistory(trx, scope, [id], name, options.reporterId, 'audit', () => '无需审核，报工即审核');
        await recomputeOrderProgress(trx, scope, operation.order_id, { userId: options.reporterId, name }, options.context);
      }
      await recordOperation(trx, options.context, {
        ...scope,
        userId: options.reporterId,
        content: `报工：${reportNo}（${order.order_no} ${operation.seq}.${operation.process_name}，${quantityText(quantities)}）${over}`,
      });
      return { id, reportNo, auditState: audited ? 2 : 1 };
    });
  }

  /** Corrects a report's quantities (in the transaction), recording old → new in its history. */
  private async correct(trx: Db, scope: Scope, report: LockedReport, request: Omit<UpdateWorkReportRequest, 'id' | 'remark'>, actor: { id: number; name: string }, action: string): Promise<void> {
    const operation = await operationOf(trx, scope, report.operation_id);
    const before = await trx.selectFrom('work_report_defect').select(['bad_phenomenon_id', 'reason_name', 'qty']).where('report_id', '=', report.id).orderBy('id').execute();
    const quantities: Quantities = {
      goodQty: request.goodQty,
      defectQty: request.defectQty,
      inspectQty: request.inspectQty ?? report.inspect_qty,
      defects: request.defects ?? before.filter((row) => row.bad_phenomenon_id !== null).map((row) => ({ badPhenomenonId: row.bad_phenomenon_id!, qty: row.qty })),
    };
    const { defects, overReport } = await checkQuantities(trx, scope, operation, quantities, request.confirmOverReport || report.over_report, report.id);
    const describe = (rows: Array<{ name: string; qty: number }>) => rows.map((row) => `${row.name}×${row.qty}`).join('、');
    const changes: FieldChange[] = [];
    const compare = (field: string, label: string, from: unknown, to: unknown) => from !== to && changes.push({ field, label, from, to });
    compare('goodQty', '良品数', report.good_qty, quantities.goodQty);
    compare('defectQty', '不良数', report.defect_qty, quantities.defectQty);
    compare('inspectQty', '待检数', report.inspect_qty, quantities.inspectQty);
    compare('defects', '不良明细', describe(before.map((row) => ({ name: row.reason_name, qty: row.qty }))), describe(defects));
    if (changes.length === 0) return;
    await trx
      .updateTable('work_report')
      .set({ good_qty: quantities.goodQty, defect_qty: quantities.defectQty, inspect_qty: quantities.inspectQty, over_report: overReport, updated_at: new Date() })
      .where('id', '=', report.id)
      .execute();
    await trx.deleteFrom('work_report_defect').where('report_id', '=', report.id).execute();
    if (defects.length > 0) {
      await trx
        .insertInto('work_report_defect')
        .values(defects.map((defect) => ({ report_id: report.id, bad_phenomenon_id: defect.id, reason_name: defect.name, qty: defect.qty })))
        .execute();
    }
    const content = changes.map((change) => `${change.label} ${String(change.from) || '无'} → ${String(change.to) || '无'}`).join('；');
    await addHistory(trx, scope, [report.id], actor.name, actor.id, action, () => `${action === 'audit' ? '审核时修改' : '修改'}：${content}`, changes);
  }

  /** A reviewer corrects a pending report's quantities (and remark). */
  async update(scope: Scope, request: UpdateWorkReportRequest, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const [report] = await lockReports(trx, scope, [request.id]);
      await requireAuditor(trx, scope);
      await lockReviewableOrders(trx, scope, [report!], '修改');
      if (report!.audit_state !== 1) throw conflict(ReportMessages.notEditable(report!.report_no, reportAuditLabel(report!.audit_state)));
      const actor = { id: scope.userId, name: await userName(trx, scope.userId) };
      await this.correct(trx, scope, report!, request, actor, 'edit');
      const remark = request.remark?.trim();
      if (remark !== undefined && remark !== report!.remark) await trx.updateTable('work_report').set({ remark, updated_at: new Date() }).where('id', '=', report!.id).execute();
      await recordOperation(trx, context, { ...scope, content: `修改报工：${report!.report_no}` });
    });
  }

  /** Approves one report, with corrected quantities when given. */
  async audit(scope: Scope, request: AuditWorkReportRequest, context: OperationContext): Promise<{ count: number }> {
    const editing = request.goodQty !== undefined || request.defectQty !== undefined;
    if (editing && (request.goodQty === undefined || request.defectQty === undefined)) throw validation(ReportMessages.partialEdit);
    return this.approve(scope, [request.id], context, editing ? { ...request, goodQty: request.goodQty!, defectQty: request.defectQty! } : undefined);
  }

  /** Approves every report of `ids`, or none (one refusal refuses the batch, nothing changes). */
  batchAudit(scope: Scope, ids: number[], context: OperationContext): Promise<{ count: number }> {
    return this.approve(scope, ids, context);
  }

  private approve(scope: Scope, ids: number[], context: OperationContext, correction?: Omit<UpdateWorkReportRequest, 'id' | 'remark'>): Promise<{ count: number }> {
    return this.db.transaction().execute(async (trx) => {
      const reports = await lockReports(trx, scope, ids);
      await requireAuditor(trx, scope);
      const orderIds = await lockReviewableOrders(trx, scope, reports, '审核');
      for (const report of reports) {
        if (report.audit_state !== 1) throw conflict(ReportMessages.notPending(report.report_no, reportAuditLabel(report.audit_state)));
      }
      const actor = { id: scope.userId, name: await userName(trx, scope.userId) };
      if (correction) await this.correct(trx, scope, reports[0]!, correction, actor, 'audit');
      const now = new Date();
      await trx.updateTable('work_report').set({ audit_state: 2, audited_by: scope.userId, audited_at: now, updated_at: now }).where('id', 'in', ids).execute();
      await addHistory(trx, scope, ids, actor.name, actor.id, 'audit', () => '审核通过');
      for (const orderId of orderIds) await recomputeOrderProgress(trx, scope, orderId, { userId: scope.userId, name: actor.name }, context);
      await recordOperation(trx, context, { ...scope, content: `审核报工：${summary(reports.map((report) => report.report_no))}` });
      return { count: reports.length };
    });
  }

  /** Rolls audited reports back to pending (all or none); the progress drops accordingly. */
  rollBack(scope: Scope, ids: number[], context: OperationContext): Promise<{ count: number }> {
    return this.db.transaction().execute(async (trx) => {
      const reports = await lockReports(trx, scope, ids);
      await requireAuditor(trx, scope);
      const orderIds = await lockReviewableOrders(trx, scope, reports, '反审核');
      for (const report of reports) {
        if (report.audit_state !== 2) throw conflict(ReportMessages.notAudited(report.report_no, reportAuditLabel(report.audit_state)));
      }
      const name = await userName(trx, scope.userId);
      await trx.updateTable('work_report').set({ audit_state: 1, audited_by: null, audited_at: null, updated_at: new Date() }).where('id', 'in', ids).execute();
      await addHistory(trx, scope, ids, name, scope.userId, 'rollback', () => '反审核（退回待审核）');
      for (const orderId of orderIds) await recomputeOrderProgress(trx, scope, orderId, { userId: scope.userId, name }, context);
      await recordOperation(trx, context, { ...scope, content: `反审核报工：${summary(reports.map((report) => report.report_no))}` });
      return { count: reports.length };
    });
  }

  /** Cancels pending reports (3 已作废; an audited one is rolled back first), all or none. */
  cancel(scope: Scope, ids: number[], context: OperationContext): Promise<{ count: number }> {
    return this.db.transaction().execute(async (trx) => {
      const reports = await lockReports(trx, scope, ids);
      await requireAuditor(trx, scope);
      await lockReviewableOrders(trx, scope, reports, '作废');
      for (const report of reports) {
        if (report.audit_state === 3) throw conflict(ReportMessages.alreadyCanceled(report.report_no));
        if (report.audit_state === 2) throw conflict(ReportMessages.cancelAudited(report.report_no));
      }
      const name = await userName(trx, scope.userId);
      await trx.updateTable('work_report').set({ audit_state: 3, updated_at: new Date() }).where('id', 'in', ids).execute();
      await addHistory(trx, scope, ids, name, scope.userId, 'cancel', () => '作废');
      await recordOperation(trx, context, { ...scope, content: `作废报工：${summary(reports.map((report) => report.report_no))}` });
      return { count: reports.length };
    });
  }
}

