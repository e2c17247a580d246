import { OrderListPage } from '../components/order-list.page';

/** 回收订单 (/semi-production-order): orders in recovery (7), back to production with 恢复生产. */
export default function SemiOrdersPage() {
  return <OrderListPage kind="semi" />;
}
