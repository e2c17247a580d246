import type { ModuleRegistration } from '../registry';

/** Configuration screens of /sys-cfg: 基础配置, 排产配置 and 纸板生产数据 (spec §2). */
export const sysCfgModule: ModuleRegistration = {
  module: 'sys-cfg',
  pages: {
    '/base-cfg': () => import('./pages/base-cfg.page'),
    '/schedule-cfg': () => import('./pages/schedule-cfg.page'),
    '/paper-produce-data': () => import('./pages/paper-produce-data.page'),
  },
};
