import { SYS_CFG_PAGES } from '@core/access/pages/sys-cfg';
import { defineModule } from '../define-module';

/** Configuration screens of /sys-cfg: 基础配置, 排产配置, 纸板生产数据 and the 流转卡模板 editor (spec §2). */
export const sysCfgModule = defineModule(SYS_CFG_PAGES, {
  BASE_CFG: () => import('./pages/base-cfg.page'),
  SCHEDULE_CFG: () => import('./pages/schedule-cfg.page'),
  PAPER_PRODUCE_DATA: () => import('./pages/paper-produce-data.page'),
  TICKET_TEMPLATE: () => import('./pages/ticket-template.page'),
});
