import { SysCfgAuthorities } from '../authorities/sys-cfg';
import { definePages, TAB_QUERY } from '../page-declaration';

/** Configuration pages of /sys-cfg (console module sys-cfg); the hidden 流转卡模板 editor is opened by its buttons. */
export const SYS_CFG_PAGES = definePages('sys-cfg', 'SYS', {
  BASE_CFG: { path: '/base-cfg', title: '基础配置', keepQuery: TAB_QUERY },
  SCHEDULE_CFG: { path: '/schedule-cfg', title: '排产配置', keepQuery: TAB_QUERY },
  PAPER_PRODUCE_DATA: { path: '/paper-produce-data', title: '纸板生产数据', keepQuery: TAB_QUERY },
  TICKET_TEMPLATE: {
    path: '/ticket-temp-cfg',
    title: '流转卡模板',
    hidden: true,
    keepQuery: ['id', 'isDefault', 'printType'],
    openedBy: [SysCfgAuthorities.ticketTemplateAdd, SysCfgAuthorities.ticketTemplateEdit],
  },
});
