import { PRINT_ORDER_PAGES } from '@core/access/pages/print-order';
import { defineModule } from '../define-module';

/** 打印生产订单 (/print-production-order?ids=1,2,3&templateId=&per=operation): the 流转卡 of the chosen orders. */
export const printOrderModule = defineModule(PRINT_ORDER_PAGES, { PRODUCTION_ORDER: () => import('./pages/print-order.page') });
