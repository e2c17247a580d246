/**
 * How a page of the console is declared: path, Chinese title, menu group, authorities, hidden or
 * not. A built module declares its pages once with `definePages` (src/core/access/pages/<m>.ts);
 * the route catalogue places them in their group, the console attaches each page's component by
 * the same key (src/app/modules/<m>/index.ts, `defineModule`), and the menu, router and permission
 * tree are derived from the catalogue.
 */

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
  /** The console module (src/app/modules/<module>) that renders this page; none: 模块待开发. */
  module?: string;
}

/** Query params of a tabbed page, kept when switching its tabs. */
export const TAB_QUERY = ['tab', 'activeName'];

/** What a page declaration says besides its key: everything but the derived menuId/module. */
export type PageSpec = Omit<RouteEntry, 'menuId' | 'authorities' | 'module'> & {
  /** Codes required besides the group's and the page's menu codes (e.g. the schedule ids 8621). */
  authorities?: string[];
};

/**
 * A spec page: `MENU_<GROUP>` + `MENU_<GROUP>_<KEY>` (+ extra authorities), menu id `<group>_<key>`.
 * Pages of modules not built yet are written this way in the catalogue (they show 模块待开发).
 */
export function page(
  group: string,
  key: string,
  path: string,
  title: string,
  extra: Partial<Omit<RouteEntry, 'path' | 'title' | 'menuId'>> = {},
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

/** The pages one console module renders, keyed by their authority key (`MODELING` → MENU_SYS_MODELING). */
export interface ModulePages<K extends string = string> {
  /** Console module name: the folder under src/app/modules. */
  module: string;
  /** Menu group key: the group's authority is `MENU_<group>`. */
  group: string;
  pages: { readonly [P in K]: RouteEntry };
}

/**
 * One declaration of a module's pages. `definePages('sys-log', 'SYS', { LOG: { path: '/sys-log',
 * title: '系统日志' } })` gives the page /sys-log with MENU_SYS + MENU_SYS_LOG, rendered by the
 * console module sys-log; `pageList` places it in the catalogue, the console attaches `LOG`'s component.
 */
export function definePages<const K extends string>(module: string, group: string, pages: Record<K, PageSpec>): ModulePages<K> {
  const entries = {} as Record<K, RouteEntry>;
  for (const key of Object.keys(pages) as K[]) {
    const { path, title, ...extra } = pages[key];
    entries[key] = { ...page(group, key, path, title, extra), module };
  }
  return { module, group, pages: entries };
}

/** A module's pages in declaration order, for a group's `children`. */
export function pageList(declared: ModulePages): RouteEntry[] {
  return Object.values(declared.pages);
}
