// One sweep over every list of the contracts: a row of 示例纸箱厂 (1001) is never listed, read,
// updated or deleted from 示例纸板厂 (1002), by the same admin switched there. A module added later
// is covered as soon as its endpoints are declared (every `*Api` export of src/core/contracts), and
// a mounted list with writes that no declaration covers fails the last test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
/// <reference types="vite/client" />
import { AccountPaths } from '@core/contracts/account';
import { pathFiller, type Endpoint } from '@core/contracts/endpoint';
import { ModelingPaths } from '@core/contracts/modeling';
import { PaperDataPaths } from '@core/contracts/sys-cfg';
import { ShiftPaths } from '@core/contracts/shifts';
import { StencilPaths } from '@core/contracts/stencil';
import { DeviceRepairPaths } from '@core/contracts/device-repair';
import { ErpPaths } from '@core/contracts/work-order/erp';
import { ShopFloorPaths } from '@core/contracts/modeling';
import { TicketTemplatePaths } from '@core/contracts/sys-cfg';
import { WorkReportPaths } from '@core/contracts/work-order/report';
import { PaperboardPaths } from '@core/contracts/paperboard';
import { ProductionOrderPaths } from '@core/contracts/work-order/order';
import { DeviceCheckPaths, MaintenancePaths } from '@core/contracts/device-care';
import { DeviceLedgerPaths } from '@core/contracts/device-ledger';
import { resultClient, startTwoFactoryApp, type TestApp } from './test-support';

let t: TestApp;
let carton: string;
let board: string;

beforeAll(async () => {
  ({ t, admin: carton, boardAdmin: board } = await startTwoFactoryApp());
});
afterAll(async () => {
  await t?.close();
});

const { get, post } = resultClient(() => t.app);

type Row = Record<string, unknown>;
/** Every endpoint of every `*Api` declaration of the contracts: no list to keep by hand. */
const CONTRACT_FILES = import.meta.glob<Record<string, unknown>>('../../src/core/contracts/**/*.ts', { eager: true });
const ENDPOINTS: Endpoint[] = Object.values(CONTRACT_FILES).flatMap((exports) =>
  Object.entries(exports)
    .filter(([name, value]) => name.endsWith('Api') && typeof value === 'object' && value !== null)
    .flatMap(([, value]) => Object.values(value as Record<string, Endpoint>)),
);
const paths = [...new Set(ENDPOINTS.filter((endpoint) => !endpoint.path.includes(':')).map((endpoint) => endpoint.path))];
const detailPaths = ENDPOINTS.filter((endpoint) => endpoint.method === 'GET' && /\/detail\/:\w+$/.test(endpoint.path)).map((endpoint) => pathFiller(endpoint.path));
const LIST = /\/(list|page|page_list)$/;
/** A list with the writes beside it: /x/list with /x/update or /x/edit, /x/delete_batch or /x/remove, /x/edit_status. */
function listsWithWrites(all: string[]): string[] {
  return all.filter((path) => LIST.test(path) && ['update', 'edit', 'delete_batch', 'remove', 'edit_status'].some((name) => all.includes(`${path.replace(LIST, '')}/${name}`)));
}
const resources = listsWithWrites(paths).map((list) => {
  const base = list.replace(LIST, '');
  const sibling = (...names: string[]) => paths.find((path) => names.some((name) => path === `${base}/${name}`));
  const detail = detailPaths.find((path) => path(1) === `${base}/detail/1`);
  return { list, detail, update: sibling('update', 'edit'), remove: sibling('delete_batch', 'remove'), status: sibling('edit_status') };
});
/** Lists that had rows of their own to try (the rest have no seed rows; their module tests cover them). */
const swept: string[] = [];

/** Updates whose list row or detail is not a valid request by itself (their module tests cover scope). */
const NEEDS_MORE_THAN_A_ROW: string[] = [PaperDataPaths.boardCodeUpdate, ShopFloorPaths.workMachineUpdate];
/** Seed accounts that work in 示例纸箱厂 and 示例纸板厂. */
const BOTH_FACTORIES = ['admin', 'planner'];
const idOf = (row: Row) => Number(row.id ?? row.userId ?? row.roleId);
async function rowsOf(token: string, list: string): Promise<Row[]> {
  const body = await get<{ list: Row[] } | Row[]>(token, `${list}?page=1&limit=1000`);
  expect(body.resultCode, `${list}: ${JSON.stringify(body)}`).toBe(1000);
  const result = body.resultData;
  return Array.isArray(result) ? result : (result?.list ?? []);
}

