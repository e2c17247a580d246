import { OrderListPage } from '../components/order-list.page';

/** 已下发工单 (/production-order-issued): orders with work orders on the floor. */
export default function IssuedOrdersPage() {
  return <OrderListPage kind="issued" />;
}
