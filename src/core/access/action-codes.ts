import { ACCOUNT_ACTIONS } from './authorities/account';
import { DEVICE_REPAIR_ACTIONS } from './authorities/device-repair';
import { DEVICE_CARE_ACTIONS } from './authorities/device-care';
import { DEVICE_LIVE_ACTIONS } from './authorities/device-live';
import { DEVICE_LEDGER_ACTIONS } from './authorities/device-ledger';
import { MODELING_ACTIONS } from './authorities/modeling';
import { SHIFT_ACTIONS } from './authorities/shifts';
import { STENCIL_ACTIONS } from './authorities/stencil';
import { SYS_LOG_ACTIONS } from './authorities/sys-log';
import { SYS_CFG_ACTIONS } from './authorities/sys-cfg';
import { WORK_ORDER_ACTIONS } from './authorities/work-order';
import { PAPERBOARD_ACTIONS } from './authorities/paperboard';
import { SCHEDULE_ACTIONS } from './authorities/schedule';
import type { ActionCodeEntry } from './module';

export type { ActionCodeEntry } from './module';

/**
 * Button authorities (spec §6, DECISIONS.md): `ACTION_<PAGE>_<ACTION>`. A built module declares its
 * own codes once, with their Chinese names, in core/access/authorities/<module>.ts (defineAuthorities);
 * this list collects them. Pages of modules not built yet keep their spec-derived entries here until
 * their module declares them.
 */
function actions(page: string, pageName: string, list: Array<[string, string]>): ActionCodeEntry[] {
  return list.map(([action, actionName]) => ({
    code: `ACTION_${page}_${action}`,
    name: `${pageName}-${actionName}`,
  }));
}

/** Spec-derived codes of modules not built yet (orders, scheduling, reporting, devices, moulds, quality). */
const SPEC_ACTION_ENTRIES: ActionCodeEntry[] = [
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
];

/** Pages in the order of the role permission tree (by their Chinese page name). */
const PAGE_ORDER = [
  '生产订单',
  '订单回收站',
  '报工记录',
  '报工审核',
  '纸板订单',
  '纸板排产',
  '纸箱排产',
  ...new Set(SPEC_ACTION_ENTRIES.map((entry) => entry.name.split('-')[0])),
  '人员管理',
  '车间',
  '设备类型',
  '设备',
  '工序',
  '工序组',
  '工艺路线',
  '产品分类',
  '产品档案',
  '班组',
  '岗位',
  '班次管理',
  '系统日志',
  '基础配置',
  '排产配置',
  '纸板生产数据',
  'IC卡',
  '一体机',
  '不良现象',
  '流转卡模板',
  '订单同步日志',
  '印版管理',
  '设备维修',
  '点检方案',
  '点检计划',
  '点检工单',
  '保养方案',
  '保养计划',
  '保养工单',
  '设备停机',
  '设备台账',
  '设备知识库',
  '角色管理',
];
const pageRank = (entry: ActionCodeEntry) => {
  const rank = PAGE_ORDER.indexOf(entry.name.split('-')[0]!);
  return rank < 0 ? PAGE_ORDER.length : rank;
};

export const ACTION_CODE_ENTRIES: ActionCodeEntry[] = [
  ...SPEC_ACTION_ENTRIES,
  ...ACCOUNT_ACTIONS,
  ...MODELING_ACTIONS,
  ...SHIFT_ACTIONS,
  ...SYS_LOG_ACTIONS,
  ...SYS_CFG_ACTIONS,
  ...STENCIL_ACTIONS,
  ...WORK_ORDER_ACTIONS,
  ...DEVICE_REPAIR_ACTIONS,
  ...DEVICE_CARE_ACTIONS,
  ...PAPERBOARD_ACTIONS,
  ...DEVICE_LIVE_ACTIONS,
  ...DEVICE_LEDGER_ACTIONS,
  ...SCHEDULE_ACTIONS,
].sort((a, b) => pageRank(a) - pageRank(b));

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
