import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, ROUTE_GROUPS, allRouteAuthorities, authoritySet, visibleRouteGroups } from '@core/access';
import { homePaths, loginPathFor, missingQuery, nextTabQuery, parseHostUser, safeRedirect } from './shell-rules';

const userWith = (codes: string[]) => ({ authorities: codes.map((authority) => ({ authority })) });
const groupsFor = (codes: string[]) => visibleRouteGroups(ROUTE_GROUPS, authoritySet(userWith(codes)));

describe('login redirect', () => {
  it('keeps the wanted path, except for the root', () => {
    expect(loginPathFor('/device-info?tab=a')).toBe('/login?redirect=%2Fdevice-info%3Ftab%3Da');
    expect(loginPathFor('/')).toBe('/login');
  });
  it('follows only same-console absolute paths', () => {
    expect(safeRedirect('/device-info?tab=a')).toBe('/device-info?tab=a');
    expect(safeRedirect('//evil.example/x')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});

describe('home paths', () => {
  it('root goes to the first home-type route, unknown paths to /home', () => {
    expect(homePaths(groupsFor(allRouteAuthorities()))).toEqual({ root: '/home', home: '/home' });
  });
  it('without /home both go to the first visible home-type route', () => {
    expect(homePaths(groupsFor(['MENU_HOME', 'MENU_HOME_NEW_HOME', 'MENU_DEVICE', 'MENU_DEVICE_LEDGER']))).toEqual({
      root: '/new-home',
      home: '/new-home',
    });
  });
  it('without any home route they fall back to the first visible page', () => {
    expect(homePaths(groupsFor(['MENU_DEVICE', 'MENU_DEVICE_LEDGER']))).toEqual({ root: '/device-info', home: '/device-info' });
  });
  it('no visible route means no home at all (the no-permission dialog)', () => {
    expect(homePaths(groupsFor([]))).toEqual({ root: null, home: null });
  });
});

describe('public route query', () => {
  const upload = PUBLIC_ROUTES.find((route) => route.path === '/upload-device-img')!;
  it('names every missing or blank required param', () => {
    expect(missingQuery(upload, new URLSearchParams('uuId=1&token=t&appId= '))).toEqual(['appId', 'orgId', 'userId']);
    expect(missingQuery(upload, new URLSearchParams('uuId=1&token=t&appId=a&orgId=1&userId=2'))).toEqual([]);
  });
});

describe('tab query', () => {
  it('keeps only the route params and sets the tab, dropping filters', () => {
    const previous = new URLSearchParams('tab=a&activeName=x&keyword=box&page=3');
    expect(nextTabQuery(previous, ['tab', 'activeName'], 'tab', 'b').toString()).toBe('activeName=x&tab=b');
    expect(nextTabQuery(previous, ['tab'], 'tab', 'c').toString()).toBe('tab=c');
  });
});

describe('host user', () => {
  const user = { userId: 1, nickName: '张三', authorities: [{ authority: 'MENU_HOME' }] };
  it('accepts a JSON string or an object with authorities', () => {
    expect(parseHostUser(JSON.stringify(user))).toEqual(user);
    expect(parseHostUser(user)).toBe(user);
  });
  it('ignores anything else', () => {
    expect(parseHostUser('{not json')).toBeNull();
    expect(parseHostUser({ userId: 1 })).toBeNull();
    expect(parseHostUser(undefined)).toBeNull();
  });
});
