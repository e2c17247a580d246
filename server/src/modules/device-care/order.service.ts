import { sql } from 'kysely';
import {
  CARE_NOUN,
  CARE_STATE,
  isNormalResult,
  normalRangeText,
  type CalendarDay,
  type CalendarQuery,
  type CareHomeFigures,
  type CareKind,
  type CareOrder,
  type CareOrderDetail,
  type ExecuteRequest,
  type RaiseRepairRequest,
  type RaiseRepairResult,
} from '@core/contracts/device-care';
import type { PageResult } from '@core/contracts/common';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { monthDates } from '../../domain/calendar';
import { formatDate, formatDateTime, stampsOf } from '../../lib/datetime';
import { conflict, notFound, validation } from '../../lib/errors';
import { runList, type ListParams, type ListSpec } from '../../lib/list-query';
import { factoryUsers, flag, num, requireImages, text } from '../../lib/rows';
import { factoryList, inScope, requireOne } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';
import { insertRepair } from '../device-repair';
import { ITEM_COLUMNS, toItem } from './scheme.service';

export const orderMessages = (kind: CareKind) => {
  const noun = CARE_NOUN[kind];
  return {
    notFound: `${noun}工单不存在`,
    done: `${noun}工单已完成，不能再修改`,
    itemNotFound: '检查项目不属于该工单',
    missing: (item: string) => `请填写「${item}」的结果`,
    photoMissing: (item: string) => `「${item}」需要拍照，请上传照片`,
    photoNotFound: '照片不存在，请重新上传',
    notAbnormal: (item: string) => `「${item}」结果正常，无需报修`,
    noResult: (item: string) => `请先保存「${item}」的结果再报修`,
    repaired: (item: string, repairNo: string) => `「${item}」已报修（${repairNo}）`,
    deviceGone: '设备已删除，无法报修',
  };
};

const ORDER_FILTERS: ListSpec['filters'] = {
  orderNo: { column: 'o.order_no', kind: 'like', label: '工单号' },
  planName: { column: 'o.plan_name', kind: 'like', label: '计划' },
  deviceName: { column: 'o.device_search', kind: 'like', label: '设备' },
  deviceId: { column: 'o.device_id', kind: 'eq', label: '设备', integer: true },
  state: { column: 'o.shown_state', kind: 'in', label: '状态', integer: true },
  dueTime: { column: 'o.due_time', kind: 'dateRange', label: '到期时间' },
  assigneeId: { column: 'o.assignee_id', kind: 'eq', label: '执行人', integer: true },
};
export const ORDER_LIST = factoryList('o', {
  filters: ORDER_FILTERS,
  sorts: { id: 'o.id', orderNo: 'o.order_no', dueTime: 'o.due_time', state: 'o.shown_state', finishTime: 'o.finish_time' },
  defaultSort: { field: 'dueTime', direction: 'desc' },
});

/** The kind's orders with their state as of `now` (4 已逾期: not done by the due time) as `o`. */
function orderQuery(db: Db, kind: CareKind, now: Date) {
  const inner = db
    .selectFrom('care_order as c')
    .selectAll('c')
    .select((eb) => [
      sql<number>`case when c.state < ${CARE_STATE.done} and c.due_time < ${now} then ${CARE_STATE.overdue} else c.state end`.as('shown_state'),
      eb.selectFrom('care_order_item as i').select(sql<number>`count(*)::int`.as('n')).whereRef('i.order_id', '=', 'c.id').as('item_count'),
      eb.selectFrom('care_order_item as i').select(sql<number>`count(*)::int`.as('n')).whereRef('i.order_id', '=', 'c.id').where('i.normal', '=', false).as('abnormal_count'),
      eb.selectFrom('care_order_item as i').select(sql<number>`count(*)::int`.as('n')).whereRef('i.order_id', '=', 'c.id').where('i.repair_id', 'is not', null).as('repair_count'),
    ])
    .where('c.kind', '=', kind);
  return db.selectFrom(inner.as('o')).selectAll('o');
}

function toOrder(row: Awaited<ReturnType<ReturnType<typeof orderQuery>['executeTakeFirstOrThrow']>>): CareOrder {
  return {
    id: row.id,
    orderNo: row.order_no,
    planId: row.plan_id,
    planName: row.plan_name,
    schemeName: row.scheme_name,
    deviceId: row.device_id,
    deviceNo: row.device_no,
    deviceName: row.device_name,
    cycle: row.cycle,
    periodStart: formatDateTime(row.period_start),
    dueTime: formatDateTime(row.due_time),
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    state: Number(row.shown_state),
    executorName: row.executor_name,
    finishTime: row.finish_time ? formatDateTime(row.finish_time) : null,
    itemCount: Number(row.item_count ?? 0),
    abnormalCount: Number(row.abnormal_count ?? 0),
    repairCount: Number(row.repair_count ?? 0),
    remark: row.remark,
    ...stampsOf(row),
  };
}

