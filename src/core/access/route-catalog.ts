/**
 * Every route of spec §2 as plain data: the console builds its router and menu from it, the server
 * seeds authorities from it. Modules attach pages to these paths; a path with no page yet shows an
 * honest "待开发" notice naming its module.
 *
 * Authority codes (DECISIONS.md): `MENU_<GROUP>` for a group, `MENU_<GROUP>_<PAGE>` for a page;
 * schedule pages also require the numeric ids the spec names (8621, 8624, 8625).
 */

import { ModelingAuthorities } from './authorities/modeling';
import { SysCfgAuthorities } from './authorities/sys-cfg';

export interface RouteEntry {
  path: string;
  /** Chinese title shown in menu, tabs and breadcrumbs. */
  title: string;
  /** Menu identifier (spec §2 "menu identifier families"). */
  menuId: string;
  /** Every code is required for the route to be visible. */
  authorities: string[];
  hidden?: boolean;
  /** Candidate target of the root redirect. */
  home?: boolean;
  /** Query params kept when switching tabs on this page; others are dropped. */
  keepQuery?: string[];
  /** Rendered without the console layout (print pages). */
  bare?: boolean;
  /**
   * Buttons that open this (hidden) page: a role given one of them is given the page too, so the
   * button never leads to a page the user may not see.
   */
  openedBy?: string[];
}

export interface RouteGroup {
  /** Group path as the spec writes it (e.g. /device-run-cfg); not itself a page. */
  path: string;
  title: string;
  /** Module name used by the "待开发" notice and by module elements. */
  module: string;
  icon: string;
  authority: string;
  children: RouteEntry[];
}

export interface PublicRoute {
  path: string;
  title: string;
  /** Query params that must all be present (spec §2, /upload-device-img). */
  requiredQuery?: string[];
}

const TAB_QUERY = ['tab', 'activeName'];

function page(
  group: string,
  key: string,
  path: string,
  title: string,
  extra: Partial<RouteEntry> = {},
): RouteEntry {
  const { authorities = [], ...rest } = extra;
  return {
    path,
    title,
    menuId: `${group}_${key}`.toLowerCase(),
    authorities: [`MENU_${group}`, `MENU_${group}_${key}`, ...authorities],
    ...rest,
  };
}

export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: '/login', title: '登录' },
  {
    path: '/upload-device-img',
    title: '上传设备图片',
    requiredQuery: ['uuId', 'token', 'appId', 'orgId', 'userId'],
  },
  { path: '/machineLog', title: '一体机异常日志' },
  { path: '/platform-cfg', title: '平台配置管理' },
];

export const DEFAULT_HOME_PATH = '/home';

