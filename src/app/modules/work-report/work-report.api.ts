import {
  WorkReportPaths as P,
  type AuditWorkReportRequest,
  type CreateWorkReportRequest,
  type ReportableOperation,
  type ReportFormOptions,
  type UpdateWorkReportRequest,
  type WorkReportDetail,
  type WorkReportPage,
} from '@core/contracts/work-order/report';
import { http } from '@core/http';
import type { ListQuery } from '@app/components';
import { filtersOf } from '@app/shared';

type Count = { count: number };

export const workReportApi = {
  list: (query: ListQuery) => http.get<WorkReportPage>(P.list, query),
  reviewList: (query: ListQuery) => http.get<WorkReportPage>(P.reviewList, query),
  detail: (id: number) => http.get<WorkReportDetail>(P.detail(id)),
  operations: (orderNo: string) => http.get<ReportableOperation[]>(P.operations, { orderNo }),
  formOptions: (operationId: number) => http.get<ReportFormOptions>(P.formOptions(operationId)),
  create: (request: CreateWorkReportRequest) => http.post<{ id: number; reportNo: string; auditState: number }>(P.create, request),
  update: (request: UpdateWorkReportRequest) => http.post<void>(P.update, request),
  audit: (request: AuditWorkReportRequest) => http.post<Count>(P.audit, request),
  batchAudit: (ids: number[]) => http.post<Count>(P.batchAudit, { ids }),
  rollBack: (ids: number[]) => http.post<Count>(P.batchRollBack, { ids }),
  cancel: (ids: number[]) => http.post<Count>(P.cancel, { ids }),
  exportRecords: (query: ListQuery) => http.exportFile(P.export, filtersOf(query), '报工记录'),
  exportReview: (query: ListQuery) => http.exportFile(P.reviewExport, filtersOf(query), '报工审核'),
};
