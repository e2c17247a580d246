import { definePages } from '../page-declaration';

/** 订单回收站 (console module order-bin) in the /work-order group: ERP-revoked orders, restore or delete for good. */
export const ORDER_BIN_PAGES = definePages('order-bin', 'WORK_ORDER', {
  RECYCLING_BIN: { path: '/order-recycling-bin', title: '订单回收站' },
});
