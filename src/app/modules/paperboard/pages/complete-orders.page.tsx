import { ListPage } from '@app/components';
import { boardOrderList } from '../orders.list';

const spec = boardOrderList({ state: '4' });

/** 已完成订单 (/paperboard/completeOrders): board orders the corrugator has finished. */
export default function CompleteOrdersPage() {
  return <ListPage spec={spec} />;
}
