// 设备看板, 工单日历, 设备详情 tabs, the device tiles of /home and <mes-device> in a host page:
// the big screen at 1920×1080 shows a fault live when a gateway posts it with its machine key; a day
// of the work calendar is taken out (停机) and stays so after a reload.
import { describe, expect, it } from 'vitest';
import { DeviceStatusPaths, type Overview } from '@core/contracts/device-status';
import { ShopFloorPaths, type IssuedMachineKey, type WorkMachine } from '@core/contracts/modeling';
import type { PageResult } from '@core/contracts/common';
import { DeviceRepairPaths, type Repair, type SparePartStock } from '@core/contracts/device-repair';
import { apiSession, hostWithSession } from './support/api';
import { shot, useE2eEnvironment } from './support/harness';
import { loginAt } from './support/login';
import * as ui from './support/list-page';

describe('设备看板、工单日历、设备详情', () => {
  const env = useE2eEnvironment('device-board');

  /** A device running now, by the server's live picture. */
  async function runningDevice(): Promise<Overview['devices'][number]> {
    const admin = await apiSession(env.server.url, 'admin', 'admin123');
    const overview = await admin.call<Overview>(DeviceStatusPaths.overview);
    return overview.devices.find((device) => device.status === 3)!;
  }

  it('shows a fault on the big screen live when a gateway posts it', async () => {
    const admin = await apiSession(env.server.url, 'admin', 'admin123');
    const machine = (await admin.call<PageResult<WorkMachine>>(`${ShopFloorPaths.workMachineList}?machineCode=YTJ-01`)).list[0]!;
    const { key } = await admin.call<IssuedMachineKey>(ShopFloorPaths.workMachineKeyIssue, { id: machine.id });
    const device = await runningDevice();

    const page = await env.newPage();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await loginAt(page, env.server.url, '/device-kanban-detail');
    await page.locator('.mes-kanban-live[data-online="true"]').waitFor();
    await page.locator('.mes-kanban .mes-board-chart').waitFor();
    // Every device is counted once across the six statuses.
    const counted = await page.locator('.mes-kanban-count[data-status] .value').allTextContents();
    expect(counted).toHaveLength(6);
    const faultsBefore = Number(await page.locator('.mes-kanban-count[data-status="5"] .value').textContent());
    expect(await page.locator(`.mes-kanban-fault[data-device-no="${device.deviceNo}"]`).count()).toBe(0);
    await shot(page, 'device-board-1-kanban');

    const response = await fetch(`${env.server.url}${DeviceStatusPaths.events}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', X_MACHINE_KEY: key },
      body: JSON.stringify({ events: [{ deviceNo: device.deviceNo, status: 5, at: Date.now(), reason: '主电机过载' }] }),
    });
    expect(await response.json()).toEqual({ resultCode: 1000, resultData: { accepted: 1, duplicates: 0 } });

    const row = page.locator(`.mes-kanban-fault[data-device-no="${device.deviceNo}"]`);
    await row.waitFor();
    expect(await row.locator('.reason').textContent()).toBe('主电机过载');
    expect(await row.textContent()).toContain(device.name);
    await expect.poll(async () => Number(await page.locator('.mes-kanban-count[data-status="5"] .value').textContent())).toBe(faultsBefore + 1);
    await shot(page, 'device-board-2-kanban-fault');

    await page.getByRole('button', { name: '停机分析' }).click();
    await page.locator('.mes-kanban[data-page="1"] .mes-kanban-tile').first().waitFor();
    await shot(page, 'device-board-3-kanban-downtime');
  });

  it('takes a day of a device out on the work calendar, and shows it after a reload', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/workorder-calendar');
    const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await firstRow.locator('.mes-calendar-cell').first().waitFor();
    await shot(page, 'device-board-4-calendar');
    const cell = firstRow.locator('.mes-calendar-cell:not([data-tone="down"])').first();
    const [deviceNo, date] = [await cell.getAttribute('data-device-no'), await cell.getAttribute('data-date')];
    const target = `.mes-calendar-cell[data-device-no="${deviceNo}"][data-date="${date}"]`;

    await cell.click();
    const dialog = page.locator('.mes-calendar-day-dialog');
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: '停机' }).check();
    await dialog.getByLabel('备注').fill('E2E 检修');
    await dialog.getByRole('button', { name: '添加设置' }).click();
    await ui.message(page, '保存成功').waitFor();
    await dialog.locator('.mes-calendar-override', { hasText: 'E2E 检修' }).waitFor();
    await page.locator(`${target}[data-tone="down"]`).waitFor();
    await shot(page, 'device-board-5-calendar-day');

    await page.reload();
    await page.locator(`${target}[data-tone="down"]`).waitFor();
    expect(await page.locator(`${target} .planned`).textContent()).toBe('停');
  });

  it('opens the device detail tabs', async () => {
    // A device with repair orders and spare parts in the seed.
    const admin = await apiSession(env.server.url, 'admin', 'admin123');
    const repairs = (await admin.call<PageResult<Repair>>(`${DeviceRepairPaths.list}?limit=100`)).list;
    let device: { id: number; deviceNo: string } | undefined;
    for (const repair of repairs) {
      if (repair.deviceId && (await admin.call<SparePartStock[]>(`${DeviceRepairPaths.spareParts}?deviceId=${repair.deviceId}`)).length > 0) {
        device = { id: repair.deviceId, deviceNo: repair.deviceNo };
        break;
      }
    }
    expect(device).toBeDefined();
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, `/device-detail?id=${device!.id}`);
    await page.locator('.mes-detail-basics', { hasText: device!.deviceNo }).waitFor();
    await shot(page, 'device-board-6-detail-basics');

    await page.getByRole('tab', { name: '状态时间轴' }).click();
    await page.locator('.mes-detail-timeline .mes-timeline-band [data-status]').first().waitFor();
    await page.getByText('周', { exact: true }).click();
    await page.locator('.mes-detail-timeline .mes-timeline-band [data-status]').first().waitFor();
    await shot(page, 'device-board-7-detail-timeline');

    await page.getByRole('tab', { name: '维修记录' }).click();
    await page.locator('.mes-detail-repairs .ant-table-tbody tr.ant-table-row').first().waitFor();
    expect(await page.locator('.mes-detail-repairs .ant-table-tbody tr.ant-table-row').count()).toBe(Math.min(10, repairs.filter((repair) => repair.deviceId === device!.id).length));
    await shot(page, 'device-board-8-detail-repairs');

    await page.getByRole('tab', { name: '备品备件' }).click();
    await page.locator('.mes-detail-spare-parts .ant-table-tbody tr.ant-table-row').first().waitFor();
    await shot(page, 'device-board-9-detail-parts');

    await page.getByRole('tab', { name: '设备指标' }).click();
    await page.locator('.mes-detail-figures .ant-statistic').first().waitFor();
    await shot(page, 'device-board-10-detail-figures');
  });

  it('shows the device tiles on /home', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/home');
    for (const key of ['devices-running', 'devices-fault', 'device-fault-alerts', 'repairs-assigned', 'repairs-to-accept']) {
      await page.locator(`.mes-home-tile[data-tile="${key}"][data-loading="false"]`).waitFor();
    }
    expect(await page.locator('.mes-home-tile[data-tile="devices-running"]').textContent()).toMatch(/共 \d+ 台/);
    await shot(page, 'device-board-11-home');
  });

  it('<mes-device> shows the device screens inside a host page', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await hostWithSession(page, env.server.url, 'mes-device');
    await page.locator('mes-device .mes-device-element .mes-device-tile').first().waitFor();
    await page.locator('mes-device .mes-device-element-views').getByText('工单日历').click();
    await page.locator('mes-device .mes-calendar-cell').first().waitFor();
    await shot(page, 'device-board-12-element');
  });
});
