import type { TicketFieldKey } from '@core/contracts/sys-cfg';
import type { TicketContent } from './ticket-content';

/** The work order every template preview prints (a regular slotted carton on the 开槽粘箱 route). */
export const SAMPLE_WORK_ORDER: Record<TicketFieldKey, string> = {
  workOrderNo: 'WO20261123-0015',
  orderNo: 'SO20261118-0032',
  customerName: '杭州绿源食品有限公司',
  productNo: 'CP-0201-0086',
  productName: '绿源坚果礼盒外箱（12盒装）',
  boxStyle: '0201 普通开槽箱',
  innerSize: '420×300×260 mm（长×宽×高）',
  sheetSize: '1460×580 mm',
  boardCode: 'K250-B140-K200',
  flute: 'B',
  colors: '2色（红、黑）',
  orderQuantity: '5,000 只',
  planQuantity: '5,150 只',
  deliveryDate: '2026-12-05',
  processFlow: '瓦线 → 印刷开槽 → 糊箱 → 打包',
  processDevice: '印刷开槽 / YS-01 四色高速水墨印刷开槽机',
  team: '印刷一班',
  shift: '白班 A',
  bundleQuantity: '25 只/捆',
  remark: '唛头按客户 11-20 确认稿，红色专色注意套印',
};

/** The sample order's route steps: process and machine, for the 工序流转记录 sign-off table. */
export const SAMPLE_ROUTE_STEPS: ReadonlyArray<[string, string]> = [
  ['瓦线', 'WX-01 五层瓦楞纸板生产线'],
  ['印刷开槽', 'YS-01 四色水墨印刷开槽机'],
  ['糊箱', 'HX-01 全自动高速糊箱机'],
  ['打包', 'DB-01 全自动打包机'],
];

/** The sample work order as a ticket prints it (template previews). */
export const SAMPLE_TICKET: TicketContent = {
  values: SAMPLE_WORK_ORDER,
  qrValue: SAMPLE_WORK_ORDER.workOrderNo,
  steps: SAMPLE_ROUTE_STEPS.map(([process, device]) => ({ process, device })),
};
