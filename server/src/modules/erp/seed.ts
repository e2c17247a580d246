import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { hashToken } from '../auth';

/**
 * Demo integration keys, one per demo factory: documented in README for trying the intake with
 * curl (`X-Integration-Key`). Demo data only — a real factory creates its own on /erp-log.
 */
export const DEMO_INTEGRATION_KEYS: Record<number, string> = {
  1001: 'mesk_demo_carton_1001_erp_intake_2026',
  1002: 'mesk_demo_board_1002_erp_intake_2026',
};

const DAY = 86_400_000;
const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const shiftDay = (value: string, days: number) => dayOf(new Date(new Date(`${value}T00:00:00`).getTime() + days * DAY));

type SeedOrder = {
  id: number;
  order_no: string;
  erp_order_no: string;
  erp_line: string;
  status: number;
  customer_name: string;
  customer_po: string;
  product_no: string;
  product_name: string;
  box_style: string;
  length_mm: number;
  width_mm: number;
  height_mm: number;
  flute: string;
  board_code: string;
  quantity: number;
  unit: string;
  delivery_date: string;
  urgency: number;
  created_at: Date;
};

/** The create message an ERP sent for a seeded order. */
function createMessage(order: SeedOrder) {
  return {
    type: 'create',
    erpOrderNo: order.erp_order_no,
    erpLine: order.erp_line,
    version: 1,
    order: {
      customerName: order.customer_name,
      customerPo: order.customer_po,
      productNo: order.product_no,
      productName: order.product_name,
      boxStyle: order.box_style,
      lengthMm: order.length_mm,
      widthMm: order.width_mm,
      heightMm: order.height_mm,
      boardCode: order.board_code,
      flute: order.flute,
      quantity: order.quantity,
      unit: order.unit,
      deliveryDate: String(order.delivery_date),
      urgency: order.urgency,
    },
  };
}

/**
 * ERP intake demo per factory, on the orders the order seed marked as from the ERP: the demo key
 * and a revoked one; a create message logged for each; duplicates; a change, then an older version
 * refused; changes to scheduled orders waiting as warnings; orders revoked into the recycling bin; a
 * revoke refused because the order is producing; a change of an unknown order and a create without
 * a customer (failed); and messages waiting (待同步) and running (同步中). Runs after the order seed.
 */
