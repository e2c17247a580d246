// Every API route the app mounts comes from an endpoint declaration of a contract (lib/endpoint
// `mount`): it has a response (a schema, FILE for a download, EVENT_STREAM for server-sent events)
// and says who may call it: an authority code, `public` (login, refresh, logout), `session` (any
// logged-in user: own profile, own config) or `machine` (a shop-floor machine with its machine key).
// A route mounted by hand, or declared without one of these, fails here.
import { Type } from '@sinclair/typebox';
import { EVENT_STREAM, FILE, get } from '@core/contracts/endpoint';
import { DeviceLedgerPaths } from '@core/contracts/device-ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mount } from './lib/endpoint';
import { AppError } from './plugins/envelopes';
import { bearer, createTestApp, loginAs, type TestApp } from './test-support';

/** A probe answering more than it declares: a hash and another tenant's id. */
const Probe = get('/dps-server/probe/leak', { query: Type.Object({ fail: Type.Optional(Type.Boolean()) }), response: Type.Object({ id: Type.Integer(), name: Type.String() }), session: true });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) =>
      mount(app, Probe, async (request) => {
        if (request.query.fail) throw new AppError(4004, '数据不存在');
        return { id: 1, name: '甲', passwordHash: 'secret', enterpriseId: 9999 };
      }),
  });
});
afterAll(async () => {
  await t?.close();
});

const label = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe('route declarations', () => {
  it('mounts every API route from an endpoint declaration', () => {
    expect(t.app.mountedRoutes.length).toBeGreaterThan(100);
    expect(t.app.mountedRoutes.filter((route) => !route.endpoint).map(label)).toEqual([]);
    // The route is the declaration: same method and path.
    expect(t.app.mountedRoutes.filter((route) => route.endpoint && (route.endpoint.method !== route.method || route.endpoint.path !== route.url)).map(label)).toEqual([]);
  });

  it('declares a response for every route: a schema, or a file download', () => {
    const routes = t.app.mountedRoutes.filter((route) => route.endpoint);
    expect(routes.filter((route) => !route.endpoint!.response).map(label)).toEqual([]);
    const downloads = routes.filter((route) => route.endpoint!.response === FILE).map(label);
    // Downloads are the xlsx exports (spec §7 names one schedule_export), the import templates and stored files only.
    expect(downloads.filter((route) => !/\/(export|import_template|download_url|schedule_export)$/.test(route))).toEqual([]);
  });

  it('gives each route exactly one kind of access: an authority, public, session or machine', () => {
    const access = (route: (typeof t.app.mountedRoutes)[number]) => [route.endpoint?.authority, route.endpoint?.public, route.endpoint?.session, route.endpoint?.machine].filter(Boolean).length;
    expect(t.app.mountedRoutes.filter((route) => access(route) !== 1).map(label)).toEqual([]);
  });

  it('keeps machine routes to named writes and event streams to /stream paths', () => {
    const routes = t.app.mountedRoutes.filter((route) => route.endpoint);
    const machine = routes.filter((route) => route.endpoint!.machine);
    expect(machine.map(label)).toContain('POST /dps-server/device_status/events');
    // A machine posts what it reports; it reads nothing of the factory's data, only what it reported itself.
    const ownReads = [`GET ${DeviceLedgerPaths.machineLogOwn}`];
    expect(machine.filter((route) => (route.method === 'GET' && !ownReads.includes(label(route))) || (route.method !== 'GET' && !route.endpoint!.name)).map(label)).toEqual([]);
    const streams = routes.filter((route) => route.endpoint!.response === EVENT_STREAM).map(label);
    expect(streams).toContain('GET /dps-server/device_status/stream');
    expect(streams.filter((route) => !/^GET .*\/stream$/.test(route))).toEqual([]);
  });
});

describe('declared responses', () => {
  it('sends only the declared fields, and failures through the same route', async () => {
    const token = await loginAs(t.app, 'admin', 'admin123');
    const answer = await t.app.inject({ method: 'GET', url: Probe.path, headers: bearer(token) });
    expect(answer.json()).toEqual({ resultCode: 1000, resultData: { id: 1, name: '甲' } });
    const failed = await t.app.inject({ method: 'GET', url: `${Probe.path}?fail=true`, headers: bearer(token) });
    expect(failed.json()).toEqual({ resultCode: 4004, resultMsg: '数据不存在' });
  });
});
