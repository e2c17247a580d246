import { WorkOrderAuthorities } from '../authorities/work-order';
import { definePages } from '../page-declaration';

/** The 流转卡 print page (console module print-order): bare, opened by the orders' 打印 button. */
export const PRINT_ORDER_PAGES = definePages('print-order', 'PRINT', {
  PRODUCTION_ORDER: {
    path: '/print-production-order',
    title: '打印生产订单',
    hidden: true,
    bare: true,
    keepQuery: ['ids', 'templateId', 'per'],
    openedBy: [WorkOrderAuthorities.orderPrint],
  },
});
