import { ACTION_CODE_ENTRIES, QA_AUDIT_TAB_CODE_ENTRIES } from '@core/access/action-codes';
import { ROUTE_GROUPS } from '@core/access/route-catalog';
import { AccountPaths } from '@core/contracts/account';
import { EnterpriseConfigPaths } from '@core/contracts/sys-cfg';
import { FilePaths } from '@core/contracts/files';
import { AuthPaths, UserConfigPaths } from '@core/contracts/paths';

/**
 * Chinese names of logged operations, derived from what each write route declares: its authority
 * code (button codes carry `页面-动作` names, page codes their menu title) and, where one code guards
 * several verbs (部门管理: add/rename/remove), the verb of the path. Routes without an authority
 * (sign-in, own settings, uploads) are named below.
 */
const UNGUARDED_NAMES: Record<string, string> = {
  [AuthPaths.login]: '登录',
  [AuthPaths.logout]: '退出登录',
  [AuthPaths.refresh]: '刷新登录',
  '/base/switch/user/org/:orgId': '切换工厂',
  [AuthPaths.userLog]: '记录按钮点击',
  [AccountPaths.sms]: '发送短信验证码',
  [UserConfigPaths.replace]: '保存个人配置',
  [EnterpriseConfigPaths.userPageConfigSave]: '保存页面配置',
  [FilePaths.upload]: '上传文件',
  [FilePaths.batchUpload]: '批量上传文件',
};

/** Last path segment (or its first word) → verb. */
const VERBS: Record<string, string> = {
  update_name: '重命名',
  add: '新增',
  create: '新增',
  edit: '编辑',
  update: '编辑',
  save: '保存',
  remove: '删除',
  delete: '删除',
  import: '导入',
  export: '导出',
  bind: '绑定',
  unbind: '解绑',
};
/** Button names that cover several verbs (部门管理, 字典维护, 设备日历设置): the path's verb is added. */
const GENERIC_ACTION = /(管理|维护|设置)$/;

const ACTION_NAMES = new Map([...ACTION_CODE_ENTRIES, ...QA_AUDIT_TAB_CODE_ENTRIES].map((entry) => [entry.code, entry.name]));
const PAGE_TITLES = new Map(
  ROUTE_GROUPS.flatMap((group) => [
    [group.authority, group.title] as const,
    ...group.children.flatMap((child) => child.authorities.slice(1).map((code) => [code, child.title] as const)),
  ]),
);

function verbOf(path: string): string | undefined {
  const segment = path.split('/').filter((part) => part && !part.startsWith(':')).at(-1) ?? '';
  return VERBS[segment] ?? VERBS[segment.split('_')[0]!];
}

/** The name of one route from its authority and path; undefined when nothing names it. */
export function operationName(path: string, authority: string): string | undefined {
  if (!authority) return UNGUARDED_NAMES[path];
  const verb = verbOf(path);
  const action = ACTION_NAMES.get(authority);
  if (action) {
    const [page, ...rest] = action.split('-');
    const name = rest.join('-') || page!;
    // 绑定/解绑 on /ic_card/unbind → 解绑; 部门管理 on /department/remove → 部门管理（删除）.
    const shown = verb && name.split('/').includes(verb) ? verb : name;
    const withVerb = verb && GENERIC_ACTION.test(shown) ? `${shown}（${verb}）` : shown;
    return rest.length > 0 ? `${page}-${withVerb}` : withVerb;
  }
  return PAGE_TITLES.get(authority);
}

export interface OperationNaming {
  /** The Chinese name of a logged path; a path no route has (any more) shows as stored. */
  nameOf(path: string): string;
  /** The route paths whose name contains `text`. */
  pathsNamed(text: string): string[];
}

/** Naming over the app's write routes (`writeRoutes`: path → declared authority, read at each call). */
export function operationNaming(writeRoutes: ReadonlyMap<string, string>): OperationNaming {
  const nameOf = (path: string) => operationName(path, writeRoutes.get(path) ?? '') ?? path;
  return { nameOf, pathsNamed: (text) => [...writeRoutes.keys()].filter((path) => nameOf(path).includes(text)) };
}
