import { describe, expect, it } from 'vitest';
import {
  allRouteAuthorities,
  authoritySet,
  can,
  canAccess,
  DEFAULT_HOME_PATH,
  findRoute,
  firstHomePath,
  menuGroups,
  ROUTE_GROUPS,
  visibleRouteGroups,
  type RouteGroup,
} from './index';

const groups: RouteGroup[] = [
  {
    path: '/g1',
    title: '设备',
    module: 'device',
    icon: 'x',
    authority: 'MENU_A',
    children: [
      { path: '/a1', title: 'A1', menuId: 'a1', authorities: ['MENU_A', 'MENU_A_1'] },
      { path: '/a2', title: 'A2', menuId: 'a2', authorities: ['MENU_A', 'MENU_A_2', '8621'], home: true },
      { path: '/a3', title: 'A3', menuId: 'a3', authorities: ['MENU_A', 'MENU_A_3'], hidden: true },
    ],
  },
  {
    path: '/g2',
    title: '质量',
    module: 'quality',
    icon: 'y',
    authority: 'MENU_B',
    children: [{ path: '/b1', title: 'B1', menuId: 'b1', authorities: ['MENU_B', 'MENU_B_1'] }],
  },
];

describe('authority checks', () => {
  it('authoritySet reads the user authorities', () => {
    const set = authoritySet({ authorities: [{ authority: 'MENU_A' }, { authority: '8621' }] });
    expect([...set]).toEqual(['MENU_A', '8621']);
    expect(authoritySet(null).size).toBe(0);
  });
  it('canAccess needs every code', () => {
    const set = new Set(['MENU_A', 'MENU_A_1']);
    expect(canAccess(set, ['MENU_A', 'MENU_A_1'])).toBe(true);
    expect(canAccess(set, ['MENU_A', 'MENU_A_2'])).toBe(false);
    expect(canAccess(set, [])).toBe(true);
    expect(canAccess(new Set(['8621']), [8621])).toBe(true);
  });
  it('can() looks up an action code; no code means allowed', () => {
    const set = new Set(['ACTION_DEVICE_LEDGER_EXPORT']);
    expect(can(set, 'ACTION_DEVICE_LEDGER_EXPORT')).toBe(true);
    expect(can(set, 'ACTION_DEVICE_LEDGER_DELETE')).toBe(false);
    expect(can(set, undefined)).toBe(true);
  });
});

describe('visibleRouteGroups', () => {
  it('keeps only routes whose every authority is held and drops empty groups', () => {
    const set = new Set(['MENU_A', 'MENU_A_1', 'MENU_A_2', 'MENU_A_3', 'MENU_B']);
    const visible = visibleRouteGroups(groups, set);
    expect(visible.map((g) => g.path)).toEqual(['/g1']);
    expect(visible[0]!.children.map((r) => r.path)).toEqual(['/a1', '/a3']);
    expect(groups[0]!.children).toHaveLength(3);
  });
  it('a group code alone shows nothing', () => {
    expect(visibleRouteGroups(groups, new Set(['MENU_A', 'MENU_B']))).toEqual([]);
  });
  it('menuGroups leaves hidden routes out of the sidebar', () => {
    const set = new Set(['MENU_A', 'MENU_A_3', 'MENU_B', 'MENU_B_1']);
    const menu = menuGroups(visibleRouteGroups(groups, set));
    expect(menu.map((g) => g.path)).toEqual(['/g2']);
  });
});

describe('firstHomePath', () => {
  it('first visible home-type route, else first visible menu route, else null', () => {
    const all = new Set(['MENU_A', 'MENU_A_1', 'MENU_A_2', '8621', 'MENU_B', 'MENU_B_1']);
    expect(firstHomePath(visibleRouteGroups(groups, all))).toBe('/a2');
    expect(firstHomePath(visibleRouteGroups(groups, new Set(['MENU_B', 'MENU_B_1'])))).toBe('/b1');
    expect(firstHomePath([])).toBeNull();
  });
  it('with every authority of the catalogue, the root goes to the default home', () => {
    const visible = visibleRouteGroups(ROUTE_GROUPS, new Set(allRouteAuthorities()));
    expect(visible).toHaveLength(ROUTE_GROUPS.length);
    expect(firstHomePath(visible)).toBe(DEFAULT_HOME_PATH);
  });
});

describe('findRoute', () => {
  it('matches a path, ignoring query and trailing slash', () => {
    expect(findRoute(groups, '/a2?tab=1')?.route.title).toBe('A2');
    expect(findRoute(groups, '/b1/')?.group.path).toBe('/g2');
    expect(findRoute(groups, '/nope')).toBeNull();
  });
});
