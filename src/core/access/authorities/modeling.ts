import { defineAuthorities } from '../module';

/**
 * Authority codes of /modeling, declared once: the console's AuthButtons and the server's route
 * config use these. Reading needs the page menu, writing its ACTION_ code.
 */
const modeling = defineAuthorities({
  page: 'MENU_SYS_MODELING',
  workshopAdd: { code: 'ACTION_MODELING_WORKSHOP_ADD', name: '车间-新增' },
  workshopEdit: { code: 'ACTION_MODELING_WORKSHOP_EDIT', name: '车间-编辑' },
  workshopDelete: { code: 'ACTION_MODELING_WORKSHOP_DELETE', name: '车间-删除' },
  machineTypeAdd: { code: 'ACTION_MODELING_MACHINE_TYPE_ADD', name: '设备类型-新增' },
  machineTypeEdit: { code: 'ACTION_MODELING_MACHINE_TYPE_EDIT', name: '设备类型-编辑' },
  machineTypeDelete: { code: 'ACTION_MODELING_MACHINE_TYPE_DELETE', name: '设备类型-删除' },
  deviceImport: { code: 'ACTION_MODELING_DEVICE_IMPORT', name: '设备-导入' },
  deviceAdd: { code: 'ACTION_MODELING_DEVICE_ADD', name: '设备-新增' },
  deviceEdit: { code: 'ACTION_MODELING_DEVICE_EDIT', name: '设备-编辑' },
  deviceDelete: { code: 'ACTION_MODELING_DEVICE_DELETE', name: '设备-删除' },
  deviceExport: { code: 'ACTION_MODELING_DEVICE_EXPORT', name: '设备-导出' },
  processAdd: { code: 'ACTION_MODELING_PROCESS_ADD', name: '工序-新增' },
  processEdit: { code: 'ACTION_MODELING_PROCESS_EDIT', name: '工序-编辑' },
  processDelete: { code: 'ACTION_MODELING_PROCESS_DELETE', name: '工序-删除' },
  groupAdd: { code: 'ACTION_MODELING_GROUP_ADD', name: '工序组-新增' },
  groupEdit: { code: 'ACTION_MODELING_GROUP_EDIT', name: '工序组-编辑' },
  groupDelete: { code: 'ACTION_MODELING_GROUP_DELETE', name: '工序组-删除' },
  workFlowAdd: { code: 'ACTION_MODELING_WORK_FLOW_ADD', name: '工艺路线-新增' },
  workFlowEdit: { code: 'ACTION_MODELING_WORK_FLOW_EDIT', name: '工艺路线-编辑' },
  workFlowDelete: { code: 'ACTION_MODELING_WORK_FLOW_DELETE', name: '工艺路线-删除' },
  classifyAdd: { code: 'ACTION_MODELING_CLASSIFY_ADD', name: '产品分类-新增' },
  classifyEdit: { code: 'ACTION_MODELING_CLASSIFY_EDIT', name: '产品分类-编辑' },
  classifyDelete: { code: 'ACTION_MODELING_CLASSIFY_DELETE', name: '产品分类-删除' },
  productImport: { code: 'ACTION_MODELING_PRODUCT_IMPORT', name: '产品档案-导入' },
  productAdd: { code: 'ACTION_MODELING_PRODUCT_ADD', name: '产品档案-新增' },
  productEdit: { code: 'ACTION_MODELING_PRODUCT_EDIT', name: '产品档案-编辑' },
  productDelete: { code: 'ACTION_MODELING_PRODUCT_DELETE', name: '产品档案-删除' },
  productExport: { code: 'ACTION_MODELING_PRODUCT_EXPORT', name: '产品档案-导出' },
  // 班组 tab: teams with members, employee positions.
  teamAdd: { code: 'ACTION_MODELING_TEAM_ADD', name: '班组-新增' },
  teamEdit: { code: 'ACTION_MODELING_TEAM_EDIT', name: '班组-编辑' },
  teamDelete: { code: 'ACTION_MODELING_TEAM_DELETE', name: '班组-删除' },
  positionAdd: { code: 'ACTION_MODELING_POSITION_ADD', name: '岗位-新增' },
  positionEdit: { code: 'ACTION_MODELING_POSITION_EDIT', name: '岗位-编辑' },
  positionDelete: { code: 'ACTION_MODELING_POSITION_DELETE', name: '岗位-删除' },
  // IC cards, 一体机 (its own menu) and 不良现象 tabs.
  oneMachine: 'MENU_SYS_ONE_MACHINE',
  icCardAdd: { code: 'ACTION_MODELING_IC_CARD_ADD', name: 'IC卡-新增' },
  icCardEdit: { code: 'ACTION_MODELING_IC_CARD_EDIT', name: 'IC卡-编辑' },
  icCardDelete: { code: 'ACTION_MODELING_IC_CARD_DELETE', name: 'IC卡-删除' },
  icCardBind: { code: 'ACTION_MODELING_IC_CARD_BIND', name: 'IC卡-绑定/解绑' },
  workMachineAdd: { code: 'ACTION_MODELING_ONE_MACHINE_ADD', name: '一体机-新增' },
  workMachineEdit: { code: 'ACTION_MODELING_ONE_MACHINE_EDIT', name: '一体机-编辑' },
  workMachineDelete: { code: 'ACTION_MODELING_ONE_MACHINE_DELETE', name: '一体机-删除' },
  badReasonAdd: { code: 'ACTION_MODELING_BAD_REASON_ADD', name: '不良现象-新增' },
  badReasonEdit: { code: 'ACTION_MODELING_BAD_REASON_EDIT', name: '不良现象-编辑' },
  badReasonDelete: { code: 'ACTION_MODELING_BAD_REASON_DELETE', name: '不良现象-删除' },
});
export const ModelingAuthorities = modeling.codes;
/** The button actions above with their permission-tree names. */
export const MODELING_ACTIONS = modeling.actions;
