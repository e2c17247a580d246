import type { ServerModule } from '../module';
import { withMinimumTime } from './engine-hold';
import { CalcJobService, workerEngine } from './job.service';
import { scheduleRoutes } from './schedule.routes';
import { ScheduleService } from './schedule.service';
import { ScheduleViewService } from './views.service';

/**
 * 纸箱排产 (/schedule, issue 12): the operations of production orders as schedule tasks — the
 * schedule tabs and their actions with state gates, machine queues with manual sort, the
 * background time calculation and 自动排产 (the engine of domain/schedule in a worker thread),
 * wrong-time flags, unfinished tasks, tasks of revoked orders, the views, load and capacity, and
 * the production-order summary calls of spec §7. Database ↔ engine: engine-input.ts and plant.ts.
 */
export const scheduleModule: ServerModule = {
  name: 'schedule',
  async register(app, { db, now, scheduleJobMinMs = 0 }) {
    const tasks = new ScheduleService(db, now);
    const jobs = new CalcJobService(db, now, tasks, withMinimumTime(workerEngine, scheduleJobMinMs));
    app.addHook('onClose', async () => jobs.settle());
    await scheduleRoutes(app, { tasks, jobs, views: new ScheduleViewService(db, now) });
  },
};

export { seedCartonSchedule } from './seed';
