import { describe, expect, it } from 'vitest';
import type { PrintOrder } from '@core/contracts/work-order/progress';
import { orderTicketContent } from './ticket-content';

const order: PrintOrder = {
  id: 1,
  orderNo: 'SO20261125-0001',
  erpOrderNo: 'ERP-778',
  customerPo: 'PO-1',
  customerName: '杭州绿源食品有限公司',
  productNo: 'CP-0201',
  productName: '坚果礼盒外箱',
  boxStyle: '0201',
  lengthMm: 420,
  widthMm: 300,
  heightMm: 260,
  sheetWidthMm: 580,
  sheetLengthMm: 1460,
  boardCode: 'K250-B140-K200',
  flute: 'B',
  printColors: 2,
  quantity: 5000,
  unit: '只',
  deliveryDate: '2026-12-05',
  flowName: '开槽粘箱',
  remark: '注意套印',
  operations: [
    { id: 11, seq: 1, processName: '瓦线', deviceName: 'WX-01', plannedQty: 5200 },
    { id: 12, seq: 2, processName: '印刷开槽', deviceName: '', plannedQty: 5100 },
  ],
};

describe('order ticket content', () => {
  it('fills the template fields from the order, the QR code with the order number and a step per operation', () => {
    const content = orderTicketContent(order);
    expect(content.qrValue).toBe('SO20261125-0001');
    expect(content.values).toMatchObject({
      workOrderNo: 'SO20261125-0001',
      orderNo: 'ERP-778',
      innerSize: '420×300×260 mm（长×宽×高）',
      sheetSize: '580×1460 mm',
      colors: '2色',
      orderQuantity: '5,000 只',
      planQuantity: '5,200 只',
      processFlow: '瓦线 → 印刷开槽',
      processDevice: '瓦线 / WX-01',
    });
    expect(content.steps).toEqual([
      { process: '瓦线', device: 'WX-01' },
      { process: '印刷开槽', device: '' },
    ]);
  });

  it('gives an operation’s card that step’s number, process and planned quantity', () => {
    const content = orderTicketContent({ ...order, erpOrderNo: '', printColors: 0 }, order.operations[1]);
    expect(content.qrValue).toBe('SO20261125-0001');
    expect(content.values).toMatchObject({ workOrderNo: 'SO20261125-0001-02', orderNo: 'PO-1', colors: '无印刷', planQuantity: '5,100 只', processDevice: '印刷开槽' });
  });
});