/** The order a write works on, locked to the end of its transaction; 4004 outside the factory or kind. */
async function lockOrder(trx: Db, scope: Scope, kind: CareKind, id: number) {
  const order = await trx.selectFrom('care_order').selectAll().where(inScope(scope)).where('kind', '=', kind).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!order) throw notFound(orderMessages(kind).notFound);
  return order;
}

/** 点检工单 / 保养工单: list, detail, execution, 异常报修, the month calendar and the caller's to-dos. */
export class OrderService {
  private readonly messages: ReturnType<typeof orderMessages>;
  private readonly noun: string;

  constructor(
    private readonly db: Db,
    private readonly kind: CareKind,
    private readonly now: () => Date,
  ) {
    this.messages = orderMessages(kind);
    this.noun = CARE_NOUN[kind];
  }

  list(scope: Scope, params: ListParams): Promise<PageResult<CareOrder>> {
    const mine = flag(params.mine) ? { assigneeId: scope.userId } : {};
    return runList(this.db, orderQuery(this.db, this.kind, this.now()), ORDER_LIST, scope, { ...params, assigneeId: undefined, ...mine }, toOrder);
  }

  async detail(scope: Scope, id: number): Promise<CareOrderDetail> {
    const order = toOrder(await requireOne(orderQuery(this.db, this.kind, this.now()), 'o', scope, id, this.messages.notFound));
    const items = await this.db
      .selectFrom('care_order_item as i')
      .leftJoin('repair_order as r', 'r.id', 'i.repair_id')
      .select(ITEM_COLUMNS.map((column) => `i.${column}` as const))
      .select(['i.value', 'i.yes', 'i.normal', 'i.photos', 'i.remark', 'i.repair_id', 'r.repair_no'])
      .where('i.order_id', '=', id)
      .orderBy('i.seq')
      .execute();
    return {
      ...order,
      items: items.map((item) => ({
        ...toItem(item),
        value: num(item.value),
        yes: item.yes,
        normal: item.normal,
        photos: item.photos ?? [],
        remark: item.remark,
        repairId: item.repair_id,
        repairNo: item.repair_no ?? '',
      })),
    };
  }

  /**
   * 保存 (执行中) or 提交 (已完成) the results: each item judged by the server (a value outside its
   * range, or the other answer, is abnormal); 提交 needs every item answered and photos where asked.
   */
  async execute(scope: Scope, request: ExecuteRequest, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, scope, this.kind, request.id);
      if (order.state === CARE_STATE.done) throw conflict(this.messages.done);
      const items = await trx.selectFrom('care_order_item').selectAll().where('order_id', '=', order.id).orderBy('seq').execute();
      const byId = new Map(items.map((item) => [item.id, item]));
      const given = new Map(request.results.map((result) => [result.itemId, result]));
      if ([...given.keys()].some((id) => !byId.has(id))) throw validation(this.messages.itemNotFound);
      await requireImages(trx, scope, request.results.flatMap((result) => result.photos ?? []), this.messages.photoNotFound);

