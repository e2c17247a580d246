import type { ModuleRegistration } from '../registry';

/** Configuration screens of /sys-cfg: 基础配置, 排产配置, 纸板生产数据 and the 流转卡模板 editor (spec §2). */
export const sysCfgModule: ModuleRegistration = {
  module: 'sys-cfg',
  pages: {
    '/base-cfg': () => import('./pages/base-cfg.page'),
    '/schedule-cfg': () => import('./pages/schedule-cfg.page'),
    '/paper-produce-data': () => import('./pages/paper-produce-data.page'),
    '/ticket-temp-cfg': () => import('./pages/ticket-template.page'),
  },
};
