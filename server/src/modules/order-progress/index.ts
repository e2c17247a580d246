import type { ServerModule } from '../module';
import { HomeFiguresService } from './home-figures.service';
import { OrderPrintService } from './order-print.service';
import { orderProgressRoutes } from './order-progress.routes';
import { OrderProgressService } from './order-progress.service';

/**
 * Reads over production orders: 订单工序进度 (/order-process-progress), the 流转卡 print data
 * (/print-production-order) and the order figures of the /home tiles.
 */
export const orderProgressModule: ServerModule = {
  name: 'order-progress',
  async register(app, { db, now }) {
    await orderProgressRoutes(app, {
      progress: new OrderProgressService(db, now),
      print: new OrderPrintService(db),
      home: new HomeFiguresService(db, now),
    });
  },
};
