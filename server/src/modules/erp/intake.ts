import { sql } from 'kysely';
import { ResultCode } from '@core/contracts/common';
import {
  ErpMessages,
  type ErpBatchOutcome,
  type ErpBatchResult,
  type ErpOrderFields,
  type ErpOrderMessage,
  type ErpRetryResult,
  type ErpSyncResult,
} from '@core/contracts/work-order/erp';
import { ERP_SYNC_STATUS } from '@core/enums';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { conflict, notFound, validation } from '../../lib/errors';
import { inScope, requireRows } from '../../lib/scoped';
import { AppError } from '../../plugins/envelopes';
import type { Scope } from '../../plugins/auth';
import {
  addOrderHistory,
  batchOrderLookups,
  createOrder,
  moveOrder,
  numberedOnWrite,
  ORDER_PRODUCT_COLUMNS,
  prepareOrder,
  writeOrders,
  type Actor,
  type CreateOrderOptions,
  type OrderInput,
  type OrderLookups,
  type OrderProduct,
  type PreparedOrder,
} from '../production-order';
import { enterpriseSections } from '../sys-cfg';
import { applyOrderChanges, diffOrder, findProduct } from './order-changes';

/**
 * ERP intake: one message (create / change / revoke) of one factory, identified by ERP order no +
 * line + version, applied in one transaction and logged in erp_sync_log with its payload, result
 * and error. The same version twice changes nothing (logged as a duplicate, success); an older
 * version is refused (abnormal). Refusals of the data (missing fields, unknown order) are 3 同步失败,
 * refusals of the order's state (older version, revoked, reported, scheduled too far) 4 同步异常;
 * either can be retried from /erp-log once the cause is gone.
 */

const STATUS = { toSync: 1, syncing: 5, success: 2, failed: 3, abnormal: 4 } as const;
/** The ERP in history lines and the operation log. */
const ERP_ACTOR: Actor = { userId: null, name: 'ERP' };
/** Order statuses a change is applied to at once (not yet scheduled). */
const DIRECT = new Set([0, 1, 2, 8, 9]);
/** Scheduled, producing or suspended: a change waits for a planner as a warning. */
const SCHEDULED = new Set([3, 4, 10]);

interface LogEntry {
  status: number;
  result: string;
  error: string;
  orderId: number | null;
}
/** Log rows per insert. */
const LOG_CHUNK = 200;

interface Outcome {
  result: string;
  orderId: number | null;
  orderNo: string;
}

const line = (message: ErpOrderMessage) => message.erpLine?.trim() ?? '';
const label = (message: ErpOrderMessage) => `${message.erpOrderNo}${line(message) ? `/${line(message)}` : ''}`;

const keyOf = (message: ErpOrderMessage) => `${message.erpOrderNo}\u0000${line(message)}`;
const createdResult = (orderNo: string, status: number) => `已新建订单${orderNo}${status === 8 ? '，产品或工艺路线未找到，待录入' : ''}`;

/** What a batch reads once: products by number and name, and the order lookups (flows, config, numbers). */
interface BatchLookups {
  product(fields: ErpOrderFields): OrderProduct | undefined;
  orders: OrderLookups;
}

/**
 * Serialises each ERP order of `messages` with every other message about it, in `trx` (advisory
 * locks taken in one statement, in hash order so two batches never wait on each other crosswise).
 */
async function lockErpOrders(trx: Db, scope: Scope, messages: ErpOrderMessage[]): Promise<void> {
  const keys = [...new Set(messages.map((message) => `erp:${message.erpOrderNo}:${line(message)}`))];
  await sql`select count(pg_advisory_xact_lock(${scope.orgId}::int, h)) from (select distinct hashtext(k) as h from (values ${sql.join(keys.map((key) => sql`(${key})`))}) as v(k) order by h) as s`.execute(trx);
}

/**
 * The ERP orders of `messages` that exist (keyOf): the batch's ERP order numbers joined to the
 * factory's ERP orders. (As an `in` list of 500 numbers, a table grown since its statistics were
 * taken — a first intake of thousands of orders — was planned as 500 searches of the ERP number's
 * trigram index: 5–9 s a batch, against 9 ms this way.)
 */
