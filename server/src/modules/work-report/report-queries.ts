import { sql, type SqlBool } from 'kysely';
import {
  PAPERBOARD_PROCESS_GROUP,
  REPORT_KIND,
  reportAuditLabel,
  reportShiftLabel,
  reportSourceLabel,
  type ReportDefect,
  type WorkReport,
  type WorkReportPage,
  type WorkReportTotals,
} from '@core/contracts/work-order/report';
import type { Db } from '../../db';
import { formatDateTime } from '../../lib/datetime';
import type { ExportColumn } from '../../lib/excel-export';
import { applyConditions, prepareList, runList, splitValues, streamList, type ListParams } from '../../lib/list-query';
import { factoryList, type RowOf } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';

/** 2 纸板 when the report's process is in the process group 纸板工序, else 1 纸箱 (contract header). */
const KIND = sql<number>`case when exists (
  select 1 from process p join process_group g on g.id = p.process_group_id
  where p.id = r.process_id and g.name = ${PAPERBOARD_PROCESS_GROUP}) then 2 else 1 end`;

const DEFECTS = sql<ReportDefect[] | string>`coalesce((
  select jsonb_agg(jsonb_build_object('badPhenomenonId', d.bad_phenomenon_id, 'reasonName', d.reason_name, 'qty', d.qty) order by d.id)
  from work_report_defect d where d.report_id = r.id), '[]'::jsonb)`;

export function reportQuery(db: Db) {
  return db
    .selectFrom('work_report as r')
    .innerJoin('production_order as o', 'o.id', 'r.order_id')
    .innerJoin('production_order_operation as op', 'op.id', 'r.operation_id')
    .leftJoin('app_user as au', 'au.id', 'r.audited_by')
    .leftJoin('app_user as ru', 'ru.id', 'r.reported_by')
    .select([
      'r.id',
      'r.report_no as reportNo',
      'r.order_id as orderId',
      'o.order_no as orderNo',
      'o.customer_name as customerName',
      'o.product_name as productName',
      'r.operation_id as operationId',
      'op.seq',
      'r.process_id as processId',
      'r.process_name as processName',
      KIND.as('kind'),
      'op.planned_qty as plannedQty',
      'r.device_id as deviceId',
      'r.device_name as deviceName',
      'r.good_qty as goodQty',
      'r.defect_qty as defectQty',
      'r.inspect_qty as inspectQty',
      DEFECTS.as('defects'),
      'r.start_at',
      'r.end_at',
      'r.shift',
      'r.team_id as teamId',
      'r.team_name as teamName',
      'r.operator_ids',
      'r.operator_names as operatorNames',
      'r.source',
      'r.over_report as overReport',
      'r.audit_state as auditState',
      'au.nick_name as auditorName',
      'r.audited_at',
      'ru.nick_name as reporterName',
      'r.remark',
      'r.created_at',
      'r.updated_at',
    ]);
}
type ReportRow = RowOf<typeof reportQuery>;

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function toReport(row: ReportRow): WorkReport {
  const { start_at, end_at, operator_ids, audited_at, created_at, updated_at, auditorName, reporterName, defects, ...rest } = row;
  return {
    ...rest,
    kind: Number(rest.kind),
    defects: json(defects),
    operatorIds: json(operator_ids as number[] | string),
    startTime: formatDateTime(start_at),
    endTime: formatDateTime(end_at),
    auditorName: auditorName ?? '',
    auditTime: audited_at ? formatDateTime(audited_at) : '',
    reporterName: reporterName ?? '',
    createTime: formatDateTime(created_at),
    updateTime: formatDateTime(updated_at),
  };
}

