/**
 * Authority codes of shifts and calendars (/classCfg), class teams and positions (/modeling 班组
 * tab) and the system log (/sys-log), declared once: the console's menus and AuthButtons and the
 * server's route config use these.
 */
export const ShiftAuthorities = {
  /** /classCfg: shifts, class users, exchanges, holidays, device calendars. */
  classCfg: 'MENU_SYS_CLASS_CFG',
  shiftAdd: 'ACTION_CLASS_SHIFT_ADD',
  shiftEdit: 'ACTION_CLASS_SHIFT_EDIT',
  shiftDelete: 'ACTION_CLASS_SHIFT_DELETE',
  userAdd: 'ACTION_CLASS_USER_ADD',
  userEdit: 'ACTION_CLASS_USER_EDIT',
  userDelete: 'ACTION_CLASS_USER_DELETE',
  userImport: 'ACTION_CLASS_USER_IMPORT',
  exchange: 'ACTION_CLASS_EXCHANGE',
  holidayAdd: 'ACTION_CLASS_HOLIDAY_ADD',
  holidayEdit: 'ACTION_CLASS_HOLIDAY_EDIT',
  holidayDelete: 'ACTION_CLASS_HOLIDAY_DELETE',
  calendarEdit: 'ACTION_CLASS_CALENDAR_EDIT',
  /** /modeling 班组 tab: teams with members, employee positions. */
  modeling: 'MENU_SYS_MODELING',
  teamAdd: 'ACTION_MODELING_TEAM_ADD',
  teamEdit: 'ACTION_MODELING_TEAM_EDIT',
  teamDelete: 'ACTION_MODELING_TEAM_DELETE',
  positionAdd: 'ACTION_MODELING_POSITION_ADD',
  positionEdit: 'ACTION_MODELING_POSITION_EDIT',
  positionDelete: 'ACTION_MODELING_POSITION_DELETE',
} as const;

export const SysLogAuthorities = {
  page: 'MENU_SYS_LOG',
  export: 'ACTION_SYS_LOG_EXPORT',
} as const;
