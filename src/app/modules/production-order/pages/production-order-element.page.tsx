import { useCan } from '@app/components';
import { WorkOrderAuthorities } from '@core/access/authorities/work-order';
import ProductionOrderPage from './production-order.page';

/** What `<mes-production-order>` shows: the order list, given the page's menu authority. */
export default function ProductionOrderElementPage() {
  const can = useCan();
  if (!can(WorkOrderAuthorities.productionOrder)) return <div className="mes-fill">当前账号暂无生产订单权限</div>;
  return (
    <div className="mes-production-order-element" style={{ padding: 16, background: '#fff' }}>
      <ProductionOrderPage />
    </div>
  );
}
