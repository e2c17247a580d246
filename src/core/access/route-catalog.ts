/**
 * Every route of spec §2 as plain data: the console builds its router and menu from it, the server
 * seeds authorities and the permission tree from it. A built module declares its pages once in
 * ./pages/<m>.ts (`definePages`) and they are placed in their group here with `...pageList(...)`;
 * a spec path no module renders yet is written with `page(...)` and shows an honest "待开发" notice
 * naming its module.
 *
 * Authority codes (DECISIONS.md): `MENU_<GROUP>` for a group, `MENU_<GROUP>_<PAGE>` for a page;
 * schedule pages also require the numeric ids the spec names (8621, 8624, 8625).
 */

import { page, pageList, TAB_QUERY, type RouteEntry } from './page-declaration';
import { ACCOUNT_PAGES } from './pages/account';
import { DEVICE_REPAIR_PAGES } from './pages/device-repair';
import { DEVICE_CARE_PAGES } from './pages/device-care';
import { DEVICE_LEDGER_PAGES, DEVICE_LEDGER_PUBLIC_PAGES } from './pages/device-ledger';
import { ERP_LOG_PAGES } from './pages/erp-log';
import { HOME_PAGES } from './pages/home';
import { DEVICE_DETAIL_PAGES, DEVICE_KANBAN_PAGES, DEVICE_LIVE_PAGES, WORKORDER_CALENDAR_PAGES } from './pages/device-live';
import { MODELING_PAGES } from './pages/modeling';
import { ORDER_BIN_PAGES } from './pages/order-bin';
import { ORDER_PROGRESS_PAGES } from './pages/order-progress';
import { PRINT_ORDER_PAGES } from './pages/print-order';
import { PRODUCTION_ORDER_PAGES } from './pages/production-order';
import { SHIFTS_PAGES } from './pages/shifts';
import { STENCIL_PAGES } from './pages/stencil';
import { SYS_CFG_PAGES } from './pages/sys-cfg';
import { SYS_LOG_PAGES } from './pages/sys-log';
import { WORK_REPORT_PAGES } from './pages/work-report';
import { PAPERBOARD_PAGES } from './pages/paperboard';
import { SCHEDULE_PAGES } from './pages/schedule';

export { definePages, page, pageList, TAB_QUERY, type ModulePages, type PageSpec, type RouteEntry } from './page-declaration';

export interface RouteGroup {
  /** Group path as the spec writes it (e.g. /device-run-cfg); not itself a page. */
  path: string;
  title: string;
  /** Name used by the "待开发" notice and by module elements; the built modules of the group name themselves on their pages. */
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
  /** The console module that renders this page; none: 模块待开发. */
  module?: string;
}

export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: '/login', title: '登录' },
  DEVICE_LEDGER_PUBLIC_PAGES.UPLOAD,
  DEVICE_LEDGER_PUBLIC_PAGES.MACHINE_LOG,
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
      ...pageList(HOME_PAGES),
      ...pageList(DEVICE_LIVE_PAGES),
    ],
  },
  {
    path: '/kanban',
    title: '看板',
    module: 'kanban',
    icon: 'dashboard',
    authority: 'MENU_KANBAN',
    children: [...pageList(DEVICE_KANBAN_PAGES)],
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
      ...pageList(DEVICE_LEDGER_PAGES),
      ...pageList(WORKORDER_CALENDAR_PAGES),
      ...pageList(DEVICE_DETAIL_PAGES),
      ...pageList(DEVICE_CARE_PAGES),
      ...pageList(DEVICE_REPAIR_PAGES),
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
      ...pageList(PAPERBOARD_PAGES),
    ],
  },
  {
    path: '/schedule',
    title: '纸箱排产',
    module: 'schedule',
    icon: 'schedule',
    authority: 'MENU_SCHEDULE',
    children: [
      ...pageList(SCHEDULE_PAGES),
    ],
  },
  {
    path: '/work-order',
    title: '生产工单',
    module: 'work-order',
    icon: 'profile',
    authority: 'MENU_WORK_ORDER',
    children: [
      ...pageList(PRODUCTION_ORDER_PAGES),
      ...pageList(WORK_REPORT_PAGES),
      ...pageList(ORDER_BIN_PAGES),
      ...pageList(ORDER_PROGRESS_PAGES),
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
      ...pageList(MODELING_PAGES),
      ...pageList(SYS_CFG_PAGES),
      ...pageList(SHIFTS_PAGES),
      ...pageList(SYS_LOG_PAGES),
      ...pageList(ERP_LOG_PAGES),
    ],
  },
  {
    path: '/stencil',
    title: '印版管理',
    module: 'stencil',
    icon: 'printer',
    authority: 'MENU_STENCIL',
    children: [...pageList(STENCIL_PAGES)],
  },
  {
    path: '/account_config',
    title: '账号配置',
    module: 'account',
    icon: 'team',
    authority: 'MENU_ACCOUNT',
    children: [...pageList(ACCOUNT_PAGES)],
  },
  {
    path: '/print',
    title: '打印',
    module: 'print',
    icon: 'printer',
    authority: 'MENU_PRINT',
    children: [
      page('PRINT', 'CALENDARS', '/print-calendars', '打印日历', { hidden: true, bare: true }),
      ...pageList(PRINT_ORDER_PAGES),
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
