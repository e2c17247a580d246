import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, ROUTE_GROUPS, allRouteAuthorities, authoritySet, findRoute, menuGroups, visibleRouteGroups } from '@core/access';
import { MODELING_PAGES } from '@core/access/pages/modeling';
import { SYS_CFG_PAGES } from '@core/access/pages/sys-cfg';
import { SYS_LOG_PAGES } from '@core/access/pages/sys-log';
import { MODULES, findPageLoader } from './registry';

const routes = ROUTE_GROUPS.flatMap((group) => group.children.map((route) => ({ group, route })));

describe('module pages: declared once in core, components attached in the console', () => {
  it('every catalogue page of a built module has its component, and no component lacks a catalogue page', () => {
    const missing = routes.filter(({ route }) => route.module && !findPageLoader(route.path)).map(({ route }) => route.path);
    expect(missing).toEqual([]);
    const registered = MODULES.flatMap((registration) => Object.keys(registration.pages).map((path) => ({ path, module: registration.module })));
    // Public pages (no session) are registered by the module their PUBLIC_ROUTES entry names.
    const publicModule = (path: string) => PUBLIC_ROUTES.find((route) => route.path === path)?.module;
    const stray = registered.filter(({ path, module }) => findRoute(ROUTE_GROUPS, path)?.route.module !== module && publicModule(path) !== module);
    expect(stray).toEqual([]);
    expect(PUBLIC_ROUTES.filter((route) => route.module && !findPageLoader(route.path)).map((route) => route.path)).toEqual([]);
    // Spec pages no module renders yet stay placeholders (模块待开发): no component behind them.
    const pending = routes.filter(({ route }) => !route.module);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.filter(({ route }) => findPageLoader(route.path))).toEqual([]);
  });

  it('every built module renders pages of the catalogue, each in the group of its menu code', () => {
    const built = new Set(routes.flatMap(({ route }) => (route.module ? [route.module] : [])));
    expect(new Set(MODULES.map((registration) => registration.module))).toEqual(built);
    for (const { group, route } of routes) expect(route.authorities[0], route.path).toBe(group.authority);
    const paths = routes.map(({ route }) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('menu and routes are derived from the declarations: a page is shown with its codes and hidden pages stay out of the menu', () => {
    const sysLog = SYS_LOG_PAGES.pages.LOG;
    const visible = visibleRouteGroups(ROUTE_GROUPS, authoritySet({ authorities: sysLog.authorities.map((authority) => ({ authority })) }));
    expect(visible.map((group) => group.path)).toEqual(['/sys-cfg']);
    expect(visible[0]!.children.map((route) => [route.path, route.title, route.menuId])).toEqual([['/sys-log', '系统日志', 'sys_log']]);

    const all = visibleRouteGroups(ROUTE_GROUPS, new Set(allRouteAuthorities()));
    const menu = menuGroups(all).flatMap((group) => group.children.map((route) => route.path));
    expect(menu).toContain(MODELING_PAGES.pages.MODELING.path);
    expect(menu).not.toContain(MODELING_PAGES.pages.EDIT_DEVICE.path);
    expect(menu).not.toContain(SYS_CFG_PAGES.pages.TICKET_TEMPLATE.path);
    expect(all.flatMap((group) => group.children).map((route) => route.path)).toContain(MODELING_PAGES.pages.EDIT_DEVICE.path);
  });
});
