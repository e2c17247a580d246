import { OrderListPage } from '../components/order-list.page';

/** 生产订单 (/production-order). */
export default function ProductionOrderPage() {
  return <OrderListPage kind="all" />;
}
