import { sql } from 'kysely';
import { BOARD_SCHEDULE_STATE, CORRUGATOR_PROCESS_CODE } from '@core/contracts/paperboard';
import type { Db } from '../../db';
import { inScope } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';
import { addBoardLog } from './log.service';
import { BOARD_ORDER_STATUSES, syncBoardOrders } from './orders.service';

/**
 * Board orders follow their production order (called by production-order and ERP in their own
 * transaction after an edit, an ERP change, a revoke or a restore):
 *
 * - no board order yet: one is made when the order now makes board (as the lists' sync would);
 * - waiting (待排) or in a draft schedule: the board order takes the order's sheet, board code,
 *   flute, corrugator quantity, due date, customer and product; a revoked order (or one that no
 *   longer runs the corrugator, or was ended (结束生产) before its board was made) marks it 已撤销 —
 *   out of standby, and a draft holding it cannot be issued — and a restore clears the mark; a draft
 *   is re-checked by its detail like any draft;
 * - on the line (its schedule issued, running or done, or the board order itself running or
 *   complete): nothing of it changes; what differs is kept as the board order's change note
 *   (shown on /paperboard/orders) and written to the scheduling log — until the two agree again.
 *
 * Each change that lands (or is held back) writes one 订单变更 line to the scheduling log.
 */
export async function followProductionOrder(trx: Db, scope: Scope, productionOrderId: number, actorName = ''): Promise<void> {
  const source = await trx
    .selectFrom('production_order as o')
    .select([
      'o.id',
      'o.order_no',
      'o.revoked',
      'o.status',
      'o.customer_name',
      'o.product_name',
      'o.board_code',
      'o.flute',
      'o.sheet_width_mm',
      'o.sheet_length_mm',
      sql<string>`to_char(o.delivery_date, 'YYYY-MM-DD')`.as('due'),
      (eb) =>
        eb
          .selectFrom('production_order_operation as x')
          .innerJoin('process as p', 'p.id', 'x.process_id')
          .select('x.planned_qty')
          .whereRef('x.order_id', '=', 'o.id')
          .where('p.code', '=', CORRUGATOR_PROCESS_CODE)
          .orderBy('x.seq')
          .limit(1)
          .as('board_qty'),
    ])
    .where(inScope(scope, 'o'))
    .where('o.id', '=', productionOrderId)
    .executeTakeFirst();
  if (!source) return;
  const board = await trx
    .selectFrom('board_order as b')
    .leftJoin('board_schedule as s', 's.id', 'b.schedule_id')
    .select([
      'b.id',
      'b.order_no',
      'b.state',
      'b.revoked',
      'b.change_note',
      'b.customer_name',
      'b.product_name',
      'b.board_code',
      'b.flute',
      'b.width_mm',
      'b.length_mm',
      'b.quantity',
      sql<string>`to_char(b.due_date, 'YYYY-MM-DD')`.as('due'),
      'b.schedule_id',
      's.schedule_no',
      's.state as schedule_state',
    ])
    .where(inScope(scope, 'b'))
    .where('b.production_order_id', '=', productionOrderId)
    .forUpdate('b')
    .executeTakeFirst();
  const quantity = Number(source.board_qty ?? 0);
  const makesBoard =
    (BOARD_ORDER_STATUSES as readonly number[]).includes(source.status) && source.sheet_width_mm > 0 && source.sheet_length_mm > 0 && source.board_code !== '' && source.flute !== '' && quantity > 0;
  if (!board) {
    if (!source.revoked && makesBoard) await syncBoardOrders(trx, scope, productionOrderId);
    return;
  }
  const onLine = board.state >= 3 || (board.schedule_state !== null && board.schedule_state >= 2 && board.schedule_state !== 5);
  // An order ended (结束生产) or finished before its board was made needs none any more.
  const ended = !onLine && (source.status === 5 || source.status === 6);
  const withdrawn = source.revoked || !makesBoard || ended;
  const next = {
    customer_name: source.customer_name,
    product_name: source.product_name,
    board_code: source.board_code,
    flute: source.flute,
    width_mm: source.sheet_width_mm,
    length_mm: source.sheet_length_mm,
    quantity,
    due: source.due,
  };
  const fields: Array<[keyof typeof next, string]> = [
    ['quantity', '数量'],
    ['width_mm', '宽'],
    ['length_mm', '长'],
    ['board_code', '纸板编码'],
    ['flute', '楞型'],
    ['due', '交期'],
    ['customer_name', '客户名称'],
    ['product_name', '品名'],
  ];
  // A withdrawn order keeps the values it had (its sizes may be gone); only the mark changes.
  const changes = withdrawn ? [] : fields.filter(([key]) => next[key] !== board[key]).map(([key, label]) => `${label} ${board[key] || '（空）'}→${next[key] || '（空）'}`);
  const withdrawal = source.revoked ? '生产订单已撤销' : ended ? '生产订单已结束生产' : source.status === 7 ? '生产订单已转回收' : '生产订单不再经过瓦线或缺少纸板信息';
  const schedule = board.schedule_id ? { scheduleId: board.schedule_id, scheduleNo: board.schedule_no ?? '' } : {};
  const log = (content: string) => addBoardLog(trx, scope, { ...schedule, action: 'follow', content, userName: actorName });

  if (onLine) {
    const note = withdrawn ? withdrawal : changes.join('；');
    if (note === board.change_note) return;
    await trx.updateTable('board_order').set({ change_note: note, changed_at: note ? new Date() : null }).where('id', '=', board.id).execute();
    const where = board.schedule_no ? `排程 ${board.schedule_no}${BOARD_SCHEDULE_STATE.label(board.schedule_state!)}` : '订单已在生产';
    await log(note ? `${where}，纸板订单 ${board.order_no} 未跟随生产订单变更：${note}` : `纸板订单 ${board.order_no} 与生产订单一致，变更提示已清除`);
    return;
  }
  if (changes.length === 0 && withdrawn === board.revoked && board.change_note === '') return;
  await trx
    .updateTable('board_order')
    .set({
      ...(withdrawn
        ? {}
        : { customer_name: next.customer_name, product_name: next.product_name, board_code: next.board_code, flute: next.flute, width_mm: next.width_mm, length_mm: next.length_mm, quantity, due_date: next.due }),
      revoked: withdrawn,
      change_note: '',
      changed_at: null,
      updated_at: new Date(),
    })
    .where('id', '=', board.id)
    .execute();
  const what = [...changes, ...(withdrawn !== board.revoked ? [withdrawn ? withdrawal : '生产订单已恢复'] : [])];
  if (what.length) await log(`纸板订单 ${board.order_no} 跟随生产订单 ${source.order_no}：${what.join('；')}${board.schedule_no ? `（草稿排程 ${board.schedule_no} 将重新校验）` : ''}`);
}

