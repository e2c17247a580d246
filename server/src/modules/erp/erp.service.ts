import { sql } from 'kysely';
import { orderTransition } from '@core/contracts/work-order/order-state';
import { ErpMessages, type BinOrder, type ChangeWarning, type ErpLogDetail, type ErpLogEntry } from '@core/contracts/work-order/erp';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { formatDateTime } from '../../lib/datetime';
import { conflict, notFound } from '../../lib/errors';
import { FactoryEntity, factoryList, inScope, requireOne, type RowOf } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';
import { addOrderHistory, lockOrder, moveOrder, type Actor } from '../production-order';
import { applyOrderChanges, changeView, type ErpFieldChange } from './order-changes';

// ---- sync log -------------------------------------------------------------------------------------

const ERP_LOG_LIST = factoryList('l', {
  filters: {
    erpOrderNo: { column: 'l.erp_order_no', kind: 'like', label: 'ERP订单号' },
    orderNo: { column: 'o.order_no', kind: 'like', label: '订单号' },
    messageType: { column: 'l.message_type', kind: 'in', label: '消息类型' },
    status: { column: 'l.status', kind: 'in', label: '同步状态', integer: true },
    createTime: { column: 'l.created_at', kind: 'dateRange', label: '同步时间' },
  },
  sorts: { id: 'l.id', createTime: 'l.created_at', erpOrderNo: 'l.erp_order_no' },
  defaultSort: { field: 'createTime', direction: 'desc' },
});

function logQuery(db: Db) {
  return db
    .selectFrom('erp_sync_log as l')
    .leftJoin('production_order as o', 'o.id', 'l.order_id')
    .select([
      'l.id',
      'l.message_type as messageType',
      'l.erp_order_no as erpOrderNo',
      'l.erp_line as erpLine',
      'l.erp_version as erpVersion',
      'l.status',
      'l.result',
      'l.error',
      'l.order_id as orderId',
      'o.order_no as orderNo',
      'l.attempts',
      'l.payload',
      'l.created_at as createdAt',
      'l.updated_at as updatedAt',
    ]);
}

function toLogEntry(row: RowOf<typeof logQuery>): ErpLogEntry {
  const { payload: _payload, orderNo, createdAt, updatedAt, ...rest } = row;
  return { ...rest, orderNo: orderNo ?? '', createTime: formatDateTime(createdAt), updateTime: formatDateTime(updatedAt) };
}

/** /erp-log: every ERP message with its outcome. */
export class ErpLogService extends FactoryEntity({ query: logQuery, alias: 'l', list: ERP_LOG_LIST, toView: toLogEntry, notFound: ErpMessages.logNotFound }) {
  async detailWithPayload(scope: Scope, id: number): Promise<ErpLogDetail> {
    const row = await requireOne(logQuery(this.db), 'l', scope, id, ErpMessages.logNotFound);
    return { ...toLogEntry(row), payload: row.payload };
  }
}

// ---- change warnings ------------------------------------------------------------------------------

/** An order's ERP change warnings: listed, accepted (the changes applied) or kept (marked, order untouched). */
export class ChangeWarningService {
  constructor(private readonly db: Db) {}

  async list(scope: Scope, orderId: number, all = false): Promise<ChangeWarning[]> {
    let query = this.db
      .selectFrom('order_change_warning as w')
      .innerJoin('production_order as o', 'o.id', 'w.order_id')
      .leftJoin('app_user as u', 'u.id', 'w.handled_by')
      .select(['w.id', 'w.order_id', 'o.order_no', 'w.erp_version', 'w.state', 'w.changes', 'w.handled_at', 'w.created_at', 'u.nick_name', 'u.username'])
      .where(inScope(scope, 'w'))
      .where('w.order_id', '=', orderId);
    if (!all) query = query.where('w.state', '=', 0);
    const rows = await query.orderBy('w.id').execute();
    return rows.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      orderNo: row.order_no,
      erpVersion: row.erp_version,
      state: row.state,
      changes: row.changes.map(changeView),
      handledBy: row.nick_name || row.username || '',
      handledTime: row.handled_at ? formatDateTime(row.handled_at) : '',
      createTime: formatDateTime(row.created_at),
    }));
  }

  /** Applies each pending warning's changes (oldest first), re-planning only operations not issued nor reported. */
  accept(scope: Scope, ids: number[], context: OperationContext): Promise<void> {
    return this.handle(scope, ids, context, 1);
  }

  /** Marks the warnings kept: the order stays as it is. */
  keep(scope: Scope, ids: number[], context: OperationContext): Promise<void> {
    return this.handle(scope, ids, context, 2);
  }

  private async handle(scope: Scope, ids: number[], context: OperationContext, state: 1 | 2): Promise<void> {
    const actor: Actor = { userId: scope.userId };
    await this.db.transaction().execute(async (trx) => {
      const warnings = await trx.selectFrom('order_change_warning').selectAll().where(inScope(scope)).where('id', 'in', ids).orderBy('id').forUpdate().execute();
      if (warnings.length !== ids.length) throw notFound(ErpMessages.warningNotFound);
      if (warnings.some((warning) => warning.state !== 0)) throw conflict(ErpMessages.warningHandled);
      for (const warning of warnings) {
        const { order } = await lockOrder(trx, scope, warning.order_id);
        if (order.revoked) throw conflict(ErpMessages.orderRevoked(order.erp_order_no));
        const changes = warning.changes as ErpFieldChange[];
        const summary = changes.map((change) => change.label).join('、');
        if (state === 1) {
          await applyOrderChanges(trx, scope, order, changes);
          await addOrderHistory(trx, scope, order.id, actor, 'erp-accept', `接受ERP变更（版本${warning.erp_version}）：${summary}`, changes);
        } else {
          await addOrderHistory(trx, scope, order.id, actor, 'erp-keep', `保持原样，未采用ERP变更（版本${warning.erp_version}）：${summary}`);
        }
        await trx.updateTable('order_change_warning').set({ state, handled_by: scope.userId, handled_at: new Date(), updated_at: new Date() }).where('id', '=', warning.id).execute();
        await recordOperation(trx, context, { ...scope, content: `${state === 1 ? '接受变更' : '保持原样'}：${order.order_no}（ERP版本${warning.erp_version}：${summary}）` });
      }
    });
  }
}

