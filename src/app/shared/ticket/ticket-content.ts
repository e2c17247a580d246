import type { TicketFieldKey } from '@core/contracts/sys-cfg';
import type { PrintOperation, PrintOrder } from '@core/contracts/work-order/progress';

/** One row of the 工序流转记录 table: the step and its machine (the rest is filled in by hand on the floor). */
export interface TicketStep {
  process: string;
  device: string;
}

/** What one ticket prints: the field values, the QR code's text and the route steps. */
export interface TicketContent {
  values: Partial<Record<TicketFieldKey, string>>;
  /** Text of the QR code (the work-order number). */
  qrValue: string;
  steps: readonly TicketStep[];
}

const count = (value: number, unit: string) => `${value.toLocaleString('en-US')} ${unit}`.trim();
const stepLabel = (step: PrintOperation) => (step.deviceName ? `${step.processName} / ${step.deviceName}` : step.processName);

/**
 * What the ticket of an order prints: one card for the whole order, or (with `operation`, one of
 * its operations) the card of that step, whose 工序/设备 and 计划数量 are the step's own. The QR code
 * always holds the order number, which the floor scans to report against the order.
 */
export function orderTicketContent(order: PrintOrder, operation?: PrintOperation): TicketContent {
  const first = order.operations[0];
  const dimensions = [order.lengthMm, order.widthMm, order.heightMm];
  return {
    qrValue: order.orderNo,
    values: {
      workOrderNo: operation ? `${order.orderNo}-${String(operation.seq).padStart(2, '0')}` : order.orderNo,
      orderNo: order.erpOrderNo || order.customerPo,
      customerName: order.customerName,
      productNo: order.productNo,
      productName: order.productName,
      boxStyle: order.boxStyle,
      innerSize: dimensions.some((value) => value > 0) ? `${dimensions.join('×')} mm（长×宽×高）` : '',
      sheetSize: order.sheetWidthMm > 0 && order.sheetLengthMm > 0 ? `${order.sheetWidthMm}×${order.sheetLengthMm} mm` : '',
      boardCode: order.boardCode,
      flute: order.flute,
      colors: order.printColors > 0 ? `${order.printColors}色` : '无印刷',
      orderQuantity: count(order.quantity, order.unit),
      planQuantity: count((operation ?? first)?.plannedQty ?? order.quantity, order.unit),
      deliveryDate: order.deliveryDate,
      processFlow: order.operations.map((step) => step.processName).join(' → '),
      processDevice: operation ? stepLabel(operation) : order.operations.filter((step) => step.deviceName).map(stepLabel).join('；'),
      remark: order.remark,
    },
    steps: order.operations.map((step) => ({ process: step.processName, device: step.deviceName })),
  };
}
