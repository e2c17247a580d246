import { CRUD, defineAuthorities, entityActions } from '../module';

/**
 * Authority codes of /modeling, declared once: the console's AuthButtons and the server's route
 * config use these. Reading needs the page menu, writing its ACTION_ code.
 */
const modeling = defineAuthorities({
  page: 'MENU_SYS_MODELING',
  ...entityActions('workshop', 'ACTION_MODELING_WORKSHOP', '车间', CRUD),
  ...entityActions('machineType', 'ACTION_MODELING_MACHINE_TYPE', '设备类型', CRUD),
  ...entityActions('device', 'ACTION_MODELING_DEVICE', '设备', ['import', 'add', 'edit', 'delete', 'export']),
  ...entityActions('process', 'ACTION_MODELING_PROCESS', '工序', CRUD),
  ...entityActions('group', 'ACTION_MODELING_GROUP', '工序组', CRUD),
  ...entityActions('workFlow', 'ACTION_MODELING_WORK_FLOW', '工艺路线', CRUD),
  ...entityActions('classify', 'ACTION_MODELING_CLASSIFY', '产品分类', CRUD),
  ...entityActions('product', 'ACTION_MODELING_PRODUCT', '产品档案', ['import', 'add', 'edit', 'delete', 'export']),
  // 班组 tab: teams with members, employee positions.
  ...entityActions('team', 'ACTION_MODELING_TEAM', '班组', CRUD),
  ...entityActions('position', 'ACTION_MODELING_POSITION', '岗位', CRUD),
  // IC cards, 一体机 (its own menu) and 不良现象 tabs.
  oneMachine: 'MENU_SYS_ONE_MACHINE',
  ...entityActions('icCard', 'ACTION_MODELING_IC_CARD', 'IC卡', CRUD),
  icCardBind: { code: 'ACTION_MODELING_IC_CARD_BIND', name: 'IC卡-绑定/解绑' },
  ...entityActions('workMachine', 'ACTION_MODELING_ONE_MACHINE', '一体机', CRUD),
  workMachineKey: { code: 'ACTION_MODELING_ONE_MACHINE_KEY', name: '一体机-密钥' },
  ...entityActions('badReason', 'ACTION_MODELING_BAD_REASON', '不良现象', CRUD),
});
export const ModelingAuthorities = modeling.codes;
/** The button actions above with their permission-tree names. */
export const MODELING_ACTIONS = modeling.actions;
