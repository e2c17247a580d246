import { ACTION_CODE_ENTRIES, QA_AUDIT_TAB_CODE_ENTRIES } from '@core/access/action-codes';
import { ROUTE_GROUPS } from '@core/access/route-catalog';
import { authorityCodes, type Endpoint } from '@core/contracts/endpoint';

/**
 * Chinese names of logged operations, derived from the endpoint declarations of the write routes:
 * the authority code (button codes carry `页面-动作` names, page codes their menu title) and, where
 * one code guards several verbs (部门管理: add/rename/remove), the verb of the path. Writes open to
 * any session or the public (sign-in, own settings, uploads) carry their own `name`.
 */
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

/** The name of one endpoint from its own name, or its authority and path; undefined when nothing names it. */
export function operationName(endpoint: Pick<Endpoint, 'path' | 'authority' | 'name'>): string | undefined {
  const { path } = endpoint;
  if (endpoint.name) return endpoint.name;
  if (!endpoint.authority) return undefined;
  const [authority] = authorityCodes(endpoint.authority) as [string];
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

/** The write endpoints of the app's route registry, by path. */
export function writeEndpoints(routes: ReadonlyArray<{ method: string; endpoint?: Endpoint }>): Map<string, Endpoint> {
  return new Map(routes.flatMap((route) => (route.method !== 'GET' && route.endpoint ? [[route.endpoint.path, route.endpoint] as const] : [])));
}

/**
 * Naming over the app's write routes. `routes` is the app's route registry (app.mountedRoutes), read
 * at the first call: every route is mounted by then.
 */
export function operationNaming(routes: ReadonlyArray<{ method: string; endpoint?: Endpoint }>): OperationNaming {
  let names: Map<string, string> | undefined;
  const all = () => {
    names ??= new Map([...writeEndpoints(routes)].map(([path, endpoint]) => [path, operationName(endpoint) ?? path]));
    return names;
  };
  const nameOf = (path: string) => all().get(path) ?? path;
  return { nameOf, pathsNamed: (text) => [...all()].filter(([, name]) => name.includes(text)).map(([path]) => path) };
}
