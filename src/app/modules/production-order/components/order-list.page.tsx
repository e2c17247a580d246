import { useMemo, useState } from 'react';
import type { ProductionOrderListRow } from '@core/contracts/work-order/order';
import { ListPage, type ListSpec } from '@app/components';
import type { OrderListKind } from '../production-order.api';
import { orderList } from '../production-order.list';
import { DeliveryDateDialog, UrgencyDialog } from './order-batch.dialogs';
import { OrderDetailDrawer } from './order-detail.drawer';
import { OrderEditorDialog } from './order-editor.dialog';

type BatchDialog = { rows: readonly ProductionOrderListRow[]; reload: () => void } | null;

/**
 * The 流转卡 print page of the selected orders, in a new tab. Not `noopener`: the tab is our own
 * page and must get a copy of this tab's session storage (the login), else it asks to log in again.
 */
function printOrders(rows: readonly ProductionOrderListRow[]) {
  const url = new URL('/print-production-order', window.location.origin);
  url.searchParams.set('ids', rows.map((row) => row.id).join(','));
  window.open(url.toString(), '_blank');
}

/** One order list page (生产订单, 已下发工单 or 回收订单) with its editor, batch dialogs and detail drawer. */
export function OrderListPage({ kind }: { kind: OrderListKind }) {
  const [detailId, setDetailId] = useState<number | null>(null);
  const [deliveryDate, setDeliveryDate] = useState<BatchDialog>(null);
  const [urgency, setUrgency] = useState<BatchDialog>(null);
  const spec = useMemo<ListSpec<ProductionOrderListRow>>(
    () => ({
      ...orderList(kind, {
        openDetail: (row) => setDetailId(row.id),
        openDeliveryDate: (rows, reload) => setDeliveryDate({ rows, reload }),
        openUrgency: (rows, reload) => setUrgency({ rows, reload }),
        print: printOrders,
      }),
      editor: { render: (props) => <OrderEditorDialog {...props} /> },
    }),
    [kind],
  );
  return (
    <div className={`mes-production-orders mes-orders-${kind}`}>
      <ListPage spec={spec} />
      <OrderDetailDrawer orderId={detailId} onClose={() => setDetailId(null)} />
      <DeliveryDateDialog rows={deliveryDate?.rows ?? null} onClose={() => setDeliveryDate(null)} onSaved={() => deliveryDate?.reload()} />
      <UrgencyDialog rows={urgency?.rows ?? null} onClose={() => setUrgency(null)} onSaved={() => urgency?.reload()} />
    </div>
  );
}
