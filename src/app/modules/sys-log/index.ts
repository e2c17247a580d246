import type { ModuleRegistration } from '../registry';

/** 系统日志 (/sys-log) of the sys-cfg group: every write, filterable and exportable. */
export const sysLogModule: ModuleRegistration = {
  module: 'sys-cfg',
  pages: {
    '/sys-log': () => import('./pages/sys-log.page'),
  },
};
