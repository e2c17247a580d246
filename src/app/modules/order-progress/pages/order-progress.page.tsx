import { useMemo, useState } from 'react';
import { Card, Progress, Typography } from 'antd';
import type { OrderProgressTotals } from '@core/contracts/work-order/progress';
import { ListPage, type ListQuery } from '@app/components';
import { orderProgressApi } from '../order-progress.api';
import { ORDER_PROGRESS_CSS, orderProgressList } from '../order-progress.list';

const quantity = (value: number) => value.toLocaleString('en-US');

/** Every process summed over the orders the filters select. */
function ProcessTotals({ totals }: { totals: OrderProgressTotals | null }) {
  if (!totals) return null;
  return (
    <Card
      size="small"
      className="mes-process-totals"
      style={{ marginBottom: 12 }}
      title={
        <span>
          工序汇总（{totals.orders} 个订单
          {totals.overdue > 0 && <Typography.Text type="danger">，逾期 {totals.overdue} 个</Typography.Text>}）
        </span>
      }
    >
      {totals.processes.length === 0 && <Typography.Text type="secondary">暂无数据</Typography.Text>}
      {totals.processes.map((process) => (
        <div key={process.processName} className="mes-process-total" data-process={process.processName}>
          <div className="mes-process-total-name">
            <span>{process.processName}</span>
            <span className="mes-process-total-orders">{process.orders} 单</span>
          </div>
          <Progress percent={Math.min(process.percent, 100)} size="small" format={() => `${process.percent}%`} />
          <div
            className="mes-process-total-figures"
            title={`良品 ${quantity(process.goodQty)} / 计划 ${quantity(process.plannedQty)}，不良 ${quantity(process.defectQty)}，待审 ${quantity(process.pendingQty)}`}
          >
            {quantity(process.goodQty)}/{quantity(process.plannedQty)} · 不良 {quantity(process.defectQty)}
            {process.pendingQty > 0 && ` · 待审 ${quantity(process.pendingQty)}`}
          </div>
        </div>
      ))}
    </Card>
  );
}

/** 订单工序进度 (/order-process-progress): per-process totals of the filtered orders above the order list. */
export default function OrderProgressPage() {
  const [totals, setTotals] = useState<OrderProgressTotals | null>(null);
  // The totals follow the list's own fetch, so they always sum exactly the filters the list shows.
  const spec = useMemo(
    () =>
      orderProgressList(async (query: ListQuery) => {
        const [page, sums] = await Promise.all([orderProgressApi.list(query), orderProgressApi.totals(query)]);
        setTotals(sums);
        return page;
      }),
    [],
  );
  return (
    <div className="mes-order-progress">
      <style>{ORDER_PROGRESS_CSS}</style>
      <ProcessTotals totals={totals} />
      <ListPage spec={spec} />
    </div>
  );
}