      let abnormal = 0;
      for (const item of items) {
        const result = given.get(item.id);
        const view = toItem(item);
        const value = item.value_kind === 'range' ? (result ? (result.value ?? null) : num(item.value)) : null;
        const yes = item.value_kind === 'yesno' ? (result ? (result.yes ?? null) : item.yes) : null;
        const photos = result ? [...new Set(result.photos ?? [])] : (item.photos ?? []);
        const normal = isNormalResult(view, { value, yes });
        if (request.submit) {
          if (normal === null) throw validation(this.messages.missing(item.name));
          if (item.photo_required && photos.length === 0) throw validation(this.messages.photoMissing(item.name));
        }
        if (normal === false) abnormal += 1;
        if (!result) continue;
        await trx
          .updateTable('care_order_item')
          .set({ value, yes, normal, photos, remark: text(result.remark) })
          .where('id', '=', item.id)
          .execute();
      }
      const name = (await factoryUsers(trx, scope, [scope.userId])).get(scope.userId) ?? '';
      const now = this.now();
      await trx
        .updateTable('care_order')
        .set({
          state: request.submit ? CARE_STATE.done : CARE_STATE.doing,
          executor_id: scope.userId,
          executor_name: name,
          finish_time: request.submit ? now : null,
          remark: text(request.remark),
          updated_at: now,
        })
        .where('id', '=', order.id)
        .execute();
      const outcome = abnormal > 0 ? `，${abnormal}项异常` : '';
      await recordOperation(trx, context, { ...scope, content: `${request.submit ? '提交' : '保存'}${this.noun}工单：${order.order_no} ${order.device_name}${outcome}` });
    });
  }

  /**
   * 异常报修: a 待处理 repair order (设备维修) for an abnormal item, made in this transaction with the
   * item's photos and a description naming the order, and linked from the item.
   */
  async raiseRepair(scope: Scope, request: RaiseRepairRequest, context: OperationContext): Promise<RaiseRepairResult> {
    return this.db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, scope, this.kind, request.id);
      const item = await trx
        .selectFrom('care_order_item as i')
        .leftJoin('repair_order as r', 'r.id', 'i.repair_id')
        .selectAll('i')
        .select('r.repair_no')
        .where('i.order_id', '=', order.id)
        .where('i.id', '=', request.itemId)
        .executeTakeFirst();
      if (!item) throw notFound(this.messages.itemNotFound);
      if (item.repair_id !== null) throw conflict(this.messages.repaired(item.name, item.repair_no ?? ''));
      if (item.normal === null) throw validation(this.messages.noResult(item.name));
      if (item.normal) throw validation(this.messages.notAbnormal(item.name));
      if (order.device_id === null) throw conflict(this.messages.deviceGone);
      const view = toItem(item);
      const found = item.value_kind === 'range' ? `${num(item.value)}${item.unit ? ` ${item.unit}` : ''}` : item.yes ? '是' : '否';
      const described = text(request.faultDescription) || `${this.noun}异常：${item.name}为${found}，正常应为${normalRangeText(view)}${item.remark ? `（${item.remark}）` : ''}`;
      const now = this.now();
      const repair = await insertRepair(
        trx,
        scope,
        {
          deviceId: order.device_id,
          faultTime: formatDateTime(now),
          faultDescription: [...described].slice(0, 200).join(''),
          reporterId: scope.userId,
          photos: (item.photos ?? []).slice(0, 4),
          remark: `来自${this.noun}工单 ${order.order_no}`,
        },
        context,
        now,
      );
      await trx.updateTable('care_order_item').set({ repair_id: repair.id }).where('id', '=', item.id).execute();
      await recordOperation(trx, context, { ...scope, content: `${this.noun}异常报修：${order.order_no}「${item.name}」→ 维修单 ${repair.repairNo}` });
      return { repairId: repair.id, repairNo: repair.repairNo };
    });
  }

  /** Orders due on each day of the month: done, still due, overdue (the caller's alone with `mine`). */
  async calendar(scope: Scope, query: CalendarQuery): Promise<CalendarDay[]> {
    const dates = monthDates(query.month);
    const from = new Date(`${dates[0]}T00:00:00`);
    const to = new Date(`${dates[dates.length - 1]}T00:00:00`);
    to.setDate(to.getDate() + 1);
    const now = this.now();
    let counts = this.db
      .selectFrom('care_order')
      .select([
        'due_time',
        'state',
      ])
      .where(inScope(scope))
      .where('kind', '=', this.kind)
      .where('due_time', '>=', from)
      .where('due_time', '<', to);
    if (flag(query.mine)) counts = counts.where('assignee_id', '=', scope.userId);
    const days = new Map(dates.map((date) => [date, { date, done: 0, due: 0, overdue: 0 }]));
    for (const row of await counts.execute()) {
      const day = days.get(formatDate(row.due_time));
      if (!day) continue;
      if (row.state === CARE_STATE.done) day.done += 1;
      else if (row.due_time < now) day.overdue += 1;
      else day.due += 1;
    }
    return [...days.values()];
  }

  /** The caller's open orders: begun and still due, and overdue (the /home to-do tiles). */
  async homeFigures(scope: Scope): Promise<CareHomeFigures> {
    const now = this.now();
    const row = await this.db
      .selectFrom('care_order')
      .select([
        sql<number>`count(*) filter (where due_time >= ${now} and period_start <= ${now})::int`.as('due'),
        sql<number>`count(*) filter (where due_time < ${now})::int`.as('overdue'),
      ])
      .where(inScope(scope))
      .where('kind', '=', this.kind)
      .where('assignee_id', '=', scope.userId)
      .where('state', '<', CARE_STATE.done)
      .executeTakeFirstOrThrow();
    return { due: Number(row.due), overdue: Number(row.overdue), today: formatDate(now) };
  }
}