describe('tenant isolation over every list with writes', () => {
  it.each(resources)('$list: the other factory cannot see, change or delete its rows', async ({ list, detail, update, remove, status }) => {
    const cartonRows = await rowsOf(carton, list);
    const boardIds = new Set((await rowsOf(board, list)).map(idOf));
    // Rows are never shared, except the accounts that work in both factories (DECISIONS.md seed).
    const shared = cartonRows.filter((row) => boardIds.has(idOf(row)));
    expect(shared.map((row) => row.username ?? row)).toEqual(shared.filter((row) => BOTH_FACTORIES.includes(String(row.username))).map((row) => row.username));
    const own = cartonRows.filter((row) => !boardIds.has(idOf(row)));
    if (own.length === 0) return; // nothing seeded in this list: the per-module tests cover it
    const row = own[0]!;
    const id = idOf(row);

    if (detail) {
      const hidden = await get(board, detail(id));
      expect(hidden.resultCode, `${detail(id)} as 1002: ${JSON.stringify(hidden)}`).toBe(4004);
    }
    if (update) {
      // The detail is the editable shape where there is one; the row is sent back unchanged.
      const payload = detail ? (await get<Row>(carton, detail(id))).resultData : row;
      const refused = await post(board, update, payload);
      // Not found in this factory; a few writes need more than their row to pass validation first.
      expect(refused.resultCode, `${update} as 1002: ${JSON.stringify(refused)}`).toBe(NEEDS_MORE_THAN_A_ROW.includes(update) ? 4000 : 4004);
    }
    if (remove) {
      const refused = await post(board, remove, { ids: [id] });
      expect(refused.resultCode, `${remove} as 1002: ${JSON.stringify(refused)}`).toBe(4004);
    }
    if (status) {
      const refused = await post(board, status, { userIds: [id], status: 0 });
      expect(refused.resultCode, `${status} as 1002: ${JSON.stringify(refused)}`).toBe(4004);
    }
    // Nothing changed for 示例纸箱厂: the row is still there, as it was.
    const after = (await rowsOf(carton, list)).find((candidate) => idOf(candidate) === id);
    expect(after).toEqual(row);
    swept.push(list);
  });

  it('swept the seeded resources of every module', () => {
    // Guards the sweep itself: renamed paths or an empty seed would otherwise make it test nothing.
    expect(swept).toEqual(
      expect.arrayContaining([
        AccountPaths.staffList,
        AccountPaths.roleList,
        ModelingPaths.workshopList,
        ModelingPaths.deviceList,
        ModelingPaths.productList,
        ModelingPaths.workFlowList,
        PaperDataPaths.boardCodeList,
        ShiftPaths.holidayPage,
        ShopFloorPaths.icCardList,
        TicketTemplatePaths.list,
        StencilPaths.list,
        DeviceRepairPaths.list,
        DeviceRepairPaths.webhookList,
        WorkReportPaths.list,
        PaperboardPaths.orderList,
        ErpPaths.binList,
        ProductionOrderPaths.list,
        DeviceCheckPaths.schemeList,
        DeviceCheckPaths.planList,
        MaintenancePaths.schemeList,
        MaintenancePaths.planList,
        DeviceLedgerPaths.list,
        DeviceLedgerPaths.knowledgeList,
      ]),
    );
    expect(swept.length).toBeGreaterThanOrEqual(18);
  });

  it('opens no machine route to a user token, nor any user route to a machine key', async () => {
    const machine = ENDPOINTS.filter((endpoint) => endpoint.machine);
    expect(machine.length).toBeGreaterThan(0);
    for (const endpoint of machine) {
      const answer = await t.app.inject({ method: endpoint.method, url: pathFiller(endpoint.path)(1), headers: { authorization: `bearer ${carton}` }, payload: {} });
      expect(answer.json(), `${endpoint.path} with a user token`).toMatchObject({ resultCode: 1003 });
    }
    const id = (await rowsOf(carton, ShopFloorPaths.workMachineList))[0]!.id;
    const key = ((await post<{ key: string }>(carton, ShopFloorPaths.workMachineKeyIssue, { id })).resultData as { key: string }).key;
    for (const list of paths.filter((path) => LIST.test(path))) {
      const answer = await t.app.inject({ method: 'GET', url: list, headers: { X_MACHINE_KEY: key, authorization: `bearer ${key}` } });
      expect(answer.body, `${list} with a machine key`).toMatch(/"(resultCode|code)":1003/);
    }
  });

  it('sweeps every list with writes the server mounts', () => {
    const mounted = listsWithWrites(t.app.mountedRoutes.map((route) => route.url));
    expect(mounted.length).toBeGreaterThanOrEqual(18);
    expect(mounted.filter((list) => !resources.some((resource) => resource.list === list))).toEqual([]);
  });
});
