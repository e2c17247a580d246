import type { UserInfo } from '../contracts';
import type { RouteEntry, RouteGroup } from './route-catalog';

export type AuthoritySet = ReadonlySet<string>;

/** Authority codes of the user for the current factory. */
export function authoritySet(user: Pick<UserInfo, 'authorities'> | null | undefined): AuthoritySet {
  return new Set((user?.authorities ?? []).map((entry) => String(entry.authority)));
}

/** True when every required code is held (an empty list needs nothing). */
export function canAccess(set: AuthoritySet, required: readonly (string | number)[] | undefined): boolean {
  return (required ?? []).every((code) => set.has(String(code)));
}

/** Action-code lookup for permission buttons; no code means no restriction. */
export function can(set: AuthoritySet, code: string | number | null | undefined): boolean {
  return code === null || code === undefined || code === '' || set.has(String(code));
}

/**
 * Spec §2/§5: a route is visible only if the user holds every code in its authorities; groups with
 * no visible child are dropped. `hidden` routes stay (they are reachable, the menu omits them).
 */
export function visibleRouteGroups(groups: readonly RouteGroup[], set: AuthoritySet): RouteGroup[] {
  return groups
    .map((group) => ({ ...group, children: group.children.filter((route) => canAccess(set, route.authorities)) }))
    .filter((group) => group.children.length > 0);
}

/** Groups and children the sidebar shows: visible and not hidden. */
export function menuGroups(visibleGroups: readonly RouteGroup[]): RouteGroup[] {
  return visibleGroups
    .map((group) => ({ ...group, children: group.children.filter((route) => !route.hidden) }))
    .filter((group) => group.children.length > 0);
}

/** Target of the root redirect: the first visible home-type route, else the first visible menu route. */
export function firstHomePath(visibleGroups: readonly RouteGroup[]): string | null {
  const routes = visibleGroups.flatMap((group) => group.children);
  const home = routes.find((route) => route.home) ?? routes.find((route) => !route.hidden && !route.bare);
  return home?.path ?? null;
}

export interface RouteMatch {
  group: RouteGroup;
  route: RouteEntry;
}

/** Finds a route of the catalogue (or of visible groups) by path. */
export function findRoute(groups: readonly RouteGroup[], path: string): RouteMatch | null {
  const clean = path.split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';
  for (const group of groups) {
    const route = group.children.find((child) => child.path === clean);
    if (route) return { group, route };
  }
  return null;
}
