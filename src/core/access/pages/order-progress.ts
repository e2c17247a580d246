import { definePages } from '../page-declaration';

/** 订单工序进度 (console module order-progress) in the 生产工单 group. */
export const ORDER_PROGRESS_PAGES = definePages('order-progress', 'WORK_ORDER', {
  PROCESS_PROGRESS: { path: '/order-process-progress', title: '订单工序进度' },
});
