import type { ServerModule } from '../module';
import { shiftRoutes, shiftServices } from './shifts.routes';

/** Device calendars for other modules (device-status: planned hours of 工单日历 and 设备看板). */
export { DeviceCalendarService } from './device-calendar.service';
export { HolidayService } from './holiday.service';

/** 班次管理 (/classCfg): shifts, class users, exchanges, holidays, device calendars. */
export const shiftsModule: ServerModule = {
  name: 'shifts',
  async register(app, { db, files }) {
    await shiftRoutes(app, { services: shiftServices(db), files });
  },
};
