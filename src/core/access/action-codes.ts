/**
 * Button authorities (spec §6, DECISIONS.md): `ACTION_<PAGE>_<ACTION>`, declared once and used by
 * AuthButton, the server route config and the seed. Modules may add their own codes here.
 */
export interface ActionCodeEntry {
  code: string;
  /** Chinese name shown in the role permission tree. */
  name: string;
}

function actions(page: string, pageName: string, list: Array<[string, string]>): ActionCodeEntry[] {
  return list.map(([action, actionName]) => ({
    code: `ACTION_${page}_${action}`,
    name: `${pageName}-${actionName}`,
  }));
}

export const ACTION_CODE_ENTRIES: ActionCodeEntry[] = [
  ...actions('PRODUCTION_ORDER', '生产订单', [
    ['IMPORT', '导入'],
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
    ['EXPORT', '导出'],
    ['PRINT', '打印'],
    ['AUDIT', '审核'],
    ['BATCH_DELIVERY_DATE', '批量修改交期'],
    ['ISSUE', '下发工单'],
    ['URGENT', '加急'],
    ['END_PRODUCTION', '结束生产'],
  ]),
  ...actions('SCHEDULE', '纸箱排产', [
    ['ISSUE', '下发工单'],
    ['CANCEL', '取消排产'],
    ['URGENT', '加急'],
    ['EXPORT', '导出'],
  ]),
  ...actions('PAPERBOARD', '纸板排产', [
    ['ISSUE', '下发工单'],
    ['CANCEL', '取消排产'],
    ['EXPORT', '导出'],
  ]),
  ...actions('WORK_ORDER_RECORD', '报工记录', [
    ['PLATFORM_REPORT', '平台报工'],
    ['EXPORT', '导出'],
  ]),
  ...actions('WORK_ORDER_REVIEW', '报工审核', [
    ['AUDIT', '审核'],
    ['EXPORT', '导出'],
  ]),
  ...actions('DEVICE_LEDGER', '设备台账', [
    ['IMPORT', '导入'],
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
    ['EXPORT', '导出'],
  ]),
  ...actions('MOLD', '模具管理', [
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
    ['PUT_IN_STORE', '入库'],
    ['USE', '领用'],
    ['GIVE_BACK', '归还'],
  ]),
  ...actions('QA_SCHEME', '检验方案', [
    ['IMPORT', '导入'],
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
  ]),
  ...actions('QA_AUDIT', '质检审核', [
    ['AUDIT', '审核'],
    ['ROLLBACK', '反审核'],
    ['EXPORT', '导出'],
  ]),
  ...actions('STAFF', '人员管理', [
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['EXPORT', '导出'],
    ['IMPORT', '导入'],
    ['STATUS', '启用/禁用/解锁'],
    ['DELETE', '删除账号'],
    ['DEPARTMENT', '部门管理'],
  ]),
  // /modeling (建模) tabs; page keys chosen so that no key is a prefix of another.
  ...actions('MODELING_WORKSHOP', '车间', [
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
  ]),
  ...actions('MODELING_MACHINE_TYPE', '设备类型', [
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
  ]),
  ...actions('MODELING_DEVICE', '设备', [
    ['IMPORT', '导入'],
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
    ['EXPORT', '导出'],
  ]),
  ...actions('MODELING_PROCESS', '工序', [
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
  ]),
  ...actions('MODELING_GROUP', '工序组', [
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
  ]),
  ...actions('MODELING_WORK_FLOW', '工艺路线', [
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
  ]),
  ...actions('MODELING_CLASSIFY', '产品分类', [
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
  ]),
  ...actions('MODELING_PRODUCT', '产品档案', [
    ['IMPORT', '导入'],
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
    ['EXPORT', '导出'],
  ]),
  ...actions('MODELING_TEAM', '班组', [
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
  ]),
  ...actions('MODELING_POSITION', '岗位', [
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
  ]),
  // /classCfg (班次管理)
  ...actions('CLASS', '班次管理', [
    ['SHIFT_ADD', '新增班次'],
    ['SHIFT_EDIT', '编辑班次'],
    ['SHIFT_DELETE', '删除班次'],
    ['USER_ADD', '新增排班人员'],
    ['USER_EDIT', '编辑排班人员'],
    ['USER_DELETE', '删除排班人员'],
    ['USER_IMPORT', '导入排班人员'],
    ['EXCHANGE', '调班'],
    ['HOLIDAY_ADD', '新增节假日'],
    ['HOLIDAY_EDIT', '编辑节假日'],
    ['HOLIDAY_DELETE', '删除节假日'],
    ['CALENDAR_EDIT', '设备日历设置'],
  ]),
  ...actions('SYS_LOG', '系统日志', [['EXPORT', '导出']]),
  // /sys-cfg configuration screens (authorities/sys-cfg.ts); 'SYS_' keeps SCHEDULE from prefixing SCHEDULE_CFG.
  ...actions('SYS_BASE_CFG', '基础配置', [
    ['EDIT', '修改配置'],
    ['DICT', '字典维护'],
  ]),
  ...actions('SYS_SCHEDULE_CFG', '排产配置', [['EDIT', '修改配置']]),
  ...actions('SYS_PAPER_DATA', '纸板生产数据', [
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
  ]),
  ...actions('MODELING_IC_CARD', 'IC卡', [
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
    ['BIND', '绑定/解绑'],
  ]),
  ...actions('MODELING_ONE_MACHINE', '一体机', [
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
  ]),
  ...actions('MODELING_BAD_REASON', '不良现象', [
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
  ]),
  ...actions('SYS_TICKET_TEMPLATE', '流转卡模板', [
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
    ['DEFAULT', '设为默认'],
  ]),
  ...actions('ROLE', '角色管理', [
    ['ADD', '新增'],
    ['EDIT', '编辑'],
    ['ASSIGN', '分配用户'],
    ['DELETE', '删除'],
  ]),
];

/** Quality audit tabs (spec §6), ids as the spec writes them, including PRODUCK_CHECK. */
export const QA_AUDIT_TAB_CODE_ENTRIES: ActionCodeEntry[] = [
  { code: 'QA_AUDIT_FIRST_CHECK', name: '质检审核-首检' },
  { code: 'QA_AUDIT_ON_SITE_CHECK', name: '质检审核-巡检' },
  { code: 'QA_AUDIT_SAMPLE_CHECK', name: '质检审核-抽检' },
  { code: 'QA_AUDIT_PRODUCK_CHECK', name: '质检审核-成品检' },
  { code: 'QA_AUDIT_ALL', name: '质检审核-全部' },
];

/** Every button-level code (actions and QA audit tabs). */
export function allActionCodes(): string[] {
  return [...ACTION_CODE_ENTRIES, ...QA_AUDIT_TAB_CODE_ENTRIES].map((entry) => entry.code);
}

/** Action codes of one page, e.g. `actionCodesOf('PRODUCTION_ORDER')`. */
export function actionCodesOf(page: string): string[] {
  const prefix = `ACTION_${page}_`;
  return ACTION_CODE_ENTRIES.filter((entry) => entry.code.startsWith(prefix)).map((entry) => entry.code);
}