export async function seedErpDemo(trx: Db, enterpriseId: number, orgIds: number[], now: Date): Promise<void> {
  for (const orgId of orgIds) {
    const scope = { enterprise_id: enterpriseId, org_id: orgId };
    const admin = await trx.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirst();
    const demoKey = DEMO_INTEGRATION_KEYS[orgId];
    if (demoKey) {
      await trx
        .insertInto('erp_integration_key')
        .values([
          { ...scope, key_hash: hashToken(demoKey), key_prefix: demoKey.slice(0, 12), name: '演示ERP接口', created_by: admin?.id ?? null, last_used_at: new Date(now.getTime() - 3_600_000) },
          { ...scope, key_hash: hashToken(`mesk_${randomBytes(32).toString('base64url')}`), key_prefix: 'mesk_old_key', name: '旧ERP接口（已作废）', revoked: true, created_by: admin?.id ?? null },
        ])
        .execute();
    }

    const orders = (await trx
      .selectFrom('production_order')
      .select(['id', 'order_no', 'erp_order_no', 'erp_line', 'status', 'customer_name', 'customer_po', 'product_no', 'product_name', 'box_style', 'length_mm', 'width_mm', 'height_mm', 'flute', 'board_code', 'quantity', 'unit', 'urgency', 'created_at'])
      .select(sql<string>`to_char(delivery_date, 'YYYY-MM-DD')`.as('delivery_date'))
      .where('enterprise_id', '=', enterpriseId)
      .where('org_id', '=', orgId)
      .where('erp_order_no', '<>', '')
      .orderBy('id')
      .execute()) as SeedOrder[];
    if (orders.length === 0) continue;

    const logs: Array<Record<string, unknown>> = [];
    const history: Array<Record<string, unknown>> = [];
    const log = (order: SeedOrder | null, message: { type: string; erpOrderNo: string; erpLine: string; version: number }, status: number, result: string, error: string, at: Date, attempts = 1) =>
      logs.push({
        ...scope,
        message_type: message.type,
        erp_order_no: message.erpOrderNo,
        erp_line: message.erpLine,
        erp_version: message.version,
        payload: JSON.stringify(message),
        status,
        result,
        error,
        order_id: order?.id ?? null,
        attempts,
        created_at: at,
        updated_at: at,
      });
    const later = (order: SeedOrder, hours: number) => new Date(Math.min(now.getTime() - 60_000, order.created_at.getTime() + hours * 3_600_000));

    for (const order of orders) log(order, createMessage(order), 2, `已新建订单${order.order_no}`, '', order.created_at);

    // The ERP sent some creates twice (a timeout on its side): nothing changed.
    for (const order of orders.slice(0, 6)) log(order, createMessage(order), 2, `重复消息：版本1已处理，未做修改`, '', later(order, 0.2));

    const scheduled = orders.filter((order) => order.status === 3 || order.status === 4);
    const open = orders.filter((order) => [0, 1, 2, 9].includes(order.status));

    // Changes to scheduled orders: a warning each, the order untouched until a planner decides.
    for (const order of scheduled.slice(0, 6)) {
      const quantity = order.quantity + 500;
      const delivery = shiftDay(order.delivery_date, 3);
      const message = { type: 'change', erpOrderNo: order.erp_order_no, erpLine: order.erp_line, version: 2, order: { quantity, deliveryDate: delivery } };
      const changes = [
        { field: 'quantity', label: '订单数量', from: order.quantity, to: quantity },
        { field: 'deliveryDate', label: '交货日期', from: String(order.delivery_date), to: delivery },
      ];
      const at = later(order, 30);
      await trx.insertInto('order_change_warning').values({ ...scope, order_id: order.id, erp_version: 2, changes: JSON.stringify(changes), created_at: at, updated_at: at }).execute();
      await trx.updateTable('production_order').set({ erp_version: 2 }).where('id', '=', order.id).execute();
      log(order, message, 2, `订单${order.order_no}已排产，已记录变更提醒：订单数量、交货日期`, '', at);
      history.push({ ...scope, order_id: order.id, user_name: 'ERP', action: 'erp-change-warning', content: 'ERP变更（版本2）待处理：订单数量、交货日期', changes: JSON.stringify(changes), created_at: at });
    }

    // A change applied at once (not yet scheduled), then its older version arriving late: refused.
    for (const order of open.slice(0, 3)) {
      const remark = '客户要求加固包装';
      const at = later(order, 5);
      await trx.updateTable('production_order').set({ erp_version: 3, remark }).where('id', '=', order.id).execute();
      log(order, { type: 'change', erpOrderNo: order.erp_order_no, erpLine: order.erp_line, version: 3, order: { remark } } as never, 2, `订单${order.order_no}已更新：备注`, '', at);
      log(order, { type: 'change', erpOrderNo: order.erp_order_no, erpLine: order.erp_line, version: 2, order: { remark: '普通包装' } } as never, 4, '', '版本2早于已处理的版本3，已拒绝', new Date(at.getTime() + 60_000));
      history.push({ ...scope, order_id: order.id, user_name: 'ERP', action: 'erp-change', content: 'ERP变更（版本3）：备注', changes: JSON.stringify([{ field: 'remark', label: '备注', from: '', to: remark }]), created_at: at });
    }

    // Revoked by the ERP: in the recycling bin.
    for (const order of open.slice(3, 11)) {
      const at = later(order, 48);
      await trx.updateTable('production_order').set({ revoked: true, revoked_at: at, erp_version: 2 }).where('id', '=', order.id).execute();
      log(order, { type: 'revoke', erpOrderNo: order.erp_order_no, erpLine: order.erp_line, version: 2 }, 2, `订单${order.order_no}已撤销，移入订单回收站`, '', at);
      history.push({ ...scope, order_id: order.id, user_name: 'ERP', action: 'revoke', content: '撤销（ERP版本2）', changes: '[]', created_at: at });
    }

    // A revoke of an order in production: refused (abnormal), retried once, refused again.
    const producing = orders.find((order) => order.status === 4 && !scheduled.slice(0, 6).includes(order));
    if (producing) {
      log(producing, { type: 'revoke', erpOrderNo: producing.erp_order_no, erpLine: producing.erp_line, version: 2 }, 4, '', `${producing.order_no}：订单状态为「生产中」，不能撤销`, later(producing, 72), 2);
    }
    // Data the intake could not use (failed): a change of an order it never received, a create without a customer.
    const recent = new Date(now.getTime() - 2 * 3_600_000);
    const year = now.getFullYear();
    log(null, { type: 'change', erpOrderNo: `XS${year}99001`, erpLine: '1', version: 2, order: { quantity: 3000 } } as never, 3, '', `ERP订单XS${year}99001/1不存在`, recent);
    log(null, { type: 'create', erpOrderNo: `XS${year}99002`, erpLine: '1', version: 1, order: { productName: '外箱', quantity: 1000, deliveryDate: dayOf(new Date(now.getTime() + 10 * DAY)) } } as never, 3, '', '新建订单缺少客户名称', new Date(recent.getTime() + 60_000));
    // Waiting and running right now (a retry of a batch).
    log(null, { type: 'create', erpOrderNo: `XS${year}99003`, erpLine: '1', version: 1, order: { customerName: '华东食品', productName: '礼品盒', quantity: 2000, deliveryDate: dayOf(new Date(now.getTime() + 12 * DAY)) } } as never, 1, '', '', new Date(now.getTime() - 120_000));
    log(null, { type: 'create', erpOrderNo: `XS${year}99004`, erpLine: '1', version: 1, order: { customerName: '华东食品', productName: '外箱', quantity: 5000, deliveryDate: dayOf(new Date(now.getTime() + 12 * DAY)) } } as never, 5, '', '', new Date(now.getTime() - 60_000));

    for (let start = 0; start < logs.length; start += 500) await trx.insertInto('erp_sync_log').values(logs.slice(start, start + 500) as never).execute();
    if (history.length > 0) await trx.insertInto('production_order_history').values(history as never).execute();
  }
}
