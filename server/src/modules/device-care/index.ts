import { CARE_KINDS } from '@core/contracts/device-care';
import type { ServerModule } from '../module';
import { careRoutes } from './care.routes';
import { generateEverywhere, generateOrders } from './generator';
import { OrderService } from './order.service';
import { PlanService } from './plan.service';
import { SchemeService } from './scheme.service';

export { seedDeviceCareDemo } from './seed';

/**
 * 设备点检 (/device-check-cfg) and 设备保养 (/maintenance-cfg), one implementation for both kinds:
 * schemes, plans, work orders generated per plan, device and period (by a timer every
 * DEVICE_CARE_GENERATE_MINUTES, and 立即生成), their execution, and a repair order (设备维修) raised
 * from an abnormal item in the same transaction.
 */
export const deviceCareModule: ServerModule = {
  name: 'device-care',
  async register(app, { db, now, deviceCareGenerateMinutes }) {
    for (const kind of CARE_KINDS) {
      await careRoutes(app, kind, {
        schemes: new SchemeService(db, kind),
        plans: new PlanService(db, kind),
        orders: new OrderService(db, kind, now),
        generate: async (scope) => ({ created: await generateOrders(db, scope, kind, now()) }),
      });
    }
    if (deviceCareGenerateMinutes <= 0) return;

    // Generation on its own schedule: once when the server is ready, then every few minutes.
    let running: Promise<void> | null = null;
    const run = () => {
      running ??= generateEverywhere(db, now())
        .then((created) => {
          if (created > 0) app.log.info({ created }, 'device care work orders generated');
        })
        .catch((error: unknown) => app.log.error(error, 'device care generation failed'))
        .finally(() => {
          running = null;
        });
    };
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      run();
      timer = setInterval(run, deviceCareGenerateMinutes * 60_000);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  },
};
