import type { ServerModule } from '../module';
import { shiftRoutes, shiftServices } from './shifts.routes';

/** 班次管理 (/classCfg): shifts, class users, exchanges, holidays, device calendars. */
export const shiftsModule: ServerModule = {
  name: 'shifts',
  async register(app, { db, files }) {
    await shiftRoutes(app, { services: shiftServices(db), files });
  },
};
