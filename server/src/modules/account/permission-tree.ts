import type { PermissionNode } from '@core/contracts/account';
import { ACTION_CODE_ENTRIES, QA_AUDIT_TAB_CODE_ENTRIES } from '@core/access/action-codes';
import { ROUTE_GROUPS } from '@core/access/route-catalog';
import type { AuthorityKind } from '../../db/schema';

/** Grouping nodes carry this prefix: they are not authority codes and are never stored. */
export const GROUP_PREFIX = 'GROUP:';

export interface CatalogueEntry {
  code: string;
  name: string;
  kind: AuthorityKind;
  /** Codes a holder of this one also needs (its menu group and page, or the hidden page a button opens). */
  parents: string[];
}

function node(code: string, name: string, kind: PermissionNode['kind'], children: PermissionNode[] = []): PermissionNode {
  return { code, name, kind, children };
}

/**
 * Every menu of the route catalogue (group → page → extra ids such as 8621) and every button code
 * (grouped by page), with Chinese labels: the tree the role editor shows, and the only codes a
 * role may hold.
 */
export function buildPermissionTree(): PermissionNode[] {
  const seen = new Set<string>();
  const menus = ROUTE_GROUPS.map((group) => {
    seen.add(group.authority);
    const pages: PermissionNode[] = [];
    for (const child of group.children) {
      const [, pageCode, ...extra] = child.authorities;
      if (!pageCode || seen.has(pageCode)) continue;
      seen.add(pageCode);
      const extras = extra.filter((code) => !seen.has(code));
      extras.forEach((code) => seen.add(code));
      pages.push(node(pageCode, child.title, 'menu', extras.map((code) => node(code, `${child.title}（${code}）`, 'menu'))));
    }
    return node(group.authority, group.title, 'menu', pages);
  });

  const pages = new Map<string, PermissionNode>();
  for (const entry of [...ACTION_CODE_ENTRIES, ...QA_AUDIT_TAB_CODE_ENTRIES]) {
    const [pageName = entry.name, actionName = entry.name] = entry.name.split('-');
    let page = pages.get(pageName);
    if (!page) {
      page = node(`${GROUP_PREFIX}${pageName}`, pageName, 'group');
      pages.set(pageName, page);
    }
    page.children.push(node(entry.code, actionName, 'action'));
  }
  return [...menus, node(`${GROUP_PREFIX}ACTIONS`, '按钮权限', 'group', [...pages.values()])];
}

/** Flat catalogue of the tree's codes with their parents. */
export function authorityCatalogue(tree: PermissionNode[] = buildPermissionTree()): Map<string, CatalogueEntry> {
  const entries = new Map<string, CatalogueEntry>();
  const walk = (nodes: PermissionNode[], parents: string[], path: string[]) => {
    for (const item of nodes) {
      const isCode = !item.code.startsWith(GROUP_PREFIX);
      if (isCode) {
        entries.set(item.code, {
          code: item.code,
          name: [...path, item.name].join('-'),
          kind: item.kind === 'action' ? 'action' : 'menu',
          parents,
        });
      }
      walk(item.children, isCode && item.kind === 'menu' ? [...parents, item.code] : parents, item.kind === 'group' && item.code === `${GROUP_PREFIX}ACTIONS` ? path : [...path, item.name]);
    }
  };
  walk(tree, [], []);
  // A button that opens a hidden page needs that page (and its group) to lead anywhere.
  for (const group of ROUTE_GROUPS) {
    for (const route of group.children) {
      const pageCodes = route.authorities.filter((code) => entries.has(code));
      for (const action of route.openedBy ?? []) {
        const entry = entries.get(action);
        if (entry) entry.parents = [...new Set([...entry.parents, ...pageCodes])];
      }
    }
  }
  return entries;
}
