import { useMemo, useRef } from 'react';
import { Button, Empty, Segmented, Space, Spin, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { TICKET_PRINT_TYPE } from '@core/contracts/sys-cfg';
import type { OrderPrintData } from '@core/contracts/work-order/progress';
import { useLoaded } from '@app/components';
import { orderTicketContent, printTicket, TICKET_CSS, TicketSheet, ticketPage, type TicketContent } from '@app/shared/ticket';
import { printOrderApi } from '../print-order.api';

const IDS = /^\d{1,10}(,\d{1,10})*$/;

type Per = 'order' | 'operation';

/** One card per order, or one per operation of every order (its step's own 工序/设备 and quantity). */
function cardsOf(data: OrderPrintData, per: Per): Array<{ key: string; content: TicketContent }> {
  return data.orders.flatMap((order) =>
    per === 'operation' && order.operations.length > 0
      ? order.operations.map((operation) => ({ key: `${order.id}-${operation.id}`, content: orderTicketContent(order, operation) }))
      : [{ key: String(order.id), content: orderTicketContent(order) }],
  );
}

const PRINT_PAGE_CSS = `
.mes-print-order { min-height: 100vh; background: #f0f2f5; }
.mes-print-toolbar { position: sticky; top: 0; z-index: 2; display: flex; justify-content: space-between; align-items: center; gap: 16px;
  padding: 10px 24px; background: #fff; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.12); }
.mes-print-sheets { display: flex; flex-direction: column; align-items: center; gap: 16px; padding: 24px; }
.mes-print-sheets .mes-ticket { box-shadow: 0 1px 6px rgba(0, 0, 0, 0.25); }
`;

/**
 * 打印生产订单 (/print-production-order, a bare page opened by the orders' 打印 button): the 流转卡
 * of every order in `ids`, with the factory's default 工单流转卡 template (or `templateId`), at true
 * paper size on screen; 打印 prints them from a frame holding only the cards, one page each.
 */
export default function PrintOrderPage() {
  const [params, setParams] = useSearchParams();
  const ids = params.get('ids') ?? '';
  const templateId = Number(params.get('templateId')) || undefined;
  const per: Per = params.get('per') === 'operation' ? 'operation' : 'order';
  const valid = IDS.test(ids);
  const sheetsRef = useRef<HTMLDivElement>(null);
  const { data, loading } = useLoaded(() => (valid ? printOrderApi.data(ids, templateId) : Promise.resolve(null)), `${ids}|${templateId ?? ''}`, null);
  const cards = useMemo(() => (data ? cardsOf(data, per) : []), [data, per]);

  const onPrint = () => {
    const anchor = sheetsRef.current;
    if (!anchor || !data) return;
    const sheets = [...anchor.querySelectorAll<HTMLElement>('.mes-ticket')];
    const title = data.orders.length === 1 ? `流转卡-${data.orders[0]!.orderNo}` : `流转卡-${data.orders.length}个订单`;
    void printTicket(anchor, sheets, ticketPage(data.template), title);
  };
  const choosePer = (value: Per) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'operation') next.set('per', 'operation');
        else next.delete('per');
        return next;
      },
      { replace: true },
    );

  return (
    <div className="mes-print-order" data-loading={loading ? 'true' : 'false'} data-cards={cards.length}>
      <style>{PRINT_PAGE_CSS}</style>
      <style>{TICKET_CSS}</style>
      <div className="mes-print-toolbar">
        <Space size={16}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            打印生产订单
          </Typography.Title>
          {data && (
            <Typography.Text type="secondary">
              {data.template.templateName}（{TICKET_PRINT_TYPE.label(data.template.printType)}）· {data.orders.length} 个订单，共 {cards.length} 张
            </Typography.Text>
          )}
        </Space>
        <Space>
          <Segmented<Per>
            value={per}
            onChange={choosePer}
            options={[
              { value: 'order', label: '每个订单一张' },
              { value: 'operation', label: '每道工序一张' },
            ]}
          />
          <Button type="primary" icon={<PrinterOutlined />} disabled={!data || cards.length === 0} onClick={onPrint}>
            打印
          </Button>
        </Space>
      </div>
      <Spin spinning={loading}>
        {!valid ? (
          <Empty style={{ paddingTop: 80 }} description="请先在生产订单中选择要打印的订单" />
        ) : (
          <div className="mes-print-sheets" ref={sheetsRef}>
            {data && cards.map((card) => <TicketSheet key={card.key} layout={data.template} content={card.content} />)}
          </div>
        )}
      </Spin>
    </div>
  );
}