export const ROUTE_GROUPS: RouteGroup[] = [
  {
    path: '/home-group',
    title: '首页',
    module: 'home',
    icon: 'home',
    authority: 'MENU_HOME',
    children: [
      page('HOME', 'INDEX', '/home', '首页', { home: true }),
      page('HOME', 'NEW_HOME', '/new-home', '设备总览', { home: true }),
    ],
  },
  {
    path: '/kanban',
    title: '看板',
    module: 'kanban',
    icon: 'dashboard',
    authority: 'MENU_KANBAN',
    children: [page('KANBAN', 'DEVICE_DETAIL', '/device-kanban-detail', '设备看板')],
  },
  {
    path: '/reportCfg',
    title: '报表市场',
    module: 'report',
    icon: 'bar-chart',
    authority: 'MENU_REPORT',
    children: [
      page('REPORT', 'BASIC', '/basic-report', '基础报表'),
      page('REPORT', 'DEVICE', '/device-report', '设备报表'),
      page('REPORT', 'MY', '/my-report', '我的报表'),
      page('REPORT', 'MARKET_TEMPLATE', '/market-template', '报表模板'),
      page('REPORT', 'MARKET_COLLECT', '/market-collect', '我的收藏'),
      page('REPORT', 'KANBAN', '/v2/report-kanban', '报表看板', { keepQuery: ['reportId'] }),
      page('REPORT', 'DEVICE_PRODUCTION', '/device-production-statistics', '设备生产统计', { hidden: true }),
      page('REPORT', 'DEVICE_DOWNTIME', '/device-downtime-count', '设备停机统计', { hidden: true }),
      page('REPORT', 'DEVICE_REPAIR', '/device-repair-report', '设备维修报表', { hidden: true }),
      page('REPORT', 'DEVICE_PARTS', '/device-parts-record', '备件更换记录', { hidden: true }),
      page('REPORT', 'ORDER_COMPLETION', '/order-completion-statistics', '订单完成统计', { hidden: true }),
      page('REPORT', 'EMPLOYEE_PERFORMANCE', '/employee-performance-statistics', '员工绩效统计', { hidden: true }),
      page('REPORT', 'EQUIPMENT_PERFORMANCE', '/equipment-performance-statistics', '设备绩效统计', { hidden: true }),
      page('REPORT', 'ADVERSE_PHENOMENA', '/adverse-phenomena-statistics', '不良现象统计', { hidden: true }),
      page('REPORT', 'KANBAN_WORKSHOP_V2', '/v2/report-kanban-workshop', '车间看板', { hidden: true, keepQuery: ['reportId'] }),
      page('REPORT', 'KANBAN_DEVICE_V2', '/v2/report-kanban-device', '设备看板', { hidden: true, keepQuery: ['reportId'] }),
      page('REPORT', 'KANBAN_WORKSHOP', '/report-kanban-work-shop', '车间看板（旧版）', { hidden: true, keepQuery: ['reportId'] }),
      page('REPORT', 'KANBAN_DEVICE', '/report-kanban-device', '设备看板（旧版）', { hidden: true, keepQuery: ['reportId'] }),
      page('REPORT', 'KANBAN_DEVICE_DTL', '/report-kanban-device-dtl', '设备看板明细', { hidden: true, keepQuery: ['reportId'] }),
      page('REPORT', 'KANBAN_OEE', '/report-kanban-oee', 'OEE 看板', { hidden: true, keepQuery: ['reportId'] }),
      page('REPORT', 'CREATE_CHART', '/create-chart', '编辑报表', { hidden: true, keepQuery: ['reportId'] }),
      page('REPORT', 'PREVIEW_CHART', '/previewChart/:id', '报表预览', { hidden: true }),
    ],
  },
  {
    path: '/device-run-cfg',
    title: '设备管理',
    module: 'device',
    icon: 'tool',
    authority: 'MENU_DEVICE',
    children: [
      page('DEVICE', 'LEDGER', '/device-info', '设备台账'),
      page('DEVICE', 'WORKORDER_CALENDAR', '/workorder-calendar', '工单日历'),
      page('DEVICE', 'DETAIL', '/device-detail', '设备详情', { hidden: true, keepQuery: TAB_QUERY }),
      page('DEVICE', 'CHECK', '/device-check-cfg', '设备点检', { keepQuery: TAB_QUERY }),
      page('DEVICE', 'MAINTENANCE', '/maintenance-cfg', '设备保养', { keepQuery: TAB_QUERY }),
      page('DEVICE', 'REPAIR', '/repair-cfg', '设备维修', { keepQuery: TAB_QUERY }),
    ],
  },
  {
    path: '/Mold',
    title: '模具管理',
    module: 'mold',
    icon: 'appstore',
    authority: 'MENU_MOLD',
    children: [
      page('MOLD', 'INFO', '/mold-info', '模具档案'),
      page('MOLD', 'VISUALIZE', '/mold-visualize', '模具可视化'),
      page('MOLD', 'PUT_IN_STORE', '/put-in-store', '模具入库'),
      page('MOLD', 'USE', '/mold-use', '模具领用'),
      page('MOLD', 'GIVE_BACK', '/mold-give-back', '模具归还'),
      page('MOLD', 'RECORD', '/mold-record', '模具履历'),
    ],
  },
  {
    path: '/qa',
    title: '质量管理',
    module: 'quality',
    icon: 'safety-certificate',
    authority: 'MENU_QA',
    children: [
      page('QA', 'SCHEME', '/qa-scheme-mgr', '检验方案', { keepQuery: TAB_QUERY }),
      page('QA', 'AUDIT', '/qa-audit', '质检审核', { keepQuery: TAB_QUERY }),
      page('QA', 'PHYSICAL_TEST', '/physical-test', '物性检测'),
      page('QA', 'CARDBOARD_TEST', '/cardboard-test', '纸板检测'),
      page('QA', 'CALENDAR', '/qa-calendar', '质检日历'),
      page('QA', 'MATERIAL_TEST', '/material-test', '原纸检测'),
      page('QA', 'CUSTOMER_REPORT', '/order-Report', '客户报告'),
    ],
  },
  {
    path: '/paperboard',
    title: '纸板排产',
    module: 'paperboard',
    icon: 'column-width',
    authority: 'MENU_PAPERBOARD',
    children: [
      page('PAPERBOARD', 'ORDERS', '/paperboard/orders', '纸板订单'),
      page('PAPERBOARD', 'FECAL_ORDERS', '/paperboard/fecalOrders', '尾数订单'),
      page('PAPERBOARD', 'STANDBY_ORDERS', '/paperboard/standbyOrders', '待排订单'),
      page('PAPERBOARD', 'SCHEDULE_DETAIL', '/paperboard/scheduleDetail', '排产明细'),
      page('PAPERBOARD', 'SCHEDULE_LIST', '/paperboard/scheduleList', '排产单'),
      page('PAPERBOARD', 'COMPLETE_ORDERS', '/paperboard/completeOrders', '已完成订单'),
      page('PAPERBOARD', 'SCHEDULE_CONFIG', '/paperboard/scheduleConfig', '排产配置'),
      page('PAPERBOARD', 'LOG', '/paperboard/log', '排产日志'),
    ],
  },
  {
    path: '/schedule',
    title: '纸箱排产',
    module: 'schedule',
    icon: 'schedule',
    authority: 'MENU_SCHEDULE',
    children: [
      page('SCHEDULE', 'DELIVERY_PLAN', '/delivery-plan', '交期计划'),
      page('SCHEDULE', 'PRODUCTION_ORDER', '/schedule-production-order', '待排订单', { authorities: ['8621'] }),
      page('SCHEDULE', 'STANDBY', '/schedule-standby', '待排工序', { authorities: ['8621'] }),
      page('SCHEDULE', 'PRE', '/schedule-pre', '预排产', { authorities: ['8621'], keepQuery: TAB_QUERY }),
      page('SCHEDULE', 'SCHEDULED', '/scheduled', '已排产', { authorities: ['8624'], keepQuery: TAB_QUERY }),
      page('SCHEDULE', 'MACHINE', '/machine-schedule', '机台排程', { hidden: true, authorities: ['8624'] }),
      page('SCHEDULE', 'VIEWS', '/schedule-views', '排产视图', { authorities: ['8625'], keepQuery: TAB_QUERY }),
    ],
  },
  {
    path: '/work-order',
    title: '生产工单',
    module: 'work-order',
    icon: 'profile',
    authority: 'MENU_WORK_ORDER',
    children: [
      page('WORK_ORDER', 'ISSUED', '/production-order-issued', '已下发工单', { hidden: true }),
      page('WORK_ORDER', 'PRODUCTION_ORDER', '/production-order', '生产订单', { keepQuery: TAB_QUERY }),
      page('WORK_ORDER', 'SEMI_PRODUCTION_ORDER', '/semi-production-order', '回收订单'),
      page('WORK_ORDER', 'REVIEW', '/work-order-review', '报工审核', { keepQuery: [...TAB_QUERY, 'reportId'] }),
      page('WORK_ORDER', 'RECORD', '/work-order-record', '报工记录', { keepQuery: TAB_QUERY }),
      page('WORK_ORDER', 'RECYCLING_BIN', '/order-recycling-bin', '订单回收站'),
      page('WORK_ORDER', 'PROCESS_PROGRESS', '/order-process-progress', '订单工序进度'),
    ],
  },
  {
    path: '/paper-plastic',
    title: '纸塑车间',
    module: 'paper-plastic',
    icon: 'experiment',
    authority: 'MENU_PAPER_PLASTIC',
    children: [page('PAPER_PLASTIC', 'DEWETTING', '/dewetting/records', '脱湿记录')],
  },
  {
    path: '/sys-cfg',
    title: '系统配置',
    module: 'sys-cfg',
    icon: 'setting',
    authority: 'MENU_SYS',
    children: [
      page('SYS', 'MODELING', '/modeling', '建模', { keepQuery: TAB_QUERY }),
      page('SYS', 'EDIT_DEVICE', '/edit-device', '编辑设备', {
        hidden: true,
        openedBy: [ModelingAuthorities.deviceAdd, ModelingAuthorities.deviceEdit],
      }),
      page('SYS', 'ONE_MACHINE', '/oneMachine', '一体机'),
      page('SYS', 'BASE_CFG', '/base-cfg', '基础配置', { keepQuery: TAB_QUERY }),
      page('SYS', 'SCHEDULE_CFG', '/schedule-cfg', '排产配置', { keepQuery: TAB_QUERY }),
      page('SYS', 'PAPER_PRODUCE_DATA', '/paper-produce-data', '纸板生产数据', { keepQuery: TAB_QUERY }),
      page('SYS', 'CLASS_CFG', '/classCfg', '班次管理', { keepQuery: TAB_QUERY }),
      page('SYS', 'LOG', '/sys-log', '系统日志'),
      page('SYS', 'ERP_LOG', '/erp-log', '订单同步日志'),
      page('SYS', 'TICKET_TEMPLATE', '/ticket-temp-cfg', '流转卡模板', {
        hidden: true,
        keepQuery: ['id', 'isDefault', 'printType'],
        openedBy: [SysCfgAuthorities.ticketTemplateAdd, SysCfgAuthorities.ticketTemplateEdit],
      }),
    ],
  },
  {
    path: '/stencil',
    title: '印版管理',
    module: 'stencil',
    icon: 'printer',
    authority: 'MENU_STENCIL',
    children: [page('STENCIL', 'LIST', '/stencil-list', '印版列表')],
  },
  {
    path: '/account_config',
    title: '账号配置',
    module: 'account',
    icon: 'team',
    authority: 'MENU_ACCOUNT',
    children: [
      page('ACCOUNT', 'STAFF', '/account_config/staff', '人员管理'),
      page('ACCOUNT', 'ROLE', '/role', '角色管理'),
      page('ACCOUNT', 'RESET_PASSWORD', '/resetPsw', '重置密码'),
      page('ACCOUNT', 'MODIFY_PHONE', '/modifyPhone', '修改手机号'),
      page('ACCOUNT', 'AUTHORIZATION', '/tool/authorization', '工厂授权', { hidden: true }),
    ],
  },
  {
    path: '/print',
    title: '打印',
    module: 'print',
    icon: 'printer',
    authority: 'MENU_PRINT',
    children: [
      page('PRINT', 'CALENDARS', '/print-calendars', '打印日历', { hidden: true, bare: true }),
      page('PRINT', 'PRODUCTION_ORDER', '/print-production-order', '打印生产订单', { hidden: true, bare: true }),
    ],
  },
];

/** Every authority code a route of the console requires (menus and schedule ids). */
export function allRouteAuthorities(): string[] {
  const codes = new Set<string>();
  for (const group of ROUTE_GROUPS) {
    codes.add(group.authority);
    for (const child of group.children) child.authorities.forEach((code) => codes.add(code));
  }
  return [...codes];
}
