import { useSyncExternalStore } from 'react';
import { Space, Tag, Tooltip } from 'antd';
import { WorkOrderAuthorities as A } from '@core/access/authorities/work-order';
import { REPORT_SOURCE, SHIFT, WORK_ORDER_AUDIT } from '@core/enums';
import { REPORT_KIND, type WorkReport, type WorkReportPage, type WorkReportTotals } from '@core/contracts/work-order/report';
import type { FilterOption, ListColumn, ListQuery, ListSpec } from '@app/components';
import { ReportDialog } from './components/report.dialog';
import { AuditDialog } from './components/audit.dialog';
import { workReportApi } from './work-report.api';

const AUDIT_COLORS: Record<number, string> = { 1: 'orange', 2: 'green', 3: 'default' };
export const AUDIT_OPTIONS: FilterOption[] = WORK_ORDER_AUDIT.options.map((option) => ({ ...option, color: AUDIT_COLORS[option.value] }));
/** 全天 is '' on a report; the filter sends ALL_DAY (an empty filter value means "any shift"). */
const SHIFT_FILTER: FilterOption[] = SHIFT.options.map((option) => ({ label: option.label, value: option.value === '' ? 'ALL_DAY' : option.value }));
const number = (value: number) => value.toLocaleString('zh-CN');