// ---- recycling bin --------------------------------------------------------------------------------

const BIN_LIST = factoryList('o', {
  filters: {
    orderNo: { column: 'o.order_no', kind: 'like', label: '订单号' },
    erpOrderNo: { column: 'o.erp_order_no', kind: 'like', label: 'ERP订单号' },
    customerName: { column: 'o.customer_name', kind: 'like', label: '客户名称' },
    productName: { column: 'o.product_name', kind: 'like', label: '产品名称' },
    revokedTime: { column: 'o.revoked_at', kind: 'dateRange', label: '撤销时间' },
  },
  sorts: { id: 'o.id', revokedTime: 'o.revoked_at', orderNo: 'o.order_no', deliveryDate: 'o.delivery_date' },
  defaultSort: { field: 'revokedTime', direction: 'desc' },
});

function binQuery(db: Db) {
  return db
    .selectFrom('production_order as o')
    .select([
      'o.id',
      'o.order_no as orderNo',
      'o.erp_order_no as erpOrderNo',
      'o.erp_line as erpLine',
      'o.erp_version as erpVersion',
      'o.customer_name as customerName',
      'o.product_name as productName',
      'o.quantity',
      'o.unit',
      sql<string>`to_char(o.delivery_date, 'YYYY-MM-DD')`.as('deliveryDate'),
      'o.status',
      'o.revoked_at as revokedAt',
      'o.created_at as createdAt',
    ])
    .select((eb) => eb.exists(eb.selectFrom('work_report as r').select('r.id').whereRef('r.order_id', '=', 'o.id')).as('hasReports'))
    .where('o.revoked', '=', true);
}

function toBinOrder(row: RowOf<typeof binQuery>): BinOrder {
  const { revokedAt, createdAt, deliveryDate, hasReports, ...rest } = row;
  return {
    ...rest,
    deliveryDate,
    hasReports: Boolean(hasReports),
    revokedTime: revokedAt ? formatDateTime(revokedAt) : '',
    createTime: formatDateTime(createdAt),
  };
}

/** /order-recycling-bin: revoked orders, restored (back where they were) or deleted for good with their operations. */
export class RecyclingBinService extends FactoryEntity({ query: binQuery, alias: 'o', list: BIN_LIST, toView: toBinOrder, notFound: ErpMessages.binNotFound }) {
  async restore(scope: Scope, ids: number[], context: OperationContext): Promise<{ restored: number }> {
    const actor: Actor = { userId: scope.userId };
    await this.db.transaction().execute(async (trx) => {
      for (const id of ids) await moveOrder(trx, scope, id, 'restore', { actor, context });
    });
    return { restored: ids.length };
  }

  /** Deletes orders of the bin with their operations, history and warnings: only when nothing was ever reported. */
  async purge(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    await this.db.transaction().execute(async (trx) => {
      const names: string[] = [];
      for (const id of ids) {
        const { order, facts } = await lockOrder(trx, scope, id);
        // Even a cancelled report keeps its operation: such an order stays.
        const anyReport = await trx.selectFrom('work_report').select('id').where('order_id', '=', id).limit(1).executeTakeFirst();
        const legal = orderTransition({ ...facts, hasReports: facts.hasReports || anyReport !== undefined }, 'purge');
        if (!legal.ok) throw conflict(`${order.order_no}：${legal.message}`);
        await trx.deleteFrom('production_order_operation').where('order_id', '=', id).execute();
        await trx.deleteFrom('production_order').where('id', '=', id).execute();
        names.push(order.order_no);
      }
      await recordOperation(trx, context, { ...scope, content: `彻底删除生产订单：${names.join('、')}` });
    });
    return { deleted: ids.length };
  }
}
