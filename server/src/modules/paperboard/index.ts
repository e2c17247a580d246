import type { ServerModule } from '../module';
import { BoardConfigService } from './config.service';
import { BoardOrderService } from './orders.service';
import { paperboardRoutes } from './paperboard.routes';
import { BoardRemakeService } from './remake.service';
import { BoardScheduleService } from './schedule.service';
import { TrimRunner } from './trim-runner';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * 纸板排产 (/paperboard): board orders from production orders and by hand, standby groups and 试排
 * (the trim optimiser in a worker thread), re-makes (补单) from defect reports, schedules of runs with hand edits, issue, cancel, copy and
 * the run sheet, the corrugator's limits, the scheduling log.
 */
export const paperboardModule: ServerModule = {
  name: 'paperboard',
  async register(app, { db, files, now }) {
    const configs = new BoardConfigService(db);
    const runner = new TrimRunner();
    app.addHook('onClose', async () => runner.close());
    await paperboardRoutes(app, {
      db,
      configs,
      files,
      orders: new BoardOrderService(db, configs),
      remakes: new BoardRemakeService(db),
      schedules: new BoardScheduleService(db, configs, runner),
      today: () => {
        const date = now();
        return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
      },
    });
  },
};

export { followProductionOrder, followReports } from './follow';