/**
 * A schedule's state from the shop floor's reports (called by work-report after every report made
 * audited, approved, rolled back, corrected or cancelled, in its transaction). Only a board order in an
 * issued (已下发) or running (生产中) schedule moves, and its schedule with it:
 *
 * - the board order follows its production order's corrugator operation (工序 ZB01): 已排 while that
 *   operation has no audited report, 生产中 once it has one, 完工 once the operation has ended (its
 *   audited good reached what it must deliver, the operation's own rule);
 * - the schedule is 已下发 while none of its board orders made from production orders has started,
 *   生产中 once one has, 已完成 once all of them are 完工 — its board orders sold as board or re-made
 *   (no reports are made against them) are then taken as made with it. A roll-back of reports moves
 *   both back the same way. A schedule of hand-entered orders only is not moved by reports.
 *
 * Each change of a schedule's state writes one 生产进度 line to the scheduling log.
 */
export async function followReports(trx: Db, scope: Scope, productionOrderId: number, actorName = ''): Promise<void> {
  const board = await trx
    .selectFrom('board_order as b')
    .innerJoin('board_schedule as s', 's.id', 'b.schedule_id')
    .select(['b.id', 'b.state', 'b.schedule_id', 's.state as schedule_state'])
    .where(inScope(scope, 'b'))
    .where('b.production_order_id', '=', productionOrderId)
    .where('s.state', 'in', [2, 3, 4])
    .executeTakeFirst();
  if (!board) return;
  const schedule = await trx.selectFrom('board_schedule').select(['id', 'schedule_no', 'state']).where('id', '=', board.schedule_id!).forUpdate().executeTakeFirstOrThrow();
  const operation = await trx
    .selectFrom('production_order_operation as x')
    .innerJoin('process as p', 'p.id', 'x.process_id')
    .select(['x.status', (eb) => eb.exists(eb.selectFrom('work_report as r').select('r.id').whereRef('r.operation_id', '=', 'x.id').where('r.audit_state', '=', 2)).as('reported')])
    .where('x.order_id', '=', productionOrderId)
    .where('p.code', '=', CORRUGATOR_PROCESS_CODE)
    .orderBy('x.seq')
    .limit(1)
    .executeTakeFirst();
  const state = !operation ? board.state : operation.status === 3 ? 4 : operation.reported ? 3 : 2;
  if (state !== board.state) await trx.updateTable('board_order').set({ state, updated_at: new Date() }).where('id', '=', board.id).execute();

  const derived = await trx
    .selectFrom('board_order')
    .select(['state'])
    .where('schedule_id', '=', schedule.id)
    .where('production_order_id', 'is not', null)
    .execute();
  const done = derived.every((row) => row.state === 4);
  const next = done ? 4 : derived.some((row) => row.state >= 3) ? 3 : 2;
  if (next === schedule.state) return;
  await trx.updateTable('board_schedule').set({ state: next, updated_at: new Date() }).where('id', '=', schedule.id).execute();
  // Board sold as board or re-made has no reports of its own: it is made with its schedule.
  await trx
    .updateTable('board_order')
    .set({ state: next === 4 ? 4 : 2, updated_at: new Date() })
    .where('schedule_id', '=', schedule.id)
    .where('production_order_id', 'is', null)
    .where('state', '!=', next === 4 ? 4 : 2)
    .execute();
  const label = (value: number) => BOARD_SCHEDULE_STATE.label(value);
  await addBoardLog(trx, scope, {
    scheduleId: schedule.id,
    scheduleNo: schedule.schedule_no,
    action: 'state',
    content: `排程 ${schedule.schedule_no} ${label(schedule.state)} → ${label(next)}（${derived.filter((row) => row.state === 4).length}/${derived.length} 个生产订单的瓦线工序已完工）`,
    userName: actorName,
  });
}
