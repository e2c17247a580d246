import { ListPage } from '@app/components';
import { boardOrderList } from '../orders.list';

const spec = boardOrderList({ source: '3' }, { editable: true });

/** 尾数订单 (/paperboard/fecalOrders): re-makes (补单) of board scrapped downstream; they join the next 试排 of their board. */
export default function FecalOrdersPage() {
  return <ListPage spec={spec} />;
}