export const REPORT_LIST = factoryList('r', {
  filters: {
    reportNo: { column: 'r.report_no', kind: 'like', label: '报工单号' },
    orderNo: { column: 'o.order_no', kind: 'like', label: '订单号' },
    processName: { column: 'r.process_name', kind: 'like', label: '工序' },
    deviceName: { column: 'r.device_name', kind: 'like', label: '机台' },
    operatorNames: { column: 'r.operator_names', kind: 'like', label: '操作员' },
    teamName: { column: 'r.team_name', kind: 'like', label: '班组' },
    source: { column: 'r.source', kind: 'in', label: '来源', integer: true },
    auditState: { column: 'r.audit_state', kind: 'in', label: '审核状态', integer: true },
    reportTime: { column: 'r.end_at', kind: 'dateRange', label: '报工时间' },
  },
  sorts: {
    id: 'r.id',
    reportNo: 'r.report_no',
    orderNo: 'o.order_no',
    startTime: 'r.start_at',
    endTime: 'r.end_at',
    goodQty: 'r.good_qty',
    defectQty: 'r.defect_qty',
    createTime: 'r.created_at',
  },
  defaultSort: { field: 'endTime', direction: 'desc' },
});

/** The shift filter's value for 全天 (an empty value would mean "no filter"). */
export const ALL_DAY_SHIFT = 'ALL_DAY';

/** The filters the list engine cannot express: kind (an expression) and shift ('' is 全天). */
function filtered(db: Db, params: ListParams) {
  let query = reportQuery(db);
  const kind = Number(params.kind);
  if (REPORT_KIND.values.includes(kind as 1 | 2)) query = query.where(sql<SqlBool>`${KIND} = ${kind}`);
  const shifts = splitValues(params.shift, '班次').map((shift) => (shift === ALL_DAY_SHIFT ? '' : shift));
  if (shifts.length > 0) query = query.where('r.shift', 'in', shifts);
  return query;
}

/** A page of reports and the totals of every report matching the filters. */
export async function reportPage(db: Db, scope: Scope, params: ListParams): Promise<WorkReportPage> {
  const base = filtered(db, params);
  const [page, totals] = await Promise.all([
    runList(db, base, REPORT_LIST, scope, params, toReport),
    applyConditions(base.clearSelect(), prepareList(REPORT_LIST, scope, params))
      .select([
        sql<string>`coalesce(sum(r.good_qty), 0)`.as('goodQty'),
        sql<string>`coalesce(sum(r.defect_qty), 0)`.as('defectQty'),
        sql<string>`coalesce(sum(r.inspect_qty), 0)`.as('inspectQty'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const sums: WorkReportTotals = { goodQty: Number(totals.goodQty), defectQty: Number(totals.defectQty), inspectQty: Number(totals.inspectQty) };
  return { ...page, totals: sums };
}

export function reportRows(db: Db, scope: Scope, params: ListParams): AsyncIterable<WorkReport> {
  return streamList(filtered(db, params), REPORT_LIST, scope, params, toReport);
}

export const REPORT_EXPORT_COLUMNS: ReadonlyArray<ExportColumn<WorkReport>> = [
  { header: '报工单号', value: (row) => row.reportNo, width: 18 },
  { header: '订单号', value: (row) => row.orderNo, width: 18 },
  { header: '客户名称', value: (row) => row.customerName, width: 20 },
  { header: '产品名称', value: (row) => row.productName, width: 24 },
  { header: '工序', value: (row) => `${row.seq}. ${row.processName}` },
  { header: '类别', value: (row) => REPORT_KIND.label(row.kind) },
  { header: '机台', value: (row) => row.deviceName, width: 20 },
  { header: '良品数', value: (row) => row.goodQty },
  { header: '不良数', value: (row) => row.defectQty },
  { header: '不良明细', value: (row) => row.defects.map((defect) => `${defect.reasonName}×${defect.qty}`).join('、'), width: 24 },
  { header: '待检数', value: (row) => row.inspectQty },
  { header: '开始时间', value: (row) => row.startTime, width: 20 },
  { header: '结束时间', value: (row) => row.endTime, width: 20 },
  { header: '班次', value: (row) => reportShiftLabel(row.shift) },
  { header: '班组', value: (row) => row.teamName },
  { header: '操作员', value: (row) => row.operatorNames, width: 20 },
  { header: '来源', value: (row) => reportSourceLabel(row.source) },
  { header: '超报', value: (row) => (row.overReport ? '是' : '') },
  { header: '审核状态', value: (row) => reportAuditLabel(row.auditState) },
  { header: '审核人', value: (row) => row.auditorName },
  { header: '审核时间', value: (row) => row.auditTime, width: 20 },
  { header: '报工人', value: (row) => row.reporterName },
  { header: '备注', value: (row) => row.remark, width: 24 },
];