async function existingErpOrders(trx: Db, scope: Scope, messages: ErpOrderMessage[]): Promise<Set<string>> {
  const numbers = [...new Set(messages.map((message) => message.erpOrderNo))];
  const { rows } = await sql<{ erp_order_no: string; erp_line: string }>`
    select o.erp_order_no, o.erp_line from unnest(${numbers}::text[]) as k(no)
    join production_order o on o.enterprise_id = ${scope.enterpriseId} and o.org_id = ${scope.orgId} and o.erp_order_no = k.no and o.erp_order_no <> ''`.execute(trx);
  return new Set(rows.map((row) => `${row.erp_order_no}\u0000${row.erp_line}`));
}

/** The products the batch's messages name, read at once; found as findProduct finds them (by number, else the first by name). */
async function batchLookups(trx: Db, scope: Scope, messages: ErpOrderMessage[]): Promise<BatchLookups> {
  const numbers = [...new Set(messages.map((message) => message.order?.productNo?.trim()).filter((value): value is string => !!value))];
  const names = [...new Set(messages.map((message) => message.order?.productName?.trim()).filter((value): value is string => !!value))];
  const products =
    numbers.length + names.length === 0
      ? []
      : await trx
          .selectFrom('product')
          .select(ORDER_PRODUCT_COLUMNS)
          .where(inScope(scope))
          .where((eb) => eb.or([...(numbers.length ? [eb('product_no', 'in', numbers)] : []), ...(names.length ? [eb('name', 'in', names)] : [])]))
          .orderBy('id')
          .execute();
  const byNo = new Map(products.map((product) => [product.product_no, product]));
  const byName = new Map<string, OrderProduct>();
  for (const product of products) if (!byName.has(product.name)) byName.set(product.name, product);
  return {
    product: (fields) => (fields.productNo?.trim() && byNo.get(fields.productNo.trim())) || (fields.productName?.trim() ? byName.get(fields.productName.trim()) : undefined),
    orders: batchOrderLookups(trx, scope, products),
  };
}

/** createOrder's options for the ERP order of `message`. */
const erpOrderOptions = (message: ErpOrderMessage, context: OperationContext, lookups?: OrderLookups): CreateOrderOptions => ({
  source: 2,
  actor: ERP_ACTOR,
  context,
  erp: { orderNo: message.erpOrderNo, line: line(message), version: message.version },
  requireFlow: false,
  lookups,
});

/** 4009 (a refusal because of the order's state) is abnormal; anything else the data's fault. */
function statusOf(error: AppError): number {
  return error.code === ResultCode.CONFLICT ? STATUS.abnormal : STATUS.failed;
}

export class ErpIntake {
  constructor(private readonly db: Db) {}

