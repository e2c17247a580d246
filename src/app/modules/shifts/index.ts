import type { ModuleRegistration } from '../registry';

/** 班次管理 (/classCfg: shifts, class users, exchanges, holidays, device calendar) of the sys-cfg group. */
export const shiftsModule: ModuleRegistration = {
  module: 'sys-cfg',
  pages: {
    '/classCfg': () => import('./pages/class-cfg.page'),
  },
};
