import { ListPage } from '@app/components';
import { boardOrderList } from '../orders.list';

const spec = boardOrderList({}, { editable: true });

/** 纸板订单 (/paperboard/orders): the corrugator's demand, derived from production orders or entered by hand. */
export default function BoardOrdersPage() {
  return <ListPage spec={spec} />;
}
