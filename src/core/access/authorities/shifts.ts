import { defineAuthorities } from '../module';

/**
 * Authority codes of the shifts module (/classCfg: shifts, class users, exchanges, holidays, device
 * calendars), declared once: the console's menus and AuthButtons and the server's route config use these.
 */
const shifts = defineAuthorities({
  /** /classCfg: shifts, class users, exchanges, holidays, device calendars. */
  classCfg: 'MENU_SYS_CLASS_CFG',
  shiftAdd: { code: 'ACTION_CLASS_SHIFT_ADD', name: '班次管理-新增班次' },
  shiftEdit: { code: 'ACTION_CLASS_SHIFT_EDIT', name: '班次管理-编辑班次' },
  shiftDelete: { code: 'ACTION_CLASS_SHIFT_DELETE', name: '班次管理-删除班次' },
  userAdd: { code: 'ACTION_CLASS_USER_ADD', name: '班次管理-新增排班人员' },
  userEdit: { code: 'ACTION_CLASS_USER_EDIT', name: '班次管理-编辑排班人员' },
  userDelete: { code: 'ACTION_CLASS_USER_DELETE', name: '班次管理-删除排班人员' },
  userImport: { code: 'ACTION_CLASS_USER_IMPORT', name: '班次管理-导入排班人员' },
  exchange: { code: 'ACTION_CLASS_EXCHANGE', name: '班次管理-调班' },
  holidayAdd: { code: 'ACTION_CLASS_HOLIDAY_ADD', name: '班次管理-新增节假日' },
  holidayEdit: { code: 'ACTION_CLASS_HOLIDAY_EDIT', name: '班次管理-编辑节假日' },
  holidayDelete: { code: 'ACTION_CLASS_HOLIDAY_DELETE', name: '班次管理-删除节假日' },
  calendarEdit: { code: 'ACTION_CLASS_CALENDAR_EDIT', name: '班次管理-设备日历设置' },
});
export const ShiftAuthorities = shifts.codes;
/** The button actions above with their permission-tree names. */
export const SHIFT_ACTIONS = shifts.actions;
