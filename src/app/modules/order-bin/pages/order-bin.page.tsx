import { ListPage } from '@app/components';
import { orderBinList } from '../order-bin.list';

/** 订单回收站 (/order-recycling-bin). */
export default function OrderBinPage() {
  return <ListPage spec={orderBinList} />;
}
