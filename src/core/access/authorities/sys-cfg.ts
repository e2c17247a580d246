import { CRUD, defineAuthorities, entityActions } from '../module';

/**
 * Authority codes of the sys-cfg module (enterprise and schedule config, dictionaries, paper data,
 * ticket templates), declared once: the server routes and the console's menus and AuthButtons use
 * these (menus from the route catalogue, buttons ACTION_*).
 */
const sysCfg = defineAuthorities({
  baseCfg: 'MENU_SYS_BASE_CFG',
  scheduleCfg: 'MENU_SYS_SCHEDULE_CFG',
  paperData: 'MENU_SYS_PAPER_PRODUCE_DATA',
  baseCfgEdit: { code: 'ACTION_SYS_BASE_CFG_EDIT', name: '基础配置-修改配置' },
  dictEdit: { code: 'ACTION_SYS_BASE_CFG_DICT', name: '基础配置-字典维护' },
  scheduleCfgEdit: { code: 'ACTION_SYS_SCHEDULE_CFG_EDIT', name: '排产配置-修改配置' },
  ...entityActions('paperData', 'ACTION_SYS_PAPER_DATA', '纸板生产数据', CRUD),
  ticketTemplate: 'MENU_SYS_TICKET_TEMPLATE',
  ...entityActions('ticketTemplate', 'ACTION_SYS_TICKET_TEMPLATE', '流转卡模板', CRUD),
  ticketTemplateDefault: { code: 'ACTION_SYS_TICKET_TEMPLATE_DEFAULT', name: '流转卡模板-设为默认' },
});
export const SysCfgAuthorities = sysCfg.codes;
/** The button actions above with their permission-tree names. */
export const SYS_CFG_ACTIONS = sysCfg.actions;
