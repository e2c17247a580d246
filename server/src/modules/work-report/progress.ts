import { sql } from 'kysely';
import { operationDoneQty } from '@core/contracts/work-order/report';
import type { Db } from '../../db';
import type { OperationContext } from '../../db/operation-log';
import type { Scope } from '../../plugins/auth';
import { inScope } from '../../lib/scoped';
import { followReports } from '../paperboard';
import { ANEW_TIME_REASONS, flagAnewTime } from '../../lib/anew-time';
import { moveOrder, type Actor } from '../production-order';

/**
 * Progress arithmetic of one order, from its audited reports only (WORK_ORDER_AUDIT 2), run in the
 * caller's transaction after every approve, roll back, edit or cancel (the order row locked first,
 * so two reviews of the same order queue up):
 *
 * - each operation's good/defect quantities are the SUMs of its audited reports — recomputed from
 *   the reports, never incremented, so any sequence of approvals and roll-backs ends where the
 *   reports say;
 * - an issued operation (status 1–3) is 2 已开始 with any audited report, 3 已结束 once its audited
 *   good reaches what it must deliver less the order's under-run tolerance (operationDoneQty), and
 *   back to 1 待开始 when a roll-back leaves it none (linked statuses 6/7 are left alone);
 * - the order's good quantity is its last operation's audited good;
 * - the first audited report moves an order 3 已部署 → 4 生产中 ('start', production state 1); the
 *   last operation done moves 4 → 5 已完成 ('complete', production state 3 已完成). A roll-back never
 *   moves an order back: reviews of a finished order (5/6) are refused before they get here.
 */
export async function recomputeOrderProgress(trx: Db, scope: Scope, orderId: number, actor: Actor, context: OperationContext): Promise<void> {
  const order = await trx
    .selectFrom('production_order')
    .select(['id', 'status', 'under_percent'])
    .where(inScope(scope))
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const sums = await trx
    .selectFrom('work_report')
    .select(['operation_id', sql<string>`sum(good_qty)`.as('good'), sql<string>`sum(defect_qty)`.as('defect')])
    .where('order_id', '=', orderId)
    .where('audit_state', '=', 2)
    .groupBy('operation_id')
    .execute();
  const audited = new Map(sums.map((row) => [row.operation_id, { good: Number(row.good), defect: Number(row.defect) }]));
  const operations = await trx
    .selectFrom('production_order_operation')
    .select(['id', 'seq', 'planned_qty', 'waste_qty', 'status', 'issued', 'good_qty', 'defect_qty', 'planned_end'])
    .where('order_id', '=', orderId)
    .orderBy('seq')
    .execute();
  const under = Number(order.under_percent);
  let lastDone = false;
  let lastGood = 0;
  /** Carton scheduling: steps ended before their planned end, and the steps after them. */
  const early: number[] = [];
  for (const [index, operation] of operations.entries()) {
    const sum = audited.get(operation.id);
    const good = sum?.good ?? 0;
    const defect = sum?.defect ?? 0;
    const done = good >= operationDoneQty(operation.planned_qty, operation.waste_qty, under) && sum !== undefined;
    let status = operation.status;
    if (operation.issued && [1, 2, 3].includes(operation.status)) status = sum === undefined ? 1 : done ? 3 : 2;
    if (index === operations.length - 1) {
      lastDone = done;
      lastGood = good;
    }
    if (status === 3 && operation.status !== 3 && operation.planned_end && new Date(operation.planned_end) > new Date()) {
      early.push(operation.id, ...operations.filter((later) => later.seq > operation.seq).map((later) => later.id));
    }
    if (good === operation.good_qty && defect === operation.defect_qty && status === operation.status) continue;
    await trx
      .updateTable('production_order_operation')
      .set({ good_qty: good, defect_qty: defect, status, updated_at: new Date() })
      .where('id', '=', operation.id)
      .execute();
  }
  await trx.updateTable('production_order').set({ good_qty: lastGood }).where('id', '=', orderId).execute();
  if (early.length > 0) await flagAnewTime(trx, scope, { operationIds: early }, ANEW_TIME_REASONS.reportedEarly);

  let status = order.status;
  if (status === 3 && audited.size > 0) {
    status = (await moveOrder(trx, scope, orderId, 'start', { actor, context, note: '首次审核报工' })).to;
    await trx.updateTable('production_order').set({ production_state: 1 }).where('id', '=', orderId).execute();
  }
  if (status === 4 && lastDone) {
    await moveOrder(trx, scope, orderId, 'complete', { actor, context, note: '末道工序审核数量达到订单数量' });
    await trx.updateTable('production_order').set({ production_state: 3, completed_at: new Date() }).where('id', '=', orderId).execute();
  }
  // The corrugator schedule holding the order's board moves with its reports (已下发 → 生产中 → 已完成).
  await followReports(trx, scope, orderId, actor.name);
}
