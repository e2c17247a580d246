import { ORDER_PROGRESS_PAGES } from '@core/access/pages/order-progress';
import { defineModule } from '../define-module';
import './home-tiles';

/** 订单工序进度 (/order-process-progress), and the order tiles it registers on /home. */
export const orderProgressModule = defineModule(ORDER_PROGRESS_PAGES, {
  PROCESS_PROGRESS: () => import('./pages/order-progress.page'),
});
