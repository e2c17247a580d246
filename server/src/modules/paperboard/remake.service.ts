import { sql } from 'kysely';
import { CORRUGATOR_PROCESS_CODE, REMAKE_CANDIDATE_LIMIT, type CreateRemakeRequest, type RemakeCandidate } from '@core/contracts/paperboard';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { formatDateTime } from '../../lib/datetime';
import { conflict, notFound, validation } from '../../lib/errors';
import { text } from '../../lib/rows';
import { inScope, insertRow, writeUnique } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';
import { nextDailyNo } from './orders.service';

export const RemakeMessages = {
  reportNotFound: '报工记录不存在',
  notRemakable: (reportNo: string) => `报工 ${reportNo} 不能生成补单：只有已审核、有不良数、且在瓦线工序之后的工序报工可以生成补单`,
  taken: (reportNo: string, orderNo: string) => `报工 ${reportNo} 已生成补单 ${orderNo}`,
  takenMeanwhile: '该报工已生成补单，请刷新后查看',
} as const;

/**
 * Audited reports (of the factory) with defects on an operation after the corrugator (瓦线生产, ZB01)
 * of a production order whose sheet, board code and flute are known: the board scrapped there is
 * what a re-make (补单) makes again. Each with the re-make already made from it, if any.
 */
function candidateQuery(db: Db, scope: Scope) {
  return db
    .selectFrom('work_report as r')
    .innerJoin('production_order as o', 'o.id', 'r.order_id')
    .innerJoin('production_order_operation as op', 'op.id', 'r.operation_id')
    .leftJoin('board_order as b', (join) => join.onRef('b.source_report_id', '=', 'r.id').onRef('b.org_id', '=', 'r.org_id'))
    .select([
      'r.id as reportId',
      'r.report_no as reportNo',
      'o.order_no as productionOrderNo',
      'o.customer_name as customerName',
      'o.product_name as productName',
      'r.process_name as processName',
      'r.defect_qty as defectQty',
      'r.audited_at as auditedAt',
      'o.board_code as boardCode',
      'o.flute',
      'o.sheet_width_mm as widthMm',
      'o.sheet_length_mm as lengthMm',
      'b.order_no as remakeOrderNo',
    ])
    .where(inScope(scope, 'r'))
    .where('r.audit_state', '=', 2)
    .where('r.defect_qty', '>', 0)
    .where('o.sheet_width_mm', '>', 0)
    .where('o.sheet_length_mm', '>', 0)
    .where('o.board_code', '<>', '')
    .where('o.flute', '<>', '')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('production_order_operation as x')
          .innerJoin('process as p', 'p.id', 'x.process_id')
          .select(sql`1`.as('one'))
          .whereRef('x.order_id', '=', 'o.id')
          .whereRef('x.seq', '<', 'op.seq')
          .where('p.code', '=', CORRUGATOR_PROCESS_CODE),
      ),
    );
}

type CandidateRow = Awaited<ReturnType<ReturnType<typeof candidateQuery>['executeTakeFirstOrThrow']>>;

const toCandidate = (row: CandidateRow): RemakeCandidate => ({
  ...row,
  productName: row.productName ?? '',
  auditedAt: row.auditedAt ? formatDateTime(row.auditedAt) : '',
  remakeOrderNo: row.remakeOrderNo ?? '',
});

/** 生成补单: re-make orders (补单) of board scrapped downstream, made from an audited defect report. */
export class BoardRemakeService {
  constructor(private readonly db: Db) {}

  /** The most recent reports a re-make may come from, latest audit first. */
  async candidates(scope: Scope): Promise<RemakeCandidate[]> {
    const rows = await candidateQuery(this.db, scope).orderBy('r.audited_at', 'desc').orderBy('r.id', 'desc').limit(REMAKE_CANDIDATE_LIMIT).execute();
    return rows.map(toCandidate);
  }

  /**
   * A waiting board order of source 补单 with the report's production-order sheet, board code and flute,
   * linked to the report; a second re-make of the same report is refused (4009), one of another
   * factory's report is not found (4004).
   */
  async create(scope: Scope, request: CreateRemakeRequest, context: OperationContext): Promise<{ id: number }> {
    return writeUnique(this.db, { board_order_source_report_uq: RemakeMessages.takenMeanwhile }, async (trx) => {
      const report = await trx.selectFrom('work_report').select(['id', 'report_no']).where(inScope(scope)).where('id', '=', request.reportId).forUpdate().executeTakeFirst();
      if (!report) throw notFound(RemakeMessages.reportNotFound);
      const candidate = await candidateQuery(trx, scope).where('r.id', '=', report.id).executeTakeFirst();
      if (!candidate) throw validation(RemakeMessages.notRemakable(report.report_no));
      if (candidate.remakeOrderNo) throw conflict(RemakeMessages.taken(report.report_no, candidate.remakeOrderNo));
      const orderNo = await nextDailyNo(trx, 'board_order', 'order_no', scope, 'BR');
      const remark = text(request.remark) || `报工 ${report.report_no}（${candidate.processName}）不良 ${candidate.defectQty}`;
      const id = await insertRow(trx, 'board_order', scope, {
        order_no: orderNo,
        source: 3,
        state: 1,
        customer_name: candidate.customerName,
        product_name: candidate.productName ?? '',
        board_code: candidate.boardCode,
        flute: candidate.flute,
        width_mm: candidate.widthMm,
        length_mm: candidate.lengthMm,
        quantity: request.quantity,
        due_date: request.dueDate,
        remark,
        source_report_id: report.id,
      });
      await recordOperation(trx, context, {
        ...scope,
        content: `生成补单：${orderNo}（报工 ${report.report_no}，${candidate.boardCode} ${candidate.widthMm}×${candidate.lengthMm} ${request.quantity}张）`,
      });
      return { id };
    });
  }
}
