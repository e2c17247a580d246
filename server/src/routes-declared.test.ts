// Every API route the app mounts says who may call it: an authority code, `public` (login,
// refresh, logout) or `session` (any logged-in user: own profile, own config). A route added
// without one fails here, before a user finds it open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('route declarations', () => {
  it('mounts every API route with an authority, public or session', () => {
    expect(t.app.mountedRoutes.length).toBeGreaterThan(100);
    const undeclared = t.app.mountedRoutes.filter((route) => !route.authority && !route.public && !route.session).map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('gives each route exactly one kind of declaration', () => {
    const mixed = t.app.mountedRoutes.filter((route) => [route.authority, route.public, route.session].filter(Boolean).length > 1);
    expect(mixed).toEqual([]);
  });
});