/** Text cut to the column's width (the whole text on hover), so long machine names never widen the table. */
function Clip({ text, width }: { text: string; width: number }) {
  return (
    <span title={text} style={{ display: 'inline-block', maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' }}>
      {text}
    </span>
  );
}

/** 不良数 with its breakdown by phenomenon on hover. */
function Defects({ row }: { row: WorkReport }) {
  if (row.defects.length === 0) return <span>{number(row.defectQty)}</span>;
  const detail = row.defects.map((defect) => `${defect.reasonName}×${defect.qty}`).join('、');
  return (
    <Tooltip title={detail}>
      <span className="mes-report-defects" style={{ borderBottom: '1px dashed #999' }}>
        {number(row.defectQty)}
      </span>
    </Tooltip>
  );
}

/** The report's columns, shared by 报工记录 and 报工审核 (≈1,080 px: 1440 px screens need no scroll). */
export function reportColumns(page: 'record' | 'review'): ListColumn<WorkReport>[] {
  const columns: ListColumn<WorkReport>[] = [
    { prop: 'reportNo', label: '报工单号', width: 128, sortable: true, render: (row) => (
      <Space size={4}>
        <span>{row.reportNo}</span>
        {row.overReport && <Tag color="red">超报</Tag>}
      </Space>
    ) },
    { prop: 'orderNo', label: '订单号', width: 122, sortable: true, filter: { type: 'tagInput' }, render: (row) => (
      <Tooltip title={`${row.customerName} · ${row.productName}`}>
        <span>{row.orderNo}</span>
      </Tooltip>
    ) },
    { prop: 'processName', label: '工序', width: 90, filter: { type: 'input' }, render: (row) => `${row.seq}. ${row.processName}` },
    { prop: 'deviceName', label: '机台', width: 110, filter: { type: 'input' }, render: (row) => <Clip text={row.deviceName || '-'} width={94} /> },
    { prop: 'goodQty', label: '良品数', type: 'number', width: 70, sortable: true, render: (row) => number(row.goodQty) },
    { prop: 'defectQty', label: '不良数', type: 'number', width: 56, render: (row) => <Defects row={row} /> },
    { prop: 'inspectQty', label: '待检数', type: 'number', width: 56, render: (row) => number(row.inspectQty) },
    { prop: 'endTime', label: '报工时间', width: 100, sortable: true, render: (row) => (
      <Tooltip title={`${row.startTime} 至 ${row.endTime}`}>
        <span>{row.endTime.slice(5, 16)}</span>
      </Tooltip>
    ) },
    { prop: 'teamName', label: '班组/班次', width: 104, filter: { type: 'input', label: '班组' }, render: (row) => <Clip text={`${row.teamName || '-'} / ${SHIFT.label(row.shift) ?? row.shift}`} width={88} /> },
    { prop: 'operatorNames', label: '操作员', width: 80, filter: { type: 'input' }, render: (row) => <Clip text={row.operatorNames} width={64} /> },
    { prop: 'source', label: '来源', type: 'enum', width: 56, options: REPORT_SOURCE.options, filter: { type: 'select', multiple: true } },
    { prop: 'auditState', label: '审核状态', type: 'tag', width: 72, options: AUDIT_OPTIONS, filter: { type: 'select', multiple: true } },
  ];
  // The review (with row selection and 操作) shows the source and the to-be-inspected quantity in its dialog.
  return page === 'record' ? columns : columns.filter((column) => column.prop !== 'source' && column.prop !== 'inspectQty');
}

/** Filters that belong to no column: the report time and the shift (全天 / 白班 / 夜班). */
const REPORT_FILTERS = [
  { prop: 'reportTime', label: '报工时间', type: 'daterange' as const },
  { prop: 'shift', label: '班次', type: 'select' as const, options: SHIFT_FILTER },
];

/** The totals of the last page fetched by a list (its 合计 row), for the page around it. */
function totalsStore() {
  let totals: WorkReportTotals | null = null;
  const listeners = new Set<() => void>();
  return {
    /** Wraps a list fetch so its totals are kept. */
    track: (fetch: (query: ListQuery) => Promise<WorkReportPage>) => async (query: ListQuery) => {
      const page = await fetch(query);
      totals = page.totals;
      listeners.forEach((listener) => listener());
      return page;
    },
    use: () =>
      useSyncExternalStore(
        (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        () => totals,
      ),
  };
}

/** 合计: good, defect and to-be-inspected quantities of every report the filters match. */
export function TotalsRow({ totals }: { totals: WorkReportTotals | null }) {
  return (
    <div className="mes-report-totals" style={{ display: 'flex', gap: 24, padding: '8px 12px', background: '#fafafa', border: '1px solid #f0f0f0', borderRadius: 6 }}>
      <strong>合计</strong>
      <span>
        良品数 <b data-total="goodQty">{totals ? number(totals.goodQty) : '-'}</b>
      </span>
      <span>
        不良数 <b data-total="defectQty">{totals ? number(totals.defectQty) : '-'}</b>
      </span>
      <span>
        待检数 <b data-total="inspectQty">{totals ? number(totals.inspectQty) : '-'}</b>
      </span>
    </div>
  );
}

export const recordTotals = totalsStore();

/** 报工记录: every report with its filters, the 合计 row, export and 平台报工. */
export const recordList: ListSpec<WorkReport> = {
  rowKey: 'id',
  columns: reportColumns('record'),
  filters: REPORT_FILTERS,
  visibleFilters: 4,
  defaultSort: { field: 'endTime', direction: 'desc' },
  fetch: recordTotals.track(workReportApi.list),
  toolbar: [{ key: 'report', label: '平台报工', primary: true, authority: A.reportPlatform, run: ({ openEditor }) => openEditor() }],
  exporter: { authority: A.reportExport, run: workReportApi.exportRecords },
  editor: { render: (props) => <ReportDialog {...props} /> },
};

export const reviewTotals = totalsStore();
export type ReviewTab = 'pending' | 'all';

/** 报工审核 for one tab (待审核 / 全部) and one kind (纸箱 / 纸板). */
function reviewList(tab: ReviewTab, kind: number): ListSpec<WorkReport> {
  const fixed = { kind: String(kind), ...(tab === 'pending' ? { auditState: '1' } : {}) };
  return {
    rowKey: 'id',
    columns: reportColumns('review').filter((column) => tab === 'all' || column.prop !== 'auditState'),
    filters: REPORT_FILTERS,
    visibleFilters: 4,
    defaultSort: { field: 'endTime', direction: tab === 'pending' ? 'asc' : 'desc' },
    fetch: reviewTotals.track((query) => workReportApi.reviewList({ ...query, ...fixed })),
    toolbar: [
      {
        key: 'batchAudit',
        label: '批量审核',
        primary: true,
        needsSelection: true,
        authority: A.reviewAudit,
        confirm: '确定审核通过所选报工吗？审核后计入工序进度。',
        success: '审核成功',
        disabledReason: ({ selectedRows }) => (selectedRows.some((row) => row.auditState !== 1) ? '只能审核待审核的报工' : undefined),
        run: ({ selectedRows }) => workReportApi.batchAudit(selectedRows.map((row) => row.id)),
      },
      {
        key: 'batchRollBack',
        label: '批量反审核',
        needsSelection: true,
        authority: A.reviewRollback,
        confirm: '确定反审核所选报工吗？反审核后退回待审核，不再计入工序进度。',
        success: '反审核成功',
        disabledReason: ({ selectedRows }) => (selectedRows.some((row) => row.auditState !== 2) ? '只能反审核已审核的报工' : undefined),
        run: ({ selectedRows }) => workReportApi.rollBack(selectedRows.map((row) => row.id)),
      },
    ],
    rowActions: [
      { key: 'audit', label: '审核', authority: A.reviewAudit, when: (row) => row.auditState === 1, run: (row, { openEditor }) => openEditor(row) },
      {
        key: 'rollBack',
        label: '反审核',
        authority: A.reviewRollback,
        when: (row) => row.auditState === 2,
        confirm: (row) => `确定反审核报工「${row.reportNo}」吗？`,
        success: '反审核成功',
        run: (row) => workReportApi.rollBack([row.id]),
      },
      {
        key: 'cancel',
        label: '作废',
        danger: true,
        authority: A.reviewCancel,
        when: (row) => row.auditState === 1,
        confirm: (row) => `确定作废报工「${row.reportNo}」吗？作废后不能恢复。`,
        success: '作废成功',
        run: (row) => workReportApi.cancel([row.id]),
      },
      { key: 'detail', label: '详情', when: (row) => row.auditState !== 1, run: (row, { openEditor }) => openEditor(row) },
    ],
    // A row shows two links at most (审核 作废, or 反审核 详情).
    actionsWidth: 120,
    exporter: { authority: A.reviewExport, run: (query) => workReportApi.exportReview({ ...query, ...fixed }) },
    editor: { render: (props) => <AuditDialog {...props} /> },
  };
}

/** One spec per tab and kind, made once. */
export const REVIEW_LISTS: Record<ReviewTab, Record<number, ListSpec<WorkReport>>> = {
  pending: Object.fromEntries(REPORT_KIND.values.map((kind) => [kind, reviewList('pending', kind)])),
  all: Object.fromEntries(REPORT_KIND.values.map((kind) => [kind, reviewList('all', kind)])),
};
