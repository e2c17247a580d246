// Pure rules of the shell (spec §2), kept free of React so they are unit-tested directly.
import { DEFAULT_HOME_PATH, firstHomePath, type PublicRoute, type RouteGroup } from '@core/access';
import type { UserInfo } from '@core/contracts';

/** Only same-console absolute paths are followed after login; anything else goes to '/'. */
export function safeRedirect(value: string | null | undefined): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/';
}

/** /login?redirect=<wanted path> — no redirect query for the root (spec §2). */
export function loginPathFor(wanted: string): string {
  return wanted === '/' || wanted === '' ? '/login' : `/login?redirect=${encodeURIComponent(wanted)}`;
}

/** Root target (first visible home-type route) and home for unknown paths (/home when visible). */
export function homePaths(groups: readonly RouteGroup[]): { root: string | null; home: string | null } {
  const root = firstHomePath(groups);
  const hasDefaultHome = groups.some((group) => group.children.some((route) => route.path === DEFAULT_HOME_PATH));
  return { root, home: hasDefaultHome ? DEFAULT_HOME_PATH : root };
}

/** Query params the route requires but the URL lacks (spec §2: /upload-device-img needs all five). */
export function missingQuery(route: PublicRoute, params: URLSearchParams): string[] {
  return (route.requiredQuery ?? []).filter((name) => !params.get(name)?.trim());
}

/** A tab change: keep only the route's kept params (spec §2), set the tab, drop the rest (filters). */
export function nextTabQuery(
  previous: URLSearchParams,
  kept: readonly string[],
  name: string,
  value: string,
): URLSearchParams {
  const next = new URLSearchParams();
  for (const key of kept) {
    const keptValue = previous.get(key);
    if (key !== name && keptValue !== null) next.set(key, keptValue);
  }
  next.set(name, value);
  return next;
}

/** The host's user: a JSON string (attribute) or an object (property); anything else is ignored. */
export function parseHostUser(user: unknown): UserInfo | null {
  let value: unknown = user;
  if (typeof user === 'string') {
    try {
      value = JSON.parse(user);
    } catch {
      return null;
    }
  }
  if (value && typeof value === 'object' && Array.isArray((value as UserInfo).authorities)) return value as UserInfo;
  return null;
}
