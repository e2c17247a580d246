import type { ServerModule } from '../module';
import { productionOrderRoutes } from './production-order.routes';
import { ProductionOrderService } from './production-order.service';

/**
 * 生产订单 (/production-order and its companions): production orders with their operations,
 * history and state machine. `order-core` is what other modules (ERP intake, reporting,
 * scheduling) use to create and move orders.
 */
export const productionOrderModule: ServerModule = {
  name: 'production-order',
  async register(app, { db, files }) {
    await productionOrderRoutes(app, { orders: new ProductionOrderService(db), files });
  },
};

export {
  addOrderHistory,
  batchOrderLookups,
  createOrder,
  draftOrder,
  flowSteps,
  insertOperations,
  lockOrder,
  moveOrder,
  nextOrderNo,
  numberedOnWrite,
  ORDER_PRODUCT_COLUMNS,
  OrderMessages,
  plannedQuantities,
  prepareOrder,
  writeOrders,
} from './order-core';
export type { Actor, CreateOrderOptions, OrderInput, OrderLookups, OrderProduct, PlannedOperation, PreparedOrder } from './order-core';
export { seedProductionOrderDemo } from './seed';