  /** Receives one message: applied and logged; a refusal is logged and thrown (the ERP gets its code and message). */
  async receive(scope: Scope, message: ErpOrderMessage, context: OperationContext): Promise<ErpSyncResult> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const outcome = await this.apply(trx, scope, message, context);
        const logId = await this.log(trx, scope, message, { status: STATUS.success, result: outcome.result, error: '', orderId: outcome.orderId });
        return { logId, status: STATUS.success, ...outcome };
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await this.log(this.db, scope, message, { status: statusOf(error), result: '', error: error.message, orderId: await this.orderIdOf(scope, message) });
      throw error;
    }
  }

  /**
   * Receives a batch of messages in one transaction, each with its own outcome and log row exactly
   * as if sent alone, in the order given. The ERP orders of the batch are locked at once; a new
   * order (the usual message) is checked in memory against products, flows and config read once
   * per batch, and written with the others in a few multi-row inserts, numbered (in message order,
   * from one draw) only then: the factory's numbering lock is taken when the checked orders are
   * written, so batches of one factory check their orders side by side. A message about an order
   * that exists runs alone inside a savepoint, so a refusal takes back only its own writes. Log rows
   * are written at the end, in message order.
   */
  async receiveBatch(scope: Scope, messages: ErpOrderMessage[], context: OperationContext): Promise<ErpBatchResult> {
    return this.db.transaction().execute(async (trx) => {
      await lockErpOrders(trx, scope, messages);
      const batch = await batchLookups(trx, scope, messages);
      const known = await existingErpOrders(trx, scope, messages);
      const numbering = numberedOnWrite(batch.orders);
      const outcomes: Array<Omit<ErpBatchOutcome, 'logId'>> = [];
      let pending: Array<{ index: number; order: PreparedOrder }> = [];
      const flush = async () => {
        if (pending.length === 0) return;
        await numbering.assign(pending.map(({ order }) => order));
        const ids = await writeOrders(trx, scope, pending.map(({ order }) => order));
        pending.forEach(({ index, order }, position) => {
          const orderNo = order.values.order_no;
          Object.assign(outcomes[index]!, { orderId: ids[position]!, orderNo, result: createdResult(orderNo, order.status) });
        });
        pending = [];
      };
      const refused = async (message: ErpOrderMessage, error: AppError) => ({
        status: statusOf(error),
        code: error.code,
        result: '',
        error: error.message,
        orderId: known.has(keyOf(message)) ? await this.orderIdOf(scope, message, trx) : null,
        orderNo: '',
      });

      for (const [index, message] of messages.entries()) {
        if (!known.has(keyOf(message)) && message.type === 'create') {
          // A new ERP order: nothing to take back when refused, as everything is checked before it is written.
          try {
            const order = await prepareOrder(trx, scope, await orderInput(trx, scope, message.order ?? {}, batch), erpOrderOptions(message, context, numbering.lookups));
            pending.push({ index, order });
            known.add(keyOf(message));
            // Its number, id and result are filled in when it is written (flush).
            outcomes.push({ status: STATUS.success, code: ResultCode.SUCCESS, result: '', error: '', orderId: null, orderNo: '' });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            outcomes.push(await refused(message, error));
          }
          continue;
        }
        await flush();
        await sql`savepoint erp_message`.execute(trx);
        try {
          const outcome = await this.apply(trx, scope, message, context, batch);
          await sql`release savepoint erp_message`.execute(trx);
          known.add(keyOf(message));
          outcomes.push({ status: STATUS.success, code: ResultCode.SUCCESS, error: '', ...outcome });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          await sql`rollback to savepoint erp_message`.execute(trx);
          await sql`release savepoint erp_message`.execute(trx);
          outcomes.push(await refused(message, error));
        }
      }
      await flush();
      const logIds = await this.logAll(trx, scope, messages, outcomes);
      return { results: outcomes.map((outcome, index) => ({ logId: logIds[index]!, ...outcome })) };
    });
  }

  /**
   * Runs failed (3) or abnormal (4) messages again, oldest first: each is marked 1 待同步, then
   * 5 同步中 while it runs, then its outcome, attempts counted. 4004 for a log outside the factory,
   * 4009 for one that is not failed or abnormal (nothing changed then).
   */
  async retry(scope: Scope, ids: number[], context: OperationContext): Promise<ErpRetryResult> {
    const logs = await requireRows(this.db, 'erp_sync_log', ['id', 'status', 'erp_order_no', 'payload'], scope, ids, ErpMessages.logNotFound);
    const refused = logs.find((log) => log.status !== STATUS.failed && log.status !== STATUS.abnormal);
    if (refused) throw conflict(ErpMessages.retryNotAllowed(refused.erp_order_no));
    await this.db.updateTable('erp_sync_log').set({ status: STATUS.toSync, updated_at: new Date() }).where(inScope(scope)).where('id', 'in', ids).execute();
    let succeeded = 0;
    for (const log of [...logs].sort((a, b) => a.id - b.id)) {
      await this.db
        .updateTable('erp_sync_log')
        .set((eb) => ({ status: STATUS.syncing, attempts: eb('attempts', '+', 1), updated_at: new Date() }))
        .where('id', '=', log.id)
        .execute();
      const message = log.payload as ErpOrderMessage;
      try {
        await this.db.transaction().execute(async (trx) => {
          const outcome = await this.apply(trx, scope, message, context);
          await this.finish(trx, log.id, { status: STATUS.success, result: outcome.result, error: '', orderId: outcome.orderId });
          await recordOperation(trx, context, { ...scope, content: `重试订单同步：${label(message)}（版本${message.version}），${outcome.result}` });
        });
        succeeded += 1;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await this.db.transaction().execute(async (trx) => {
          await this.finish(trx, log.id, { status: statusOf(error), result: '', error: error.message, orderId: await this.orderIdOf(scope, message) });
          await recordOperation(trx, context, { ...scope, content: `重试订单同步：${label(message)}（版本${message.version}），${ERP_SYNC_STATUS.label(statusOf(error))}：${error.message}` });
        });
      }
    }
    return { retried: logs.length, succeeded };
  }

  private async orderIdOf(scope: Scope, message: ErpOrderMessage, db: Db = this.db): Promise<number | null> {
    const order = await db
      .selectFrom('production_order')
      .select('id')
      .where(inScope(scope))
      .where('erp_order_no', '=', message.erpOrderNo)
      // (the partial unique index of ERP orders needs the condition spelled out)
      .where('erp_order_no', '<>', '')
      .where('erp_line', '=', line(message))
      .executeTakeFirst();
    return order?.id ?? null;
  }

  private async log(db: Db, scope: Scope, message: ErpOrderMessage, entry: LogEntry): Promise<number> {
    const [id] = await this.logAll(db, scope, [message], [entry]);
    return id!;
  }

  /** Log rows of messages with their outcomes (multi-row inserts); their ids in the same order. */
  private async logAll(db: Db, scope: Scope, messages: ErpOrderMessage[], entries: LogEntry[]): Promise<number[]> {
    const ids: number[] = [];
    for (let start = 0; start < messages.length; start += LOG_CHUNK) {
      const rows = await db
        .insertInto('erp_sync_log')
        .values(
          messages.slice(start, start + LOG_CHUNK).map((message, offset) => {
            const entry = entries[start + offset]!;
            return {
              enterprise_id: scope.enterpriseId,
              org_id: scope.orgId,
              message_type: message.type,
              erp_order_no: message.erpOrderNo,
              erp_line: line(message),
              erp_version: message.version,
              payload: JSON.stringify(message),
              status: entry.status,
              result: entry.result,
              error: entry.error,
              order_id: entry.orderId,
            };
          }),
        )
        .returning('id')
        .execute();
      // One statement draws its ids from the sequence row by row: ascending is the order given.
      ids.push(...rows.map((row) => row.id).sort((a, b) => a - b));
    }
    return ids;
  }

  private async finish(db: Db, id: number, entry: { status: number; result: string; error: string; orderId: number | null }): Promise<void> {
    await db
      .updateTable('erp_sync_log')
      .set({ status: entry.status, result: entry.result, error: entry.error, order_id: entry.orderId, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** The message's effect in `trx` (the ERP order serialised by an advisory lock); throws AppError to refuse. */
  private async apply(trx: Db, scope: Scope, message: ErpOrderMessage, context: OperationContext, batch?: BatchLookups): Promise<Outcome> {
    if (!batch) await lockErpOrders(trx, scope, [message]);
    const order = await trx
      .selectFrom('production_order')
      .selectAll()
      .where(inScope(scope))
      .where('erp_order_no', '=', message.erpOrderNo)
      // (the partial unique index of ERP orders needs the condition spelled out)
      .where('erp_order_no', '<>', '')
      .where('erp_line', '=', line(message))
      .forUpdate()
      .executeTakeFirst();
    if (order && message.version === order.erp_version) return { result: ErpMessages.duplicate(message.version), orderId: order.id, orderNo: order.order_no };
    if (order && message.version < order.erp_version) throw conflict(ErpMessages.olderVersion(message.version, order.erp_version));

    if (!order) {
      if (message.type !== 'create') throw notFound(ErpMessages.orderMissing(label(message)));
      const created = await createOrder(trx, scope, await orderInput(trx, scope, message.order ?? {}, batch), erpOrderOptions(message, context, batch?.orders));
      return { result: createdResult(created.orderNo, created.status), orderId: created.id, orderNo: created.orderNo };
    }
    if (order.revoked) throw conflict(ErpMessages.orderRevoked(label(message)));
    const setVersion = () => trx.updateTable('production_order').set({ erp_version: message.version }).where('id', '=', order.id).execute();

    if (message.type === 'revoke') {
      await moveOrder(trx, scope, order.id, 'revoke', { actor: ERP_ACTOR, context, note: `ERP版本${message.version}` });
      await setVersion();
      return { result: `订单${order.order_no}已撤销，移入订单回收站`, orderId: order.id, orderNo: order.order_no };
    }

    // A create of an order that exists is its newer version: a change.
    const changes = await diffOrder(trx, scope, order, message.order ?? {});
    await setVersion();
    if (changes.length === 0) return { result: `订单${order.order_no}无字段变化`, orderId: order.id, orderNo: order.order_no };
    const summary = changes.map((change) => change.label).join('、');
    const issued = await trx.selectFrom('production_order_operation').select('id').where('order_id', '=', order.id).where('issued', '=', true).limit(1).executeTakeFirst();
    if (SCHEDULED.has(order.status) || issued) {
      await trx
        .insertInto('order_change_warning')
        .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, order_id: order.id, erp_version: message.version, changes: JSON.stringify(changes) })
        .execute();
      await addOrderHistory(trx, scope, order.id, ERP_ACTOR, 'erp-change-warning', `ERP变更（版本${message.version}）待处理：${summary}`, changes);
      return { result: `订单${order.order_no}已排产，已记录变更提醒：${summary}`, orderId: order.id, orderNo: order.order_no };
    }
    if (!DIRECT.has(order.status)) throw conflict(`订单${order.order_no}状态不允许变更`);
    const { hasOperations } = await applyOrderChanges(trx, scope, order, changes);
    await addOrderHistory(trx, scope, order.id, ERP_ACTOR, 'erp-change', `ERP变更（版本${message.version}）：${summary}`, changes);
    await recordOperation(trx, context, { ...scope, userId: null, content: `ERP变更生产订单：${order.order_no}（${summary}）` });
    if (order.status === 8 && hasOperations) {
      // Entered as a new order would have been: released at once when the factory audits no orders.
      await moveOrder(trx, scope, order.id, 'enter', { actor: ERP_ACTOR, context, note: '产品已识别' });
      if (!(await (batch?.orders.sections() ?? enterpriseSections(trx, scope))).orderAuditConfig.needAudit) await moveOrder(trx, scope, order.id, 'approve', { actor: ERP_ACTOR, context, note: '无需订单审核' });
    }
    return { result: `订单${order.order_no}已更新：${summary}`, orderId: order.id, orderNo: order.order_no };
  }
}

