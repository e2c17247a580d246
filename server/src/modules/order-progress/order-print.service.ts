import { sql } from 'kysely';
import { OrderPrintMessages, PRINT_MAX_ORDERS, type OrderPrintData, type OrderPrintQuery, type PrintOperation } from '@core/contracts/work-order/progress';
import type { Db } from '../../db';
import { notFound, validation } from '../../lib/errors';
import { inScope } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';
import { printTemplate } from '../sys-cfg';

/** What the 流转卡 of /print-production-order prints: the orders asked for, their operations and the template. */
export class OrderPrintService {
  constructor(private readonly db: Db) {}

  async data(scope: Scope, query: OrderPrintQuery): Promise<OrderPrintData> {
    const ids = [...new Set(query.ids.split(',').map(Number))];
    if (ids.length > PRINT_MAX_ORDERS) throw validation(OrderPrintMessages.tooMany);
    const template = await printTemplate(this.db, scope, query.templateId);
    if (!template) throw notFound(OrderPrintMessages.noTemplate);
    const orders = await this.db
      .selectFrom('production_order as o')
      .select([
        'o.id',
        'o.order_no as orderNo',
        'o.erp_order_no as erpOrderNo',
        'o.customer_po as customerPo',
        'o.customer_name as customerName',
        'o.product_no as productNo',
        'o.product_name as productName',
        'o.box_style as boxStyle',
        'o.length_mm as lengthMm',
        'o.width_mm as widthMm',
        'o.height_mm as heightMm',
        'o.sheet_width_mm as sheetWidthMm',
        'o.sheet_length_mm as sheetLengthMm',
        'o.board_code as boardCode',
        'o.flute',
        'o.print_colors as printColors',
        'o.quantity',
        'o.unit',
        sql<string>`to_char(o.delivery_date, 'YYYY-MM-DD')`.as('deliveryDate'),
        'o.flow_name as flowName',
        'o.remark',
      ])
      .where(inScope(scope, 'o'))
      .where('o.id', 'in', ids)
      .execute();
    // Every order asked for must be the factory's (another factory's id reads as not found).
    if (orders.length !== ids.length) throw notFound(OrderPrintMessages.orderNotFound);
    const operations = await this.db
      .selectFrom('production_order_operation as op')
      .leftJoin('device as d', 'd.id', 'op.device_id')
      .select(['op.id', 'op.order_id as orderId', 'op.seq', 'op.process_name as processName', sql<string>`coalesce(d.name, '')`.as('deviceName'), 'op.planned_qty as plannedQty'])
      .where(inScope(scope, 'op'))
      .where('op.order_id', 'in', ids)
      .orderBy('op.seq')
      .execute();
    const byOrder = new Map<number, PrintOperation[]>();
    for (const { orderId, ...operation } of operations) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), operation]);
    const byId = new Map(orders.map((order) => [order.id, order]));
    return { template, orders: ids.map((id) => ({ ...byId.get(id)!, operations: byOrder.get(id) ?? [] })) };
  }
}
