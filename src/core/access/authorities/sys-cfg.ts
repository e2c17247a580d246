/**
 * Authority codes of the /sys-cfg configuration screens handled by the enterprise-config,
 * paper-data and shop-floor modules, declared once: the server routes and the console's menus
 * and AuthButtons use these (menus from the route catalogue, buttons ACTION_*).
 */
export const SysCfgAuthorities = {
  modeling: 'MENU_SYS_MODELING',
  oneMachine: 'MENU_SYS_ONE_MACHINE',
  baseCfg: 'MENU_SYS_BASE_CFG',
  scheduleCfg: 'MENU_SYS_SCHEDULE_CFG',
  paperData: 'MENU_SYS_PAPER_PRODUCE_DATA',
  baseCfgEdit: 'ACTION_SYS_BASE_CFG_EDIT',
  dictEdit: 'ACTION_SYS_BASE_CFG_DICT',
  scheduleCfgEdit: 'ACTION_SYS_SCHEDULE_CFG_EDIT',
  paperDataAdd: 'ACTION_SYS_PAPER_DATA_ADD',
  paperDataEdit: 'ACTION_SYS_PAPER_DATA_EDIT',
  paperDataDelete: 'ACTION_SYS_PAPER_DATA_DELETE',
  icCardAdd: 'ACTION_MODELING_IC_CARD_ADD',
  icCardEdit: 'ACTION_MODELING_IC_CARD_EDIT',
  icCardDelete: 'ACTION_MODELING_IC_CARD_DELETE',
  icCardBind: 'ACTION_MODELING_IC_CARD_BIND',
  workMachineAdd: 'ACTION_MODELING_ONE_MACHINE_ADD',
  workMachineEdit: 'ACTION_MODELING_ONE_MACHINE_EDIT',
  workMachineDelete: 'ACTION_MODELING_ONE_MACHINE_DELETE',
  badReasonAdd: 'ACTION_MODELING_BAD_REASON_ADD',
  badReasonEdit: 'ACTION_MODELING_BAD_REASON_EDIT',
  badReasonDelete: 'ACTION_MODELING_BAD_REASON_DELETE',
  ticketTemplate: 'MENU_SYS_TICKET_TEMPLATE',
  ticketTemplateAdd: 'ACTION_SYS_TICKET_TEMPLATE_ADD',
  ticketTemplateEdit: 'ACTION_SYS_TICKET_TEMPLATE_EDIT',
  ticketTemplateDelete: 'ACTION_SYS_TICKET_TEMPLATE_DELETE',
  ticketTemplateDefault: 'ACTION_SYS_TICKET_TEMPLATE_DEFAULT',
} as const;