/** The ERP's fields as an order form; the product found by number or name (else 待录入). */
async function orderInput(trx: Db, scope: Scope, fields: ErpOrderFields, batch?: BatchLookups): Promise<OrderInput> {
  const required: Array<[unknown, string]> = [
    [fields.customerName?.trim(), '客户名称'],
    [fields.productNo?.trim() || fields.productName?.trim(), '产品编号或产品名称'],
    [fields.quantity, '订单数量'],
    [fields.deliveryDate, '交货日期'],
  ];
  const missing = required.find(([value]) => value === undefined || value === '');
  if (missing) throw validation(ErpMessages.fieldRequired(missing[1]));
  const product = batch ? batch.product(fields) : await findProduct(trx, scope, fields);
  return {
    customerName: fields.customerName!,
    customerPo: fields.customerPo,
    productId: product?.id ?? null,
    productName: fields.productName?.trim() || product?.name || fields.productNo!.trim(),
    boxStyle: fields.boxStyle,
    lengthMm: fields.lengthMm ?? product?.length_mm ?? 0,
    widthMm: fields.widthMm ?? product?.width_mm ?? 0,
    heightMm: fields.heightMm ?? product?.height_mm ?? 0,
    boardCode: fields.boardCode,
    flute: fields.flute,
    printColors: fields.printColors,
    quantity: fields.quantity!,
    unit: fields.unit,
    overPercent: fields.overPercent,
    underPercent: fields.underPercent,
    deliveryDate: fields.deliveryDate!,
    urgency: fields.urgency as OrderInput['urgency'],
    priority: fields.priority as OrderInput['priority'],
    importance: fields.importance as OrderInput['importance'],
    remark: fields.remark,
  };
}
