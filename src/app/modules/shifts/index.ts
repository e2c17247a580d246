import { SHIFTS_PAGES } from '@core/access/pages/shifts';
import { defineModule } from '../define-module';

/** 班次管理 (/classCfg: shifts, class users, exchanges, holidays, device calendar) of the sys-cfg group. */
export const shiftsModule = defineModule(SHIFTS_PAGES, {
  CLASS_CFG: () => import('./pages/class-cfg.page'),
});
